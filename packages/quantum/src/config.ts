/** Settings of `qcirc serve`, validated once at start-up. */
import { serveConfigProperties } from '@lab/server-kit/cli';
import { Type, type Static } from 'typebox';
import { MEMORY_FRACTION, MIN_MAX_MEMORY, SIZE_PATTERN } from './backends/memory.js';
import {
  DEFAULT_MAX_JOBS,
  DEFAULT_MAX_RUNNING_JOBS,
  MAX_JOBS_LIMIT,
  MAX_RUNNING_JOBS_LIMIT,
} from './jobs/limits.js';

export const DEFAULT_PORT = 8787;
export const API_PREFIX = '';
export const DEFAULT_DATA_DIR = 'data/quantum';
const MEMORY_PERCENT = MEMORY_FRACTION * 100;

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
  maxMemory: Type.Optional(
    Type.String({
      pattern: SIZE_PATTERN,
      description:
        'memory the running jobs may hold together, a size like 1.5G or 512M (binary units; at least ' +
        `${MIN_MAX_MEMORY / 2 ** 20}M). Default: ${MEMORY_PERCENT} % of the process's memory limit (its ` +
        "cgroup's, else the machine's RAM) minus what the service holds at start",
    }),
  ),
});
export type ServeConfig = Static<typeof ServeConfigSchema>;
