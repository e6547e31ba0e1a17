/**
 * The gRPC listener's limits and lifecycle: keepalive pings (and a session whose client stops
 * answering them closed), the wrong protocol on either port refused without harm, a message over
 * MAX_MESSAGE_BYTES refused, and a graceful shutdown that ends watch streams cleanly and lets a
 * call in flight finish.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect as h2connect, type ClientHttp2Session } from 'node:http2';
import { connect as tcpConnect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { join } from 'node:path';
import { Code } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Health,
  HealthCheckResponse_ServingStatus as ServingStatus,
} from '../../../src/api/grpc/gen/grpc/health/v1/health_pb.js';
import { VmService } from '../../../src/api/grpc/gen/hypervisor/v1/vm_pb.js';
import { createHealthState, registerHealth } from '../../../src/api/grpc/health.js';
import { listenGrpc, MAX_MESSAGE_BYTES, type GrpcListener } from '../../../src/api/grpc/listener.js';
import { makeSelfSigned } from '../../../src/drivers/tls-certificate.js';
import { createSimulatedDriver } from '../../../src/drivers/simulated/simulated-driver.js';
import type { TlsIdentity } from '../../../src/domain/tls-identity.js';
import { capturedLogger } from '../../support/captured-logger.js';
import { grpcClient, grpcFailure } from '../../support/grpc.js';
import { startTestService, type TestService } from '../../support/in-process.js';
import { createToken } from '../../support/socket-client.js';
import { until } from '../../support/until.js';

/** A listener serving only health, as the service does, with a log the test reads. */
async function healthListener(options: {
  tls?: TlsIdentity;
  keepaliveIntervalMs?: number;
  keepaliveTimeoutMs?: number;
}) {
  const { logger } = capturedLogger();
  const state = createHealthState([]);
  state.setAll(ServingStatus.SERVING);
  const listener = await listenGrpc({
    host: '127.0.0.1',
    port: 0,
    tls: options.tls ?? null,
    logger,
    routes: (router) => registerHealth(router, state),
    ...(options.keepaliveIntervalMs === undefined
      ? {}
      : { keepaliveIntervalMs: options.keepaliveIntervalMs }),
    ...(options.keepaliveTimeoutMs === undefined ? {} : { keepaliveTimeoutMs: options.keepaliveTimeoutMs }),
  });
  return { listener };
}

const serving = async (listener: GrpcListener, ca?: string) =>
  (await grpcClient(Health, { url: listener.url, ...(ca === undefined ? {} : { ca }) }).check({})).status;

