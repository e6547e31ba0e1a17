/**
 * The spec's rate limits, with @fastify/rate-limit's counters: every request counts against its
 * user's per-minute quota, and a job submission also against its project's hourly quota. Every
 * response (unknown routes, docs and /health included) carries X-RateLimit-Limit, -Remaining and
 * -Reset, a job submission's with its project's numbers; an exceeded quota answers 429
 * RATE_LIMITED with Retry-After.
 */
import rateLimit from '@fastify/rate-limit';
import { KitErrors, type App } from '@lab/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX, type ServeConfig } from '../config.js';

/** The route whose requests count against their project's quota, as `request.routeOptions` names it. */
export const JOB_SUBMISSION = { method: 'POST', url: `${API_PREFIX}/projects/:id/jobs` } as const;

/** The headers every response carries, as the OpenAPI document describes them. */
export const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': {
    description: "requests allowed in the quota's window (a job submission: its project's hourly quota)",
    schema: { type: 'integer' },
  },
  'X-RateLimit-Remaining': {
    description: 'requests left in the current window',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Reset': { description: 'seconds until the window resets', schema: { type: 'integer' } },
};

interface Quota {
  check: ReturnType<App['createRateLimit']>;
  /** The window as the 429's details name it. */
  window: string;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

function isJobSubmission(request: FastifyRequest): boolean {
  return request.method === JOB_SUBMISSION.method && request.routeOptions.url === JOB_SUBMISSION.url;
}

/** Counts the request against `quota`, reports the quota's state in headers, and refuses when exceeded. */
async function enforce(quota: Quota, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const state = await quota.check(request);
  if (state.isAllowed) return;
  void reply.headers({
    'x-ratelimit-limit': state.max,
    'x-ratelimit-remaining': state.remaining,
    'x-ratelimit-reset': state.ttlInSeconds,
  });
  if (!state.isExceeded) return;
  void reply.header('retry-after', state.ttlInSeconds);
  throw KitErrors.rateLimited(
    { retryAfterSeconds: state.ttlInSeconds },
    { details: { limit: state.max, window: quota.window, retry_after_seconds: state.ttlInSeconds } },
  );
}

export async function registerRateLimits(
  app: App,
  settings: Pick<ServeConfig, 'requestsPerMinute' | 'jobSubmissionsPerHour'>,
  userKey: (request: FastifyRequest) => string,
): Promise<void> {
  // Not global: the plugin's own hooks would reach only the routes declared after it and never
  // the not-found handler, whereas one application-wide hook reaches every request.
  await app.register(rateLimit, { global: false });
  const perUser: Quota = {
    check: app.createRateLimit({
      max: settings.requestsPerMinute,
      timeWindow: MINUTE_MS,
      keyGenerator: userKey,
    }),
    window: '1 minute',
  };
  const perProject: Quota = {
    check: app.createRateLimit({
      max: settings.jobSubmissionsPerHour,
      timeWindow: HOUR_MS,
      keyGenerator: (request) => `project:${(request.params as { id: string }).id}`,
    }),
    window: '1 hour',
  };
  app.addHook('onRequest', async (request, reply) => {
    await enforce(perUser, request, reply);
    if (isJobSubmission(request)) await enforce(perProject, request, reply);
  });
}
