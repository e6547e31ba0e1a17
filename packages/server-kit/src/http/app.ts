/**
 * The Fastify app factory every service starts from.
 *
 * It wires, once: the TypeBox type provider; two Ajv validators (bodies are validated strictly,
 * query strings, params and headers with type coercion, as they arrive as text); a JSON parser
 * that reports where the body is broken; request ids; the error envelope for every failure,
 * unknown routes included; the OpenAPI 3.1 document and Swagger UI under the service prefix;
 * and an abort signal that long-lived responses (SSE, follows) watch to end on shutdown.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Server as TlsServer } from 'node:tls';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import secureJson from 'secure-json-parse';
import { KitErrors, type AppError } from '../errors.js';
import { trackAllowedMethods } from './allowed-methods.js';
import { makeBodyAjv, makeTextAjv } from './ajv.js';
import { clientErrorHandler } from './client-errors.js';
import { errorResponse, toAppError } from './error-response.js';
import { ErrorEnvelopeSchema } from './schemas.js';
import { refusePlainHttp } from './tls-port.js';
import { checkJsonStrings, checkQueryUtf8, decodeJsonText } from './utf8.js';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Aborted when the app starts closing: long-lived responses end themselves on it. */
    shutdownSignal: AbortSignal;
    /** The SHA-256 fingerprint of the certificate when the app serves TLS; else null. */
    tlsFingerprint: string | null;
  }
  interface FastifyRequest {
    /** The catalogue code of the error this request was answered with, once it was; else null. */
    errorCode: string | null;
  }
}

export type SecurityScheme =
  | { type: 'http'; scheme: 'bearer'; description: string }
  | { type: 'apiKey'; in: 'header'; name: string; description: string };

export interface AppOptions {
  /** Service title in the OpenAPI document. */
  title: string;
  version: string;
  description?: string;
  /** Path prefix of every route, '' or like '/api/v1'. */
  prefix: string;
  logger: FastifyBaseLogger;
  /** Largest accepted request body in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** OpenAPI security schemes by name; routes that need a credential refer to them. */
  securitySchemes?: Record<string, SecurityScheme>;
  /** Serve Swagger UI at `{prefix}/docs` (default true). */
  docs?: boolean;
  /**
   * Schemas with an `$id` that routes refer to (`{ $ref: 'Circuit#' }`): named components of the
   * OpenAPI document, known to the request validators too.
   */
  schemas?: readonly object[];
  /**
   * Headers every response carries (rate-limit counters, say), documented on every response of
   * every operation in the OpenAPI document. The service sets them; this only describes them.
   */
  responseHeaders?: Record<string, { description: string; schema: object }>;
  /**
   * Serve over TLS (HTTP/1.1) with this certificate (PEM, a chain allowed) and key; plain HTTP to
   * the port is answered `400 TLS_REQUIRED` and closed. `fingerprint` is logged with the URL.
   */
  https?: { cert: string; key: string; fingerprint: string };
}

type OpenApiDocument = {
  paths?: Record<
    string,
    Record<
      string,
      {
        requestBody?: { required?: boolean; content?: Record<string, { schema?: unknown }> };
        responses?: Record<string, { headers?: object }>;
      }
    >
  >;
};

function acceptsNull(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const { type, anyOf, oneOf } = schema as { type?: unknown; anyOf?: unknown; oneOf?: unknown };
  if (type === 'null' || (Array.isArray(type) && type.includes('null'))) return true;
  return [anyOf, oneOf].some((variants) => Array.isArray(variants) && variants.some(acceptsNull));
}

/**
 * Marks as optional the request bodies that may be left out: @fastify/swagger marks every body
 * required, but a body schema that accepts null (`Type.Union([..., Type.Null()])`) is what an
 * action route with options declares, and the JSON parser takes no body as no value.
 */
function documentOptionalBodies(document: OpenApiDocument): void {
  for (const operations of Object.values(document.paths ?? {})) {
    for (const { requestBody } of Object.values(operations)) {
      const schemas = Object.values(requestBody?.content ?? {}).map((media) => media.schema);
      if (requestBody !== undefined && schemas.length > 0 && schemas.every(acceptsNull)) {
        requestBody.required = false;
      }
    }
  }
}

