/**
 * The spec's rate limits, with @fastify/rate-limit's counters: every request counts against its
 * user's per-minute quota, and a job submission also against its project's hourly quota. Every
 * response (unknown routes, docs and /health included) carries X-RateLimit-Limit, -Remaining and
 * -Reset, a job submission's with its project's numbers; an exceeded quota answers 429
 * RATE_LIMITED with Retry-After. The limit of concurrent WebSocket streams per user
 * (`createStreamLimit`) answers the same way, before the upgrade.
 */
import rateLimit from '@fastify/rate-limit';
import { KitErrors, type App } from '@lab/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX, type ServeConfig } from '../config.js';
import { VpErrors } from '../errors.js';

/** The route whose requests count against their project's quota, as `request.routeOptions` names it. */
export const JOB_SUBMISSION = { method: 'POST', url: `${API_PREFIX}/projects/:id/jobs` } as const;

/** Sign-in, counted per address on top of the per-user quota, so tokens cannot be guessed at the request rate. */
export const SIGN_IN = { method: 'POST', url: `${API_PREFIX}/session` } as const;

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

function isRoute(request: FastifyRequest, route: { method: string; url: string }): boolean {
  return request.method === route.method && request.routeOptions.url === route.url;
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
  settings: Pick<ServeConfig, 'requestsPerMinute' | 'jobSubmissionsPerHour' | 'signInsPerMinute'>,
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
  const signIns: Quota = {
    check: app.createRateLimit({
      max: settings.signInsPerMinute,
      timeWindow: MINUTE_MS,
      keyGenerator: (request) => `sign-in:${request.ip}`,
    }),
    window: '1 minute',
  };
  app.addHook('onRequest', async (request, reply) => {
    await enforce(perUser, request, reply);
    if (isRoute(request, JOB_SUBMISSION)) await enforce(perProject, request, reply);
    if (isRoute(request, SIGN_IN)) await enforce(signIns, request, reply);
  });
}

/**
 * What a refused stream is told to wait, in seconds (Retry-After and X-RateLimit-Reset): a slot
 * frees when one of the user's streams closes, which no window foretells, so this is an interval to
 * retry at, not a promise.
 */
export const STREAM_RETRY_AFTER_SECONDS = 5;

/** The connection an upgrade request arrived on; its end gives the stream's slot back. */
interface Connection {
  once(event: 'close', listener: () => void): unknown;
}

export interface StreamLimit {
  /**
   * Takes one of `user`'s slots until `connection` closes, or refuses with 429 RATE_LIMITED, the
   * limit's X-RateLimit headers (none remaining) and Retry-After when all are taken.
   */
  admit(user: string, connection: Connection, reply: FastifyReply): void;
}

/**
 * At most `limit` concurrent streams per user. A slot is taken before the upgrade, so the refusal
 * is an HTTP answer rather than an accepted socket closed at once, and given back when the
 * connection closes, however it ends: the stream's close, a failed handshake, or an error answered
 * instead of the upgrade. Taking it synchronously leaves no gap for two upgrades to share the last.
 */
export function createStreamLimit(limit: number): StreamLimit {
  const open = new Map<string, number>();
  return {
    admit(user, connection, reply) {
      const count = open.get(user) ?? 0;
      if (count >= limit) {
        void reply.headers({
          'x-ratelimit-limit': limit,
          'x-ratelimit-remaining': 0,
          'x-ratelimit-reset': STREAM_RETRY_AFTER_SECONDS,
          'retry-after': STREAM_RETRY_AFTER_SECONDS,
        });
        throw VpErrors.tooManyStreams(
          { limit },
          {
            details: {
              limit,
              window: 'concurrent',
              open: count,
              retry_after_seconds: STREAM_RETRY_AFTER_SECONDS,
            },
          },
        );
      }
      open.set(user, count + 1);
      connection.once('close', () => {
        const left = (open.get(user) ?? 1) - 1;
        if (left === 0) open.delete(user);
        else open.set(user, left);
      });
    },
  };
}
