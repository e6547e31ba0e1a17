/**
 * The REST transport, served on TCP and on the Unix socket: the kit's app with this service's
 * routes under `/api/v1`, over the VM and disk services. When the app is ready the VM service
 * re-attaches to the guests an earlier process left running, then the socket opens; when it
 * closes, the socket closes and the driver lets go of the guests without stopping them.
 */
import { join, resolve } from 'node:path';
import type { Server } from 'node:http';
import {
  createApp,
  createTokenStore,
  healthRoute,
  registerRoutes,
  type App,
  type ServiceDeps,
} from '@lab/server-kit';
import { API_PREFIX, SOCKET_FILE, type ServeConfig } from '../config.js';
import { createAttestationService } from '../domain/attestation.js';
import { createCloneService } from '../domain/clone-service.js';
import { createDiskClaims } from '../domain/disk-claims.js';
import { createDiskOperations } from '../domain/disk-operations.js';
import { createDiskService } from '../domain/disk-service.js';
import { hostLimits } from '../domain/host.js';
import { createKeyService } from '../domain/key-service.js';
import { createMigrationService } from '../domain/migration-service.js';
import { NETWORK_SCHEMAS } from '../domain/network-definition.js';
import { createNetworkService } from '../domain/network-service.js';
import { createOperations, OperationSchema } from '../domain/operations.js';
import { createPoolService, PoolSchema } from '../domain/pool-service.js';
import { createPqcService } from '../domain/pqc-service.js';
import { createSnapshotService, SnapshotSchema } from '../domain/snapshot-service.js';
import { systemInfo } from '../domain/system-info.js';
import { createSystemService } from '../domain/system-service.js';
import { TUNNEL_SCHEMAS } from '../domain/tunnel/tunnel-definition.js';
import { createTunnelService } from '../domain/tunnel/tunnel-service.js';
import { createVmService } from '../domain/vm-service.js';
import { isActive } from '../domain/vm-states.js';
import { findQemu, firmwareFile, qemuVersion } from '../drivers/qemu/host.js';
import { imageInfo } from '../drivers/qemu-img.js';
import { readHostRoutes } from '../drivers/network/host-routes.js';
import type { NetworkDriver } from '../drivers/network/network-driver.js';
import { selectNetworkDriver } from '../drivers/network/select-network.js';
import { givenDriver, selectDriver } from '../drivers/select.js';
import type { VmDriver } from '../drivers/vm-driver.js';
import { createCryptoPool } from '../pqc/crypto-pool.js';
import { createSealer, HOST_KEY_FILE } from '../pqc/host-key.js';
import { createAttestationLog } from '../store/attestations.js';
import { createAuditLog } from '../store/audit.js';
import { createDiskRepository } from '../store/disks.js';
import { createEventLog } from '../store/events.js';
import { createOperationRepository } from '../store/operations.js';
import { createPoolRepository } from '../store/pools.js';
import { createNetworkRepository } from '../store/networks.js';
import { createKeyRepository } from '../store/pqc-keys.js';
import { createSnapshotRepository } from '../store/snapshots.js';
import { createTunnelRepository } from '../store/tunnels.js';
import { createUnitOfWork } from '../store/unit-of-work.js';
import { createVmRepository } from '../store/vms.js';
import { VERSION } from '../version.js';
import { auditFailures, authenticator } from './access.js';
import { cloneRoutes } from './clone-routes.js';
import { eventRoutes } from './event-routes.js';
import { migrationRoutes } from './migration-routes.js';
import { networkRoutes } from './network-routes.js';
import { operationRoutes } from './operation-routes.js';
import { PQC_SCHEMAS, pqcRoutes } from './pqc-routes.js';
import { SCOPES, TOKEN_PREFIX } from './scopes.js';
import { SHARED_SCHEMAS } from './schemas.js';
import { snapshotRoutes } from './snapshot-routes.js';
import { closeSocket, listenOnSocket } from './socket.js';
import { storageRoutes } from './storage-routes.js';
import { systemRoutes } from './system-routes.js';
import { tokenRoutes } from './token-routes.js';
import { tunnelRoutes } from './tunnel-routes.js';
import { vmRoutes } from './vm-routes.js';

