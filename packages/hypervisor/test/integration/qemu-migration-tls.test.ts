/**
 * Live migration beyond loopback, for real: two `hvctl serve` processes with the QEMU driver (TCG),
 * each in a network namespace of its own (`hvt<hex>`), joined by a veth with an address of 10.x at
 * each end, each serving its API on that address and so over TLS with a self-signed certificate of
 * its own made at the first start. The tests reach each service over its Unix socket. The tiny
 * guest ticks on the serial console, so the destination's log shows it went on where it was.
 *
 * The stream is read off the wire: tcpdump on the source's end of the veth records the whole
 * migration, and the bytes the source sent to the destination's migration port must begin with a
 * TLS record (0x16 0x03) and hold neither QEMU's plain stream header (`QEVM`, version 3) nor the
 * guest's own text, which a plain stream carries in its RAM pages; nor does the token the source
 * sent the destination's API appear anywhere. A plain incoming migration sent to the destination
 * from the source's address is refused: it has a TLS identity.
 */
import { type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { ServiceProcess } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestTicks, requireTestGuest, serveQemu, type GuestGate, type TestGuest } from '../support/guest.js';
import { connectVeth, createNetns, netnsGate, type Netns } from '../support/netns.js';
import { killQemuUnder } from '../support/qemu-processes.js';
import { createToken, socketApi } from '../support/socket-client.js';
import { until } from '../support/until.js';

const tools = netnsGate(['qemu-system-x86_64', 'qemu-img', 'tcpdump']);
const gate: GuestGate = tools.skip ? { skip: true, reason: tools.reason } : await requireTestGuest();
const dir = mkdtempSync(join(tmpdir(), 'hv-migration-tls-'));
const namespaces: Netns[] = [];
// The last hook: whatever a failed or timed-out test left goes, the namespaces with all inside.
afterAll(async () => {
  await killQemuUnder(dir);
  for (const netns of namespaces) await netns.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const GUEST = { timeoutMs: 90_000, intervalMs: 100 };
const LINK = 'hvmig0';
const ADDRESSES = { a: '10.231.7.1', b: '10.231.7.2' };

interface Host {
  netns: Netns;
  service: ServiceProcess;
  runDir: string;
  token: string;
  fingerprint: string;
  api(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
}

let guest: TestGuest;
let a: Host;
let b: Host;

async function serve(name: 'a' | 'b', netns: Netns): Promise<Host> {
  const runDir = join(dir, name, 'run');
  const service = await serveQemu(
    join(dir, name),
    guest,
    ['--host', ADDRESSES[name], '--stop-timeout-ms', '5000'],
    { prefix: ['ip', 'netns', 'exec', netns.name], timeoutMs: 60_000 },
  );
  const api = (method: string, path: string, body?: unknown) => socketApi(runDir, method, path, body);
  const token = await createToken(join(runDir, 'api.sock'), ['vm:write', 'storage:write', 'operations:read']);
  const info = (await api('GET', '/system/info')).body;
  expect(info.tls).toMatchObject({ enabled: true, self_signed: true });
  expect(service.url).toBe(`https://${ADDRESSES[name]}:${new URL(service.url).port}/api/v1`);
  return { netns, service, runDir, token, fingerprint: info.tls.fingerprint, api };
}

const ticks = (host: Host): number[] => guestTicks(guest, host.runDir);

/** tcpdump on `netns`'s end of the link, writing every TCP packet whole to `file`. */
async function capture(netns: Netns, file: string): Promise<{ stop(): Promise<void> }> {
  const child: ChildProcess = netns.spawn('tcpdump', ['-i', LINK, '-s', '0', '-U', '-w', file, 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  await new Promise<void>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes('listening on')) resolve();
    });
    void exited.then(() => reject(new Error(`tcpdump ended: ${stderr}`)));
  });
  return {
    async stop() {
      child.kill('SIGINT');
      await exited;
    },
  };
}

