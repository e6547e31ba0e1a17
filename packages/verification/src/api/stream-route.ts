/**
 * `GET /jobs/{id}/stream` over WebSocket: on connect, the job's history so far (log lines, stage
 * completions, the current progress, and the end if it has ended), then live messages until the
 * job ends, one JSON object per message. A user has at most `streamsPerUser` streams open; one
 * more is refused in the handshake, before the upgrade, with 429 RATE_LIMITED and the rate-limit
 * headers (`createStreamLimit`).
 */
import type {} from '@fastify/websocket';
import type { Authenticator, Principal } from '@lab/server-kit';
import { documentedError, ErrorEnvelopeRef, hasScope, KitErrors, type App } from '@lab/server-kit';
import type { FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import type { WebSocket } from 'ws';
import { formatDuration } from '../domain/durations.js';
import type { StreamMessage } from '../domain/job-events.js';
import type { JobService } from '../domain/job-service.js';
import { VpErrors } from '../errors.js';
import { STAGES } from '../domain/verify-config.js';
import { JobIdParams, JobStatusSchema, StageStatusSchema } from './job-schemas.js';
import { createStreamLimit } from './rate-limits.js';
import { READ } from './scopes.js';

const PING_INTERVAL_MS = 30_000;

export interface StreamRouteDeps {
  jobs: JobService;
  authenticate: Authenticator;
  /** Whether the session cookie, not a header credential, is what authenticated the request. */
  bySession(request: FastifyRequest): boolean;
  userKey(request: FastifyRequest): string;
  streamsPerUser: number;
  prefix: string;
  /** The OpenAPI security schemes that carry the credential, as the other routes name them. */
  securitySchemes: readonly string[];
  /** The caller's and the needed role, for a 403's details, as the other routes give them. */
  forbiddenDetails: (principal: Principal, requiredScope: string) => Record<string, unknown>;
}

const Stage = Type.Enum(STAGES);

/**
 * One message of the stream, as sent (the OpenAPI document cannot state a WebSocket's messages;
 * the TypeScript SDK types its stream from this).
 */
export const StreamMessageSchema = Type.Union([
  Type.Object({
    type: Type.Literal('log'),
    timestamp: Type.String({ format: 'date-time' }),
    stage: Type.String(),
    level: Type.Enum(['INFO', 'WARNING', 'ERROR']),
    message: Type.String(),
  }),
  Type.Object({
    type: Type.Literal('progress'),
    stage: Stage,
    tests_complete: Type.Integer(),
    tests_total: Type.Integer(),
  }),
  Type.Object({
    type: Type.Literal('stage_complete'),
    stage: Stage,
    status: StageStatusSchema,
    duration: Type.Union([Type.String(), Type.Null()]),
    reason: Type.Union([Type.String(), Type.Null()]),
  }),
  Type.Object({
    type: Type.Literal('job_complete'),
    status: JobStatusSchema,
    error: Type.Union([
      Type.Object({ stage: Type.String(), code: Type.String(), message: Type.String() }),
      Type.Null(),
    ]),
  }),
]);
export type StreamMessageOut = Static<typeof StreamMessageSchema>;
type Outgoing = StreamMessageOut;

/** The job's past as stream messages, oldest first: logs and stage ends merged by time. */
function history(jobs: JobService, id: string): { messages: Outgoing[]; lastLogId: number } {
  const logs = jobs.logs(id, {});
  const timed: { at: string; order: number; message: Outgoing }[] = logs.map((row, order) => ({
    at: row.timestamp,
    order,
    message: {
      type: 'log',
      timestamp: row.timestamp,
      stage: row.stage,
      level: row.level,
      message: row.message,
    },
  }));
  for (const stage of jobs.stageRows(id)) {
    if (stage.finished_at !== null && stage.status !== 'queued' && stage.status !== 'running') {
      timed.push({
        at: stage.finished_at,
        order: logs.length,
        message: {
          type: 'stage_complete',
          stage: stage.stage,
          status: stage.status,
          duration: stage.duration_ms === null ? null : formatDuration(stage.duration_ms),
          reason: stage.reason,
        },
      });
    } else if (stage.status === 'running' && stage.completed !== null) {
      timed.push({
        at: '\uffff',
        order: 0,
        message: {
          type: 'progress',
          stage: stage.stage,
          tests_complete: stage.completed,
          tests_total: stage.total ?? stage.completed,
        },
      });
    }
  }
  timed.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.order - b.order));
  return { messages: timed.map((t) => t.message), lastLogId: logs.at(-1)?.id ?? 0 };
}

