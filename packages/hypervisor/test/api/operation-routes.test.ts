/**
 * Who may follow and cancel an operation, over real TCP with real tokens: every scope × each kind
 * of operation (a disk check by real qemu-img, a live migration between two services, a full
 * clone, a snapshot with memory taken and restored and a stop under the simulated driver, an
 * SLH-DSA key generation and a self-test in the PQC pool) × read and cancel. The rule:
 * `operations:*`, or the read (write) scope of the operation's resource.
 */
import { randomFillSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../../src/api/scopes.js';
import { startTestService, type TestService } from '../support/in-process.js';
import { createToken } from '../support/socket-client.js';
import { until } from '../support/until.js';
import { requestJson } from '../support/http.js';

const tools = requireTools(['qemu-img']);

interface Host {
  service: TestService;
  url: string;
  admin: string;
}

let shared: string;
let source: Host;
let destination: Host;
const tokens = new Map<string, string>();
/** One ended operation of each kind, with the scope resource that reads it. */
const ended: Record<string, { id: string; scope: 'storage' | 'vm' | 'pqc' }> = {};

async function host(): Promise<Host> {
  const service = await startTestService();
  mkdirSync(join(service.dataDir, 'boot'), { recursive: true });
  writeFileSync(join(service.dataDir, 'boot', 'vmlinuz'), 'kernel');
  const url = await service.app.listen({ host: '127.0.0.1', port: 0 });
  return { service, url, admin: await createToken(join(service.runDir, 'api.sock'), ['admin']) };
}

const call = (method: string, path: string, bearer?: string, body?: unknown, on = source) =>
  requestJson(`${on.url}/api/v1${path}`, method, bearer, body);

async function settled(id: string, bearer = source.admin): Promise<any> {
  return until(
    `operation ${id} to end`,
    async () => {
      const op = (await call('GET', `/operations/${id}`, bearer)).body;
      return ['succeeded', 'failed', 'cancelled'].includes(op.status) ? op : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 50 },
  );
}

/** Scopes that grant `required`: itself, write for a read, and admin (the kit's rule). */
function grants(scope: string, required: string): boolean {
  if (scope === 'admin' || scope === required) return true;
  const [resource, access] = required.split(':');
  return access === 'read' && scope === `${resource}:write`;
}

/** The scopes that reach some operation with `access`: the routes' own check. */
const reaching = (access: 'read' | 'write') =>
  ['operations', 'storage', 'vm', 'pqc'].map((resource) => `${resource}:${access}`);

/** What `scope` gets for `access` to an operation on `resource`: allowed, or the scope the 403 names. */
function expected(scope: string, resource: string, access: 'read' | 'write') {
  if (grants(scope, `${resource}:${access}`) || grants(scope, `operations:${access}`)) return 'allowed';
  // A caller who may reach no operation this way learns nothing about this one.
  return reaching(access).some((any) => grants(scope, any))
    ? `${resource}:${access}`
    : `operations:${access}`;
}

const DISK_D1 = { storage: [{ type: 'virtio-blk', path: 'd1', format: 'qcow2' }] };

const VM = {
  name: 'web1',
  cpu: { count: 1 },
  memory: { size: '64M' },
  devices: { storage: [{ type: 'virtio-blk', path: 'web1-disk', format: 'qcow2' }] },
  boot: { kernel: 'vmlinuz' },
};

describe.skipIf(tools.skip)('access to one operation', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    shared = mkdtempSync(join(tmpdir(), 'hv-ops-shared-'));
    source = await host();
    destination = await host();
    for (const h of [source, destination]) {
      expect(
        (await call('POST', '/storage/pools', h.admin, { name: 'shared', path: shared }, h)).status,
      ).toBe(201);
    }
    const socket = join(source.service.runDir, 'api.sock');
    for (const scope of SCOPES) tokens.set(scope, await createToken(socket, [scope]));

    expect((await call('POST', '/storage', source.admin, { name: 'd1', size: '16M' })).status).toBe(201);
    ended['disk.check'] = {
      id: (await call('POST', '/storage/d1/check', source.admin, {})).body.id,
      scope: 'storage',
    };

    expect(
      (await call('POST', '/storage', source.admin, { name: 'web1-disk', size: '16M', pool: 'shared' }))
        .status,
    ).toBe(201);
    expect((await call('POST', '/vms', source.admin, VM)).status).toBe(201);
    expect((await call('POST', '/vms/web1/start', source.admin)).status).toBe(200);
    const migrated = await call('POST', '/vms/web1/migrate', source.admin, {
      destination: destination.url,
      token: destination.admin,
    });
    expect(migrated.status).toBe(202);
    ended['vm.migrate'] = { id: migrated.body.id, scope: 'vm' };

    const key = { name: 'slh1', algorithm: 'SLH-DSA-SHA2-128f', purpose: 'signing' };
    const generated = await call('POST', '/pqc/keys', source.admin, key);
    expect(generated.status).toBe(202);
    ended['pqc.key_create'] = { id: generated.body.id, scope: 'pqc' };
    const selfTest = await call('POST', '/pqc/self-test', source.admin, { algorithms: ['ML-KEM-512'] });
    expect(selfTest.status).toBe(202);
    ended['pqc.self_test'] = { id: selfTest.body.id, scope: 'pqc' };

    for (const { id } of Object.values(ended)) expect((await settled(id)).status).toBe('succeeded');

    // The VM operations, on a VM of d1 (the check has let go of it).
    expect((await call('POST', '/vms', source.admin, { ...VM, name: 'web3', devices: DISK_D1 })).status).toBe(
      201,
    );
    const cloned = await call('POST', '/vms/web3/clone', source.admin, { name: 'web3c' });
    expect(cloned.status).toBe(202);
    ended['vm.clone'] = { id: cloned.body.id, scope: 'vm' };
    expect((await settled(cloned.body.id)).status).toBe('succeeded');
    expect((await call('POST', '/vms/web3/start', source.admin)).status).toBe(200);
    const snapshot = await call('POST', '/vms/web3/snapshots', source.admin, {
      name: 'm',
      include_memory: true,
    });
    expect(snapshot.status).toBe(202);
    ended['vm.snapshot_create'] = { id: snapshot.body.id, scope: 'vm' };
    expect((await settled(snapshot.body.id)).status).toBe('succeeded');
    const restore = await call('POST', '/vms/web3/snapshots/m/restore', source.admin);
    expect(restore.status).toBe(202);
    ended['vm.snapshot_restore'] = { id: restore.body.id, scope: 'vm' };
    expect((await settled(restore.body.id)).status).toBe('succeeded');
    const stop = await call('POST', '/vms/web3/stop', source.admin);
    expect(stop.status).toBe(202);
    ended['vm.stop'] = { id: stop.body.id, scope: 'vm' };
    expect((await settled(stop.body.id)).status).toBe('succeeded');
  });

  afterAll(async () => {
    await source?.service.close();
    await destination?.service.close();
    rmSync(shared, { recursive: true, force: true });
  });

  it('is 401 without a token or with a bad one', async () => {
    for (const bearer of [undefined, 'hvt_not-a-real-token']) {
      const { id } = ended['disk.check']!;
      expect((await call('GET', `/operations/${id}`, bearer)).status).toBe(401);
      expect((await call('POST', `/operations/${id}/cancel`, bearer)).status).toBe(401);
    }
  });

  const KINDS = [
    'disk.check',
    'vm.migrate',
    'vm.clone',
    'vm.snapshot_create',
    'vm.snapshot_restore',
    'vm.stop',
    'pqc.key_create',
    'pqc.self_test',
  ];

  it.each(KINDS)(
    'reads a %s operation with operations:read or its resource scope, and refuses the others',
    async (kind) => {
      const { id, scope: resource } = ended[kind]!;
      for (const scope of SCOPES) {
        const answer = await call('GET', `/operations/${id}`, tokens.get(scope));
        const rule = expected(scope, resource, 'read');
        if (rule === 'allowed') {
          expect(answer.status, scope).toBe(200);
          expect(answer.body.id).toBe(id);
        } else {
          expect(answer.status, scope).toBe(403);
          expect(answer.body.error, scope).toMatchObject({
            code: 'FORBIDDEN',
            details: { required_scope: rule },
          });
        }
      }
    },
  );

  it.each(KINDS)(
    'cancels a %s operation with operations:write or its resource write scope, and refuses the others',
    async (kind) => {
      const { id, scope: resource } = ended[kind]!;
      for (const scope of SCOPES) {
        const answer = await call('POST', `/operations/${id}/cancel`, tokens.get(scope));
        const rule = expected(scope, resource, 'write');
        if (rule === 'allowed') {
          // Allowed, and told that it has ended already.
          expect(answer.status, scope).toBe(409);
          expect(answer.body.error.code, scope).toBe('OPERATION_NOT_RUNNING');
        } else {
          expect(answer.status, scope).toBe(403);
          expect(answer.body.error, scope).toMatchObject({
            code: 'FORBIDDEN',
            details: { required_scope: rule },
          });
        }
      }
    },
  );

  it('tells an unknown id apart only to a caller who may read some operation', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call('GET', `/operations/${unknown}`, tokens.get('storage:read'))).body.error.code).toBe(
      'OPERATION_NOT_FOUND',
    );
    const refused = await call('GET', `/operations/${unknown}`, tokens.get('system:read'));
    expect(refused.status).toBe(403);
    expect(refused.body.error.details).toEqual({
      required_scope: 'operations:read',
      accepted_scopes: ['operations:read', 'storage:read', 'vm:read', 'pqc:read'],
    });
  });

  it('lets a storage:write token follow and cancel the convert it started', async () => {
    const writer = tokens.get('storage:write')!;
    expect(
      (await call('POST', '/storage', writer, { name: 'noise', size: '128M', format: 'raw' })).status,
    ).toBe(201);
    const noise = Buffer.alloc(128 * 1024 ** 2);
    randomFillSync(noise);
    writeFileSync(join(source.service.dataDir, 'images', 'noise'), noise);
    // Compressing random data takes seconds: the operation is still running when cancelled.
    const started = await call('POST', '/storage/noise/convert', writer, {
      format: 'qcow2',
      target: 'noise-z',
      compress: true,
    });
    expect(started.status).toBe(202);
    const followed = await call('GET', started.headers.get('location')!.replace('/api/v1', ''), writer);
    expect(followed.status).toBe(200);
    expect(followed.body).toMatchObject({ id: started.body.id, kind: 'disk.convert' });
    expect((await call('POST', `/operations/${started.body.id}/cancel`, tokens.get('vm:write'))).status).toBe(
      403,
    );
    const cancelling = await call('POST', `/operations/${started.body.id}/cancel`, writer);
    expect(cancelling.status).toBe(200);
    expect(await settled(started.body.id, writer)).toMatchObject({ status: 'cancelled' });
  });

  it('lets a vm:write token cancel a running migration; vm:read may only watch it', async () => {
    const migrate = await call(
      'POST',
      '/vms/web1/migrate',
      destination.admin,
      // 64M at 64K/s: minutes, unless cancelled.
      { destination: source.url, token: source.admin, bandwidth: '64K' },
      destination,
    );
    expect(migrate.status).toBe(202);
    const id = migrate.body.id;
    const vmReader = await createToken(join(destination.service.runDir, 'api.sock'), ['vm:read']);
    const vmWriter = await createToken(join(destination.service.runDir, 'api.sock'), ['vm:write']);
    const watched = await call('GET', `/operations/${id}`, vmReader, undefined, destination);
    expect(watched.body).toMatchObject({ kind: 'vm.migrate', status: 'running' });
    const refused = await call('POST', `/operations/${id}/cancel`, vmReader, undefined, destination);
    // vm:read cancels nothing: refused before the operation is looked up, told which scopes would do.
    expect(refused.status).toBe(403);
    expect(refused.body.error.details.accepted_scopes).toContain('vm:write');
    expect((await call('POST', `/operations/${id}/cancel`, vmWriter, undefined, destination)).status).toBe(
      200,
    );
    const op = await until(
      'the migration to end',
      async () => {
        const body = (await call('GET', `/operations/${id}`, vmReader, undefined, destination)).body;
        return body.status === 'cancelled' ? body : undefined;
      },
      { timeoutMs: 30_000 },
    );
    expect(op.error.code).toBe('OPERATION_CANCELLED');
    expect((await call('GET', '/vms/web1', destination.admin, undefined, destination)).body.state).toBe(
      'RUNNING',
    );
  });
});
