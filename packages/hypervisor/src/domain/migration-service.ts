/**
 * Live migration between two hosts running this service, over their REST APIs and QEMU's own
 * migration stream, with the disk images on storage both hosts share.
 *
 * Control flow, source side (`migrate`), under the VM's lock: the state table (RUNNING only), a
 * probe file with a random secret in each pool the VM's images are in, then the destination's
 * `POST /vms/{name}/incoming` with the definition, the uuid, the images (and their backing chains)
 * with their pool paths and the probe. The destination checks that it has a pool at each path and
 * reads the same probe there (the same storage, not two directories of one name), registers the
 * images and the VM (INCOMING) and starts QEMU listening; it answers with the port. The source
 * records MIGRATING and answers 202 with a `vm.migrate` operation, whose work runs unlocked:
 * QEMU's migration with progress (`migration.progress` events, percent never going back) until
 * QEMU reports it completed. The destination's QEMU then starts the guest by itself and the
 * destination records RUNNING from that event on its own QEMU, not from a call of the source, so
 * a source that dies after the switch-over cannot keep the guest from running. The source waits
 * until the destination shows the VM RUNNING, then stops its QEMU, removes the VM and forgets the
 * images no other VM or image of this host needs (the files stay: they are the destination's now),
 * event `vm.migrated`.
 *
 * Failure and cancel: before completion, QEMU lets the guest run on here (the VM goes back to
 * RUNNING) and the destination's incoming VM is torn down (its QEMU exits when the stream breaks;
 * the source also calls `DELETE /vms/{name}/incoming`). After completion, the source's QEMU holds
 * the stopped guest: when the destination has no such VM the guest is resumed here; when the
 * destination cannot be asked, the VM stays PAUSED here, as libvirt leaves it, for a person to
 * check where the guest runs, since two copies running on one disk would destroy it.
 *
 * The destination's token is used for these calls only (drivers/peer-host.ts): never stored, never
 * logged, not in the operation's record.
 *
 * The stream is TLS whenever the destination is beyond loopback (`streamTls`): the destination's
 * QEMU presents this host's TLS identity, which the source's QEMU trusts as the pinned call to the
 * destination's API saw it, and takes the stream only from the holder of a certificate the source
 * made for this migration and sent in the incoming request. Both sides must agree: the request
 * says which, and a destination with a TLS identity refuses a plain stream from a source beyond
 * loopback unless it runs with --insecure-tcp (`incomingTls`).
 */
import { randomBytes, randomUUID, X509Certificate } from 'node:crypto';
import { lstatSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '@lab/server-kit';
import { AppError } from '@lab/server-kit/errors';
import { Nullable } from '@lab/server-kit';
import { Type, type Static } from 'typebox';
import { HvErrors, invalidField } from '../errors.js';
import type { AuditContext } from '../store/audit.js';
import type { DiskRecord, DiskRepository } from '../store/disks.js';
import type { Transaction, UnitOfWork } from '../store/unit-of-work.js';
import { newVmRecord, type VmRecord, type VmRepository } from '../store/vms.js';
import { MAX_CERTIFICATE_PEM, makeMigrationCertificate } from '../drivers/migration-certificate.js';
import {
  tcpUri,
  type MigrationProgress,
  type MigrationResult,
  type MigrationTls,
} from '../drivers/migration-driver.js';
import {
  createPeerHost,
  DESTINATION_PATTERN,
  peerBaseUrl,
  type IncomingImage,
  type IncomingRequest,
  type PeerHost,
} from '../drivers/peer-host.js';
import type { VmDriver } from '../drivers/vm-driver.js';
import type { OperationHandle, Operations, OperationView } from './operations.js';
import { checkPeerTransport, isLoopbackHost } from './peer-transport.js';
import { PROBE_ID_PATTERN, type PoolService } from './pool-service.js';
import type { TlsIdentity } from './tls-identity.js';
import { formatSize, parseSize, sizeSchema } from './units.js';
import {
  BootSchema,
  CpuSchema,
  DevicesSchema,
  MemorySchema,
  RESOURCE_NAME_PATTERN,
  type VmDefinition,
} from './vm-definition.js';
import { networksOf, type VmService } from './vm-service.js';
import { assertAllowed } from './vm-states.js';

/** How long the source waits, after QEMU completed, for the destination to show the VM running. */
export const CONFIRM_TIMEOUT_MS = 30_000;
const CONFIRM_POLL_MS = 10;
/** The least bandwidth a migration may be given. */
export const MIN_BANDWIDTH_BYTES = 64 * 1024;

export const MigrateSchema = Type.Object(
  {
    destination: Type.String({
      format: 'uri',
      pattern: DESTINATION_PATTERN,
      maxLength: 2048,
      description:
        'the API of the destination host: `http://` or `https://`, a host name, an IPv4 address or a ' +
        'bracketed IPv6 address, an optional port, e.g. `http://host-b:9400` (its `/api/v1` may be given)',
    }),
    token: Type.String({
      minLength: 1,
      maxLength: 512,
      description:
        'a token of the destination with scope vm:write; used for this migration only, never stored',
    }),
    destination_fingerprint: Type.Optional(
      Type.String({
        pattern: '^(?:[0-9A-Fa-f]{64}|[0-9A-Fa-f]{2}(?::[0-9A-Fa-f]{2}){31})$',
        description:
          "SHA-256 fingerprint of the destination's TLS certificate (its `/system/info` `tls.fingerprint`; " +
          'colons allowed): the certificate is trusted by it, as needed for a self-signed one; an https ' +
          'destination without it needs a certificate valid for the system CAs',
      }),
    ),
    max_downtime_ms: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 60_000,
        description: 'the longest the guest may be stopped at the switch-over (QEMU downtime-limit; 300)',
      }),
    ),
    bandwidth: Type.Optional(
      sizeSchema(
        `the most the migration stream may use per second (\`32M\` = 32 MiB/s), at least ` +
          `${formatSize(MIN_BANDWIDTH_BYTES)}; no limit by default`,
      ),
    ),
  },
  { additionalProperties: false },
);
export type MigrateRequest = Static<typeof MigrateSchema>;

