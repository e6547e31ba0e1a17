/**
 * WatchVmEvents' stream itself, against the core and the gRPC listener built as the server builds
 * them (simulated driver), so the test can count the event log's subscriptions: a resume from the
 * last id seen gets exactly what was missed (more than one replay batch of it), then live events;
 * a dropped stream, a deadline and a shutdown each end the stream and let go of its
 * subscription; a reader too far behind is ended with RESOURCE_EXHAUSTED naming where to resume.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code, ConnectError } from '@connectrpc/connect';
import { createLogger, createSchemaValidator, DEFAULT_MAX_BACKLOG } from '@lab/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VmService, type VmEvent } from '../../../src/api/grpc/gen/hypervisor/v1/vm_pb.js';
import { listenGrpc, type GrpcListener } from '../../../src/api/grpc/listener.js';
import { registerRpcServices, rpcServices } from '../../../src/api/grpc/services.js';
import { API_SCHEMAS } from '../../../src/api/server.js';
import { createCore, type Core } from '../../../src/core.js';
import { createSimulatedDriver } from '../../../src/drivers/simulated/simulated-driver.js';
import { openStore } from '../../../src/store/database.js';
import { grpcClient, grpcFailure } from '../../support/grpc.js';
import { testServeConfig } from '../../support/in-process.js';
import { until } from '../../support/until.js';

const dir = mkdtempSync(join(tmpdir(), 'hv-grpc-watch-'));
const logger = createLogger({ service: 'hypervisor-test', level: 'silent' });
let core: Core;
let listener: GrpcListener;
let token: string;
/** Subscriptions to the event log open now. */
let open = 0;
let baseline = 0;

async function listen(): Promise<GrpcListener> {
  return listenGrpc({
    host: '127.0.0.1',
    port: 0,
    tls: null,
    logger,
    graceMs: 2_000,
    routes: (router) =>
      registerRpcServices(router, rpcServices(core), {
        tokens: core.tokens,
        audit: core.audit,
        validator: createSchemaValidator(API_SCHEMAS),
        logger,
      }),
  });
}

const client = (url = listener.url) => grpcClient(VmService, { url, token });
const spec = (name: string) => ({
  name,
  cpu: { count: 1 },
  memory: { size: '64M' },
  boot: { kernel: 'vmlinuz' },
});

/** The next `count` events of a stream. */
async function read(events: AsyncIterator<VmEvent>, count: number): Promise<VmEvent[]> {
  const got: VmEvent[] = [];
  while (got.length < count) {
    const next = await events.next();
    if (next.done === true) throw new Error(`the stream ended after ${got.length} of ${count} events`);
    got.push(next.value);
  }
  return got;
}

