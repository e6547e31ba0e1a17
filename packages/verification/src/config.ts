/** Settings of `verifyctl serve`, validated once at start-up. Every limit is one of them. */
import { availableParallelism } from 'node:os';
import { serveConfigProperties } from '@lab/server-kit/cli';
import { Type, type Static } from 'typebox';

export const DEFAULT_PORT = 8080;
export const API_PREFIX = '/api/v1';
export const DEFAULT_DATA_DIR = 'data/verification';
export const MIB = 1024 * 1024;

/** The limits of the spec's table, as defaults; each is a setting so benchmarks can raise them. */
export const LimitSettings = {
  jobSubmissionsPerHour: Type.Integer({
    minimum: 1,
    default: 60,
    description: 'job submissions per project per hour',
  }),
  requestsPerMinute: Type.Integer({
    minimum: 1,
    default: 300,
    description:
      'requests (result retrieval and every other route) per credential, or per address without auth, per minute',
  }),
  uploadMaxBytes: Type.Integer({
    minimum: 1,
    default: 100 * MIB,
    description: 'total size of the files of one upload request',
  }),
  streamsPerUser: Type.Integer({
    minimum: 1,
    default: 10,
    description: 'concurrent WebSocket streams per user (per address without auth)',
  }),
  signInsPerMinute: Type.Integer({
    minimum: 1,
    default: 20,
    description: 'sign-in attempts (POST /session) per address per minute',
  }),
};

export const ServeConfigSchema = Type.Object({
  ...serveConfigProperties({ port: DEFAULT_PORT, dataDir: DEFAULT_DATA_DIR }),
  workers: Type.Integer({
    minimum: 1,
    maximum: 256,
    default: availableParallelism(),
    description: 'jobs run at once (default: the number of cores)',
  }),
  queueCapacity: Type.Integer({
    minimum: 1,
    maximum: 100_000,
    default: 1000,
    description: 'jobs that may wait in the queue; submitting beyond it answers 503',
  }),
  authEnabled: Type.Boolean({
    default: false,
    description: 'require a token on every route but /health and the docs (PLATFORM_AUTH_ENABLED)',
  }),
  sessionTtlHours: Type.Number({
    exclusiveMinimum: 0,
    maximum: 8760,
    default: 12,
    description: "hours a browser session lasts (never beyond its token's expiry)",
  }),
  webhookAllowPrivate: Type.Boolean({
    default: false,
    description:
      'allow webhook URLs on loopback, private, link-local and unique-local addresses (for local use and tests)',
  }),
  webhookTimeoutMs: Type.Integer({
    minimum: 1,
    maximum: 600_000,
    default: 10_000,
    description: 'milliseconds one webhook delivery attempt may take',
  }),
  webhookRetryBaseMs: Type.Integer({
    minimum: 1,
    maximum: 3_600_000,
    default: 30_000,
    description: 'first wait before retrying a failed webhook delivery; later waits double from it',
  }),
  ...LimitSettings,
});
export type ServeConfig = Static<typeof ServeConfigSchema>;
