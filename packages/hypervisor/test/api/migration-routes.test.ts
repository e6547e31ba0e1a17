/**
 * Live migration between two services in this process, each with its own data directory and the
 * simulated driver (which moves no guest but keeps QEMU's contract, simulated-migration.ts), over
 * real TCP between them, with a storage pool both have at the same path. Real qemu-img makes the
 * images. The real thing, QEMU with TCG, is test/integration/qemu-migration.test.ts.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/in-process.js';
import { createToken } from '../support/socket-client.js';
import { until } from '../support/until.js';

const tools = requireTools(['qemu-img']);

interface Host {
  service: TestService;
  url: string;
  token: string;
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
}

let shared: string;
let source: Host;
let destination: Host;

async function host(): Promise<Host> {
  const service = await startTestService();
  mkdirSync(join(service.dataDir, 'boot'), { recursive: true });
  writeFileSync(join(service.dataDir, 'boot', 'vmlinuz'), 'kernel');
  const url = await service.app.listen({ host: '127.0.0.1', port: 0 });
  const token = await createToken(join(service.runDir, 'api.sock'), ['admin']);
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await service.app.inject({
      method: method as 'GET',
      url: `/api/v1${path}`,
      headers: { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: response.statusCode, body: response.body === '' ? undefined : response.json() };
  };
  return { service, url, token, call };
}

/** The events of a service so far, read from its stream's replay (Last-Event-ID 0). */
async function eventsOf(h: Host, kinds: string): Promise<{ event: string; data: any }[]> {
  const abort = new AbortController();
  const response = await fetch(`${h.url}/api/v1/events?kinds=${kinds}`, {
    headers: { authorization: `Bearer ${h.token}`, 'last-event-id': '0' },
    signal: abort.signal,
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  const deadline = Date.now() + 300;
  while (Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<{ value: undefined; done: true }>((resolve) =>
        setTimeout(() => resolve({ value: undefined, done: true }), 100),
      ),
    ]);
    if (chunk.value !== undefined) text += chunk.value;
    else break;
  }
  abort.abort();
  return text
    .split('\n\n')
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      return event === undefined || data === undefined ? undefined : { event, data: JSON.parse(data) };
    })
    .filter((e): e is { event: string; data: any } => e !== undefined);
}

const VM = (name: string, disk: string) => ({
  name,
  cpu: { count: 1 },
  memory: { size: '64M' },
  devices: { storage: [{ type: 'virtio-blk', path: disk, format: 'qcow2' }] },
  boot: { kernel: 'vmlinuz' },
});

async function runningVm(name: string, disk: string, pool = 'shared'): Promise<any> {
  expect((await source.call('POST', '/storage', { name: disk, size: '16M', pool })).status).toBe(201);
  expect((await source.call('POST', '/vms', VM(name, disk))).status).toBe(201);
  const started = await source.call('POST', `/vms/${name}/start`);
  expect(started.body.state).toBe('RUNNING');
  return started.body;
}

async function settled(h: Host, id: string): Promise<any> {
  return until(
    `operation ${id} to end`,
    async () => {
      const op = (await h.call('GET', `/operations/${id}`)).body;
      return op.status === 'running' || op.status === 'cancelling' ? undefined : op;
    },
    { timeoutMs: 20_000, intervalMs: 20 },
  );
}

