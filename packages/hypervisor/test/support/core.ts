/** The VM core over an in-memory database and the simulated driver, for domain tests. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, openDatabase, type BusEvent } from '@lab/server-kit';
import { createOperations } from '../../src/domain/operations.js';
import { createPoolService } from '../../src/domain/pool-service.js';
import { createVmService } from '../../src/domain/vm-service.js';
import { createSimulatedDriver } from '../../src/drivers/simulated/simulated-driver.js';
import { createAuditLog, type AuditContext } from '../../src/store/audit.js';
import { MIGRATIONS } from '../../src/store/database.js';
import { createDiskRepository } from '../../src/store/disks.js';
import { createEventLog } from '../../src/store/events.js';
import { createOperationRepository } from '../../src/store/operations.js';
import { createPoolRepository } from '../../src/store/pools.js';
import { createUnitOfWork } from '../../src/store/unit-of-work.js';
import { createVmRepository } from '../../src/store/vms.js';
import { createFakeNetworkPort } from './fake-network-port.js';

/** `driverDelayMs`: how long each action of the simulated driver takes (0 by default). */
export function testCore(options: { driverDelayMs?: number } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'hv-core-'));
  const bootDir = join(dir, 'boot');
  mkdirSync(bootDir);
  writeFileSync(join(bootDir, 'vmlinuz'), 'kernel');
  const db = openDatabase(':memory:', { namespace: 'hypervisor', migrations: MIGRATIONS });
  const events = createEventLog(db);
  const audit = createAuditLog(db);
  const unitOfWork = createUnitOfWork(db, events, audit);
  const vmRepository = createVmRepository(db);
  const diskRepository = createDiskRepository(db);
  const driver = createSimulatedDriver({ delayMs: options.driverDelayMs ?? 0 });
  // The network core's side of NICs, faked: networks `lan` and `dmz` exist.
  const network = createFakeNetworkPort(['lan', 'dmz']);
  const pools = createPoolService({
    pools: createPoolRepository(db),
    disks: diskRepository,
    unitOfWork,
    defaultPath: join(dir, 'images'),
    virtualSize: async () => 0,
  });
  pools.ensureDefault();
  const published: BusEvent[] = [];
  events.subscribe((event) => published.push(event));
  const logger = createLogger({ service: 'test', level: 'silent' });
  const operations = createOperations({ operations: createOperationRepository(db), unitOfWork, logger });
  const vms = createVmService({
    vms: vmRepository,
    disks: diskRepository,
    driver,
    network,
    operations,
    unitOfWork,
    host: { threads: 4, memoryBytes: 8 * 1024 ** 3 },
    imageFile: pools.imageFile,
    bootDir,
    stopTimeoutMs: 1000,
    logger,
    sleep: async () => undefined,
  });
  return {
    db,
    dir,
    events,
    audit,
    vms,
    driver,
    network,
    operations,
    unitOfWork,
    vmRepository,
    diskRepository,
    pools,
    published,
  };
}

export const REQUEST: AuditContext = {
  actor: 'tester',
  transport: 'tcp',
  method: 'POST',
  path: '/api/v1/vms',
  resource: 'vm/web1',
  requestId: 'req-1',
  status: 200,
};

export const KERNEL_VM = {
  name: 'web1',
  cpu: { count: 1 },
  memory: { size: '64M' },
  boot: { kernel: 'vmlinuz', cmdline: 'console=ttyS0' },
};