/** Adds `headers` to every response of every operation of `document`, in place. */
function documentResponseHeaders(document: OpenApiDocument, headers: Record<string, object>): void {
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const response of Object.values(operation.responses ?? {})) {
        response.headers = { ...headers, ...response.headers };
      }
    }
  }
}

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** Longest path parameter (a name, an id) the router matches; a longer one is 414 URI_TOO_LONG. */
export const MAX_PARAM_LENGTH = 256;
/** Deepest nesting of arrays and objects a JSON body may have. */
export const MAX_JSON_DEPTH = 128;
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The JSON pointer of a value nested deeper than `limit`, found without recursion; else undefined. */
function pathDeeperThan(value: unknown, limit: number): string | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (item.value === null || typeof item.value !== 'object') continue;
    if (item.depth >= limit) return item.path;
    for (const [key, child] of Object.entries(item.value)) {
      stack.push({ value: child, path: `${item.path}/${key}`, depth: item.depth + 1 });
    }
  }
  return undefined;
}

/**
 * One access-log line per answered request, at debug level, instead of Fastify's two at info.
 * As in Docker's and Incus's daemons, every API call is logged only when debugging: refusals are
 * logged at info and failures at error by the error handler, and a service keeps its record of
 * changes (the hypervisor's audit log) in its store. `--log-level debug` shows every request.
 */
class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      response_ms: Math.round(reply.elapsedTime * 100) / 100,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.debug(line, 'request');
  }
}