beforeAll(async () => {
  mkdirSync(join(dir, 'data', 'boot'), { recursive: true });
  writeFileSync(join(dir, 'data', 'boot', 'vmlinuz'), 'kernel');
  const config = testServeConfig(dir);
  core = await createCore(
    { db: openStore(config.dataDir), logger, config },
    { driver: createSimulatedDriver() },
  );
  await core.start();
  const log = { ...core.events };
  core.events.subscribe = (onEvent) => {
    open += 1;
    const unsubscribe = log.subscribe(onEvent);
    return () => {
      open -= 1;
      unsubscribe();
    };
  };
  listener = await listen();
  token = core.tokens.create({ name: 'watcher', scopes: ['vm:write', 'events:read'] }).token;
});
afterAll(async () => {
  await listener?.close();
  await core?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('WatchVmEvents', () => {
  it('resumes from the last id seen with exactly the missed events, across replay batches, then live ones', async () => {
    baseline = open;
    const first = new AbortController();
    const events = client()
      .watchVmEvents(
        { kinds: ['vm.created'], afterId: String(core.events.bus.lastId) },
        { signal: first.signal },
      )
      [Symbol.asyncIterator]();
    const pending = read(events, 2);
    await until('the stream subscribed', () => open === baseline + 1);
    await client().createVm(spec('w0'));
    await client().createVm(spec('w1'));
    const seen = await pending;
    expect(seen.map((e) => e.data)).toMatchObject([{ vm: 'w0' }, { vm: 'w1' }]);
    first.abort();
    await until('the dropped stream let go of its subscription', () => open === baseline);

    // Missed while no stream is open: more than the event log's replay batch (1,000).
    const missed = 1_100;
    for (let i = 0; i < missed; i++) await core.vms.create(spec(`m${i}`), null);
    const lastSeen = seen.at(-1)?.id ?? '';
    const again = client()
      .watchVmEvents({ kinds: ['vm.created'], afterId: lastSeen })
      [Symbol.asyncIterator]();
    const replayed = await read(again, missed);
    expect(replayed.map((e) => (e.data as { vm: string }).vm)).toEqual(
      Array.from({ length: missed }, (_, i) => `m${i}`),
    );
    const ids = replayed.map((e) => Number(e.id));
    expect(ids[0]).toBeGreaterThan(Number(lastSeen));
    expect(new Set(ids).size).toBe(missed);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    // Then live ones, once each.
    await client().createVm(spec('live'));
    const [live] = await read(again, 1);
    expect(live?.data).toMatchObject({ vm: 'live' });
    expect(Number(live?.id)).toBeGreaterThan(ids.at(-1) ?? 0);
    await again.return?.();
    await until('the resumed stream let go of its subscription', () => open === baseline);
  });

  it('ends a call at its deadline with DEADLINE_EXCEEDED and lets go of the subscription', async () => {
    baseline = open;
    const started = Date.now();
    const failure = await grpcFailure(
      (async () => {
        for await (const _ of client().watchVmEvents({}, { timeoutMs: 300 })) void _;
      })(),
    );
    expect(failure.code).toBe(Code.DeadlineExceeded);
    expect(Date.now() - started).toBeLessThan(5_000);
    await until('the subscription let go', () => open === baseline);
  });

  it('ends a reader more than the backlog behind with RESOURCE_EXHAUSTED and where to resume', async () => {
    baseline = open;
    const events = client()
      .watchVmEvents({ kinds: ['test.flood'] })
      [Symbol.asyncIterator]();
    const first = events.next();
    await until('the stream subscribed', () => open === baseline + 1);
    // Published in one tick, straight on the bus: the stream cannot drain any of it meanwhile.
    const floodStart = core.events.bus.lastId + 1;
    for (let i = 0; i <= DEFAULT_MAX_BACKLOG; i++) core.events.bus.publish('test.flood', { i });
    expect((await first).value?.id).toBe(String(floodStart));
    let error: unknown;
    try {
      await read(events, DEFAULT_MAX_BACKLOG + 1);
    } catch (thrown) {
      error = thrown;
    }
    const failure = ConnectError.from(error);
    expect(failure.code).toBe(Code.ResourceExhausted);
    expect(failure.rawMessage).toContain('resume after id');
    await until('the subscription let go', () => open === baseline);
  });

  it('ends its streams cleanly when the service shuts down, well within the grace', async () => {
    baseline = open;
    const watching = (async () => {
      const got: VmEvent[] = [];
      for await (const event of client().watchVmEvents({ kinds: ['vm.created'] })) got.push(event);
      return got;
    })();
    await until('the stream subscribed', () => open === baseline + 1);
    await client().createVm(spec('before-shutdown'));
    await until('the event streamed', () => core.events.bus.lastId > 0);
    const closing = Date.now();
    await listener.close();
    const got = await watching;
    expect(Date.now() - closing).toBeLessThan(2_000);
    expect(got.map((e) => e.data)).toMatchObject([{ vm: 'before-shutdown' }]);
    expect(open).toBe(baseline);
    listener = await listen();
  });
});
