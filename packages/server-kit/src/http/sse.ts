/**
 * Server-Sent Events over an `EventSource`: each event is written as
 *
 *     id: 42
 *     event: vm.state_changed
 *     data: {"vm":"web","from":"STOPPED","to":"RUNNING"}
 *
 * A client that reconnects with `Last-Event-ID` (or `?last_event_id=`) first gets the retained
 * events after that id, then live ones, with no duplicate and no gap between the two. Comment
 * lines keep idle proxies from closing the connection. The stream ends when the client leaves or
 * the app shuts down.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BusEvent, EventSource } from '../events/event-bus.js';

export interface EventStreamOptions<E extends BusEvent> {
  source: EventSource<E>;
  /** Only events for which this holds are sent. */
  filter?: (event: E) => boolean;
  /** Shapes `data:`; the event's own `data` by default. */
  serialize?: (event: E) => unknown;
  /** Interval of `: heartbeat` comments (default 15 s). */
  heartbeatMs?: number;
  /** Reconnection delay advised to the client (default 2 s). */
  retryMs?: number;
}

export const DEFAULT_HEARTBEAT_MS = 15_000;

/** The id the client last saw: the `Last-Event-ID` header wins over the query parameter. */
export function lastEventId(request: FastifyRequest): number {
  const header = request.headers['last-event-id'];
  const query = (request.query as Record<string, unknown> | undefined)?.last_event_id;
  const raw = typeof header === 'string' ? header : typeof query === 'string' ? query : undefined;
  const id = raw === undefined ? 0 : Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

export function formatEvent(event: BusEvent, data: unknown): string {
  // JSON has no raw newlines, so one `data:` line carries the whole payload.
  return `id: ${event.id}\nevent: ${event.kind}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** Takes over the reply and streams events until the client or the server goes away. */
export function streamEvents<E extends BusEvent>(
  request: FastifyRequest,
  reply: FastifyReply,
  options: EventStreamOptions<E>,
): void {
  const { source } = options;
  const filter = options.filter ?? (() => true);
  const serialize = options.serialize ?? ((event: E) => event.data);
  const raw = reply.raw;

  reply.hijack();
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.write(`retry: ${options.retryMs ?? 2000}\n\n`);

  let sentUpTo = lastEventId(request);
  const send = (event: E): void => {
    if (event.id <= sentUpTo) return;
    sentUpTo = event.id;
    if (filter(event)) raw.write(formatEvent(event, serialize(event)));
  };

  // Subscribe before replaying: an event published in between is buffered, then de-duplicated.
  const pending: E[] = [];
  let replaying = true;
  const unsubscribe = source.subscribe((event) => {
    if (replaying) pending.push(event);
    else send(event);
  });
  // A source may replay in batches (the hypervisor's event log: 1,000 at most): asked again until
  // it has nothing more, so nothing between a batch's end and the subscription is skipped.
  for (let batch = source.since(sentUpTo); batch.length > 0; batch = source.since(sentUpTo)) {
    for (const event of batch) send(event);
  }
  replaying = false;
  for (const event of pending) send(event);

  const heartbeat = setInterval(
    () => raw.write(': heartbeat\n\n'),
    options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS,
  );
  const shutdownSignal = request.server.shutdownSignal;
  // The stream never completes a response, so its socket cannot serve another request: when the
  // stream ends for any reason, the socket goes too (a half-closed one would hold shutdown open).
  const end = (): void => {
    clearInterval(heartbeat);
    unsubscribe();
    shutdownSignal.removeEventListener('abort', end);
    if (!raw.writableEnded) raw.end();
    request.raw.socket.destroy();
  };
  raw.on('close', end);
  if (shutdownSignal.aborted) end();
  else shutdownSignal.addEventListener('abort', end);
}
