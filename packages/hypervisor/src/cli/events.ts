/**
 * `hvctl events`: follows the service's event stream and prints one line per event, until
 * interrupted. A dropped connection is resumed where it left off (see `client.ts`).
 */
import type { Command } from 'commander';
import type { ServiceEvent } from './client.js';
import { clientCommand, clientFor, listOption, shortTime, type ClientFlags } from './options.js';

type EventData = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

function summary(kind: string, data: EventData): string {
  if (kind === 'vm.state_changed') {
    const reason = data.reason === undefined ? '' : ` (${text(data.reason)})`;
    return `${text(data.vm)} ${text(data.from)} -> ${text(data.to)}${reason}`;
  }
  if (typeof data.vm === 'string') return data.vm;
  if (typeof data.image === 'string') return data.image;
  return JSON.stringify(Object.fromEntries(Object.entries(data).filter(([key]) => key !== 'timestamp')));
}

/** `2025-01-02 03:04:05Z  vm.state_changed  web1 STOPPED -> RUNNING` */
export function formatEventLine(event: ServiceEvent, now: () => Date = () => new Date()): string {
  const data = typeof event.data === 'object' && event.data !== null ? (event.data as EventData) : {};
  const time = typeof data.timestamp === 'string' ? data.timestamp : now().toISOString();
  return `${shortTime(time)}  ${event.kind.padEnd(18)} ${summary(event.kind, data)}`;
}

interface EventsFlags extends ClientFlags {
  kinds?: string[];
  vm?: string;
}

export function addEventsCommand(program: Command): void {
  clientCommand(program, 'events', 'Follow the event stream (Ctrl-C to stop)')
    .option(
      '--kinds <list>',
      'only these kinds, comma-separated: vm.state_changed,vm.created,...',
      listOption,
    )
    .option('--vm <name>', "only this VM's events")
    .action(async (flags: EventsFlags) => {
      const stop = new AbortController();
      const onSignal = (): void => stop.abort();
      process.once('SIGINT', onSignal);
      process.once('SIGTERM', onSignal);
      // A closed pipe (`hvctl events | head -1`) ends the stream quietly.
      process.stdout.once('error', onSignal);
      try {
        const stream = clientFor(flags).events({
          query: { kinds: flags.kinds?.join(','), vm: flags.vm },
          signal: stop.signal,
        });
        for await (const event of stream) {
          process.stdout.write(
            flags.json === true
              ? `${JSON.stringify({ id: event.id, kind: event.kind, data: event.data })}\n`
              : `${formatEventLine(event)}\n`,
          );
        }
      } finally {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
        process.stdout.off('error', onSignal);
      }
    });
}
