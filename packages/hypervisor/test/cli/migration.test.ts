/**
 * `hvctl vm clone|migrate|migrate-cancel`, the compiled binary against `hvctl serve --driver
 * simulated` processes. The simulated driver migrates only within one process, so these cover the
 * refusals a person meets; the whole migration through `hvctl` runs against QEMU in
 * test/integration/qemu-migration.test.ts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationSummary } from '../../src/cli/migration.js';
import { hvctlJson, runHvctl, SLOW, startCliService, type CliService } from '../support/cli.js';
import { createToken } from '../support/socket-client.js';

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

  it('migrate-cancel says when no migration runs', () => {
    const none = runHvctl(source.socket, ['vm', 'migrate-cancel', 'thin']);
    expect(none.status).toBe(2);
    expect(none.stderr).toBe("hvctl: MIGRATION_NOT_RUNNING: no live migration of VM 'thin' is under way\n");
  });
});
