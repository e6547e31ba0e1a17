/**
 * One webhook (`/webhooks/:id`): its settings with edit and delete, "Send ping", and its
 * deliveries newest first, a page at a time (`?page=N`), each with every attempt and a
 * "Redeliver" button. While a delivery on the page is pending the page asks again every two
 * seconds, so a ping's attempt shows up without a reload.
 */
import './admin.css';
import { useLocation } from 'preact-iso';
import { useEffect, useState } from 'preact/hooks';
import { api, call, type Schemas } from '../../api/client.js';
import { Dialog } from '../../components/Dialog.js';
import { EmptyState } from '../../components/EmptyState.js';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { Page } from '../../components/Page.js';
import { Spinner } from '../../components/Spinner.js';
import { StatusBadge } from '../../components/StatusBadge.js';
import { useAsync } from '../../components/useAsync.js';
import { formatDuration, formatTime } from '../../lib/format.js';
import { isAdmin, useSession } from '../../session.js';
import { AdminTable } from './form.js';
import { NeedsAdmin } from './NeedsAdmin.js';
import { DeleteWebhook, loadFormChoices, WebhookForm } from './WebhookForm.js';

type Delivery = Schemas['WebhookDelivery'];

const PER_PAGE = 20;
const POLL_MS = 2000;

/** A delivery's state as a badge: pending (queued colours), succeeded (passed), failed. */
const STATE_BADGE: Record<Delivery['state'], string> = {
  pending: 'badge-queued',
  succeeded: 'badge-passed',
  failed: 'badge-failed',
};

export function DeliveryState({ delivery }: { delivery: Delivery }) {
  return <span class={`badge ${STATE_BADGE[delivery.state]}`}>{delivery.state}</span>;
}

export default function WebhookPage({ id }: { id: string }) {
  const session = useSession();
  const admin = isAdmin(session);
  const { query, route } = useLocation();
  const page = Math.max(1, Number.parseInt(query.page ?? '1', 10) || 1);
  const webhook = useAsync(
    (signal) => call(api.GET('/api/v1/webhooks/{id}', { params: { path: { id } }, signal })),
    [id],
  );
  const deliveries = useAsync(
    (signal) =>
      call(
        api.GET('/api/v1/webhooks/{id}/deliveries', {
          params: { path: { id }, query: { page, per_page: PER_PAGE } },
          signal,
        }),
      ),
    [id, page],
  );
  const form = useAsync((signal) => (admin ? loadFormChoices(signal) : Promise.resolve(undefined)), [admin]);
  const [dialog, setDialog] = useState<'edit' | 'delete' | undefined>(undefined);
  const [action, setAction] = useState<{ busy: boolean; error: unknown; done: string }>({
    busy: false,
    error: undefined,
    done: '',
  });

  const pending = deliveries.data?.deliveries.some((delivery) => delivery.state === 'pending') ?? false;
  useEffect(() => {
    if (!pending) return undefined;
    const timer = setTimeout(deliveries.reload, POLL_MS);
    return () => clearTimeout(timer);
  }, [deliveries.data, pending]);

  /** Runs a button's request, then shows the deliveries' first page, where the new one is. */
  async function run(label: string, request: () => Promise<Delivery>) {
    setAction({ busy: true, error: undefined, done: '' });
    try {
      const queued = await request();
      setAction({ busy: false, error: undefined, done: `${label}: delivery ${queued.delivery_id} queued.` });
      if (page === 1) deliveries.reload();
      else route(`/webhooks/${id}`);
    } catch (error) {
      setAction({ busy: false, error, done: '' });
    }
  }

  const ping = () =>
    run('Ping', () => call(api.POST('/api/v1/webhooks/{id}/ping', { params: { path: { id } } })));
  const redeliver = (delivery: Delivery) =>
    run(`Redelivery of ${delivery.delivery_id}`, () =>
      call(
        api.POST('/api/v1/webhooks/{id}/deliveries/{delivery_id}/redeliver', {
          params: { path: { id, delivery_id: delivery.delivery_id } },
        }),
      ),
    );

  const hook = webhook.data;
  const total = deliveries.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));

  return (
    <Page
      title={`Webhook ${id}`}
      actions={
        admin && hook !== undefined ? (
          <>
            <button
              type="button"
              class="button button-primary"
              disabled={action.busy}
              onClick={() => void ping()}
            >
              Send ping
            </button>
            <button
              type="button"
              class="button button-secondary"
              disabled={form.data === undefined}
              onClick={() => setDialog('edit')}
            >
              Edit
            </button>
            <button type="button" class="button button-danger" onClick={() => setDialog('delete')}>
              Delete
            </button>
          </>
        ) : undefined
      }
    >
      <p>
        <a href="/webhooks">← All webhooks</a>
      </p>
      {admin ? null : <NeedsAdmin session={session} what="Managing webhooks" />}
      <ErrorBanner error={webhook.error} />
      <ErrorBanner error={action.error} />
      <p role="status">{action.done}</p>
      {hook === undefined ? (
        webhook.loading ? (
          <Spinner />
        ) : null
      ) : (
        <section class="card" aria-labelledby="settings-heading">
          <h2 id="settings-heading">Settings</h2>
          <dl class="properties">
            <dt>URL</dt>
            <dd class="mono break-anywhere">{hook.url}</dd>
            <dt>Events</dt>
            <dd>
              {hook.events.map((event, index) => (
                <span key={event}>
                  {index === 0 ? '' : ', '}
                  <code>{event}</code>
                </span>
              ))}
            </dd>
            <dt>Project</dt>
            <dd>
              {hook.project_id === null ? (
                'every project'
              ) : (
                <a href={`/projects/${hook.project_id}`}>
                  {form.data?.projects.find((p) => p.id === hook.project_id)?.name ?? hook.project_id}
                </a>
              )}
            </dd>
            <dt>Active</dt>
            <dd>
              <StatusBadge status={hook.active ? 'active' : 'inactive'} />
              {hook.disabled_reason === null ? null : (
                <> turned off by the platform: {hook.disabled_reason}</>
              )}
            </dd>
            <dt>Secret</dt>
            <dd>set; never shown (edit the webhook to replace it)</dd>
            <dt>Created</dt>
            <dd>{formatTime(hook.created_at)}</dd>
            <dt>Changed</dt>
            <dd>{formatTime(hook.updated_at)}</dd>
          </dl>
        </section>
      )}

      <section aria-labelledby="deliveries-heading">
        <h2 id="deliveries-heading">Deliveries</h2>
        <ErrorBanner error={deliveries.error} />
        {deliveries.data === undefined ? (
          deliveries.loading ? (
            <Spinner />
          ) : null
        ) : deliveries.data.deliveries.length === 0 ? (
          <EmptyState>
            No deliveries yet: send a ping, or run a job of an event this webhook hears.
          </EmptyState>
        ) : (
          <>
            <ol class="plain-list delivery-list">
              {deliveries.data.deliveries.map((delivery) => (
                <li key={delivery.delivery_id}>
                  <DeliveryCard
                    delivery={delivery}
                    canRedeliver={admin}
                    busy={action.busy}
                    onRedeliver={() => void redeliver(delivery)}
                  />
                </li>
              ))}
            </ol>
            <nav class="pager" aria-label="Delivery pages">
              {page > 1 ? <a href={`/webhooks/${id}?page=${page - 1}`}>← Newer</a> : null}
              <span>
                Page {page} of {pages} ({total} deliveries)
              </span>
              {page < pages ? <a href={`/webhooks/${id}?page=${page + 1}`}>Older →</a> : null}
            </nav>
          </>
        )}
      </section>

      <Dialog open={dialog === 'edit'} title="Edit webhook" onClose={() => setDialog(undefined)}>
        {dialog === 'edit' && hook !== undefined && form.data !== undefined ? (
          <WebhookForm
            limits={form.data.limits}
            projects={form.data.projects}
            webhook={hook}
            onSaved={() => {
              setDialog(undefined);
              webhook.reload();
            }}
            onCancel={() => setDialog(undefined)}
          />
        ) : null}
      </Dialog>
      <Dialog open={dialog === 'delete'} title="Delete webhook" onClose={() => setDialog(undefined)}>
        {dialog === 'delete' && hook !== undefined ? (
          <DeleteWebhook
            webhook={hook}
            onDeleted={() => route('/webhooks')}
            onCancel={() => setDialog(undefined)}
          />
        ) : null}
      </Dialog>
    </Page>
  );
}

