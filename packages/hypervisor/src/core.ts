/**
 * The composition root: the store's repositories, the drivers and the domain services made once
 * per process and handed to every transport (REST on TCP and the Unix socket, gRPC), so each
 * calls the same functions. `start` settles what an earlier process left (operations,
 * migrations, networks, guests) before any listener opens; `close` lets go of it all.
 */
import { join, resolve } from 'node:path';
import { createTokenStore, type ServiceDeps } from '@lab/server-kit';
import type { ServeConfig } from './config.js';
import { createAttestationService } from './domain/attestation.js';
import { createCloneService } from './domain/clone-service.js';
import { createDiskClaims } from './domain/disk-claims.js';
import { createDiskOperations } from './domain/disk-operations.js';
import { createDiskService } from './domain/disk-service.js';
import { hostLimits } from './domain/host.js';
import { createKeyService } from './domain/key-service.js';
import { createMigrationService } from './domain/migration-service.js';
import { createNetworkService } from './domain/network-service.js';
import { createOperations } from './domain/operations.js';
import { createPoolService } from './domain/pool-service.js';
import { createPqcService } from './domain/pqc-service.js';
import { createSnapshotService } from './domain/snapshot-service.js';
import { systemInfo } from './domain/system-info.js';
import { createSystemService } from './domain/system-service.js';
import { createTunnelService } from './domain/tunnel/tunnel-service.js';
import { createVmService } from './domain/vm-service.js';
import { isActive } from './domain/vm-states.js';
import { findQemu, firmwareFile, qemuVersion } from './drivers/qemu/host.js';
import { imageInfo } from './drivers/qemu-img.js';
import { readHostRoutes } from './drivers/network/host-routes.js';
import type { NetworkDriver } from './drivers/network/network-driver.js';
import { selectNetworkDriver } from './drivers/network/select-network.js';
import { givenDriver, selectDriver } from './drivers/select.js';
import type { VmDriver } from './drivers/vm-driver.js';
import { createCryptoPool } from './pqc/crypto-pool.js';
import { createSealer, HOST_KEY_FILE } from './pqc/host-key.js';
import { SCOPES, TOKEN_PREFIX } from './api/scopes.js';
import { createAttestationLog } from './store/attestations.js';
import { createAuditLog } from './store/audit.js';
import { createDiskRepository } from './store/disks.js';
import { createEventLog } from './store/events.js';
import { createOperationRepository } from './store/operations.js';
import { createPoolRepository } from './store/pools.js';
import { createNetworkRepository } from './store/networks.js';
import { createKeyRepository } from './store/pqc-keys.js';
import { createSnapshotRepository } from './store/snapshots.js';
import { createTunnelRepository } from './store/tunnels.js';
import { createUnitOfWork } from './store/unit-of-work.js';
import { createVmRepository } from './store/vms.js';
import { resolveTlsIdentity } from './tls.js';
import { VERSION } from './version.js';

export interface CoreOptions {
  /** A driver made by the caller (tests); by default the one the settings select. */
  driver?: VmDriver;
  /** A network driver made by the caller (tests); by default the one beside the VM driver. */
  networkDriver?: NetworkDriver;
  /** PBKDF time of new LUKS key slots (tests make it short); else `--luks-iter-time-ms`. */
  luksIterTimeMs?: number;
}

export type Core = Awaited<ReturnType<typeof createCore>>;