/** The TCP payload sent to `port` in a pcap file (Ethernet, IPv4), in sequence order, once each. */
function streamTo(file: string, port: number): Buffer {
  const pcap = readFileSync(file);
  const little = pcap.readUInt32LE(0) === 0xa1b2c3d4 || pcap.readUInt32LE(0) === 0xa1b23c4d;
  const u32 = (at: number): number => (little ? pcap.readUInt32LE(at) : pcap.readUInt32BE(at));
  expect(u32(20)).toBe(1); // LINKTYPE_ETHERNET
  const segments = new Map<number, Buffer>();
  let isn: number | undefined;
  for (let at = 24; at + 16 <= pcap.length;) {
    const length = u32(at + 8);
    const frame = pcap.subarray(at + 16, at + 16 + length);
    at += 16 + length;
    if (frame.readUInt16BE(12) !== 0x0800 || frame[23] !== 6) continue;
    const ip = frame.subarray(14);
    const tcp = ip.subarray((ip[0]! & 0x0f) * 4);
    if (tcp.readUInt16BE(2) !== port) continue;
    const seq = tcp.readUInt32BE(4);
    if ((tcp[13]! & 0x02) !== 0) isn = (seq + 1) >>> 0;
    const payload = ip.subarray(0, ip.readUInt16BE(2)).subarray((ip[0]! & 0x0f) * 4 + (tcp[12]! >> 4) * 4);
    if (payload.length > 0 && isn !== undefined) segments.set((seq - isn) >>> 0, Buffer.from(payload));
  }
  const ordered = [...segments.entries()].sort(([x], [y]) => x - y);
  const parts: Buffer[] = [];
  let next = 0;
  for (const [offset, payload] of ordered) {
    if (offset + payload.length <= next) continue;
    parts.push(payload.subarray(Math.max(0, next - offset)));
    next = offset + payload.length;
  }
  return Buffer.concat(parts);
}

/** QEMU_VM_FILE_MAGIC and QEMU_VM_FILE_VERSION: how a plain migration stream begins. */
const PLAIN_HEADER = Buffer.from([0x51, 0x45, 0x56, 0x4d, 0, 0, 0, 3]);

/**
 * Node inside `netns`: a POST over https (the self-signed certificate taken as it is: the request
 * only has to reach the service), printing the status and the body.
 */
const POST = `
const [url, token, body] = process.argv.slice(1);
const request = require('node:https').request(url, {
  method: 'POST', rejectUnauthorized: false,
  headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' },
}, (response) => {
  let text = '';
  response.on('data', (chunk) => (text += chunk));
  response.on('end', () => process.stdout.write(JSON.stringify({ status: response.statusCode, body: JSON.parse(text) })));
});
request.on('error', (error) => { process.stderr.write(error.message); process.exit(1); });
request.end(body);
`;

