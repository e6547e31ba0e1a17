/** Settings of `qcirc serve`, validated once at start-up. */
import { serveConfigProperties } from '@lab/server-kit';
import { Type, type Static } from 'typebox';
import {
  DEFAULT_MAX_JOBS,
  DEFAULT_MAX_RUNNING_JOBS,
  MAX_JOBS_LIMIT,
  MAX_RUNNING_JOBS_LIMIT,
} from './jobs/limits.js';

export const DEFAULT_PORT = 8787;
export const API_PREFIX = '';
export const DEFAULT_DATA_DIR = 'data/quantum';

export const ServeConfigSchema = Type.Object({
  ...serveConfigProperties({ port: DEFAULT_PORT, dataDir: DEFAULT_DATA_DIR }),
  maxRunningJobs: Type.Integer({
    minimum: 1,
    maximum: MAX_RUNNING_JOBS_LIMIT,
    default: DEFAULT_MAX_RUNNING_JOBS,
    description: 'jobs simulated at once, each on its own worker thread (default: half the cores)',
  }),
  maxJobs: Type.Integer({
    minimum: 1,
    maximum: MAX_JOBS_LIMIT,
    default: DEFAULT_MAX_JOBS,
    description: 'jobs queued or running at once; POST /jobs beyond it answers 429 TOO_MANY_JOBS',
  }),
});
export type ServeConfig = Static<typeof ServeConfigSchema>;
