/** The REST app in this process on an in-memory database, for tests that need no real server. */
import { createLogger, openDatabase, type App } from '@lab/server-kit';
import { buildServer } from '../../src/api/server.js';
import type { ServeConfig } from '../../src/config.js';
import { MIGRATIONS } from '../../src/store/database.js';

export async function inProcessApp(config: Partial<ServeConfig> = {}): Promise<App> {
  const db = openDatabase(':memory:', { namespace: 'quantum', migrations: MIGRATIONS });
  let app: App;
  try {
    app = await buildServer({
      db,
      logger: createLogger({ service: 'quantum', level: 'silent' }),
      config: {
        host: '127.0.0.1',
        port: 0,
        dataDir: ':memory:',
        logLevel: 'silent',
        maxRunningJobs: 1,
        maxJobs: 10,
        ...config,
      },
    });
  } catch (error) {
    db.close();
    throw error;
  }
  app.addHook('onClose', async () => db.close());
  await app.ready();
  return app;
}
