/** `qcirc serve`: validate the settings, open the store, serve REST until a signal. */
import { createLogger, parseConfig, serve } from '@lab/server-kit';
import { buildServer } from '../api/server.js';
import { API_PREFIX, ServeConfigSchema } from '../config.js';
import { openStore } from '../store/database.js';

export async function runServe(flags: Record<string, unknown>): Promise<void> {
  const config = parseConfig(ServeConfigSchema, flags);
  const logger = createLogger({ service: 'quantum', level: config.logLevel });
  const db = openStore(config.dataDir);
  const app = await buildServer({ db, logger });
  const url = await serve(app, {
    host: config.host,
    port: config.port,
    logger,
    closeables: [{ name: 'database', close: () => db.close() }],
  });
  logger.info({ url: url + API_PREFIX, data_dir: config.dataDir }, 'quantum API listening');
}
