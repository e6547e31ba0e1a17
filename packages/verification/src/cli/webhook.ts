/**
 * `verifyctl webhook ...`: register, list, show, change and delete webhooks, queue a ping, list a
 * webhook's deliveries and send one again. The platform allows these to admin tokens only.
 */
import { InvalidArgumentError, Option, type Command } from 'commander';
import type { Webhook, WebhookDelivery } from '../client/index.js';
import { LIFECYCLE_EVENTS, type LifecycleEventName } from '../domain/job-events.js';
import { addJsonOption, emit, fields, table, type JsonFlag } from './output.js';
import { positiveInteger } from './project.js';
import { platformClient } from './target.js';

/** `--events job.completed,job.failed`: names of the platform's catalogue, each once. */
export function eventList(value: string): LifecycleEventName[] {
  const names = [...new Set(value.split(',').map((name) => name.trim()))];
  const unknown = names.filter((name) => !(LIFECYCLE_EVENTS as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new InvalidArgumentError(
      `unknown event ${unknown.join(', ')}: events are ${LIFECYCLE_EVENTS.join(', ')}.`,
    );
  }
  return names as LifecycleEventName[];
}

function activity(value: string): boolean {
  if (value !== 'true' && value !== 'false') throw new InvalidArgumentError('expected true or false.');
  return value === 'true';
}

const eventsOption = () =>
  new Option('--events <names>', `comma-separated events: ${LIFECYCLE_EVENTS.join(', ')}`).argParser(
    eventList,
  );
const secretOption = () =>
  new Option(
    '--secret <secret>',
    'HMAC-SHA256 key the deliveries are signed with (16 to 256 characters)',
  ).env('VERIFY_WEBHOOK_SECRET');

function webhookFields(hook: Webhook): string {
  return fields([
    ['id', hook.webhook_id],
    ['url', hook.url],
    ['events', hook.events.join(', ')],
    ['project', hook.project_id ?? 'every project'],
    ['active', hook.active],
    ['disabled because', hook.disabled_reason],
    ['created', hook.created_at],
    ['updated', hook.updated_at],
  ]);
}

function deliveryTable(deliveries: readonly WebhookDelivery[]): string {
  return table(
    [
      { header: 'ID', value: (d: WebhookDelivery) => d.delivery_id },
      { header: 'EVENT', value: (d) => d.event },
      { header: 'STATE', value: (d) => d.state },
      { header: 'ATTEMPTS', value: (d) => String(d.attempts.length), align: 'right' },
      { header: 'LAST STATUS', value: (d) => String(d.attempts.at(-1)?.status_code ?? '-') },
      { header: 'CREATED', value: (d) => d.created_at },
    ],
    deliveries,
  );
}

export function addWebhookCommands(program: Command): void {
  const webhook = program.command('webhook').description('Manage webhooks (admin tokens only)');

  addJsonOption(
    webhook
      .command('create')
      .description('Register a webhook: events are POSTed to URL, signed with the secret')
      .argument('<url>', 'http(s) URL that receives the events')
      .addOption(eventsOption().makeOptionMandatory())
      .addOption(secretOption().makeOptionMandatory())
      .option('--project <id>', "only this project's events (default: every project)")
      .option('--inactive', 'register it turned off'),
  ).action(
    async (
      url: string,
      flags: JsonFlag & {
        events: LifecycleEventName[];
        secret: string;
        project?: string;
        inactive?: boolean;
      },
      command: Command,
    ) => {
      const created = await platformClient(command).webhooks.create({
        url,
        events: flags.events,
        secret: flags.secret,
        ...(flags.project === undefined ? {} : { project_id: flags.project }),
        ...(flags.inactive === true ? { active: false } : {}),
      });
      emit(flags, created, webhookFields);
    },
  );

  addJsonOption(webhook.command('list').description('List the webhooks')).action(
    async (flags: JsonFlag, command: Command) => {
      emit(flags, await platformClient(command).webhooks.list(), (view) =>
        table(
          [
            { header: 'ID', value: (h: Webhook) => h.webhook_id },
            { header: 'URL', value: (h) => h.url },
            { header: 'EVENTS', value: (h) => h.events.join(',') },
            { header: 'PROJECT', value: (h) => h.project_id ?? '*' },
            { header: 'ACTIVE', value: (h) => String(h.active) },
          ],
          view.webhooks,
        ),
      );
    },
  );

  addJsonOption(webhook.command('show').description('Show a webhook').argument('<id>', 'webhook id')).action(
    async (id: string, flags: JsonFlag, command: Command) => {
      emit(flags, await platformClient(command).webhooks.get(id), webhookFields);
    },
  );

  addJsonOption(
    webhook
      .command('update')
      .description('Change the fields given')
      .argument('<id>', 'webhook id')
      // Not --url, which names the platform (a program option, recognised anywhere).
      .option('--target-url <url>', 'new URL that receives the events')
      .addOption(eventsOption())
      .addOption(secretOption())
      .option('--active <bool>', 'true turns it on (its pending deliveries go out), false off', activity),
  ).action(
    async (
      id: string,
      flags: JsonFlag & {
        targetUrl?: string;
        events?: LifecycleEventName[];
        secret?: string;
        active?: boolean;
      },
      command: Command,
    ) => {
      const updated = await platformClient(command).webhooks.update(id, {
        ...(flags.targetUrl === undefined ? {} : { url: flags.targetUrl }),
        ...(flags.events === undefined ? {} : { events: flags.events }),
        ...(flags.secret === undefined ? {} : { secret: flags.secret }),
        ...(flags.active === undefined ? {} : { active: flags.active }),
      });
      emit(flags, updated, webhookFields);
    },
  );

  webhook
    .command('delete')
    .description('Delete a webhook and its deliveries')
    .argument('<id>', 'webhook id')
    .action(async (id: string, _flags: unknown, command: Command) => {
      await platformClient(command).webhooks.delete(id);
      process.stderr.write(`webhook ${id} deleted\n`);
    });

  addJsonOption(
    webhook
      .command('ping')
      .description('Queue a ping delivery to test the receiver')
      .argument('<id>', 'webhook id'),
  ).action(async (id: string, flags: JsonFlag, command: Command) => {
    emit(flags, await platformClient(command).webhooks.ping(id), (delivery) => deliveryTable([delivery]));
  });

  addJsonOption(
    webhook
      .command('deliveries')
      .description("List a webhook's deliveries, newest first")
      .argument('<id>', 'webhook id')
      .option('--page <n>', 'page number', positiveInteger)
      .option('--per-page <n>', 'deliveries per page', positiveInteger),
  ).action(async (id: string, flags: JsonFlag & { page?: number; perPage?: number }, command: Command) => {
    const page = await platformClient(command).webhooks.deliveries(id, {
      ...(flags.page === undefined ? {} : { page: flags.page }),
      ...(flags.perPage === undefined ? {} : { per_page: flags.perPage }),
    });
    emit(
      flags,
      page,
      (view) => `${deliveryTable(view.deliveries)}\n(page ${view.page}, ${view.total} deliveries)`,
    );
  });

  addJsonOption(
    webhook
      .command('redeliver')
      .description('Send a delivery again (a new delivery of the same event)')
      .argument('<id>', 'webhook id')
      .argument('<delivery>', 'delivery id'),
  ).action(async (id: string, delivery: string, flags: JsonFlag, command: Command) => {
    emit(flags, await platformClient(command).webhooks.redeliver(id, delivery), (answer) =>
      deliveryTable([answer]),
    );
  });
}
