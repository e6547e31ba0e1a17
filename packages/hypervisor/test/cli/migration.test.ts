/**
 * `hvctl vm clone|migrate|migrate-cancel`, the compiled binary against `hvctl serve --driver
 * simulated` processes: the refusals a person meets, and a whole migration from one process to the
 * other (the simulated stream is real TCP between them), with its progress; the whole migration
 * through `hvctl` runs against QEMU in test/integration/qemu-migration.test.ts.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationSummary } from '../../src/cli/migration.js';
import { hvctlJson, runHvctl, SLOW, startCliService, type CliService } from '../support/cli.js';
import { createToken, socketRequest } from '../support/socket-client.js';
import { until } from '../support/until.js';

const qemuImg = requireTools(['qemu-img']);

describe('migrationSummary', () => {
  it('says where the VM went, how long it took and what moved', () => {
    expect(
      migrationSummary('web1', {
        destination: 'http://b:9400/api/v1',
        total_time_ms: 1234,
        downtime_ms: 41,
        transferred: '63.5M',
      }),
    ).toBe("VM 'web1' migrated to http://b:9400/api/v1 in 1.2 s (downtime 41 ms, 63.5M transferred)");
  });
});

describe.skipIf(qemuImg.skip)('hvctl vm clone, migrate, migrate-cancel', SLOW, () => {
  let source: CliService;
  let destination: CliService;
  let tokenFile: string;

  beforeAll(async () => {
    [source, destination] = await Promise.all([
      startCliService({ prefix: 'hvctl-src-' }),
      startCliService({ prefix: 'hvctl-dst-' }),
    ]);
    tokenFile = join(source.dir, 'destination.token');
    writeFileSync(tokenFile, `${await createToken(destination.socket, ['vm:write'])}\n`, { mode: 0o600 });
    const hvctl = (args: string[]) => runHvctl(source.socket, args);
    expect(hvctl(['disk', 'create', 'root', '--size', '8M']).status).toBe(0);
    expect(
      hvctl([
        'vm',
        'create',
        'web1',
        '--cpus',
        '1',
        '--memory',
        '64M',
        '--disk',
        'root',
        '--kernel',
        'vmlinuz',
      ]).status,
    ).toBe(0);
  });
  afterAll(async () => {
    await source?.stop();
    await destination?.stop();
  });

  it('clones, a full copy or linked, and prints the new disks', () => {
    const full = runHvctl(source.socket, ['vm', 'clone', 'web1', 'copy']);
    expect(full).toMatchObject({ status: 0, stderr: '' });
    expect(full.stdout).toBe("VM 'copy' created from 'web1' (full copy); disks copy-0\n");
    const linked = hvctlJson(source.socket, ['vm', 'clone', 'web1', 'thin', '--linked']);
    expect(linked).toMatchObject({
      name: 'thin',
      state: 'CREATED',
      devices: { storage: [{ path: 'thin-0' }] },
    });
    const { images } = hvctlJson<{ images: { name: string; backing: string | null }[] }>(source.socket, [
      'disk',
      'list',
    ]);
    expect(images.find((i) => i.name === 'thin-0')).toMatchObject({ backing: 'root' });
    const taken = runHvctl(source.socket, ['vm', 'clone', 'web1', 'copy']);
    expect(taken.status).toBe(2);
    expect(taken.stderr).toBe("hvctl: VM_ALREADY_EXISTS: a VM named 'copy' already exists\n");
  });

  it('reads the token from a file and shows what the destination refused', () => {
    expect(runHvctl(source.socket, ['vm', 'start', 'thin']).status).toBe(0);
    const refused = runHvctl(source.socket, [
      'vm',
      'migrate',
      'thin',
      '--to',
      destination.process.url.replace('/api/v1', ''),
      '--token-file',
      tokenFile,
    ]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(
      /^hvctl: MIGRATION_STORAGE_UNSHARED: the migration destination .* refused: the destination cannot use disk image 'thin-0' at .*images: no storage pool of this host is at that path/,
    );
    expect(refused.stderr).not.toContain(readFileSync(tokenFile, 'utf8').trim());
    expect(hvctlJson(source.socket, ['vm', 'get', 'thin'])).toMatchObject({ state: 'RUNNING' });
  });

  it('refuses a missing or empty token file, and a host that does not answer', () => {
    const missing = runHvctl(source.socket, [
      'vm',
      'migrate',
      'thin',
      '--to',
      'http://127.0.0.1:9',
      '--token-file',
      '/nonexistent',
    ]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/^hvctl: BAD_INPUT: cannot use '\/nonexistent'/);
    const empty = runHvctl(
      source.socket,
      ['vm', 'migrate', 'thin', '--to', 'http://127.0.0.1:9', '--token-file', '-'],
      { input: '' },
    );
    expect(empty.stderr).toBe('hvctl: BAD_INPUT: cannot use standard input: it is empty\n');
    const closed = runHvctl(
      source.socket,
      ['vm', 'migrate', 'thin', '--to', 'http://127.0.0.1:9', '--token-file', '-', '--bandwidth', '10M'],
      { input: 'hvt_x\n' },
    );
    expect(closed.status).toBe(2);
    expect(closed.stderr).toMatch(
      /^hvctl: MIGRATION_DESTINATION_UNREACHABLE: cannot reach the migration destination http:\/\/127.0.0.1:9\/api\/v1: /,
    );
  });

  it('moves a running VM to the other process, its operation reporting progress as it goes', async () => {
    // Both hosts see the VM's disk at the same path, as shared storage.
    const shared = mkdtempSync(join(tmpdir(), 'hvctl-shared-'));
    try {
      for (const host of [source, destination]) {
        const pool = await socketRequest(host.socket, 'POST', '/api/v1/storage/pools', {
          name: 'shared',
          path: shared,
        });
        expect(pool.status).toBe(201);
      }
      const hvctl = (args: string[]) => runHvctl(source.socket, args);
      expect(hvctl(['disk', 'create', 'moving-0', '--size', '8M', '--pool', 'shared']).status).toBe(0);
      expect(
        hvctl([
          'vm',
          'create',
          'moving',
          '--cpus',
          '1',
          '--memory',
          '64M',
          '--disk',
          'moving-0',
          '--kernel',
          'vmlinuz',
        ]).status,
      ).toBe(0);
      expect(hvctl(['vm', 'start', 'moving']).status).toBe(0);
      const token = readFileSync(tokenFile, 'utf8').trim();
      // 64M at 32M/s: two seconds of progress to watch.
      const started = await socketRequest(source.socket, 'POST', '/api/v1/vms/moving/migrate', {
        destination: destination.process.url,
        token,
        bandwidth: '32M',
      });
      expect(started.status).toBe(202);
      const progress: number[] = [];
      const op = await until(
        'the migration to end',
        async () => {
          const { body } = await socketRequest(source.socket, 'GET', `/api/v1/operations/${started.body.id}`);
          progress.push(body.progress);
          return body.status === 'running' ? undefined : body;
        },
        { timeoutMs: 30_000, intervalMs: 100 },
      );
      expect(op).toMatchObject({ status: 'succeeded', progress: 100, result: { transferred: '64M' } });
      const during = progress.filter((p) => p > 0 && p < 100);
      expect(during.length).toBeGreaterThan(2);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      expect(hvctlJson(destination.socket, ['vm', 'get', 'moving'])).toMatchObject({ state: 'RUNNING' });
      expect(runHvctl(source.socket, ['vm', 'get', 'moving']).stderr).toMatch(/VM_NOT_FOUND/);
    } finally {
      rmSync(shared, { recursive: true, force: true });
    }
  });

  it('migrate-cancel says when no migration runs', () => {
    const none = runHvctl(source.socket, ['vm', 'migrate-cancel', 'thin']);
    expect(none.status).toBe(2);
    expect(none.stderr).toBe("hvctl: MIGRATION_NOT_RUNNING: no live migration of VM 'thin' is under way\n");
  });
});
