/**
 * Webhooks (`/webhooks`): the registered callbacks with their last delivery, a dialog to register
 * one, and per webhook an edit and a delete. Admin only: the platform refuses the routes to
 * anyone else, and this page says so.
 */
import './admin.css';
import { useState } from 'preact/hooks';
import { api, call } from '../../api/client.js';
import { Dialog } from '../../components/Dialog.js';
import { EmptyState } from '../../components/EmptyState.js';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { Page } from '../../components/Page.js';
import { Spinner } from '../../components/Spinner.js';
import { StatusBadge } from '../../components/StatusBadge.js';
import { useAsync } from '../../components/useAsync.js';
import { formatTime } from '../../lib/format.js';
import { isAdmin, useSession } from '../../session.js';
import { DeliveryState } from './WebhookPage.js';
import { AdminTable } from './form.js';
import { NeedsAdmin } from './NeedsAdmin.js';
import { DeleteWebhook, loadFormChoices, WebhookForm, type Webhook } from './WebhookForm.js';

type Editing = { kind: 'new' } | { kind: 'edit'; webhook: Webhook } | { kind: 'delete'; webhook: Webhook };

/** The webhooks, each with its newest delivery (one request per webhook: the list has none). */
async function loadWebhooks(signal: AbortSignal) {
  const { webhooks } = await call(api.GET('/api/v1/webhooks', { signal }));
  return Promise.all(
    webhooks.map(async (webhook) => {
      const { deliveries } = await call(
        api.GET('/api/v1/webhooks/{id}/deliveries', {
          params: { path: { id: webhook.webhook_id }, query: { per_page: 1 } },
          signal,
        }),
      );
      return { webhook, last: deliveries[0] };
    }),
  );
}

export default function Webhooks() {
  const session = useSession();
  const admin = isAdmin(session);
  const list = useAsync(loadWebhooks, []);
  const form = useAsync((signal) => (admin ? loadFormChoices(signal) : Promise.resolve(undefined)), [admin]);
  const [editing, setEditing] = useState<Editing | undefined>(undefined);
  const close = () => setEditing(undefined);
  const saved = () => {
    close();
    list.reload();
  };
  const projectName = (id: string | null) =>
    id === null ? 'every project' : (form.data?.projects.find((p) => p.id === id)?.name ?? id);

  return (
    <Page
      title="Webhooks"
      actions={
        admin ? (
          <button
            type="button"
            class="button button-primary"
            disabled={form.data === undefined}
            onClick={() => setEditing({ kind: 'new' })}
          >
            New webhook
          </button>
        ) : undefined
      }
    >
      {admin ? null : <NeedsAdmin session={session} what="Managing webhooks" />}
      <p class="muted">
        The platform POSTs job events to each webhook's URL, signed with its secret in{' '}
        <code>X-Platform-Signature</code>, and retries a failed delivery for about three days.
      </p>
      <ErrorBanner error={form.error} />
      <ErrorBanner error={list.error} />
      {list.data === undefined ? (
        list.loading ? (
          <Spinner />
        ) : null
      ) : list.data.length === 0 ? (
        <EmptyState>No webhooks yet. Register one to tell a CI system or a chat when jobs finish.</EmptyState>
      ) : (
        <AdminTable
          label="Webhooks"
          columns={['URL', 'Events', 'Project', 'Active', 'Last delivery', ...(admin ? ['Actions'] : [])]}
        >
          {list.data.map(({ webhook, last }) => (
            <tr key={webhook.webhook_id}>
              <td class="break-anywhere">
                <a href={`/webhooks/${webhook.webhook_id}`} class="mono">
                  {webhook.url}
                </a>
              </td>
              <td>
                <ul class="plain-list">
                  {webhook.events.map((event) => (
                    <li key={event}>
                      <code>{event}</code>
                    </li>
                  ))}
                </ul>
              </td>
              <td>{projectName(webhook.project_id)}</td>
              <td>
                <StatusBadge status={webhook.active ? 'active' : 'inactive'} />
                {webhook.disabled_reason === null ? null : (
                  <p class="field-hint">{webhook.disabled_reason}</p>
                )}
              </td>
              <td>
                {last === undefined ? (
                  'none yet'
                ) : (
                  <>
                    <DeliveryState delivery={last} /> <code>{last.event}</code>
                    <br />
                    <span class="field-hint">{formatTime(last.created_at)}</span>
                  </>
                )}
              </td>
              {admin ? (
                <td>
                  <div class="button-row">
                    <button
                      type="button"
                      class="button button-secondary"
                      aria-label={`Edit ${webhook.url}`}
                      disabled={form.data === undefined}
                      onClick={() => setEditing({ kind: 'edit', webhook })}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      class="button button-danger"
                      aria-label={`Delete ${webhook.url}`}
                      onClick={() => setEditing({ kind: 'delete', webhook })}
                    >
                      Delete
                    </button>
                  </div>
                </td>
              ) : null}
            </tr>
          ))}
        </AdminTable>
      )}

      <Dialog open={editing?.kind === 'new'} title="New webhook" onClose={close}>
        {editing?.kind === 'new' && form.data !== undefined ? (
          <WebhookForm
            limits={form.data.limits}
            projects={form.data.projects}
            onSaved={saved}
            onCancel={close}
          />
        ) : null}
      </Dialog>
      <Dialog open={editing?.kind === 'edit'} title="Edit webhook" onClose={close}>
        {editing?.kind === 'edit' && form.data !== undefined ? (
          <WebhookForm
            limits={form.data.limits}
            projects={form.data.projects}
            webhook={editing.webhook}
            onSaved={saved}
            onCancel={close}
          />
        ) : null}
      </Dialog>
      <Dialog open={editing?.kind === 'delete'} title="Delete webhook" onClose={close}>
        {editing?.kind === 'delete' ? (
          <DeleteWebhook webhook={editing.webhook} onDeleted={saved} onCancel={close} />
        ) : null}
      </Dialog>
    </Page>
  );
}
