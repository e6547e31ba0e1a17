/**
 * The webhook form, for registering one (POST) and for changing one (PATCH: url, events, active,
 * and a new secret). The secret is write-only on the platform: it is typed or generated here,
 * shown while the form is open so it can be given to the receiver, and never shown again.
 */
import { useRef, useState } from 'preact/hooks';
import { api, call, type Schemas } from '../../api/client.js';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { CopyButton } from './CopyField.js';
import { Confirm, useFormAction } from './form.js';
import { loadAdminLimits, randomSecret, type AdminLimits, type WebhookEvent } from './limits.js';

export type Webhook = Schemas['Webhook'];
export type Project = Schemas['Project'];

/**
 * What the form offers: the platform's events and limits, and the projects a new webhook may be
 * scoped to, by name (the first hundred: the list's largest page).
 */
export async function loadFormChoices(
  signal: AbortSignal,
): Promise<{ limits: AdminLimits; projects: Project[] }> {
  const [limits, { projects }] = await Promise.all([
    loadAdminLimits(),
    call(api.GET('/api/v1/projects', { params: { query: { per_page: 100, sort: 'name' } }, signal })),
  ]);
  return { limits, projects };
}

const EVENT_HELP: Record<WebhookEvent, string> = {
  'job.queued': 'a job was submitted',
  'job.started': 'a job began to run',
  'stage.completed': 'a stage of a job finished',
  'job.completed': 'a job passed',
  'job.failed': 'a job failed',
  'job.cancelled': 'a job was cancelled',
};

const FIELDS = ['url', 'events', 'secret', 'project_id', 'active'] as const;

export interface WebhookFormProps {
  limits: AdminLimits;
  /** The webhook to change; undefined registers a new one. */
  webhook?: Webhook;
  /** Projects to scope a new webhook to (a webhook's project cannot be changed). */
  projects: readonly Project[];
  onSaved: (webhook: Webhook) => void;
  onCancel: () => void;
}

