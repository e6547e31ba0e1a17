import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, parseConfig } from '@lab/server-kit';
import { describeApiConformance } from '@lab/server-kit/testing';
import { buildServer } from '../../src/api/server.js';
import { ServeConfigSchema } from '../../src/config.js';
import { openStore } from '../../src/store/database.js';

describeApiConformance({
  service: 'verification',
  start: async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vp-conformance-'));
    const db = openStore(dir);
    const app = await buildServer({
      db,
      logger: createLogger({ service: 'test', level: 'silent' }),
      config: parseConfig(ServeConfigSchema, { dataDir: dir }),
    });
    await app.ready();
    return {
      app,
      close: async () => {
        await app.close();
        db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
});
