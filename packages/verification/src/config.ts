/** Settings of `verifyctl serve`, validated once at start-up. */
import { serveConfigProperties } from '@lab/server-kit';
import { Type, type Static } from 'typebox';

export const DEFAULT_PORT = 8080;
export const API_PREFIX = '/api/v1';
export const DEFAULT_DATA_DIR = 'data/verification';

export const ServeConfigSchema = Type.Object(
  serveConfigProperties({ port: DEFAULT_PORT, dataDir: DEFAULT_DATA_DIR }),
);
export type ServeConfig = Static<typeof ServeConfigSchema>;