export async function createApp(options: AppOptions): Promise<App> {
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const errorContext = (request: FastifyRequest) => ({
    bodyLimit,
    maxParamLength: MAX_PARAM_LENGTH,
    contentType: request.headers['content-type'],
    url: request.url,
  });
  /** Every error answer, the framework's own included, goes through here. */
  const answerError = (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error, errorContext(request));
    const { status, body } = errorResponse(appError, request.id);
    request.errorCode = appError.code;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: appError.code, status }, 'request refused');
    }
    return reply.status(status).header('x-request-id', request.id).send(body);
  };
  const app = Fastify({
    loggerInstance: options.logger,
    bodyLimit,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // A URL that is not UTF-8, or a path parameter over the limit, found by the router itself.
    frameworkErrors: (error, request, reply) => {
      answerError(error, request, reply);
    },
    clientErrorHandler: clientErrorHandler(options.logger),
    logController: new AccessLog({ requestIdLogLabel: 'request_id' }),
    genReqId: (req) => {
      const offered = req.headers['x-request-id'];
      return typeof offered === 'string' && REQUEST_ID.test(offered) ? offered : randomUUID();
    },
    // Idle keep-alive sockets are closed at shutdown; busy ones finish their request first.
    forceCloseConnections: 'idle',
    // Requests that reach a draining server are still answered (with the envelope, if failing).
    return503OnClosing: false,
    // The App type stays that of a plain server: an https.Server is one, with TLS underneath.
    ...(options.https === undefined ? {} : { https: { cert: options.https.cert, key: options.https.key } }),
  }).withTypeProvider<TypeBoxTypeProvider>();
  if (options.https !== undefined) refusePlainHttp(app.server as unknown as TlsServer, options.logger);
  app.decorate('tlsFingerprint', options.https?.fingerprint ?? null);

  // Verbose errors carry the failed keyword's schema, which names the alternatives of a oneOf.
  const bodyAjv = makeBodyAjv();
  const textAjv = makeTextAjv();
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? bodyAjv : textAjv).compile(schema),
  );

  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    const text = decodeJsonText(body as Buffer);
    if (typeof text !== 'string') {
      done(text);
      return;
    }
    // An empty body is no body: `curl -X POST` on an action route sends exactly that.
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    let parsed: unknown;
    try {
      parsed = secureJson.parse(text, { protoAction: 'error', constructorAction: 'error' });
    } catch (error) {
      done(KitErrors.invalidJson({ reason: (error as Error).message }, { cause: error }));
      return;
    }
    // Validators recurse through the value: a body nested thousands deep would overflow the stack.
    const tooDeep = pathDeeperThan(parsed, MAX_JSON_DEPTH);
    if (tooDeep !== undefined) {
      done(
        KitErrors.invalidJson({ reason: `it nests more than ${MAX_JSON_DEPTH} levels deep (at ${tooDeep})` }),
      );
      return;
    }
    done(checkJsonStrings(parsed) ?? null, parsed);
  });
  // An empty body is no body whatever type it claims: `curl -d ''` and Python's urllib send an
  // empty form. A body of a type no route reads is still 415, refused before it is read.
  app.addContentTypeParser('*', (request, payload, done) => {
    const refuse = () =>
      done(KitErrors.unsupportedMediaType({ contentType: request.headers['content-type'] ?? 'none' }));
    const length = request.headers['content-length'];
    if (length !== undefined) {
      if (Number(length) === 0) done(null, undefined);
      else refuse();
      return;
    }
    let received = false;
    payload.on('data', () => {
      if (!received) refuse();
      received = true;
    });
    payload.on('end', () => {
      if (!received) done(null, undefined);
    });
  });

  // Connections that have not sent a request yet (clients such as undici open spares) are not
  // "idle" to Node, so server.close() would wait for the client to drop them: track and drop them.
  const unused = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  app.server.on('request', (request: IncomingMessage) => unused.delete(request.socket));

  const shutdown = new AbortController();
  app.decorate('shutdownSignal', shutdown.signal);
  app.decorateRequest('errorCode', null);
  app.addHook('preClose', async () => {
    shutdown.abort();
    for (const socket of unused) socket.destroy();
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    const badQuery = checkQueryUtf8(request.url);
    if (badQuery !== undefined) throw badQuery;
  });
  // A response finished while draining closes its connection, so the server need not wait for
  // the client to drop an idle keep-alive socket.
  app.addHook('onSend', async (_request, reply) => {
    if (shutdown.signal.aborted) reply.header('connection', 'close');
  });

  app.setErrorHandler(async (error, request, reply) => answerError(error, request, reply));

  const allowedMethods = trackAllowedMethods(app, { maxParamLength: MAX_PARAM_LENGTH });
  /** The 404, or the 405 with `Allow` when the path has routes for other methods. */
  const noRoute = (request: FastifyRequest, reply: FastifyReply): AppError => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = allowedMethods.of(path);
    if (allowed.length === 0) return KitErrors.routeNotFound({ method: request.method, url: path });
    reply.header('allow', allowed.join(', '));
    return KitErrors.methodNotAllowed(
      { method: request.method, url: path, allowed },
      { details: { method: request.method, allowed } },
    );
  };
  // Answered before the body is read, but after every onRequest hook (a service's rate limit
  // counts and labels it like any answer): a method with no route here (QUERY, say) would
  // otherwise be refused for its missing content type first.
  app.addHook('preParsing', async (request, reply, payload) => {
    if (request.is404) throw noRoute(request, reply);
    return payload;
  });
  app.setNotFoundHandler(async (request, reply) => {
    throw noRoute(request, reply);
  });

  for (const schema of [ErrorEnvelopeSchema, ...(options.schemas ?? [])]) {
    if (typeof (schema as { $id?: unknown }).$id !== 'string')
      throw new TypeError('a shared schema needs an $id');
    app.addSchema(schema);
    // Fastify hands shared schemas only to its own validator compiler, not to ours.
    bodyAjv.addSchema(schema);
    textAjv.addSchema(schema);
  }

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: options.title,
        version: options.version,
        ...(options.description === undefined ? {} : { description: options.description }),
      },
      components: { securitySchemes: options.securitySchemes ?? {} },
    },
    transformObject: (documents) => {
      // This app writes OpenAPI 3.1 only, never Swagger 2.
      const { openapiObject } = documents as { openapiObject: Record<string, unknown> };
      documentOptionalBodies(openapiObject);
      documentResponseHeaders(openapiObject, {
        'X-Request-Id': {
          description: 'the request id: the one sent, when well-formed, otherwise a new UUID',
          schema: { type: 'string' },
        },
        ...options.responseHeaders,
      });
      return openapiObject;
    },
    // Shared schemas keep their `$id` as their name under components.schemas.
    refResolver: {
      buildLocalReference: (json, _base, _fragment, i) =>
        typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
  });

  app.get(
    `${options.prefix}/openapi.json`,
    { schema: { hide: true, querystring: { type: 'object', additionalProperties: false } } },
    async () => app.swagger(),
  );
  if (options.docs ?? true) {
    await app.register(swaggerUi, { routePrefix: `${options.prefix}/docs` });
  }
  return app;
}
