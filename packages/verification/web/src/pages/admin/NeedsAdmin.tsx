import type { Session } from '../../session.js';

/**
 * What a non-admin who opens an admin page by its URL sees, above the platform's own refusal
 * (the page still asks, and shows the 403 envelope it gets).
 */
export function NeedsAdmin({ session, what }: { session: Session; what: string }) {
  return (
    <div class="banner banner-info" role="note">
      <strong>{what} needs the admin role.</strong>{' '}
      <span>
        You are signed in as {session.name} with the {session.role} role; sign in with an admin token to
        manage it.
      </span>
    </div>
  );
}