export const IncomingSchema = Type.Object(
  {
    uuid: Type.String({ format: 'uuid', description: "the VM's uuid, kept across hosts" }),
    definition: Type.Object(
      {
        cpu: CpuSchema,
        memory: MemorySchema,
        devices: Type.Required(DevicesSchema),
        boot: Nullable(BootSchema),
      },
      { additionalProperties: false, description: "the VM's definition on the source" },
    ),
    images: Type.Array(
      Type.Object(
        {
          name: Type.String({ pattern: RESOURCE_NAME_PATTERN }),
          format: Type.Enum(['qcow2', 'raw']),
          pool_path: Type.String({ minLength: 1, maxLength: 4096 }),
          backing: Nullable(Type.String({ pattern: RESOURCE_NAME_PATTERN })),
        },
        { additionalProperties: false },
      ),
      {
        maxItems: 256,
        description: "the VM's images and their backing chains, with the directory of each one's pool",
      },
    ),
    probe: Type.Object(
      {
        id: Type.String({
          pattern: PROBE_ID_PATTERN,
          description: 'a UUID in lowercase, as the source makes it',
        }),
        secret: Type.String({ pattern: '^[0-9a-f]{64}$' }),
      },
      {
        additionalProperties: false,
        description: 'the probe file the source left in each of those directories, and its content',
      },
    ),
    tls: Type.Optional(
      Type.Object(
        {
          client_certificate: Type.String({
            minLength: 1,
            maxLength: MAX_CERTIFICATE_PEM,
            description: 'the certificate (PEM) the source presents on the stream, made for this migration',
          }),
        },
        {
          additionalProperties: false,
          description:
            "the stream is TLS (QEMU's tls-creds-x509): this host presents its TLS certificate and takes the " +
            'stream only from the holder of `client_certificate`; absent: a plain stream, refused from a ' +
            'source beyond loopback when this host has a TLS certificate (unless --insecure-tcp)',
        },
      ),
    ),
  },
  { additionalProperties: false },
);
export type IncomingBody = Static<typeof IncomingSchema>;

