/** `verifyctl serve`: validate the settings, open the store, serve REST until a signal. */
import { runService } from '@lab/server-kit';
import { buildServer } from '../api/server.js';
import { API_PREFIX, ServeConfigSchema } from '../config.js';
import { openStore } from '../store/database.js';

export function runServe(flags: Record<string, unknown>): Promise<void> {
  return runService(
    {
      service: 'verification',
      configSchema: ServeConfigSchema,
      prefix: API_PREFIX,
      openStore,
      buildApp: buildServer,
    },
    flags,
  );
}
