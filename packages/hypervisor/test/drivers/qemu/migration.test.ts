/**
 * Live migration under QEMU against a scripted QMP peer: the commands the driver sends, in order,
 * with their arguments, and how it reads QEMU's answers (the listening port, progress, completion,
 * failure with QEMU's own words, cancel, and the settling after a restart), and the TLS
 * credentials it hands QEMU: their files while QEMU reads them, and none after.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createQemuMigration, TLS_OBJECT } from '../../../src/drivers/qemu/migration.js';
import type { QmpClient, QmpEvent, QmpMigrationInfo } from '../../../src/drivers/qemu/qmp-client.js';
import type { MigrationProgress, MigrationTls } from '../../../src/drivers/migration-driver.js';

const runDir = mkdtempSync(join(tmpdir(), 'hv-migration-tls-'));
afterAll(() => rmSync(runDir, { recursive: true, force: true }));

/** What the credentials directory held when QEMU was asked to read it. */
interface SeenFiles {
  dir: string;
  dirMode: number;
  files: Record<string, { mode: number; text: string }>;
}

/** A QMP whose `query-migrate` answers come from `answers`, one per call (the last one repeats). */
function scripted(answers: QmpMigrationInfo[]) {
  const sent: { command: string; args?: Record<string, unknown> }[] = [];
  const seen: SeenFiles[] = [];
  const listeners: ((event: QmpEvent) => void)[] = [];
  let next = 0;
  const qmp = {
    execute: async (command: string, options?: { arguments?: Record<string, unknown> }) => {
      sent.push({ command, ...(options?.arguments === undefined ? {} : { args: options.arguments }) });
      if (command === 'object-add') {
        const dir = options!.arguments!.dir as string;
        const files: SeenFiles['files'] = {};
        for (const file of readdirSync(dir)) {
          const path = join(dir, file);
          files[file] = { mode: statSync(path).mode & 0o777, text: readFileSync(path, 'utf8') };
        }
        seen.push({ dir, dirMode: statSync(dir).mode & 0o777, files });
      }
      if (command !== 'query-migrate') return {};
      const answer = answers[Math.min(next, answers.length - 1)]!;
      next += 1;
      return answer;
    },
    onEvent: (listener: (event: QmpEvent) => void) => listeners.push(listener),
  } as unknown as QmpClient;
  const quiet: string[] = [];
  const migration = createQemuMigration({
    quietly: async (vm, action, work) => {
      quiet.push(`${vm} ${action}`);
      return work(qmp);
    },
    runDir: () => runDir,
  });
  const emit = (event: string): void => {
    for (const listener of listeners) listener({ event } as QmpEvent);
  };
  return { migration, sent, quiet, seen, emit };
}

const TLS: MigrationTls = { certPem: 'OWN CERT', keyPem: 'OWN KEY', peerCertPem: 'PEER CERT' };
const PLAIN = { 'tls-creds': '', 'tls-hostname': '' };

const ram = (transferred: number, remaining: number) => ({ transferred, remaining, total: 1000, mbps: 800 });

