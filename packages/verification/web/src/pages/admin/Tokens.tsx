/**
 * Settings → API tokens (`/settings/tokens`): create a token with a role and a lifetime, see it
 * once with a copy button, list the tokens with their last use, revoke one. Admin only: the
 * platform refuses the routes to anyone else, and this page says so.
 */
import './admin.css';
import { useState } from 'preact/hooks';
import { api, call } from '../../api/client.js';
import { Dialog } from '../../components/Dialog.js';
import { EmptyState } from '../../components/EmptyState.js';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { Page } from '../../components/Page.js';
import { Spinner } from '../../components/Spinner.js';
import { useAsync } from '../../components/useAsync.js';
import { formatTime } from '../../lib/format.js';
import { isAdmin, useSession, type Role } from '../../session.js';
import { CopyField } from './CopyField.js';
import { AdminTable, Confirm, useFormAction } from './form.js';
import { expiryOf, loadAdminLimits, type AdminLimits } from './limits.js';
import { NeedsAdmin } from './NeedsAdmin.js';

type Created = Awaited<ReturnType<typeof createToken>>;

const ROLE_HELP: Record<Role, string> = {
  viewer: 'viewer: reads projects, jobs, logs and results',
  developer: 'developer: also creates projects, uploads files, submits and cancels jobs',
  admin: 'admin: also manages tokens and webhooks',
};

function createToken(body: { name: string; role: Role; expires_in_days?: number }) {
  return call(api.POST('/api/v1/tokens', { body }));
}

export default function Tokens() {
  const session = useSession();
  const admin = isAdmin(session);
  const tokens = useAsync(async (signal) => (await call(api.GET('/api/v1/tokens', { signal }))).tokens, []);
  const limits = useAsync(() => (admin ? loadAdminLimits() : Promise.resolve(undefined)), [admin]);
  const [created, setCreated] = useState<Created | undefined>(undefined);
  const [revoking, setRevoking] = useState<string | undefined>(undefined);

  return (
    <Page title="API tokens">
      {admin ? null : <NeedsAdmin session={session} what="Managing API tokens" />}
      {admin && !session.authEnabled ? (
        <p class="banner banner-info">
          <span>
            Authentication is off on this platform, so requests need no token; tokens made here are required
            once it runs with <code>PLATFORM_AUTH_ENABLED=true</code>.
          </span>
        </p>
      ) : null}
      {admin ? (
        <section class="card" aria-labelledby="new-token-heading">
          <h2 id="new-token-heading">New token</h2>
          <ErrorBanner error={limits.error} />
          {limits.data === undefined ? (
            limits.loading ? (
              <Spinner />
            ) : null
          ) : (
            <CreateTokenForm
              limits={limits.data}
              onCreated={(token) => {
                setCreated(token);
                tokens.reload();
              }}
            />
          )}
        </section>
      ) : null}

      <section aria-labelledby="tokens-heading">
        <h2 id="tokens-heading">Tokens</h2>
        <ErrorBanner error={tokens.error} />
        {tokens.data === undefined ? (
          tokens.loading ? (
            <Spinner />
          ) : null
        ) : tokens.data.length === 0 ? (
          <EmptyState>No API tokens yet.</EmptyState>
        ) : (
          <AdminTable
            label="API tokens"
            columns={['Name', 'Role', 'Created', 'Expires', 'Last used', ...(admin ? ['Actions'] : [])]}
          >
            {tokens.data.map((token) => (
              <tr key={token.name}>
                <td class="mono">{token.name}</td>
                <td>{token.role ?? '—'}</td>
                <td>{formatTime(token.created_at)}</td>
                <td>
                  {token.expires_at === null ? 'never' : formatTime(token.expires_at)}
                  {token.expires_at !== null && Date.parse(token.expires_at) <= Date.now() ? (
                    <span class="badge badge-failed">expired</span>
                  ) : null}
                </td>
                <td>{token.last_used_at === null ? 'never' : formatTime(token.last_used_at)}</td>
                {admin ? (
                  <td>
                    <button
                      type="button"
                      class="button button-danger"
                      aria-label={`Revoke ${token.name}`}
                      onClick={() => setRevoking(token.name)}
                    >
                      Revoke
                    </button>
                  </td>
                ) : null}
              </tr>
            ))}
          </AdminTable>
        )}
      </section>

      <Dialog open={created !== undefined} title="Token created" onClose={() => setCreated(undefined)}>
        {created === undefined ? null : (
          <>
            <p class="banner banner-info">
              <span>
                <strong>Copy the token now: it will not be shown again.</strong> The platform keeps only its
                hash; if it is lost, revoke it and create another.
              </span>
            </p>
            <CopyField
              label={`API token ${created.name} (${created.role ?? 'no role'})`}
              value={created.token}
              copyLabel="Copy token"
            />
            <p class="field-hint">
              Send it as <code>Authorization: Bearer &lt;token&gt;</code> or{' '}
              <code>X-API-Key: &lt;token&gt;</code>. It expires{' '}
              {created.expires_at === null ? 'never' : formatTime(created.expires_at)}.
            </p>
            <div class="button-row">
              <button type="button" class="button button-primary" onClick={() => setCreated(undefined)}>
                Done
              </button>
            </div>
          </>
        )}
      </Dialog>

      <RevokeDialog
        name={revoking}
        onClose={() => setRevoking(undefined)}
        onRevoked={() => {
          setRevoking(undefined);
          tokens.reload();
        }}
      />
    </Page>
  );
}

