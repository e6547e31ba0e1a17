/**
 * Live migration under QEMU, over QMP, the way libvirt drives a pre-copy migration.
 *
 * Destination: QEMU runs with `-incoming defer` (command-line.ts); `migrate-incoming` with port 0
 * makes it listen on a port the system picks, which `query-migrate` then tells (`socket-address`).
 * Once the whole state is in, QEMU starts the guest itself: a RESUME the driver did not ask for,
 * reported as `resumed`. A migration that fails makes the destination's QEMU exit.
 *
 * Source: `migrate-set-parameters` (`downtime-limit`, `max-bandwidth`), the `events` capability,
 * `migrate` to the URI, then `query-migrate` every MIGRATION_POLL_MS for the progress, and at once
 * when QEMU announces a change of status (a MIGRATION event), until `completed`, `failed` or
 * `cancelled`: the end is seen when it comes, not at the next poll. A cancel is `migrate_cancel`;
 * QEMU then lets the guest run on. QEMU stops and restarts the guest on its own during a
 * migration, so its STOP and RESUME are taken as the driver's own meanwhile.
 *
 * TLS (SendOptions.tls, listen's tls): a `tls-creds-x509` object added over QMP (no restart) and
 * named in `migrate-set-parameters` (`tls-creds`; on the source also `tls-hostname`), on the
 * destination before `migrate-incoming`. Its files are written in a directory of their own under
 * the VM's run directory (0700, files 0600) and removed as soon as QEMU has read them, which it
 * does once, when it makes the object. Each side's `ca-cert.pem` is the one certificate the other
 * side must present, and both verify the peer (`verify-peer`): an exact pin, so QEMU's
 * `sanity-check` of the files as a certificate authority's is off; the handshake's own checks
 * (signature, validity, the host name on the source's side) stay. The destination drops the
 * object once its guest runs, so the host's key does not stay in the guest's QEMU.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { HvErrors } from '../../errors.js';
import {
  tcpUri,
  type MigrationDriver,
  type MigrationTls,
  type MigrationOutcome,
  type MigrationResult,
  type SendOptions,
} from '../migration-driver.js';
import type { QmpClient, QmpMigrationInfo } from './qmp-client.js';

/** How often the source asks QEMU how far it is. */
export const MIGRATION_POLL_MS = 100;
/** QEMU's own default `downtime-limit`. */
export const DEFAULT_DOWNTIME_LIMIT_MS = 300;
/**
 * `max-bandwidth` when the caller sets none: no limit, as libvirt sets it (QEMU's default would
 * cap the stream at 128 MiB/s).
 */
export const UNLIMITED_BANDWIDTH = Number.MAX_SAFE_INTEGER;
/** Statuses in which QEMU still moves the guest. */
const UNDER_WAY = new Set([
  'setup',
  'active',
  'pre-switchover',
  'device',
  'wait-unplug',
  'cancelling',
  'postcopy-active',
  'postcopy-paused',
  'postcopy-recover',
]);

/** The id of the TLS credentials object a migration adds to QEMU. */
export const TLS_OBJECT = 'migration-tls';

export interface QemuMigrationHooks {
  /** Runs `work` on the VM's QMP with the STOP and RESUME QEMU sends meanwhile as the driver's own. */
  quietly<T>(vm: string, action: string, work: (qmp: QmpClient) => Promise<T>): Promise<T>;
  /** The VM's run directory (0700): the TLS files are written under it. */
  runDir(vm: string): string;
}

/** The files QEMU reads for each endpoint (`dir` of `tls-creds-x509`). */
export function credentialFiles(endpoint: 'server' | 'client', tls: MigrationTls): Record<string, string> {
  return {
    'ca-cert.pem': tls.peerCertPem,
    [`${endpoint}-cert.pem`]: tls.certPem,
    [`${endpoint}-key.pem`]: tls.keyPem,
  };
}

/**
 * Adds the TLS credentials object to the VM's QEMU (one a former migration left goes first); the
 * files exist only while QEMU reads them.
 */
