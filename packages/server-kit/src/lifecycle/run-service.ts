/**
 * The `serve` flow every service shares: settings validated into a typed config, a logger, the
 * store opened (migrations applied), the app built and served until a signal, then the store
 * closed. A service supplies only what differs: its schema, store and app.
 */
import type { Database } from 'better-sqlite3';
import type { Static, TSchema } from 'typebox';
import { parseConfig } from '../config.js';
import type { App } from '../http/app.js';
import { createLogger, type Logger } from './logger.js';
import { serve } from './listen.js';

export interface ServeSettings {
  host: string;
  port: number;
  dataDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
}

/** What a service's app is built from. */
export interface ServiceDeps<C = ServeSettings> {
  db: Database;
  logger: Logger;
  config: C;
}

export interface ServiceDefinition<S extends TSchema> {
  /** Name in logs, e.g. 'hypervisor'. */
  service: string;
  /** Settings schema; built from `serveConfigProperties` plus the service's own. */
  configSchema: S;
  /** API prefix, logged as part of the URL. */
  prefix: string;
  openStore(dataDir: string): Database;
  buildApp(deps: ServiceDeps<Static<S> & ServeSettings>): Promise<App>;
}

export async function runService<S extends TSchema>(
  definition: ServiceDefinition<S>,
  flags: Record<string, unknown>,
): Promise<void> {
  // Static<S> of a generic S is opaque to the checker; the schema guarantees the serve settings.
  const parsed: unknown = parseConfig(definition.configSchema, flags);
  const config = parsed as ServeSettings;
  const logger = createLogger({ service: definition.service, level: config.logLevel });
  const db = definition.openStore(config.dataDir);
  const app = await definition.buildApp({ db, logger, config: parsed as Static<S> & ServeSettings });
  const url = await serve(app, {
    host: config.host,
    port: config.port,
    logger,
    closeables: [{ name: 'database', close: () => db.close() }],
  });
  logger.info(
    {
      url: url + definition.prefix,
      data_dir: config.dataDir,
      ...(app.tlsFingerprint === null ? {} : { tls_fingerprint: app.tlsFingerprint }),
    },
    `${definition.service} API listening`,
  );
}