describe('QEMU live migration', () => {
  it('listens on a port the system picks and answers the URI with it', async () => {
    const { migration, sent } = scripted([
      { 'socket-address': [{ type: 'inet', host: '127.0.0.1', port: '40123' }] },
    ]);
    expect(await migration.listen('web1', '127.0.0.1')).toEqual({ uri: 'tcp:127.0.0.1:40123', port: 40123 });
    expect(sent[0]).toEqual({ command: 'migrate-incoming', args: { uri: 'tcp:127.0.0.1:0' } });
    const v6 = scripted([{ 'socket-address': [{ type: 'inet', host: '::1', port: '5' }] }]);
    expect((await v6.migration.listen('web1', '::1')).uri).toBe('tcp:[::1]:5');
    await expect(scripted([{}]).migration.listen('web1', '127.0.0.1')).rejects.toMatchObject({
      code: 'DRIVER_ERROR',
    });
  });

  it('sets the limits, migrates, reports progress and answers what QEMU measured', async () => {
    const { migration, sent, quiet } = scripted([
      { status: 'setup' },
      { status: 'active', ram: ram(100, 900) },
      { status: 'active', ram: ram(600, 400) },
      { status: 'completed', 'total-time': 420, downtime: 37, 'setup-time': 2, ram: ram(1100, 0) },
    ]);
    const progress: MigrationProgress[] = [];
    const result = await migration.send('web1', {
      uri: 'tcp:dest:40123',
      downtimeLimitMs: 50,
      maxBandwidthBytes: 1 << 20,
      signal: new AbortController().signal,
      onProgress: (p) => progress.push(p),
    });
    expect(sent.slice(0, 3)).toEqual([
      {
        command: 'migrate-set-parameters',
        args: { 'downtime-limit': 50, 'max-bandwidth': 1 << 20, ...PLAIN },
      },
      {
        command: 'migrate-set-capabilities',
        args: { capabilities: [{ capability: 'events', state: true }] },
      },
      { command: 'migrate', args: { uri: 'tcp:dest:40123' } },
    ]);
    expect(progress.map((p) => [p.transferredBytes, p.remainingBytes])).toEqual([
      [100, 900],
      [600, 400],
    ]);
    expect(result).toEqual({
      totalTimeMs: 420,
      downtimeMs: 37,
      setupTimeMs: 2,
      transferredBytes: 1100,
      totalBytes: 1000,
      mbps: 800,
    });
    expect(quiet).toEqual(['web1 migrate']);
  });

  it("defaults to QEMU's downtime limit and no bandwidth cap", async () => {
    const { migration, sent } = scripted([{ status: 'completed', ram: ram(1, 0) }]);
    await migration.send('web1', {
      uri: 'tcp:d:1',
      signal: new AbortController().signal,
      onProgress: () => {},
    });
    expect(sent[0]?.args).toEqual({
      'downtime-limit': 300,
      'max-bandwidth': Number.MAX_SAFE_INTEGER,
      ...PLAIN,
    });
  });

  it("fails with QEMU's own words, and cancels with migrate_cancel", async () => {
    const failed = scripted([{ status: 'failed', 'error-desc': 'Connection refused' }]);
    await expect(
      failed.migration.send('web1', {
        uri: 'tcp:d:1',
        signal: new AbortController().signal,
        onProgress: () => {},
      }),
    ).rejects.toMatchObject({
      code: 'MIGRATION_FAILED',
      message: expect.stringContaining('QEMU reports failed: Connection refused'),
    });

    const cancelled = scripted([{ status: 'active', ram: ram(1, 999) }, { status: 'cancelled' }]);
    const abort = new AbortController();
    abort.abort();
    await expect(
      cancelled.migration.send('web1', { uri: 'tcp:d:1', signal: abort.signal, onProgress: () => {} }),
    ).rejects.toMatchObject({ code: 'MIGRATION_FAILED', message: expect.stringContaining('cancelled') });
    expect(cancelled.sent.map((c) => c.command)).toContain('migrate_cancel');
  });

  it('after a restart, cancels a migration under way and tells one that completed', async () => {
    const running = scripted([{ status: 'active' }, { status: 'cancelled' }]);
    expect(await running.migration.settle('web1')).toBe('cancelled');
    expect(running.sent.map((c) => c.command)).toEqual(['query-migrate', 'migrate_cancel', 'query-migrate']);
    expect(await scripted([{ status: 'completed' }]).migration.settle('web1')).toBe('completed');
    expect(await scripted([{}]).migration.settle('web1')).toBe('none');
  });

  it('listens over TLS: credentials QEMU reads from a private directory, gone before the source connects', async () => {
    const { migration, sent, seen, emit } = scripted([
      { 'socket-address': [{ type: 'inet', host: '10.0.0.2', port: '40123' }] },
    ]);
    expect(await migration.listen('web1', '10.0.0.2', TLS)).toEqual({
      uri: 'tcp:10.0.0.2:40123',
      port: 40123,
    });
    const added = sent.find((c) => c.command === 'object-add')!;
    expect(added.args).toEqual({
      'qom-type': 'tls-creds-x509',
      id: TLS_OBJECT,
      dir: seen[0]!.dir,
      endpoint: 'server',
      'verify-peer': true,
      'sanity-check': false,
    });
    expect(dirname(seen[0]!.dir)).toBe(runDir);
    expect(seen[0]!.dirMode).toBe(0o700);
    expect(seen[0]!.files).toEqual({
      'ca-cert.pem': { mode: 0o600, text: 'PEER CERT' },
      'server-cert.pem': { mode: 0o600, text: 'OWN CERT' },
      'server-key.pem': { mode: 0o600, text: 'OWN KEY' },
    });
    expect(readdirSync(runDir)).toEqual([]);
    // Named for the incoming stream before QEMU listens.
    expect(sent.slice(sent.indexOf(added) + 1).map((c) => c.command)).toEqual([
      'migrate-set-parameters',
      'migrate-incoming',
      'query-migrate',
    ]);
    expect(sent[sent.indexOf(added) + 1]!.args).toEqual({ 'tls-creds': TLS_OBJECT });
    // Once the guest runs there, the host's key leaves the guest's QEMU.
    sent.length = 0;
    emit('RESUME');
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual([
      { command: 'migrate-set-parameters', args: PLAIN },
      { command: 'object-del', args: { id: TLS_OBJECT } },
    ]);
    emit('RESUME');
    expect(sent).toHaveLength(2);
  });

  it('sends over TLS to the host the destination is named by, and drops the credentials after, failed or not', async () => {
    for (const status of ['completed', 'failed']) {
      const { migration, sent, seen } = scripted([{ status, 'total-time': 1, ram: ram(1, 0) }]);
      const sending = migration.send('web1', {
        uri: 'tcp:10.0.0.2:1',
        tls: { ...TLS, hostname: '10.0.0.2' },
        signal: new AbortController().signal,
        onProgress: () => {},
      });
      if (status === 'completed') await sending;
      else await expect(sending).rejects.toMatchObject({ code: 'MIGRATION_FAILED' });
      expect(seen[0]!.files).toEqual({
        'ca-cert.pem': { mode: 0o600, text: 'PEER CERT' },
        'client-cert.pem': { mode: 0o600, text: 'OWN CERT' },
        'client-key.pem': { mode: 0o600, text: 'OWN KEY' },
      });
      expect(sent.find((c) => c.command === 'object-add')?.args).toMatchObject({
        endpoint: 'client',
        'verify-peer': true,
      });
      expect(sent.find((c) => c.args?.['downtime-limit'] !== undefined)?.args).toMatchObject({
        'tls-creds': TLS_OBJECT,
        'tls-hostname': '10.0.0.2',
      });
      expect(sent.slice(-2)).toEqual([
        { command: 'migrate-set-parameters', args: PLAIN },
        { command: 'object-del', args: { id: TLS_OBJECT } },
      ]);
      expect(readdirSync(runDir)).toEqual([]);
    }
  });
});