export async function addCredentials(
  qmp: QmpClient,
  runDir: string,
  endpoint: 'server' | 'client',
  tls: MigrationTls,
): Promise<void> {
  await dropCredentials(qmp);
  const dir = await mkdtemp(join(runDir, 'migration-tls-'));
  try {
    for (const [file, text] of Object.entries(credentialFiles(endpoint, tls))) {
      await writeFile(join(dir, file), text, { mode: 0o600, flag: 'wx' });
    }
    await qmp.execute('object-add', {
      arguments: {
        'qom-type': 'tls-creds-x509',
        id: TLS_OBJECT,
        dir,
        endpoint,
        'verify-peer': true,
        'sanity-check': false,
      },
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** No TLS for the next migration, and the credentials (the key QEMU holds) gone; none there is fine. */
async function dropCredentials(qmp: QmpClient): Promise<void> {
  await qmp.execute('migrate-set-parameters', { arguments: { 'tls-creds': '', 'tls-hostname': '' } });
  await qmp.execute('object-del', { arguments: { id: TLS_OBJECT } }).catch(() => undefined);
}

function resultOf(info: QmpMigrationInfo): MigrationResult {
  return {
    totalTimeMs: info['total-time'] ?? 0,
    downtimeMs: info.downtime ?? 0,
    setupTimeMs: info['setup-time'] ?? 0,
    transferredBytes: info.ram?.transferred ?? 0,
    totalBytes: info.ram?.total ?? 0,
    mbps: info.ram?.mbps ?? 0,
  };
}

/** The waits of `finished` on each QMP connection, woken by its MIGRATION events. */
const waiting = new WeakMap<QmpClient, Set<() => void>>();

/** Waits MIGRATION_POLL_MS, or less when QEMU announces a change of the migration's status. */
async function pause(qmp: QmpClient): Promise<void> {
  let wakers = waiting.get(qmp);
  if (wakers === undefined) {
    const set = new Set<() => void>();
    wakers = set;
    waiting.set(qmp, set);
    qmp.onEvent((event) => {
      if (event.event === 'MIGRATION') for (const wake of [...set]) wake();
    });
  }
  let wake!: () => void;
  const woken = new Promise<void>((resolve) => (wake = resolve));
  wakers.add(wake);
  const timer = setTimeout(wake, MIGRATION_POLL_MS);
  try {
    await woken;
  } finally {
    clearTimeout(timer);
    wakers.delete(wake);
  }
}

/** Polls `query-migrate` until QEMU no longer moves the guest; returns its last answer. */
async function finished(qmp: QmpClient, onInfo: (info: QmpMigrationInfo) => void): Promise<QmpMigrationInfo> {
  for (;;) {
    const info = await qmp.execute('query-migrate');
    if (!UNDER_WAY.has(info.status ?? '')) return info;
    onInfo(info);
    await pause(qmp);
  }
}

export function createQemuMigration(hooks: QemuMigrationHooks): MigrationDriver {
  const listen = (vm: string, host: string, tls?: MigrationTls): Promise<{ uri: string; port: number }> =>
    hooks.quietly(vm, 'listen', async (qmp) => {
      if (tls !== undefined) {
        await addCredentials(qmp, hooks.runDir(vm), 'server', tls);
        await qmp.execute('migrate-set-parameters', { arguments: { 'tls-creds': TLS_OBJECT } });
        // QEMU starts the guest once the whole state is in: the credentials have served.
        let dropped = false;
        qmp.onEvent((event) => {
          if (event.event !== 'RESUME' || dropped) return;
          dropped = true;
          dropCredentials(qmp).catch(() => undefined);
        });
      }
      await qmp.execute('migrate-incoming', { arguments: { uri: tcpUri(host, 0) } });
      const address = (await qmp.execute('query-migrate'))['socket-address']?.find(
        (a) => a.type === 'inet' && a.port !== undefined,
      );
      const port = Number(address?.port);
      if (!Number.isInteger(port) || port <= 0) {
        throw HvErrors.driverFailed({
          vm,
          action: 'listen',
          reason: 'QEMU did not tell the port it listens on for the migration (query-migrate)',
        });
      }
      return { uri: tcpUri(host, port), port };
    });

  const send = (vm: string, options: SendOptions): Promise<MigrationResult> =>
    hooks.quietly(vm, 'migrate', async (qmp) => {
      const { tls } = options;
      if (tls !== undefined) await addCredentials(qmp, hooks.runDir(vm), 'client', tls);
      try {
        return await migrate(vm, qmp, options);
      } finally {
        if (tls !== undefined) await dropCredentials(qmp).catch(() => undefined);
      }
    });

  async function migrate(vm: string, qmp: QmpClient, options: SendOptions): Promise<MigrationResult> {
    await qmp.execute('migrate-set-parameters', {
      arguments: {
        'downtime-limit': options.downtimeLimitMs ?? DEFAULT_DOWNTIME_LIMIT_MS,
        'max-bandwidth': options.maxBandwidthBytes ?? UNLIMITED_BANDWIDTH,
        // Set either way: a QEMU that came in over TLS may still name its server credentials.
        'tls-creds': options.tls === undefined ? '' : TLS_OBJECT,
        'tls-hostname': options.tls?.hostname ?? '',
      },
    });
    await qmp.execute('migrate-set-capabilities', {
      arguments: { capabilities: [{ capability: 'events', state: true }] },
    });
    await qmp.execute('migrate', { arguments: { uri: options.uri } });
    const cancel = (): void => void qmp.execute('migrate_cancel').catch(() => undefined);
    options.signal.addEventListener('abort', cancel, { once: true });
    if (options.signal.aborted) cancel();
    let info: QmpMigrationInfo;
    try {
      info = await finished(qmp, (now) => {
        if (now.ram !== undefined) {
          options.onProgress({
            status: now.status ?? 'active',
            transferredBytes: now.ram.transferred,
            remainingBytes: now.ram.remaining,
            totalBytes: now.ram.total,
          });
        }
      });
    } finally {
      options.signal.removeEventListener('abort', cancel);
    }
    // QEMU announces `completed` a moment before it has worked out the times: read them once set.
    for (
      let tries = 0;
      info.status === 'completed' && !(info['total-time']! > 0) && tries < 100;
      tries += 1
    ) {
      await sleep(2);
      info = await qmp.execute('query-migrate');
    }
    if (info.status === 'completed') return resultOf(info);
    const reason =
      info.status === 'cancelled'
        ? 'cancelled'
        : `QEMU reports ${info.status ?? 'no status'}${info['error-desc'] === undefined ? '' : `: ${info['error-desc']}`}`;
    throw HvErrors.migrationFailed({ vm, reason }, { details: { qemuStatus: info.status } });
  }

  const settle = (vm: string): Promise<MigrationOutcome> =>
    hooks.quietly(vm, 'settle', async (qmp) => {
      const first = await qmp.execute('query-migrate');
      if (first.status === 'completed') return 'completed';
      if (!UNDER_WAY.has(first.status ?? '')) return 'none';
      await qmp.execute('migrate_cancel');
      return (await finished(qmp, () => undefined)).status === 'completed' ? 'completed' : 'cancelled';
    });

  return { listen, send, settle };
}
