/** Settings of `qcirc serve`, validated once at start-up. */
import { serveConfigProperties } from '@lab/server-kit';
import { Type, type Static } from 'typebox';

export const DEFAULT_PORT = 8787;
export const API_PREFIX = '';
export const DEFAULT_DATA_DIR = 'data/quantum';

export const ServeConfigSchema = Type.Object(
  serveConfigProperties({ port: DEFAULT_PORT, dataDir: DEFAULT_DATA_DIR }),
);
export type ServeConfig = Static<typeof ServeConfigSchema>;