describe.skipIf(gate.skip)('live migration beyond loopback over TLS, QEMU (TCG), two namespaces', () => {
  beforeAll(async () => {
    if (gate.skip) return;
    guest = gate.guest;
    const [nsA, nsB] = [await createNetns(), await createNetns()];
    namespaces.push(nsA, nsB);
    await connectVeth(nsA, LINK, nsB, LINK, { a: `${ADDRESSES.a}/30`, b: `${ADDRESSES.b}/30` });
    const shared = join(dir, 'shared');
    mkdirSync(shared);
    [a, b] = await Promise.all([serve('a', nsA), serve('b', nsB)]);
    for (const host of [a, b]) {
      expect((await host.api('POST', '/storage/pools', { name: 'shared', path: shared })).status).toBe(201);
    }
    expect((await a.api('POST', '/storage', { name: 'tiny-disk', size: '16M', pool: 'shared' })).status).toBe(
      201,
    );
    const created = await a.api('POST', '/vms', {
      name: 'tiny',
      cpu: { count: 1 },
      memory: { size: '256M' },
      devices: { storage: [{ type: 'virtio-blk', path: 'tiny-disk', format: 'qcow2' }] },
      boot: {
        kernel: basename(guest.kernel),
        initrd: basename(guest.initrd),
        cmdline: `${guest.cmdline} ${guest.actions.tick}`,
      },
    });
    expect(created.status).toBe(201);
    expect((await a.api('POST', '/vms/tiny/start')).body.state).toBe('RUNNING');
    await until('the guest ticking on A', () => (ticks(a).at(-1) ?? 0) >= 2, GUEST);
  }, 300_000);

  afterAll(async () => {
    for (const host of [a, b]) await host?.service.stop();
  });

  it('moves the running guest with its memory on a TLS stream, and the token on TLS only', async () => {
    const pcap = join(dir, 'link.pcap');
    const tcpdump = await capture(a.netns, pcap);
    const started = await a.api('POST', '/vms/tiny/migrate', {
      destination: b.service.url,
      destination_fingerprint: b.fingerprint,
      token: b.token,
    });
    expect(started).toMatchObject({ status: 202 });
    const op = await until(
      'the migration to end',
      async () => {
        const now = (await a.api('GET', `/operations/${started.body.id}`)).body;
        return now.status === 'running' ? undefined : now;
      },
      { timeoutMs: 120_000, intervalMs: 100 },
    );
    expect(op).toMatchObject({ status: 'succeeded', result: { tls: true } });
    await tcpdump.stop();

    // The guest runs on at B, where it was.
    expect((await b.api('GET', '/vms/tiny')).body).toMatchObject({ state: 'RUNNING' });
    expect((await a.api('GET', '/vms/tiny')).status).toBe(404);
    const lastAtA = ticks(a).at(-1)!;
    await until('ticks at B', () => ticks(b).length >= 2, GUEST);
    expect(ticks(b)[0]).toBeGreaterThanOrEqual(lastAtA);

    // The stream, as it crossed the link.
    const startedLog = a.service.logs.find((l) => l.msg === 'live migration started');
    expect(startedLog).toMatchObject({ vm: 'tiny', tls: true });
    const port = Number(/:(\d+)$/.exec(String(startedLog!.uri))![1]);
    const stream = streamTo(pcap, port);
    // The guest's RAM went this way (a loaded machine's tcpdump may drop some packets).
    expect(stream.length).toBeGreaterThan(op.result.transferred_bytes / 2);
    expect([...stream.subarray(0, 2)]).toEqual([0x16, 0x03]);
    expect(stream.includes(PLAIN_HEADER)).toBe(false);
    expect(stream.includes(Buffer.from(guest.tick))).toBe(false);
    const wire = readFileSync(pcap);
    expect(wire.includes(Buffer.from(b.token))).toBe(false);
    expect(wire.includes(Buffer.from('/incoming'))).toBe(false);

    // No credentials file is left on either host.
    for (const host of [a, b]) {
      const vmDir = join(host.runDir, 'vms', 'tiny');
      const left = existsSync(vmDir) ? readdirSync(vmDir).filter((f) => f.startsWith('migration-tls')) : [];
      expect(left).toEqual([]);
    }
    expect(b.service.logs.some((l) => JSON.stringify(l).includes('PRIVATE KEY'))).toBe(false);
  }, 240_000);

  it('refuses a plain incoming migration from beyond loopback: B has a TLS identity', async () => {
    const body = {
      uuid: '7d5e2a4c-1b3f-4c6d-8e9f-0a1b2c3d4e5f',
      definition: {
        cpu: { count: 1 },
        memory: { size: '64M' },
        devices: { storage: [], network: [] },
        boot: null,
      },
      images: [],
      probe: { id: '7d5e2a4c-1b3f-4c6d-8e9f-0a1b2c3d4e5f', secret: 'ab'.repeat(32) },
    };
    const { stdout } = await a.netns.exec(process.execPath, [
      '-e',
      POST,
      `${b.service.url}/vms/plain/incoming`,
      b.token,
      JSON.stringify(body),
    ]);
    const answer = JSON.parse(stdout);
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('MIGRATION_TLS_REQUIRED');
    expect(answer.body.error.message).toContain(`the source ${ADDRESSES.a} is beyond loopback`);
    expect((await b.api('GET', '/vms/plain')).status).toBe(404);
  }, 60_000);
});