export interface MigrationServiceOptions {
  vms: VmService;
  vmRepository: VmRepository;
  disks: DiskRepository;
  pools: PoolService;
  driver: VmDriver;
  operations: Operations;
  unitOfWork: UnitOfWork;
  /** The address of this host's API: an incoming migration's QEMU listens there. */
  listenHost: string;
  /** The internal snapshots a VM has; their records stay with the host, so such a VM stays too. */
  snapshotsOf: (vm: string) => readonly unknown[];
  logger: Logger;
  confirmTimeoutMs?: number;
  /**
   * Whether this service runs with `--insecure-tcp`: an `http://` destination beyond loopback is
   * then taken, and a plain incoming stream from a source beyond loopback.
   */
  insecureTcp?: boolean;
  /** This host's TLS identity, which its QEMU presents on an incoming TLS stream; null: none. */
  tlsIdentity?: TlsIdentity | null;
  /** The other host's API; tests give another. */
  peer?: (destination: string, token: string, fingerprint?: string) => PeerHost;
}

export type MigrationService = ReturnType<typeof createMigrationService>;

/** The source's side of a TLS stream: its QEMU's certificate and what the destination's must be. */
type StreamTls = MigrationTls & { hostname: string };

type Confirmation =
  { kind: 'running' } | { kind: 'absent'; reason: string } | { kind: 'unknown'; reason: string };