const TOKEN_FIELDS = ['name', 'role', 'expires_in_days'] as const;

function CreateTokenForm({
  limits,
  onCreated,
}: {
  limits: AdminLimits;
  onCreated: (token: Created) => void;
}) {
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('viewer');
  const [days, setDays] = useState('90');
  const errors = useFormAction('token', TOKEN_FIELDS);
  const expiry = expiryOf(days, new Date(), limits.tokenDays);

  async function submit(event: Event) {
    event.preventDefault();
    const text = days.trim();
    await errors.run(async () => {
      const token = await createToken({
        name: name.trim(),
        role,
        // Sent as typed (a number when it reads as one), so the platform's own check names the field.
        ...(text === '' ? {} : { expires_in_days: Number(text) }),
      });
      setName('');
      onCreated(token);
    });
  }

  return (
    <form class="form" noValidate onSubmit={(event) => void submit(event)}>
      <div class="field">
        <label for="token-name">Name</label>
        <input
          id="token-name"
          class="input"
          type="text"
          required
          maxLength={64}
          autoComplete="off"
          spellcheck={false}
          value={name}
          onInput={(event) => setName(event.currentTarget.value)}
          {...errors.control('name', 'token-name-hint')}
        />
        <p id="token-name-hint" class="field-hint">
          Unique; letters, digits, dots, dashes and underscores, up to 64 characters (
          <code>{limits.tokenName}</code>).
        </p>
        {errors.message('name')}
      </div>
      <div class="field">
        <label for="token-role">Role</label>
        <select
          id="token-role"
          class="input"
          value={role}
          onChange={(event) => setRole(event.currentTarget.value as Role)}
          {...errors.control('role', 'token-role-hint')}
        >
          {limits.roles.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
        <p id="token-role-hint" class="field-hint">
          {ROLE_HELP[role]}
        </p>
        {errors.message('role')}
      </div>
      <div class="field">
        <label for="token-days">Expires in days</label>
        <input
          id="token-days"
          class="input"
          type="number"
          inputMode="numeric"
          min={limits.tokenDays.min}
          max={limits.tokenDays.max}
          step={1}
          value={days}
          onInput={(event) => setDays(event.currentTarget.value)}
          {...errors.control('expires_in_days', 'token-days-hint')}
        />
        <p id="token-days-hint" class="field-hint">
          {limits.tokenDays.min} to {limits.tokenDays.max} days; leave it empty for a token that lasts until
          revoked.{' '}
          {expiry === undefined ? 'No expiry.' : `Expires about ${formatTime(expiry.toISOString())}.`}
        </p>
        {errors.message('expires_in_days')}
      </div>
      <ErrorBanner error={errors.formError} />
      <div class="button-row">
        <button type="submit" class="button button-primary" disabled={errors.busy}>
          Create token
        </button>
      </div>
    </form>
  );
}

function RevokeDialog({
  name,
  onClose,
  onRevoked,
}: {
  name: string | undefined;
  onClose: () => void;
  onRevoked: () => void;
}) {
  return (
    <Dialog open={name !== undefined} title="Revoke token" onClose={onClose}>
      {name === undefined ? null : (
        <Confirm
          confirmLabel="Revoke token"
          action={() => call(api.DELETE('/api/v1/tokens/{name}', { params: { path: { name } } }))}
          onDone={onRevoked}
          onCancel={onClose}
        >
          <p>
            Revoke <strong class="mono">{name}</strong>? The platform refuses it from its next request on, and
            the sessions signed in with it end. This cannot be undone.
          </p>
        </Confirm>
      )}
    </Dialog>
  );
}