function DeliveryCard({
  delivery,
  canRedeliver,
  busy,
  onRedeliver,
}: {
  delivery: Delivery;
  canRedeliver: boolean;
  busy: boolean;
  onRedeliver: () => void;
}) {
  const headingId = `delivery-${delivery.delivery_id}`;
  return (
    <article class="card" aria-labelledby={headingId}>
      <div class="card-header">
        <h3 id={headingId}>
          <code>{delivery.event}</code> <DeliveryState delivery={delivery} />
        </h3>
        {canRedeliver ? (
          <button
            type="button"
            class="button button-secondary"
            disabled={busy}
            aria-label={`Redeliver ${delivery.delivery_id}`}
            onClick={onRedeliver}
          >
            Redeliver
          </button>
        ) : null}
      </div>
      <p class="field-hint">
        <span class="mono">{delivery.delivery_id}</span> · event <span class="mono">{delivery.event_id}</span>{' '}
        · queued {formatTime(delivery.created_at)}
        {delivery.finished_at === null ? '' : ` · finished ${formatTime(delivery.finished_at)}`}
        {delivery.next_attempt_at === null ? '' : ` · next attempt ${formatTime(delivery.next_attempt_at)}`}
        {delivery.redelivery_of === null ? '' : ` · redelivery of ${delivery.redelivery_of}`}
      </p>
      {delivery.attempts.length === 0 ? (
        <p>No attempt yet.</p>
      ) : (
        <AdminTable
          label={`Attempts of ${delivery.delivery_id}`}
          columns={['#', 'Time', 'Status', 'Duration', 'Error or answer']}
        >
          {delivery.attempts.map((attempt) => (
            <tr key={attempt.number}>
              <td>{attempt.number}</td>
              <td>{formatTime(attempt.attempted_at)}</td>
              <td>{attempt.status_code ?? 'no answer'}</td>
              <td>{formatDuration(attempt.latency_ms)}</td>
              <td class="break-anywhere">
                {attempt.error ?? <code class="excerpt">{attempt.response_excerpt ?? ''}</code>}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </article>
  );
}