export function WebhookForm({ limits, webhook, projects, onSaved, onCancel }: WebhookFormProps) {
  const editing = webhook !== undefined;
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [events, setEvents] = useState<ReadonlySet<WebhookEvent>>(
    new Set(webhook?.events ?? ['job.completed', 'job.failed']),
  );
  const [projectId, setProjectId] = useState('');
  const [active, setActive] = useState(webhook?.active ?? true);
  // A new webhook gets a generated secret; a change keeps the current one unless a new one is set.
  const [secret, setSecret] = useState(editing ? '' : randomSecret());
  const secretInput = useRef<HTMLInputElement>(null);
  const errors = useFormAction(editing ? 'webhook-edit' : 'webhook-new', FIELDS);
  const id = (field: string) => `${editing ? 'webhook-edit' : 'webhook-new'}-${field}`;

  function toggle(event: WebhookEvent, on: boolean) {
    const next = new Set(events);
    if (on) next.add(event);
    else next.delete(event);
    setEvents(next);
  }

  async function submit(event: Event) {
    event.preventDefault();
    // The events in the schema's order, so the platform's `events.N` points at what is shown.
    const chosen = limits.webhookEvents.filter((name) => events.has(name));
    await errors.run(async () => {
      const saved = editing
        ? await call(
            api.PATCH('/api/v1/webhooks/{id}', {
              params: { path: { id: webhook.webhook_id } },
              body: { url: url.trim(), events: chosen, active, ...(secret === '' ? {} : { secret }) },
            }),
          )
        : await call(
            api.POST('/api/v1/webhooks', {
              body: {
                url: url.trim(),
                events: chosen,
                secret,
                active,
                ...(projectId === '' ? {} : { project_id: projectId }),
              },
            }),
          );
      onSaved(saved);
    });
  }

  return (
    <form class="form" noValidate onSubmit={(event) => void submit(event)}>
      <div class="field">
        <label for={id('url')}>Payload URL</label>
        <input
          id={id('url')}
          class="input"
          type="url"
          required
          inputMode="url"
          autoComplete="off"
          spellcheck={false}
          placeholder="https://ci.example.com/hooks/verification"
          value={url}
          onInput={(event) => setUrl(event.currentTarget.value)}
          {...errors.control('url', id('url-hint'))}
        />
        <p id={id('url-hint')} class="field-hint">
          http or https, with no user name or password. Unless the platform allows private targets, the host
          must resolve to a public address.
        </p>
        {errors.message('url')}
      </div>

      <fieldset class="field">
        <legend>Events</legend>
        {limits.webhookEvents.map((name) => (
          <label key={name} class="check">
            <input
              type="checkbox"
              checked={events.has(name)}
              onChange={(e) => toggle(name, e.currentTarget.checked)}
            />
            <code>{name}</code> <span class="field-hint">{EVENT_HELP[name]}</span>
          </label>
        ))}
        {errors.message('events')}
      </fieldset>

      {editing ? (
        <p class="field">
          Project:{' '}
          {webhook.project_id === null
            ? 'every project'
            : (projects.find((p) => p.id === webhook.project_id)?.name ?? webhook.project_id)}{' '}
          <span class="field-hint">(a webhook keeps the project it was registered for)</span>
        </p>
      ) : (
        <div class="field">
          <label for={id('project')}>Project</label>
          <select
            id={id('project')}
            class="input"
            value={projectId}
            onChange={(event) => setProjectId(event.currentTarget.value)}
            {...errors.control('project_id')}
          >
            <option value="">Every project</option>
            {projects.map((project) => (
              <option key={project.id} value={project.id}>
                {project.name}
              </option>
            ))}
          </select>
          {errors.message('project_id')}
        </div>
      )}

      <div class="field">
        <label for={id('secret')}>{editing ? 'New secret' : 'Secret'}</label>
        <div class="copy-field">
          <input
            ref={secretInput}
            id={id('secret')}
            class="input mono"
            type="text"
            required={!editing}
            autoComplete="off"
            spellcheck={false}
            minLength={limits.secret.min}
            maxLength={limits.secret.max}
            value={secret}
            onInput={(event) => setSecret(event.currentTarget.value)}
            {...errors.control('secret', id('secret-hint'))}
          />
          <button type="button" class="button button-secondary" onClick={() => setSecret(randomSecret())}>
            Generate secret
          </button>
          <CopyButton target={secretInput} label="Copy secret" />
        </div>
        <p id={id('secret-hint')} class="field-hint">
          {limits.secret.min} to {limits.secret.max} characters. Deliveries are signed with it (HMAC-SHA256 in{' '}
          <code>X-Platform-Signature</code>); the platform never shows it again, so give it to the receiver
          now.
          {editing ? ' Leave it empty to keep the current secret.' : ''}
        </p>
        {errors.message('secret')}
      </div>

      <label class="check">
        <input
          type="checkbox"
          checked={active}
          onChange={(event) => setActive(event.currentTarget.checked)}
        />
        Active (an inactive webhook sends nothing; its pending deliveries wait)
      </label>

      <ErrorBanner error={errors.formError} />
      <div class="button-row">
        <button type="button" class="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" class="button button-primary" disabled={errors.busy}>
          {editing ? 'Save webhook' : 'Create webhook'}
        </button>
      </div>
    </form>
  );
}

/** The confirmation before a webhook and its deliveries are deleted. */
export function DeleteWebhook({
  webhook,
  onDeleted,
  onCancel,
}: {
  webhook: Webhook;
  onDeleted: () => void;
  onCancel: () => void;
}) {
  return (
    <Confirm
      confirmLabel="Delete webhook"
      action={() =>
        call(api.DELETE('/api/v1/webhooks/{id}', { params: { path: { id: webhook.webhook_id } } }))
      }
      onDone={onDeleted}
      onCancel={onCancel}
    >
      <p>
        Delete the webhook to <strong class="mono">{webhook.url}</strong> with all its deliveries? Pending
        ones are not sent. This cannot be undone.
      </p>
    </Confirm>
  );
}