/** Whether an Origin header names the host the request was sent to. */
function sameHost(origin: string, host: string | undefined): boolean {
  try {
    return host !== undefined && new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}

export function registerStreamRoute(app: App, deps: StreamRouteDeps): void {
  const streams = createStreamLimit(deps.streamsPerUser);

  const stream = (socket: WebSocket, request: FastifyRequest<{ Params: { id: string } }>) => {
    const { id } = request.params;
    const send = (message: Outgoing) => socket.send(JSON.stringify(message));
    const sentStages = new Set<string>();
    let ended = false;
    let lastLogId = 0;
    let live = false;
    const pending: StreamMessage[] = [];

    const deliver = (message: StreamMessage) => {
      if (ended) return;
      if (message.type === 'log') {
        if (message.id <= lastLogId) return;
        lastLogId = message.id;
        send({
          type: 'log',
          timestamp: message.timestamp,
          stage: message.stage,
          level: message.level,
          message: message.message,
        });
        return;
      }
      if (message.type === 'stage_complete') {
        if (sentStages.has(message.stage)) return;
        sentStages.add(message.stage);
      }
      send(message);
      if (message.type === 'job_complete') {
        ended = true;
        socket.close(1000, `job ${message.status}`);
      }
    };
    // Subscribe before reading the past, so nothing falls between the two.
    const unsubscribe = deps.jobs.subscribe(id, (message) =>
      live ? deliver(message) : pending.push(message),
    );
    const ping = setInterval(() => socket.ping(), PING_INTERVAL_MS);
    const onShutdown = () => socket.close(1001, 'server shutting down');
    app.shutdownSignal.addEventListener('abort', onShutdown, { once: true });
    socket.once('close', () => {
      unsubscribe();
      clearInterval(ping);
      app.shutdownSignal.removeEventListener('abort', onShutdown);
    });

    const past = history(deps.jobs, id);
    for (const message of past.messages) {
      if (message.type === 'stage_complete') sentStages.add(message.stage);
      send(message);
    }
    lastLogId = past.lastLogId;
    live = true;
    pending.forEach(deliver);
    const job = deps.jobs.require(id);
    if (!ended && job.status !== 'queued' && job.status !== 'running') {
      deliver({ type: 'job_complete', status: job.status, error: job.error });
    }
  };

  app.route({
    method: 'GET',
    url: `${deps.prefix}/jobs/:id/stream`,
    schema: {
      summary: "Stream a job's log and progress (WebSocket)",
      description:
        'Upgrade to a WebSocket. Messages, one JSON object each: `log` {stage, level, timestamp, message}, ' +
        '`progress` {stage, tests_complete, tests_total}, `stage_complete` {stage, status, duration, reason}, ' +
        '`job_complete` {status, error}. The history so far comes first; the socket closes (1000) after ' +
        '`job_complete`. More than the per-user limit of open streams: refused before the upgrade with 429 ' +
        '`RATE_LIMITED`, `Retry-After` and the limit in the rate-limit headers. A plain HTTP request (no ' +
        `upgrade) is answered 426. A browser may authenticate with the session cookie (\`POST /session\`) ` +
        "instead of a header; its `Origin` must then be this server's (403 `ORIGIN_NOT_ALLOWED`)." +
        `\n\nRequires scope \`${READ.scope}\`.`,
      tags: ['jobs'],
      security: deps.securitySchemes.map((scheme) => ({ [scheme]: [READ.scope] })),
      params: JobIdParams,
      // Registered apart from the other routes (it upgrades), so it states itself what the kit
      // gives them: no query parameter is known, and every answer before the upgrade is documented.
      querystring: Type.Object({}, { additionalProperties: false }),
      response: {
        400: documentedError('VALIDATION_ERROR: an unknown query parameter, or an id that is too long'),
        401: documentedError('UNAUTHORIZED: no valid credential'),
        403: documentedError(
          `FORBIDDEN: the credential lacks \`${READ.scope}\`. ORIGIN_NOT_ALLOWED: the session cookie sent from a page of another origin`,
        ),
        404: documentedError('NOT_FOUND: no job has this id'),
        414: documentedError('URI_TOO_LONG: a path segment longer than the router matches'),
        426: documentedError('UPGRADE_REQUIRED: a plain HTTP request, without the WebSocket upgrade'),
        429: documentedError(
          "RATE_LIMITED: the user's open streams are at the limit, or the per-minute request quota is spent",
        ),
        '4XX': ErrorEnvelopeRef,
        '5XX': ErrorEnvelopeRef,
      },
    },
    onRequest: async (request) => {
      const principal = await deps.authenticate(request);
      if (principal === null) throw KitErrors.unauthorized({ reason: 'missing or invalid credentials' });
      // A browser sends the cookie with a page of another origin's upgrade too (same site, another
      // port, say), and a WebSocket has no CSRF header: its Origin must be this server's.
      const origin = request.headers.origin;
      if (deps.bySession(request) && origin !== undefined && !sameHost(origin, request.headers.host))
        throw VpErrors.originNotAllowed({ origin }, { details: { origin } });
      if (!hasScope(principal.scopes, READ.scope)) {
        throw KitErrors.forbidden(
          { scope: READ.scope },
          { details: { required_scope: READ.scope, ...deps.forbiddenDetails(principal, READ.scope) } },
        );
      }
      request.principal = principal;
    },
    preHandler: async (request, reply) => {
      // A stream of a job that does not exist is refused before the upgrade, with a 404; so is one
      // past the user's limit, with a 429. A plain GET takes no slot: the handler answers it 426.
      deps.jobs.require(request.params.id);
      if (request.ws) streams.admit(deps.userKey(request), request.raw.socket, reply);
    },
    handler: async (_request, reply) =>
      reply
        .status(426)
        .header('upgrade', 'websocket')
        .send({
          error: { code: 'UPGRADE_REQUIRED', message: 'this route speaks WebSocket only', details: {} },
        }),
    wsHandler: stream as never,
  });
}