export function createMigrationService(options: MigrationServiceOptions) {
  const { vms, vmRepository, disks, pools, driver, operations, unitOfWork, logger } = options;
  const peerOf =
    options.peer ??
    ((destination: string, token: string, fingerprint?: string) =>
      createPeerHost({ destination, token, ...(fingerprint === undefined ? {} : { fingerprint }) }));
  const confirmTimeoutMs = options.confirmTimeoutMs ?? CONFIRM_TIMEOUT_MS;
  /** The operation of each VM's migration under way here, by VM name. */
  const migrating = new Map<string, string>();

  const runtimeOf = (vm: VmRecord) => vm.runtime;

  /**
   * The VM's images and, after each, the images it backs onto, once each. A row that is missing is
   * an error, or skipped when `present` (removing what is there).
   */
  function chainOf(definition: VmDefinition, present = false): DiskRecord[] {
    const chain: DiskRecord[] = [];
    const add = (name: string): void => {
      if (chain.some((d) => d.name === name)) return;
      const disk = disks.find(name);
      if (disk === undefined && present) return;
      if (disk === undefined) throw HvErrors.diskNotFound({ name });
      chain.push(disk);
      if (disk.backing !== null) add(disk.backing);
    };
    for (const device of definition.devices.storage) add(device.path);
    return chain;
  }

  /**
   * Removes the rows (never the files) of these images that nothing here needs any more: no VM of
   * this host names one and no image backs onto it. Overlays go before their bases.
   */
  function forgetImages(names: readonly string[], tx: Transaction, reason: string): void {
    let pending = [...names];
    for (let changed = true; changed;) {
      changed = false;
      for (const name of pending) {
        if (vmRepository.usingDisk(name).length > 0 || disks.dependents(name).length > 0) continue;
        if (disks.remove(name)) tx.emit('storage.forgotten', { image: name, reason, timestamp: tx.at });
        pending = pending.filter((n) => n !== name);
        changed = true;
      }
    }
  }

  /** Removes a VM that leaves this host (or never came), with the images only it needed. */
  /** The VM leaves this host, its QEMU gone: the record, the images no one else needs, its taps. */
  async function discard(
    vm: VmRecord,
    event: string,
    data: { reason: string } & Record<string, unknown>,
    context: AuditContext | null,
  ): Promise<void> {
    const images = chainOf(vm.definition, true).map((d) => d.name);
    unitOfWork((tx) => {
      vmRepository.remove(vm.name);
      forgetImages(images, tx, data.reason);
      tx.emit(event, { vm: vm.name, uuid: vm.uuid, ...data, timestamp: tx.at });
      tx.audit(context);
    });
    await vms.processEnded(vm, vm.definition.devices.network);
    await vms.nicsChanged(networksOf(vm.definition));
  }

  /** Runs `work` under the VM's lock; nothing when the VM is gone meanwhile (deleted with force). */
  async function ifStillThere(name: string, work: (vm: VmRecord) => Promise<void>): Promise<void> {
    try {
      await vms.exclusive(name, work);
    } catch (error) {
      if (!HvErrors.vmNotFound.is(error)) throw error;
    }
  }

  // ---- Source ----

  function outgoingImages(vm: VmRecord): IncomingImage[] {
    return chainOf(vm.definition).map((disk) => {
      if (disk.encrypted) {
        throw HvErrors.migrationUnsupported({
          vm: vm.name,
          reason: `disk image '${disk.name}' is encrypted, and its passphrase is not kept to open it on the destination`,
        });
      }
      return {
        name: disk.name,
        format: disk.format,
        pool_path: pools.pool(disk.pool).path,
        backing: disk.backing,
      };
    });
  }

  /** Leaves the probe in each pool of the images while `work` runs. */
  async function withProbes<T>(
    images: readonly IncomingImage[],
    work: (probe: IncomingRequest['probe']) => Promise<T>,
  ): Promise<T> {
    const probe = { id: randomUUID(), secret: randomBytes(32).toString('hex') };
    const files = [...new Set(images.map((i) => i.pool_path))].map((path) =>
      pools.probeFile(pools.poolAt(path)!.name, probe.id),
    );
    try {
      for (const file of files) writeFileSync(file, probe.secret, { mode: 0o644, flag: 'wx' });
      return await work(probe);
    } finally {
      for (const file of files) rmSync(file, { force: true });
    }
  }

  function emitProgress(
    vm: string,
    operation: string,
    percent: number,
    transferred: number,
    remaining: number,
  ) {
    unitOfWork((tx) =>
      tx.emit('migration.progress', {
        vm,
        operation,
        progress: Math.floor(percent * 10) / 10,
        transferred: formatSize(transferred),
        remaining: formatSize(remaining),
        transferred_bytes: transferred,
        remaining_bytes: remaining,
        timestamp: tx.at,
      }),
    );
  }

  /** After a migration that did not complete: the guest runs on here, in the state QEMU has it. */
  async function takeBack(name: string, reason: string): Promise<void> {
    await ifStillThere(name, async (vm) => {
      if (vm.state !== 'MIGRATING') return;
      const found = await driver.attach(name, vm.uuid);
      if (found.status === 'gone') {
        await vms.processEnded(vm, vm.definition.devices.network);
        vms.recordState(vm, 'CRASHED', null, {
          runtime: null,
          lastError: found.reason,
          reason: found.reason,
        });
        return;
      }
      const to = found.status === 'paused' ? 'PAUSED' : 'RUNNING';
      vms.recordState(vm, to, null, { runtime: runtimeOf(vm), reason });
    });
  }

  async function abortPeer(peer: PeerHost, name: string): Promise<void> {
    try {
      await peer.abortIncoming(name);
    } catch (error) {
      logger.warn(
        { err: error, vm: name, destination: peer.url },
        'the migration destination could not be told to abort',
      );
    }
  }

  /** Whether the destination took the guest over, once QEMU reports the migration completed. */
  async function confirm(peer: PeerHost, name: string, uuid: string): Promise<Confirmation> {
    const deadline = performance.now() + confirmTimeoutMs;
    let last = 'no answer yet';
    for (;;) {
      try {
        const there = await peer.vm(name);
        if (there === null) return { kind: 'absent', reason: 'the destination has no VM of that name' };
        if (there.uuid !== uuid)
          return { kind: 'absent', reason: `the destination's '${name}' is another VM` };
        // INCOMING until its QEMU starts the guest; any other state means the guest ran there.
        if (there.state !== 'INCOMING') return { kind: 'running' };
        last = 'the destination still shows it INCOMING';
      } catch (error) {
        last = (error as Error).message;
      }
      if (performance.now() > deadline) return { kind: 'unknown', reason: last };
      await sleep(CONFIRM_POLL_MS);
    }
  }

  /** The guest runs on the destination: this host's QEMU goes, and the VM with it. */
  async function handOver(name: string, peer: PeerHost, result: Record<string, unknown>): Promise<void> {
    await vms.exclusive(name, async (vm) => {
      try {
        await driver.stop(name, { force: true, timeoutMs: 0 });
      } catch (error) {
        logger.warn({ err: error, vm: name }, 'stopping the migrated VM here failed');
      }
      await discard(
        vm,
        'vm.migrated',
        { destination: peer.url, reason: `migrated to ${peer.url}`, ...result },
        null,
      );
    });
  }

  /** The operation's work: QEMU's migration, then the hand-over (or the way back). */
  async function run(
    handle: OperationHandle,
    vm: VmRecord,
    peer: PeerHost,
    uri: string,
    limits: { downtimeLimitMs?: number; maxBandwidthBytes?: number },
    tls: StreamTls | null,
  ): Promise<Record<string, unknown>> {
    const name = vm.name;
    const started = performance.now();
    let best = 0;
    let lastTransferred = -1;
    const onProgress = (p: MigrationProgress): void => {
      const done = p.totalBytes > 0 ? (100 * Math.max(0, p.totalBytes - p.remainingBytes)) / p.totalBytes : 0;
      best = Math.min(100, Math.max(best, done));
      if (p.transferredBytes === lastTransferred) return;
      lastTransferred = p.transferredBytes;
      emitProgress(name, handle.id, best, p.transferredBytes, p.remainingBytes);
      handle.progress(best, { vm: name, transferred: formatSize(p.transferredBytes) });
    };
    try {
      let result: MigrationResult;
      try {
        result = await driver.migration.send(name, {
          uri,
          ...limits,
          ...(tls === null ? {} : { tls }),
          signal: handle.signal,
          onProgress,
        });
      } catch (error) {
        const reason = handle.signal.aborted
          ? 'the live migration was cancelled'
          : `the live migration failed: ${(error as Error).message}`;
        await takeBack(name, reason);
        await abortPeer(peer, name);
        if (error instanceof AppError) throw error;
        throw HvErrors.migrationFailed({ vm: name, reason: (error as Error).message }, { cause: error });
      }
      emitProgress(name, handle.id, 100, result.transferredBytes, 0);
      const summary = {
        destination: peer.url,
        tls: tls !== null,
        total_time_ms: result.totalTimeMs,
        downtime_ms: result.downtimeMs,
        setup_time_ms: result.setupTimeMs,
        transferred: formatSize(result.transferredBytes),
        transferred_bytes: result.transferredBytes,
        ram_bytes: result.totalBytes,
        mbps: Math.round(result.mbps * 10) / 10,
      };
      const confirmation = await confirm(peer, name, vm.uuid);
      if (confirmation.kind === 'running') {
        const elapsed = { elapsed_ms: Math.round(performance.now() - started) };
        await handOver(name, peer, { ...summary, ...elapsed });
        return { ...summary, ...elapsed };
      }
      if (confirmation.kind === 'absent') {
        // The destination's QEMU is gone: the guest, stopped here, is whole here. Resume it.
        await ifStillThere(name, async (here) => {
          if (here.state !== 'MIGRATING') return;
          await driver.resume(name);
          vms.recordState(here, 'RUNNING', null, {
            runtime: runtimeOf(here),
            reason: `the destination did not take the guest over (${confirmation.reason}); resumed here`,
          });
        });
        await abortPeer(peer, name);
        throw HvErrors.migrationFailed({
          vm: name,
          reason: `the destination did not take the guest over (${confirmation.reason}); it runs here again`,
        });
      }
      await ifStillThere(name, async (here) => {
        if (here.state !== 'MIGRATING') return;
        vms.recordState(here, 'PAUSED', null, {
          runtime: runtimeOf(here),
          reason:
            'the migration completed but the destination could not confirm it runs the guest; ' +
            'resume it here only after making sure it does not run there',
        });
      });
      throw HvErrors.migrationFailed({
        vm: name,
        reason:
          `QEMU completed the migration, but the destination could not be asked whether the guest runs ` +
          `there (${confirmation.reason}); the VM is left PAUSED here: check the destination before resuming it`,
      });
    } finally {
      migrating.delete(name);
    }
  }

  function bandwidthOf(text: string | undefined): number | undefined {
    if (text === undefined) return undefined;
    const bytes = parseSize(text);
    if (bytes === undefined || bytes < MIN_BANDWIDTH_BYTES) {
      throw invalidField(
        'bandwidth',
        `'${text}' is not a rate of at least ${formatSize(MIN_BANDWIDTH_BYTES)} per second`,
      );
    }
    return bytes;
  }

  /**
   * QEMU's TLS for the stream to `peer`, or null for a plain one: on loopback the stream does not
   * leave the host; an `http://` destination beyond loopback (only --insecure-tcp lets one through)
   * has no certificate to trust, and must take a plain stream itself.
   */
  async function streamTls(peer: PeerHost, vm: string): Promise<StreamTls | null> {
    if (isLoopbackHost(peer.hostname)) return null;
    const peerCertPem = await peer.certificate();
    if (peerCertPem === null) return null;
    return { ...(await makeMigrationCertificate(vm)), peerCertPem, hostname: peer.hostname };
  }

  // ---- Destination ----

  /**
   * The TLS the incoming stream must have, as the source asked for it: a plain one from a source
   * beyond loopback is refused when this host has a TLS identity (unless --insecure-tcp); a TLS
   * one needs that identity, and the source's certificate as it is (one, parsed).
   */
  function incomingTls(name: string, body: IncomingBody, from: string | null): MigrationTls | null {
    const identity = options.tlsIdentity ?? null;
    if (body.tls === undefined) {
      if (from !== null && !isLoopbackHost(from) && identity !== null && options.insecureTcp !== true) {
        throw HvErrors.migrationTlsRequired({
          vm: name,
          reason:
            `the source ${from} is beyond loopback and asked for a plain stream; this host takes one over ` +
            'TLS only (call it over https://, or run it with --insecure-tcp)',
        });
      }
      return null;
    }
    if (identity === null) {
      throw HvErrors.migrationTlsRequired({
        vm: name,
        reason:
          'the source asked for a TLS stream, and this host has no TLS certificate (its listeners are plain)',
      });
    }
    let client: X509Certificate;
    try {
      client = new X509Certificate(body.tls.client_certificate);
    } catch {
      throw invalidField('tls.client_certificate', 'is not a PEM certificate');
    }
    return { certPem: identity.certPem, keyPem: identity.keyPem, peerCertPem: client.toString() };
  }

  /** Refuses, naming the image and the path, what this host cannot open where the source has it. */
  function checkStorage(body: IncomingBody): Map<string, string> {
    const poolOfPath = new Map<string, string>();
    for (const image of body.images) {
      const unshared = (reason: string) =>
        HvErrors.migrationStorageUnshared({ image: image.name, path: image.pool_path, reason });
      let pool = poolOfPath.get(image.pool_path);
      if (pool === undefined) {
        const local = pools.poolAt(image.pool_path);
        if (local === undefined) throw unshared('no storage pool of this host is at that path');
        let seen: string | undefined;
        try {
          seen = readFileSync(pools.probeFile(local.name, body.probe.id), 'utf8');
        } catch {
          seen = undefined;
        }
        if (seen !== body.probe.secret) {
          throw unshared(
            `pool '${local.name}' is at that path here, but the source's probe file is not in it: it is another directory`,
          );
        }
        pool = local.name;
        poolOfPath.set(image.pool_path, pool);
      }
      const file = pools.imageFile({ name: image.name, pool });
      let isFile = false;
      try {
        isFile = lstatSync(file).isFile();
      } catch {
        isFile = false;
      }
      if (!isFile) throw unshared(`there is no image file ${file} here`);
      const known = disks.find(image.name);
      if (known !== undefined && (known.pool !== pool || known.format !== image.format)) {
        throw unshared(`this host has its own image of that name (${known.format}, pool '${known.pool}')`);
      }
    }
    return poolOfPath;
  }

  /** The source's images as rows here, bases before their overlays; those already here stay as they are. */
  function registerImages(body: IncomingBody, poolOfPath: Map<string, string>, at: string): void {
    let pending = body.images.filter((i) => disks.find(i.name) === undefined);
    while (pending.length > 0) {
      const ready = pending.filter((i) => i.backing === null || disks.find(i.backing) !== undefined);
      if (ready.length === 0) {
        throw invalidField('images', `the backing of '${pending[0]!.name}' is not in the list`);
      }
      for (const image of ready) {
        disks.insert({
          name: image.name,
          format: image.format,
          pool: poolOfPath.get(image.pool_path)!,
          backing: image.backing,
          createdAt: at,
        });
      }
      pending = pending.filter((i) => !ready.includes(i));
    }
  }

  async function onIncomingEvent(name: string, ended: string | null): Promise<void> {
    await ifStillThere(name, async (vm) => {
      if (vm.state !== 'INCOMING') return;
      if (ended === null) {
        vms.recordState(vm, 'RUNNING', null, {
          runtime: runtimeOf(vm),
          reason: 'the incoming live migration completed',
        });
      } else {
        await discard(vm, 'vm.deleted', { reason: `the incoming live migration failed: ${ended}` }, null);
      }
    });
  }

  // What QEMU does on its own with an incoming VM: it starts the guest once the migration is in,
  // or exits when the migration fails. The VM service leaves INCOMING VMs to this service.
  driver.onEvent((name, event) => {
    const ended =
      event.kind === 'resumed'
        ? null
        : event.kind === 'crashed'
          ? event.reason
          : event.kind === 'powered_off'
            ? 'the process ended'
            : undefined;
    if (ended === undefined) return;
    onIncomingEvent(name, ended).catch((error: unknown) =>
      logger.error({ err: error, vm: name }, 'handling an incoming VM event failed'),
    );
  });

  return {
    /**
     * Starts a live migration of the running VM to `destination`: the destination is prepared
     * (its refusals answer this request), then the transfer runs as a `vm.migrate` operation.
     */
    async migrate(name: string, input: MigrateRequest, context: AuditContext | null): Promise<OperationView> {
      checkPeerTransport(peerBaseUrl(input.destination), 'destination', {
        insecureTcp: options.insecureTcp ?? false,
        fingerprint: input.destination_fingerprint,
        fingerprintField: 'destination_fingerprint',
      });
      const maxBandwidthBytes = bandwidthOf(input.bandwidth);
      const limits = {
        ...(input.max_downtime_ms === undefined ? {} : { downtimeLimitMs: input.max_downtime_ms }),
        ...(maxBandwidthBytes === undefined ? {} : { maxBandwidthBytes }),
      };
      const peer = peerOf(input.destination, input.token, input.destination_fingerprint);
      return vms.exclusive(name, async (vm) => {
        assertAllowed('migrate', vm);
        const snapshots = options.snapshotsOf(name).length;
        if (snapshots > 0) {
          throw HvErrors.migrationUnsupported({
            vm: name,
            reason: `it has ${snapshots} internal snapshot(s), whose records stay on this host; delete them first`,
          });
        }
        const images = outgoingImages(vm);
        const tls = await streamTls(peer, name);
        if (tls === null && !isLoopbackHost(peer.hostname)) {
          logger.warn(
            { vm: name, destination: peer.url, tls: false },
            "live migration beyond loopback over a plain stream (--insecure-tcp): the guest's memory crosses the network in clear",
          );
        }
        const { boot, ...rest } = vm.definition;
        const answer = await withProbes(images, (probe) =>
          peer.prepareIncoming(name, {
            uuid: vm.uuid,
            definition: { ...rest, boot },
            images,
            probe,
            ...(tls === null ? {} : { tls: { client_certificate: tls.certPem } }),
          }),
        );
        const uri = tcpUri(peer.hostname, answer.port);
        try {
          const moving = vms.recordState(vm, 'MIGRATING', null, {
            runtime: vm.runtime,
            reason: `live migration to ${peer.url}`,
          });
          const op = operations.start({
            kind: 'vm.migrate',
            resource: `vm/${name}`,
            context,
            work: (handle) => run(handle, moving, peer, uri, limits, tls),
          });
          migrating.set(name, op.id);
          logger.info(
            { vm: name, destination: peer.url, uri, operation: op.id, tls: tls !== null },
            'live migration started',
          );
          return op;
        } catch (error) {
          await abortPeer(peer, name);
          throw error;
        }
      });
    },

    /** Cancels the VM's migration under way: it ends `cancelled` and the guest runs on here. */
    cancel(name: string, context: AuditContext | null): OperationView {
      const id = migrating.get(name);
      if (id === undefined) {
        vms.get(name);
        throw HvErrors.migrationNotRunning({ vm: name });
      }
      return operations.cancel(id, context);
    },

    /**
     * The destination's side: checks the storage, registers the images and the VM (INCOMING),
     * starts its QEMU waiting for the migration and answers where it listens. `from` is the
     * address the request came from (null: the Unix socket).
     */
    async prepareIncoming(
      name: string,
      body: IncomingBody,
      context: AuditContext | null,
      from: string | null,
    ): Promise<{ vm: VmRecord; uri: string; port: number }> {
      if (vmRepository.find(name) !== undefined) throw HvErrors.vmAlreadyExists({ name });
      const tls = incomingTls(name, body, from);
      const poolOfPath = checkStorage(body);
      // The NICs keep the source's MACs and addresses; this host's networks must take them.
      const definition: VmDefinition = {
        cpu: body.definition.cpu,
        memory: body.definition.memory,
        devices: {
          storage: body.definition.devices.storage,
          network: vms.resolveNics({ name, uuid: body.uuid }, body.definition.devices.network),
        },
        boot: body.definition.boot,
      };
      unitOfWork((tx) => {
        registerImages(body, poolOfPath, tx.at);
        const record = newVmRecord({ name, uuid: body.uuid, state: 'INCOMING', definition }, tx.at);
        if (!vmRepository.insert(record)) throw HvErrors.vmAlreadyExists({ name });
        vms.launchSpec(record);
        tx.emit('vm.incoming', { vm: name, uuid: body.uuid, tls: tls !== null, timestamp: tx.at });
        tx.audit(context);
      });
      await vms.nicsChanged(networksOf(definition));
      try {
        return await vms.exclusive(name, async (vm) => {
          const runtime = await vms.launch(vm, vms.launchSpec(vm), vm.definition.devices.network, {
            incoming: true,
          });
          try {
            const { uri, port } = await driver.migration.listen(name, options.listenHost, tls ?? undefined);
            vmRepository.setRuntime(name, { driver: driver.name, ...runtime });
            return { vm: vms.get(name), uri, port };
          } catch (error) {
            await driver.stop(name, { force: true, timeoutMs: 0 }).catch(() => undefined);
            throw error;
          }
        });
      } catch (error) {
        await ifStillThere(name, async (vm) => {
          if (vm.state === 'INCOMING')
            await discard(
              vm,
              'vm.deleted',
              { reason: `preparing the incoming migration failed: ${(error as Error).message}` },
              null,
            );
        });
        throw error;
      }
    },

    /** The destination's side of a cancel or a failure: the incoming VM and its QEMU go. */
    abortIncoming: (name: string, context: AuditContext | null): Promise<VmRecord> =>
      vms.exclusive(name, async (vm) => {
        if (vm.state !== 'INCOMING') {
          throw HvErrors.vmInvalidState({
            name,
            state: vm.state,
            action: 'abort the incoming migration of',
            hint: 'it is not waiting for one',
          });
        }
        await driver.stop(name, { force: true, timeoutMs: 0 }).catch((error: unknown) => {
          logger.warn({ err: error, vm: name }, 'stopping the incoming QEMU failed; it may have exited');
        });
        await discard(
          vm,
          'vm.deleted',
          { reason: 'the incoming live migration was aborted by its source' },
          context,
        );
        return vm;
      }),

    /**
     * At start, before the VM service re-attaches: a migration this process ran is over. A source
     * VM's QEMU migration is cancelled (or found completed: then it stays PAUSED, as after an
     * unconfirmed hand-over); an incoming VM is torn down unless its guest already runs.
     */
    async recover(): Promise<void> {
      for (const vm of vmRepository.list()) {
        if (vm.state !== 'MIGRATING' && vm.state !== 'INCOMING') continue;
        await ifStillThere(vm.name, async (current) => {
          const found = await driver.attach(current.name, current.uuid);
          const runtime = found.status === 'gone' ? null : { driver: driver.name, ...found.runtime };
          if (current.state === 'INCOMING') {
            if (found.status === 'running') {
              vms.recordState(current, 'RUNNING', null, {
                runtime,
                reason: 'the incoming live migration completed while the service was away',
              });
              return;
            }
            if (found.status === 'paused') await driver.stop(current.name, { force: true, timeoutMs: 0 });
            await discard(
              current,
              'vm.deleted',
              { reason: 'the service restarted during the incoming live migration' },
              null,
            );
            return;
          }
          if (found.status === 'gone') {
            await vms.processEnded(current, current.definition.devices.network);
            vms.recordState(current, 'CRASHED', null, {
              runtime: null,
              lastError: found.reason,
              reason: found.reason,
            });
            return;
          }
          const outcome = await driver.migration.settle(current.name);
          if (outcome === 'completed') {
            vms.recordState(current, 'PAUSED', null, {
              runtime,
              reason:
                'the live migration completed while the service was away: the guest is stopped here and may ' +
                'run on the destination; resume it here only after making sure it does not',
            });
            return;
          }
          const now = await driver.attach(current.name, current.uuid);
          vms.recordState(current, now.status === 'paused' ? 'PAUSED' : 'RUNNING', null, {
            runtime,
            reason: 'the service restarted during a live migration, which was cancelled',
          });
        });
      }
    },
  };
}
