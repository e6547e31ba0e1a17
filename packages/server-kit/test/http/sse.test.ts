import { afterEach, describe, expect, it } from 'vitest';
import { createEventBus, streamEvents, type App, type EventBus } from '../../src/index.js';
import { testApp } from '../helpers.js';

interface Received {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
}

/** Reads SSE frames from a live connection until `count` of them arrived. */
async function readFrames(body: ReadableStream<Uint8Array>, count: number): Promise<Received[]> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const frames: Received[] = [];
  let buffer = '';
  while (frames.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const frame: Received = {};
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) frame.comment = line.slice(1).trim();
        const match = /^(id|event|data): (.*)$/.exec(line);
        if (match?.[2] !== undefined) frame[match[1] as 'id' | 'event' | 'data'] = match[2];
      }
      if (frame.id !== undefined || frame.comment !== undefined) frames.push(frame);
    }
  }
  await reader.cancel();
  return frames;
}

let app: App;
let bus: EventBus<string, { n: number }>;
let base: string;

async function start(heartbeatMs = 60_000) {
  bus = createEventBus();
  app = await testApp();
  app.get('/events', (request, reply) => {
    streamEvents(request, reply, { source: bus, heartbeatMs, filter: (e) => e.kind !== 'hidden' });
  });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
}

afterEach(() => app.close());

describe('server-sent events', () => {
  it('streams live events as id, event and data lines, with the request id header', async () => {
    await start();
    const response = await fetch(`${base}/events`);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('x-request-id')).toBeTruthy();
    const frames = readFrames(response.body!, 2);
    bus.publish('vm.state_changed', { n: 1 });
    bus.publish('hidden', { n: 2 });
    bus.publish('vm.state_changed', { n: 3 });
    expect(await frames).toEqual([
      { id: '1', event: 'vm.state_changed', data: '{"n":1}' },
      { id: '3', event: 'vm.state_changed', data: '{"n":3}' },
    ]);
  });

  it('resumes after Last-Event-ID with what was missed, then live events, without duplicates', async () => {
    await start();
    for (let n = 1; n <= 4; n++) bus.publish('tick', { n });
    const first = await fetch(`${base}/events`, { headers: { 'last-event-id': '2' } });
    const frames = readFrames(first.body!, 3);
    bus.publish('tick', { n: 5 });
    expect((await frames).map((f) => f.id)).toEqual(['3', '4', '5']);

    // Reconnect as a browser would after the connection dropped at id 4.
    const again = await fetch(`${base}/events?last_event_id=4`);
    const more = readFrames(again.body!, 2);
    bus.publish('tick', { n: 6 });
    expect((await more).map((f) => f.data)).toEqual(['{"n":5}', '{"n":6}']);
  });

  it('replays everything missed from a source that answers in batches', async () => {
    bus = createEventBus();
    const source = {
      since: (after: number) => bus.since(after).slice(0, 3),
      subscribe: (listener: Parameters<typeof bus.subscribe>[0]) => bus.subscribe(listener),
    };
    app = await testApp();
    app.get('/events', (request, reply) => {
      streamEvents(request, reply, { source });
    });
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    for (let n = 1; n <= 8; n++) bus.publish('tick', { n });
    const response = await fetch(`${base}/events`, { headers: { 'last-event-id': '1' } });
    const frames = readFrames(response.body!, 8);
    bus.publish('tick', { n: 9 });
    expect((await frames).map((f) => f.id)).toEqual(['2', '3', '4', '5', '6', '7', '8', '9']);
  });

  it('sends heartbeat comments while idle', async () => {
    await start(50);
    const response = await fetch(`${base}/events`);
    const frames = await readFrames(response.body!, 2);
    expect(frames).toEqual([{ comment: 'heartbeat' }, { comment: 'heartbeat' }]);
  });

  it('ends open streams when the app closes, so shutdown does not hang', async () => {
    await start();
    const response = await fetch(`${base}/events`);
    const reader = response.body!.getReader();
    await reader.read(); // the retry: line
    await app.close();
    let done = false;
    while (!done) ({ done } = await reader.read());
    expect(done).toBe(true);
  });
});