describe.skipIf(tools.skip)('live migration between two services (simulated driver)', () => {
  beforeAll(async () => {
    shared = mkdtempSync(join(tmpdir(), 'hv-shared-'));
    source = await host();
    destination = await host();
    for (const h of [source, destination]) {
      expect((await h.call('POST', '/storage/pools', { name: 'shared', path: shared })).status).toBe(201);
    }
  });

  afterAll(async () => {
    await source?.service.close();
    await destination?.service.close();
    rmSync(shared, { recursive: true, force: true });
  });

  it('moves a running VM: 202 with an operation, progress in order, gone here, RUNNING there', async () => {
    const before = await runningVm('web1', 'web1-disk');
    const answer = await source.call('POST', '/vms/web1/migrate', {
      destination: destination.url,
      token: destination.token,
      max_downtime_ms: 100,
    });
    expect(answer.status).toBe(202);
    expect(answer.body).toMatchObject({ kind: 'vm.migrate', resource: 'vm/web1', status: 'running' });
    const op = await settled(source, answer.body.id);
    expect(op).toMatchObject({
      status: 'succeeded',
      progress: 100,
      result: {
        destination: `${destination.url}/api/v1`,
        total_time_ms: expect.any(Number),
        downtime_ms: 0,
        transferred_bytes: 64 * 1024 * 1024,
        transferred: '64M',
      },
    });

    expect((await source.call('GET', '/vms/web1')).body.error.code).toBe('VM_NOT_FOUND');
    const there = await destination.call('GET', '/vms/web1');
    expect(there.body).toMatchObject({ state: 'RUNNING', uuid: before.uuid, devices: before.devices });
    // The image is the destination's now: a row there, none here, and the one file in the shared pool.
    expect((await destination.call('GET', '/storage/web1-disk')).body).toMatchObject({ pool: 'shared' });
    expect((await source.call('GET', '/storage/web1-disk')).body.error.code).toBe('DISK_NOT_FOUND');
    expect(readdirSync(shared)).toEqual(['web1-disk']);

    const events = await eventsOf(source, 'migration.progress,vm.migrated,vm.state_changed');
    const progress = events.filter((e) => e.event === 'migration.progress').map((e) => e.data);
    expect(progress.length).toBeGreaterThanOrEqual(2);
    for (const [i, p] of progress.entries()) {
      expect(p).toMatchObject({ vm: 'web1', transferred: expect.any(String), remaining: expect.any(String) });
      if (i > 0) expect(p.progress).toBeGreaterThanOrEqual(progress[i - 1].progress);
    }
    expect(progress.at(-1)).toMatchObject({ progress: 100, remaining: '0' });
    expect(events.find((e) => e.data.to === 'MIGRATING')?.data).toMatchObject({ from: 'RUNNING' });
    expect(events.at(-1)).toMatchObject({
      event: 'vm.migrated',
      data: { vm: 'web1', uuid: before.uuid, destination: `${destination.url}/api/v1` },
    });
    const incoming = await eventsOf(destination, 'vm.incoming,vm.state_changed');
    expect(incoming.map((e) => [e.event, e.data.to])).toEqual([
      ['vm.incoming', undefined],
      ['vm.state_changed', 'RUNNING'],
    ]);
  });

  it('never keeps the destination token: not in the operation, the audit log or the database', async () => {
    const audit = await source.call('GET', '/audit/events?resource=vm/web1');
    expect(audit.body.events.some((e: any) => e.path === '/api/v1/vms/web1/migrate')).toBe(true);
    const files = readdirSync(source.service.dataDir).filter((f) => f.startsWith('hypervisor.db'));
    for (const file of files) {
      expect(readFileSync(join(source.service.dataDir, file)).includes(destination.token)).toBe(false);
    }
    const ops = await source.call('GET', '/operations');
    expect(JSON.stringify(ops.body)).not.toContain(destination.token);
  });

  it('can move the VM back: the source registers the images again', async () => {
    const answer = await destination.call('POST', '/vms/web1/migrate', {
      destination: `${source.url}/api/v1/`,
      token: source.token,
    });
    expect(answer.status).toBe(202);
    expect((await settled(destination, answer.body.id)).status).toBe('succeeded');
    expect((await source.call('GET', '/vms/web1')).body.state).toBe('RUNNING');
    expect((await source.call('GET', '/storage/web1-disk')).status).toBe(200);
    expect((await destination.call('GET', '/vms/web1')).status).toBe(404);
  });

  it('refuses a destination that cannot see the image, naming the image and the path', async () => {
    await runningVm('local1', 'local1-disk', 'default');
    const refused = await source.call('POST', '/vms/local1/migrate', {
      destination: destination.url,
      token: destination.token,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('MIGRATION_STORAGE_UNSHARED');
    expect(refused.body.error.message).toContain("disk image 'local1-disk'");
    expect(refused.body.error.message).toContain(join(source.service.dataDir, 'images'));
    expect(refused.body.error.message).toContain('no storage pool of this host is at that path');
    expect((await source.call('GET', '/vms/local1')).body.state).toBe('RUNNING');
    expect((await destination.call('GET', '/vms/local1')).status).toBe(404);
    // The probe file is gone again.
    expect(readdirSync(join(source.service.dataDir, 'images')).filter((f) => f.startsWith('.'))).toEqual([]);
  });

  it('refuses a directory of the same path that is not the same storage (the probe is not there)', async () => {
    const images = [{ name: 'x', format: 'qcow2', pool_path: shared, backing: null }];
    writeFileSync(join(shared, 'x'), '');
    const incoming = {
      uuid: '00000000-0000-4000-8000-000000000000',
      definition: {
        cpu: { count: 1 },
        memory: { size: '64M' },
        devices: { storage: [{ type: 'virtio-blk', path: 'x' }], network: [] },
        boot: null,
      },
      images,
      probe: { id: '00000000-0000-4000-a000-000000000001', secret: 'a'.repeat(64) },
    };
    const refused = await destination.call('POST', '/vms/ghost/incoming', incoming);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'MIGRATION_STORAGE_UNSHARED' });
    expect(refused.body.error.message).toContain("the source's probe file is not in it");
    // A probe is named by a lowercase UUID, as the source makes it: the schema says so.
    const upper = await destination.call('POST', '/vms/ghost/incoming', {
      ...incoming,
      probe: { ...incoming.probe, id: incoming.probe.id.replace('a', 'A') },
    });
    rmSync(join(shared, 'x'));
    expect(upper.body.error.details).toMatchObject({ field: 'probe.id', location: 'body' });
    expect((await destination.call('GET', '/vms/ghost')).status).toBe(404);
    expect((await destination.call('GET', '/storage/x')).status).toBe(404);
  });

  it('translates what the destination says: a bad token, a host that does not answer, a taken name', async () => {
    await runningVm('web2', 'web2-disk');
    const body = { destination: destination.url, token: destination.token };
    const denied = await source.call('POST', '/vms/web2/migrate', {
      destination: destination.url,
      token: 'hvt_not-a-token',
    });
    expect(denied).toMatchObject({ status: 400, body: { error: { code: 'MIGRATION_DESTINATION_DENIED' } } });
    expect(denied.body.error.message).not.toContain('hvt_not-a-token');

    const closed = await source.call('POST', '/vms/web2/migrate', {
      destination: 'http://127.0.0.1:9',
      token: destination.token,
    });
    expect(closed).toMatchObject({
      status: 503,
      body: { error: { code: 'MIGRATION_DESTINATION_UNREACHABLE' } },
    });

    // Refused by the schema's pattern, before the VM is looked up: what the URL parser would not take
    // or would read otherwise (`0` as 0.0.0.0, `a.1` as an IPv4 address), and what is not the API.
    for (const destinationUrl of [
      'ftp://host',
      'http://user:pw@host:1',
      'http://host:1/other',
      'not a url',
      '0',
      'http://a.1',
      'http://host:0',
      'http://host:1?x',
    ]) {
      const bad = await source.call('POST', '/vms/ghost/migrate', {
        destination: destinationUrl,
        token: 'x',
      });
      expect(bad, destinationUrl).toMatchObject({
        status: 400,
        body: { error: { code: 'VALIDATION_ERROR', details: { field: 'destination' } } },
      });
    }
    for (const bandwidth of ['1 G', '1iB', '٣M']) {
      const bad = await source.call('POST', '/vms/ghost/migrate', { ...body, bandwidth });
      expect(bad.body.error.details, bandwidth).toMatchObject({ field: 'bandwidth', location: 'body' });
    }
    const slow = await source.call('POST', '/vms/web2/migrate', { ...body, bandwidth: '63K' });
    expect(slow.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'bandwidth' } });

    expect((await destination.call('POST', '/vms', { ...VM('web2', 'web2-disk'), devices: {} })).status).toBe(
      201,
    );
    const taken = await source.call('POST', '/vms/web2/migrate', {
      destination: destination.url,
      token: destination.token,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('VM_ALREADY_EXISTS');
    expect(taken.body.error.message).toContain('the migration destination');
    await destination.call('DELETE', '/vms/web2');
    expect((await source.call('GET', '/vms/web2')).body.state).toBe('RUNNING');
  });

  it("sends the destination's token in clear to loopback only, and pins only an https destination", async () => {
    const clear = await source.call('POST', '/vms/ghost/migrate', {
      destination: 'http://10.0.0.2:9400',
      token: 'x',
    });
    expect(clear).toMatchObject({
      status: 400,
      body: { error: { code: 'VALIDATION_ERROR', details: { field: 'destination' } } },
    });
    expect(clear.body.error.message).toContain('--insecure-tcp');
    const pinned = await source.call('POST', '/vms/ghost/migrate', {
      destination: destination.url,
      destination_fingerprint: 'a'.repeat(64),
      token: 'x',
    });
    expect(pinned.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'destination_fingerprint' },
    });
    const malformed = await source.call('POST', '/vms/ghost/migrate', {
      destination: 'https://10.0.0.2:9400',
      destination_fingerprint: 'a'.repeat(63),
      token: 'x',
    });
    expect(malformed.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'destination_fingerprint' },
    });
  });

  it('cancels: the operation ends cancelled, the VM runs on here, nothing is left there', async () => {
    const answer = await source.call('POST', '/vms/web2/migrate', {
      destination: destination.url,
      token: destination.token,
      bandwidth: '1M',
    });
    expect(answer.status).toBe(202);
    await until(
      'the VM INCOMING there',
      async () => (await destination.call('GET', '/vms/web2')).body.state === 'INCOMING',
    );
    expect((await source.call('GET', '/vms/web2')).body.state).toBe('MIGRATING');
    // While it migrates, the VM takes no other action.
    const pause = await source.call('POST', '/vms/web2/pause');
    expect(pause).toMatchObject({ status: 409, body: { error: { code: 'VM_INVALID_STATE' } } });
    expect(pause.body.error.message).toContain('migration');
    const again = await source.call('POST', '/vms/web2/migrate', {
      destination: destination.url,
      token: destination.token,
    });
    expect(again.body.error.code).toBe('VM_INVALID_STATE');
    const stats = await source.call('GET', '/vms/web2/stats');
    expect(stats.status).toBe(200);

    const cancelling = await source.call('POST', '/vms/web2/migrate/cancel');
    expect(cancelling).toMatchObject({ status: 200, body: { id: answer.body.id, status: 'cancelling' } });
    const op = await settled(source, answer.body.id);
    expect(op).toMatchObject({ status: 'cancelled', error: { code: 'OPERATION_CANCELLED' } });
    expect((await source.call('GET', '/vms/web2')).body).toMatchObject({ state: 'RUNNING' });
    await until(
      'the incoming VM gone there',
      async () => (await destination.call('GET', '/vms/web2')).status === 404,
    );
    expect((await destination.call('GET', '/storage/web2-disk')).status).toBe(404);
    expect((await source.call('POST', '/vms/web2/migrate/cancel')).body.error.code).toBe(
      'MIGRATION_NOT_RUNNING',
    );
  });

  it("cancels through the operation's own cancel too", async () => {
    const answer = await source.call('POST', '/vms/web2/migrate', {
      destination: destination.url,
      token: destination.token,
      bandwidth: '1M',
    });
    await source.call('POST', `/operations/${answer.body.id}/cancel`);
    expect((await settled(source, answer.body.id)).status).toBe('cancelled');
    expect((await source.call('GET', '/vms/web2')).body.state).toBe('RUNNING');
    await until(
      'the incoming VM gone there',
      async () => (await destination.call('GET', '/vms/web2')).status === 404,
    );
  });

  it('refuses what cannot migrate: not running, paused, with snapshots; and abort of a VM not incoming', async () => {
    const body = { destination: destination.url, token: destination.token };
    await source.call('POST', '/vms/web2/pause');
    expect((await source.call('POST', '/vms/web2/migrate', body)).body.error).toMatchObject({
      code: 'VM_INVALID_STATE',
      message: expect.stringContaining('resume it first'),
    });
    await source.call('POST', '/vms/web2/stop', { force: true });
    expect((await source.call('POST', '/vms/web2/migrate', body)).body.error.code).toBe('VM_NOT_RUNNING');
    expect((await source.call('POST', '/vms/ghost/migrate', body)).status).toBe(404);
    expect((await source.call('POST', '/vms/ghost/migrate/cancel')).status).toBe(404);

    await source.call('POST', '/vms/web2/snapshots', { name: 's1' });
    await source.call('POST', '/vms/web2/start');
    const refused = await source.call('POST', '/vms/web2/migrate', body);
    expect(refused).toMatchObject({ status: 409, body: { error: { code: 'MIGRATION_UNSUPPORTED' } } });

    expect((await source.call('DELETE', '/vms/web2/incoming')).body.error.code).toBe('VM_INVALID_STATE');
    expect((await source.call('DELETE', '/vms/ghost/incoming')).status).toBe(404);
  });
});
