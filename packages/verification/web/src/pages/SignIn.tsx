import { useState } from 'preact/hooks';
import { ErrorBanner } from '../components/ErrorBanner.js';
import { Page } from '../components/Page.js';
import { signIn, type Session } from '../session.js';

/**
 * Trades an API token for a session: the platform sets an HttpOnly cookie and the token is
 * forgotten here (never written to storage). Shown only when auth is on and nobody is signed in.
 */
export default function SignIn({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const [token, setToken] = useState('');
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  async function submit(event: SubmitEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const session = await signIn(token.trim());
      setToken('');
      onSignedIn(session);
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  }
  return (
    <div class="sign-in">
      <Page title="Sign in">
        <form class="card form" onSubmit={(event) => void submit(event)}>
          <p>
            Sign in with an API token of the platform (<code>vpt_…</code>). An admin creates one under
            Settings → API tokens, or with <code>verifyctl token create</code>.
          </p>
          <ErrorBanner error={error} />
          <div class="field">
            <label for="sign-in-token">API token</label>
            <input
              id="sign-in-token"
              name="token"
              type="password"
              autocomplete="off"
              spellcheck={false}
              required
              value={token}
              onInput={(event) => setToken(event.currentTarget.value)}
            />
          </div>
          <button type="submit" class="button button-primary" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
        </form>
      </Page>
    </div>
  );
}