describe('keepalive', () => {
  it('pings every session at the interval', async () => {
    const { listener } = await healthListener({ keepaliveIntervalMs: 100 });
    let session: ClientHttp2Session | undefined;
    try {
      session = h2connect(listener.url.replace('grpc:', 'http:'));
      let pings = 0;
      session.on('ping', () => (pings += 1));
      await until('three pings', () => pings >= 3 || undefined, { timeoutMs: 5_000 });
    } finally {
      session?.destroy();
      await listener.close();
    }
  });

  it('closes a session whose client stops answering pings', async () => {
    const { listener } = await healthListener({ keepaliveIntervalMs: 100, keepaliveTimeoutMs: 200 });
    try {
      // HTTP/2 by hand: the preface and settings, then silence (no PING is ever acknowledged).
      const socket = tcpConnect(listener.port, '127.0.0.1');
      const frame = (type: number, flags: number) => Buffer.from([0, 0, 0, type, flags, 0, 0, 0, 0]);
      socket.write(Buffer.concat([Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'), frame(4, 0)]));
      socket.once('data', () => socket.write(frame(4, 1)));
      socket.on('error', () => undefined);
      const closed = new Promise<number>((resolve) => {
        const opened = Date.now();
        socket.once('close', () => resolve(Date.now() - opened));
      });
      expect(await closed).toBeLessThan(5_000);
      expect(await serving(listener)).toBe(ServingStatus.SERVING);
    } finally {
      await listener.close();
    }
  });
});

describe('the wrong protocol on a port', () => {
  let identity: TlsIdentity;
  beforeAll(async () => {
    identity = await makeSelfSigned({
      commonName: 'localhost',
      dnsNames: ['localhost'],
      ipAddresses: ['127.0.0.1'],
    });
  });

  it('refuses cleartext HTTP/2 on the TLS port and goes on serving', async () => {
    const { listener } = await healthListener({ tls: identity });
    try {
      const session = h2connect(listener.url.replace('grpcs:', 'http:'));
      // The server drops the connection at once (else this waits out the test's timeout).
      await new Promise<void>((resolve) => {
        session.once('error', () => resolve());
        session.once('close', () => resolve());
      });
      session.destroy();
      expect(await serving(listener, identity.certPem)).toBe(ServingStatus.SERVING);
    } finally {
      await listener.close();
    }
  });

  it('refuses TLS on the cleartext port and goes on serving', async () => {
    const { listener } = await healthListener({});
    try {
      const socket = tlsConnect({
        host: '127.0.0.1',
        port: listener.port,
        ca: identity.certPem,
        ALPNProtocols: ['h2'],
      });
      const failure = await new Promise<Error>((resolve) => socket.once('error', resolve));
      socket.destroy();
      expect(failure.message).toMatch(/socket disconnected|wrong version|ECONNRESET|EPROTO/i);
      expect(await serving(listener)).toBe(ServingStatus.SERVING);
    } finally {
      await listener.close();
    }
  });
});

describe('message size and shutdown, on the service', () => {
  let service: TestService;
  let token: string;
  let closed = false;
  beforeAll(async () => {
    service = await startTestService({ driver: createSimulatedDriver({ delayMs: 300 }) });
    token = await createToken(join(service.runDir, 'api.sock'), ['vm:write', 'events:read']);
    mkdirSync(join(service.dataDir, 'boot'), { recursive: true });
    writeFileSync(join(service.dataDir, 'boot', 'vmlinuz'), 'kernel');
  });
  afterAll(async () => {
    if (!closed) await service.close();
  });
  const vms = () => grpcClient(VmService, { url: service.app.grpcUrl ?? '', token });

  it('refuses a request message over MAX_MESSAGE_BYTES with RESOURCE_EXHAUSTED and serves the next', async () => {
    const failure = await grpcFailure(vms().getVm({ name: 'x'.repeat(MAX_MESSAGE_BYTES + 1) }));
    expect(failure.code).toBe(Code.ResourceExhausted);
    expect((await grpcFailure(vms().getVm({ name: 'nope' }))).code).toBe(Code.NotFound);
  });

  it('ends a watch stream cleanly and finishes a call in flight when the service closes', async () => {
    await vms().createVm({
      name: 'drain',
      cpu: { count: 1 },
      memory: { size: '64M' },
      boot: { kernel: 'vmlinuz' },
    });
    const kinds: string[] = [];
    let watching: () => void = () => undefined;
    const subscribed = new Promise<void>((resolve) => (watching = resolve));
    // Replayed from the first event: the VM's creation arrives at once, so the stream is open.
    const watch = (async () => {
      for await (const event of vms().watchVmEvents({ vm: 'drain', afterId: '0' })) {
        kinds.push(event.kind);
        watching();
      }
    })();
    await subscribed;
    const started = vms().startVm({ name: 'drain' });
    // The driver takes 300 ms to start it: the call is in flight when the shutdown begins.
    await new Promise((resolve) => setTimeout(resolve, 100));
    closed = true;
    const closing = service.close();
    // The call in flight gets its answer; the stream ends without an error.
    expect((await started).state).toBe('RUNNING');
    await expect(watch).resolves.toBeUndefined();
    await closing;
    // The stream ended as the shutdown began, before the start's own event.
    expect(kinds).toEqual(['vm.created']);
  });
});