export interface ServerOptions {
  /** A driver made by the caller (tests); by default the one the settings select. */
  driver?: VmDriver;
  /** A network driver made by the caller (tests); by default the one beside the VM driver. */
  networkDriver?: NetworkDriver;
  /** PBKDF time of new LUKS key slots (tests make it short); qemu's 2 s by default. */
  luksIterTimeMs?: number;
}

export async function buildServer(
  { db, logger, config }: ServiceDeps<ServeConfig>,
  options: ServerOptions = {},
): Promise<App> {
  const runDir = resolve(config.runDir);
  const dataDir = resolve(config.dataDir);
  // The KVM probe of --accel auto waits on a guest for up to its bound: it runs while the app is
  // built and is awaited where the driver is first needed.
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

  const app = await createApp({
    title: 'Hypervisor Management API',
    version: VERSION,
    description:
      'Virtual machines on QEMU, disk images, events and audit. Over TCP every request carries ' +
      '`Authorization: Bearer hvt_...` (see `hvctl token create`); the same API on the Unix socket ' +
      '`{run_dir}/api.sock` needs no token. Each route states the scope it needs.',
    prefix: API_PREFIX,
    logger,
    schemas: [
      ...SHARED_SCHEMAS,
      ...PQC_SCHEMAS,
      ...NETWORK_SCHEMAS,
      ...TUNNEL_SCHEMAS,
      OperationSchema,
      PoolSchema,
      SnapshotSchema,
    ],
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer', description: 'an API token, `hvt_` and 43 characters' },
    },
  });

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
  const luks = options.luksIterTimeMs === undefined ? {} : { luksIterTimeMs: options.luksIterTimeMs };
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
  const migrations = createMigrationService({
    vms,
    vmRepository,
    disks: diskRepository,
    pools,
    driver,
    operations,
    unitOfWork,
    listenHost: config.host,
    snapshotsOf: (vm) => snapshotRepository.list(vm),
    logger,
  });
  const hostInfo = () =>
    systemInfo({
      driver: driver.name,
      accelerator,
      qemuVersion: qemuVersionText,
      version: VERSION,
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

  auditFailures(app, audit);
  let socket: Server | undefined;
  app.addHook('onReady', async () => {
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
    socket = await listenOnSocket(app, join(runDir, SOCKET_FILE));
    logger.info(
      { socket: join(runDir, SOCKET_FILE), driver: driver.name, accelerator: driver.accelerator },
      'socket listening',
    );
  });
  app.addHook('onClose', async () => {
    if (socket !== undefined) await closeSocket(socket);
    tunnels.close();
    // Operations first: a cancelled key generation ends its own pool task.
    await operations.close();
    await cryptoPool.close();
    await driver.close();
    await networkDriver.close();
  });

  registerRoutes(
    app,
    [
      healthRoute({ service: 'hypervisor', version: VERSION, check: () => db.prepare('SELECT 1').get() }),
      ...vmRoutes(vms, config.stopTimeoutMs),
      ...cloneRoutes(clones),
      ...migrationRoutes(migrations),
      ...snapshotRoutes(snapshots),
      ...networkRoutes(networks),
      ...tunnelRoutes(tunnels),
      ...storageRoutes(disks, pools, diskOperations),
      ...eventRoutes(events, audit),
      ...tokenRoutes(tokens, unitOfWork),
      ...pqcRoutes(pqc, keys, attestation),
      ...operationRoutes(operations),
      ...systemRoutes(
        createSystemService({
          info: hostInfo,
          config,
          pools: () => poolRepository.list(),
          runningVms: () => vmRepository.list().filter((vm) => isActive(vm.state)).length,
        }),
      ),
    ],
    { prefix: API_PREFIX, authenticate: authenticator(tokens), scopes: SCOPES, securitySchemes: ['bearer'] },
  );
  return app;
}