export async function createCore(
  { db, logger, config }: ServiceDeps<ServeConfig>,
  options: CoreOptions = {},
) {
  const runDir = resolve(config.runDir);
  const dataDir = resolve(config.dataDir);
  // The KVM probe of --accel auto waits on a guest for up to its bound: it runs while the rest is
  // made and is awaited where the driver is first needed.
  const selection =
    options.driver === undefined
      ? selectDriver(
          { driver: config.driver, accel: config.accel, runDir, kvmProbeTimeoutMs: config.kvmProbeTimeoutMs },
          logger,
        )
      : Promise.resolve(givenDriver(options.driver, config.accel));
  // A refusal (ACCEL_UNAVAILABLE) is thrown where it is awaited, not reported as unhandled before.
  selection.catch(() => undefined);
  const qemu = findQemu();
  const qemuVersionText = qemu === null ? null : await qemuVersion(qemu);

  const tokens = createTokenStore(db, { prefix: TOKEN_PREFIX, scopes: SCOPES });
  const events = createEventLog(db);
  const audit = createAuditLog(db);
  const unitOfWork = createUnitOfWork(db, events, audit);
  const vmRepository = createVmRepository(db);
  const diskRepository = createDiskRepository(db);
  const operations = createOperations({ operations: createOperationRepository(db), unitOfWork, logger });
  const poolRepository = createPoolRepository(db);
  const pools = createPoolService({
    pools: poolRepository,
    disks: diskRepository,
    unitOfWork,
    defaultPath: join(dataDir, 'images'),
    virtualSize: async (disk) => (await imageInfo(pools.imageFile(disk), disk.format)).virtualSize,
  });
  pools.ensureDefault();
  const claims = createDiskClaims();
  const luksIterTimeMs = options.luksIterTimeMs ?? config.luksIterTimeMs;
  const luks = luksIterTimeMs === undefined ? {} : { luksIterTimeMs };
  const disks = createDiskService({
    disks: diskRepository,
    vms: vmRepository,
    pools,
    unitOfWork,
    claims,
    ...luks,
  });
  const diskOperations = createDiskOperations({
    disks: diskRepository,
    vms: vmRepository,
    pools,
    images: disks,
    unitOfWork,
    operations,
    claims,
    ...luks,
  });
  const { driver, accelerator } = await selection;
  const bootDir = resolve(config.bootDir ?? join(dataDir, 'boot'));
  const cryptoPool = createCryptoPool();
  const pqc = createPqcService({
    pool: cryptoPool,
    operations,
    unitOfWork,
    ...(config.pqcVectorsDir === undefined ? {} : { vectorsDir: resolve(config.pqcVectorsDir) }),
  });
  const requireAvailable = () => pqc.requireAvailable();
  // One sealer: PQC secret keys and the tunnels' secrets (peer tokens, WireGuard keys) at rest.
  const sealer = createSealer(join(dataDir, HOST_KEY_FILE));
  const keys = createKeyService({
    keys: createKeyRepository(db),
    sealer,
    pool: cryptoPool,
    operations,
    unitOfWork,
    requireAvailable,
  });
  const networkDriver = options.networkDriver ?? selectNetworkDriver(driver, { runDir, logger });
  const networkRepository = createNetworkRepository(db);
  const tunnels = createTunnelService({
    tunnels: createTunnelRepository(db),
    networks: networkRepository,
    driver: networkDriver.tunnels,
    keys,
    sealer,
    unitOfWork,
    logger,
    insecureTcp: config.insecureTcp,
  });
  const networks = createNetworkService({
    networks: networkRepository,
    vms: vmRepository,
    driver: networkDriver,
    unitOfWork,
    hostRoutes: readHostRoutes,
    logger,
    tunnels,
  });
  const vms = createVmService({
    vms: vmRepository,
    disks: diskRepository,
    driver,
    network: networks,
    operations,
    unitOfWork,
    host: hostLimits(),
    // A VM is not launched on an image a convert, compact or resize is working on (DISK_BUSY).
    imageFile: (disk, field) => {
      claims.assertFree(disk.name);
      return pools.imageFile(disk, field);
    },
    bootDir,
    stopTimeoutMs: config.stopTimeoutMs,
    logger,
  });
  const snapshotRepository = createSnapshotRepository(db);
  const snapshots = createSnapshotService({
    vms,
    vmRepository,
    disks: diskRepository,
    imageFile: pools.imageFile,
    snapshots: snapshotRepository,
    claims,
    driver,
    unitOfWork,
  });
  const clones = createCloneService({
    vms,
    vmRepository,
    disks: diskRepository,
    pools,
    claims,
    driver,
    unitOfWork,
  });
  const tls = await resolveTlsIdentity(config, logger);
  const migrations = createMigrationService({
    vms,
    vmRepository,
    disks: diskRepository,
    pools,
    driver,
    operations,
    unitOfWork,
    listenHost: config.host,
    insecureTcp: config.insecureTcp,
    tlsIdentity: tls,
    snapshotsOf: (vm) => snapshotRepository.list(vm),
    logger,
  });
  const hostInfo = () =>
    systemInfo({
      driver: driver.name,
      accelerator,
      qemuVersion: qemuVersionText,
      version: VERSION,
      tls,
    });

  const attestation = createAttestationService({
    vms: vmRepository,
    disks: diskRepository,
    keys,
    log: createAttestationLog(db),
    unitOfWork,
    imageFile: pools.imageFile,
    bootDir,
    // The simulated driver loads no firmware: its reports measure none.
    firmware: driver.name === 'qemu' && qemu !== null ? await firmwareFile(qemu) : null,
    host: hostInfo,
    requireAvailable,
  });

  const system = createSystemService({
    info: hostInfo,
    config,
    pools: () => poolRepository.list(),
    runningVms: () => vmRepository.list().filter((vm) => isActive(vm.state)).length,
  });

  /** Settles what an earlier process left; the listeners open after it. */
  async function start(): Promise<void> {
    const selfTest = pqc.startUp();
    if (selfTest.passed) {
      logger.info({ tests: selfTest.total, duration_ms: selfTest.duration_ms }, 'PQC self-test passed');
    } else {
      logger.error(
        { failed: selfTest.tests.filter((t) => !t.passed).map((t) => `${t.name}: ${t.error ?? ''}`) },
        'PQC self-test failed: PQC operations answer 503 PQC_UNAVAILABLE',
      );
    }
    operations.recover();
    // Before the VM service re-attaches: migrations this process ran are settled first.
    await migrations.recover();
    // Bridges before guests: a VM re-attached or restarted finds its network made.
    await networks.recover();
    tunnels.start();
    await vms.recover();
  }

  /** After the listeners closed: the guests are let go of (they run on), not stopped. */
  async function close(): Promise<void> {
    tunnels.close();
    // Operations first: a cancelled key generation ends its own pool task.
    await operations.close();
    await cryptoPool.close();
    await driver.close();
    await networkDriver.close();
  }

  return {
    config,
    driver,
    tokens,
    events,
    audit,
    unitOfWork,
    operations,
    pools,
    disks,
    diskOperations,
    pqc,
    keys,
    networks,
    tunnels,
    vms,
    snapshots,
    clones,
    migrations,
    attestation,
    system,
    health: () => db.prepare('SELECT 1').get(),
    start,
    close,
  };
}
