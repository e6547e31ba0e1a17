/**
 * The service built in-process over a fresh database, with the simulated driver unless a test
 * gives another: for route tests with `app.inject` and for tests over a real socket.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, type App, type Logger } from '@lab/server-kit';
import { buildServer } from '../../src/api/server.js';
import { DEFAULT_KVM_PROBE_TIMEOUT_MS, type ServeConfig } from '../../src/config.js';
import { createSimulatedDriver, type SimulatedDriver } from '../../src/drivers/simulated/simulated-driver.js';
import type { NetworkDriver } from '../../src/drivers/network/network-driver.js';
import type { VmDriver } from '../../src/drivers/vm-driver.js';
import { openStore } from '../../src/store/database.js';

export interface TestService {
  app: App;
  dir: string;
  runDir: string;
  dataDir: string;
  driver: VmDriver;
  close(): Promise<void>;
}

/** The settings of a test service over `dir` (`dir/data`, `dir/run`): free ports, the simulated driver. */
export function testServeConfig(dir: string): ServeConfig {
  return {
    host: '127.0.0.1',
    port: 0,
    dataDir: join(dir, 'data'),
    runDir: join(dir, 'run'),
    grpcPort: 0,
    logLevel: 'silent',
    accel: 'tcg',
    kvmProbeTimeoutMs: DEFAULT_KVM_PROBE_TIMEOUT_MS,
    stopTimeoutMs: 2_000,
    driver: 'simulated',
    insecureTcp: false,
  };
}

export async function startTestService(
  options: {
    driver?: VmDriver;
    networkDriver?: NetworkDriver;
    config?: Partial<ServeConfig>;
    dir?: string;
    luksIterTimeMs?: number;
    /** Where the service logs (a test that reads its log lines); silent by default. */
    logger?: Logger;
  } = {},
): Promise<TestService & { driver: SimulatedDriver | VmDriver }> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'hv-test-'));
  const dataDir = join(dir, 'data');
  const runDir = join(dir, 'run');
  const config: ServeConfig = { ...testServeConfig(dir), ...options.config };
  const driver = options.driver ?? createSimulatedDriver();
  const db = openStore(dataDir);
  const logger = options.logger ?? createLogger({ service: 'hypervisor-test', level: 'silent' });
  const app = await buildServer(
    { db, logger, config },
    // LUKS key slots with a PBKDF time of 2 s each would make encrypted-image tests crawl.
    {
      driver,
      luksIterTimeMs: options.luksIterTimeMs ?? 50,
      ...(options.networkDriver === undefined ? {} : { networkDriver: options.networkDriver }),
    },
  );
  await app.ready();
  return {
    app,
    dir,
    dataDir,
    runDir,
    driver,
    close: async () => {
      await app.close();
      db.close();
      if (options.dir === undefined) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function simulated(service: TestService): SimulatedDriver {
  return service.driver as SimulatedDriver;
}
