/**
 * RPCs as data, like the REST routes: each names the REST route it mirrors (its row in
 * docs/grpc.md), its access rule, the REST schemas its input is validated with, and a handler
 * that calls the core. The wrapper made here does the rest once for every RPC: the bearer token
 * from the `authorization` metadata and the scope check (the same tokens and scopes as REST),
 * the request id, validation with the same error as REST, the audit context (transport `grpc`),
 * failures and refusals written to the audit log, and errors turned into gRPC statuses.
 *
 * Messages mirror the REST JSON field for field (snake_case names), so the request is read as
 * its proto3 JSON and the handler's answer, the REST view, is read into the response message.
 */
import { randomUUID } from 'node:crypto';
import {
  fromJson,
  isMessage,
  toJson,
  type DescMessage,
  type DescService,
  type JsonValue,
  type Message,
} from '@bufbuild/protobuf';
import { createContextKey, type HandlerContext } from '@connectrpc/connect';
import {
  hasScope,
  KitErrors,
  type Access,
  type HttpMethod,
  type Logger,
  type Principal,
  type SchemaValidator,
  type TokenStore,
} from '@lab/server-kit';
import type { AppError } from '@lab/server-kit/errors';
import type { Static, TObject, TSchema } from 'typebox';
import { API_PREFIX } from '../../config.js';
import type { AuditContext, AuditLog } from '../../store/audit.js';
import { SOCKET_PRINCIPAL } from '../access.js';
import { resourceOfPath } from '../request-context.js';
import { asAppError, auditStatusOf, toConnectError } from './status.js';

/** `GET /vms/{name}`: the REST route an RPC mirrors, as the mapping table writes it. */
export type RestRoute = `${HttpMethod} /${string}`;

/** How the request message splits into REST's parts, and the schemas each is checked with. */
export interface RpcInput<P extends TObject, Q extends TObject, B extends TSchema> {
  /** Path parameters: the fields named in the route (`{name}`), checked with REST's params schema. */
  params?: P;
  /** Query parameters: the fields this schema names, coerced and checked as REST's query. */
  query?: Q;
  /** The body: the message's other fields (or the field `bodyField`), checked with REST's body schema. */
  body?: B;
  /** A message field holding the body, where the body's fields would clash with the path's. */
  bodyField?: string;
  /**
   * The request's JSON as REST would have it, before it is split and validated: where proto3
   * cannot say what REST's JSON says (a `null`, as `clear_*` fields stand for it).
   */
  restJson?: (json: Record<string, JsonValue>) => Record<string, JsonValue>;
}

export interface RpcSpec<P extends TObject, Q extends TObject, B extends TSchema> extends RpcInput<P, Q, B> {
  route: RestRoute;
  access: Access;
}

/** What a handler gets beside its input. */
export interface RpcCall {
  principal: Principal;
  /** The audit context of the call, for the core's own audit rows (transport `grpc`). */
  audit: AuditContext;
  requestId: string;
  /** Aborted when the client cancels, the deadline passes, or the service shuts down. */
  signal: AbortSignal;
  /** The client's IP address, as REST's `request.socket.remoteAddress`; null when unknown. */
  peerAddress: string | null;
}

/** The client's IP address, which the listener puts in each call's context values. */
export const PEER_ADDRESS = createContextKey<string | null>(null, { description: 'peer address' });
/** Whether the call came over the Unix socket (`grpc.sock`), which the listener puts in each call's context. */
export const VIA_SOCKET = createContextKey<boolean>(false, { description: 'over the Unix socket' });

export interface RpcRequest<P extends TObject, Q extends TObject, B extends TSchema> {
  params: Static<P>;
  query: Static<Q>;
  body: Static<B>;
  /** The request message as proto3 JSON (proto field names). */
  json: Record<string, JsonValue>;
}

/** What the transport needs from the core to run an RPC. */
export interface RpcDeps {
  tokens: TokenStore;
  audit: AuditLog;
  validator: SchemaValidator;
  logger: Logger;
}

type UnaryImpl = (request: Message, context: HandlerContext) => Promise<Message>;
type StreamImpl = (request: Message, context: HandlerContext) => AsyncIterable<Message>;

/** One RPC, ready to be bound to the deps and served. */
export interface RpcDefinition {
  route: RestRoute;
  access: Access;
  bind(deps: RpcDeps): UnaryImpl | StreamImpl;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

function scopesOf(access: Exclude<Access, 'public'>): readonly string[] {
  return 'scope' in access ? [access.scope] : access.anyOf;
}

function authenticate(tokens: TokenStore, access: Access, context: HandlerContext): Principal {
  if (access === 'public') return { name: 'anonymous', scopes: [] };
  // As REST's api.sock: the socket file's permissions decided, no token is read.
  if (context.values.get(VIA_SOCKET)) return SOCKET_PRINCIPAL;
  const token = BEARER.exec(context.requestHeader.get('authorization') ?? '')?.[1];
  const principal = token === undefined ? null : tokens.authenticate(token);
  if (principal === null) throw KitErrors.unauthorized({ reason: 'missing or invalid credentials' });
  const scopes = scopesOf(access);
  if (!scopes.some((scope) => hasScope(principal.scopes, scope))) {
    const [required = ''] = scopes;
    throw KitErrors.forbidden(
      { scope: required },
      { details: { required_scope: required, ...(scopes.length > 1 ? { accepted_scopes: scopes } : {}) } },
    );
  }
  return principal;
}

/** The path parameters the route names, in order: `/vms/{name}/snapshots/{snap}` → name, snap. */
function pathParameters(route: RestRoute): string[] {
  return [...route.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
}

function pick(json: Record<string, JsonValue>, keys: Iterable<string>): Record<string, JsonValue> {
  const picked: Record<string, JsonValue> = {};
  for (const key of keys) if (json[key] !== undefined) picked[key] = json[key];
  return picked;
}

/** The REST path the call stands for, for the audit's `resource`: `/api/v1/vms/web1/start`. */
function restPath(route: RestRoute, params: Record<string, JsonValue>): string {
  const path = route.slice(route.indexOf(' ') + 1);
  return (
    API_PREFIX +
    path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = params[name];
      return encodeURIComponent(typeof value === 'string' || typeof value === 'number' ? String(value) : '');
    })
  );
}

/**
 * The answer of a handler (a REST view: plain JSON) as the response message. A field the
 * message lacks is a bug in the mapping: INTERNAL, never a silently dropped field.
 */
export function toMessage<D extends DescMessage>(schema: D, value: unknown): Message {
  if (isMessage(value, schema)) return value;
  try {
    // A REST view is JSON already: read as it is, it costs no copy.
    return fromJson(schema, (value ?? {}) as JsonValue);
  } catch {
    // Else made JSON first (an undefined dropped, a Date a string); a field the message lacks
    // fails here again, loudly.
    return fromJson(schema, JSON.parse(JSON.stringify(value ?? {})) as JsonValue);
  }
}

/** The request message as REST's JSON: its proto3 JSON, then the RPC's own adjustments. */
function readRequest<P extends TObject, Q extends TObject, B extends TSchema>(
  spec: RpcSpec<P, Q, B>,
  context: HandlerContext,
  request: Message,
): Record<string, JsonValue> {
  let message: Record<string, JsonValue>;
  try {
    message = toJson(context.method.input, request, { useProtoFieldName: true }) as Record<string, JsonValue>;
  } catch (error) {
    throw KitErrors.validation(
      { message: `the request message has no JSON form: ${(error as Error).message}` },
      { cause: error, details: { field: '', expected: 'a message whose every field has a value' } },
    );
  }
  return spec.restJson === undefined ? message : spec.restJson(message);
}

function prepare<P extends TObject, Q extends TObject, B extends TSchema>(
  spec: RpcSpec<P, Q, B>,
  deps: RpcDeps,
  request: Message,
  context: HandlerContext,
) {
  const offered = context.requestHeader.get('x-request-id');
  const requestId = offered !== null && REQUEST_ID.test(offered) ? offered : randomUUID();
  context.responseHeader.set('x-request-id', requestId);
  const method = spec.route.slice(0, spec.route.indexOf(' '));
  const rpcPath = `/${context.service.typeName}/${context.method.name}`;
  // A message with no JSON form (a google.protobuf.Value left empty) or a `clear_*` flag sent with
  // its field is the caller's error, answered after the credential is checked, as REST parses the
  // body only then.
  let json: Record<string, JsonValue> = {};
  let unreadable: AppError | undefined;
  try {
    json = readRequest(spec, context, request);
  } catch (error) {
    unreadable = asAppError(error);
  }
  const paramNames = pathParameters(spec.route);
  const rawParams = pick(json, paramNames);
  const audit = (actor: string): AuditContext => ({
    actor,
    transport: 'grpc',
    method: 'GRPC',
    path: rpcPath,
    resource: resourceOfPath(restPath(spec.route, rawParams), method, json.name),
    requestId,
    status: 200,
  });
  const record = (error: AppError, actor: string) => {
    const denied = error.kind === 'unauthenticated' || error.kind === 'forbidden';
    // As REST: every refusal, and the failures of calls that would have changed something.
    if (!denied && method === 'GET') return;
    deps.audit.record(
      { ...audit(actor), status: auditStatusOf(error) },
      denied ? 'denied' : 'failure',
      auditStatusOf(error),
      error.code,
      new Date().toISOString(),
    );
  };
  let actor = 'anonymous';
  const start = (): { call: RpcCall; input: RpcRequest<P, Q, B> } => {
    const principal = authenticate(deps.tokens, spec.access, context);
    actor = principal.name;
    if (unreadable !== undefined) throw unreadable;
    for (const name of paramNames) {
      if (spec.params === undefined && (typeof rawParams[name] !== 'string' || rawParams[name] === '')) {
        throw KitErrors.validation(
          { message: `invalid request field '${name}': is required` },
          {
            details: {
              field: name,
              expected: 'is required',
              suggestion: `add '${name}'`,
              location: 'params',
            },
          },
        );
      }
    }
    const queryKeys = spec.query === undefined ? [] : Object.keys(spec.query.properties);
    const bodyJson =
      spec.bodyField === undefined
        ? Object.fromEntries(
            Object.entries(json).filter(([key]) => !paramNames.includes(key) && !queryKeys.includes(key)),
          )
        : (json[spec.bodyField] ?? {});
    const input = {
      params: spec.params === undefined ? rawParams : deps.validator.text(spec.params, rawParams, 'params'),
      query:
        spec.query === undefined ? {} : deps.validator.text(spec.query, pick(json, queryKeys), 'querystring'),
      body: spec.body === undefined ? bodyJson : deps.validator.body(spec.body, bodyJson),
      json,
    } as RpcRequest<P, Q, B>;
    const call = {
      principal,
      audit: audit(principal.name),
      requestId,
      signal: context.signal,
      peerAddress: context.values.get(PEER_ADDRESS),
    };
    return { call, input };
  };
  const fail = (thrown: unknown): never => {
    const error = asAppError(thrown);
    record(error, actor);
    if (error.kind === 'internal')
      deps.logger.error({ err: thrown, rpc: rpcPath, request_id: requestId }, 'rpc failed');
    else deps.logger.info({ rpc: rpcPath, code: error.code, request_id: requestId }, 'rpc refused');
    throw toConnectError(error, requestId);
  };
  return { start, fail };
}

/** A unary RPC: the handler answers the REST view the response message mirrors. */
export function unary<P extends TObject, Q extends TObject, B extends TSchema>(
  spec: RpcSpec<P, Q, B>,
  handler: (input: RpcRequest<P, Q, B>, call: RpcCall) => unknown,
): RpcDefinition {
  return {
    route: spec.route,
    access: spec.access,
    bind: (deps) => async (request, context) => {
      const { start, fail } = prepare(spec, deps, request, context);
      try {
        const { call, input } = start();
        return toMessage(context.method.output, await handler(input, call));
      } catch (error) {
        return fail(error);
      }
    },
  };
}

/** A server-streaming RPC: the handler yields REST views (events, progress), one message each. */
export function serverStream<P extends TObject, Q extends TObject, B extends TSchema>(
  spec: RpcSpec<P, Q, B>,
  handler: (input: RpcRequest<P, Q, B>, call: RpcCall) => AsyncIterable<unknown>,
): RpcDefinition {
  return {
    route: spec.route,
    access: spec.access,
    bind: (deps) =>
      async function* (request, context) {
        const { start, fail } = prepare(spec, deps, request, context);
        try {
          const { call, input } = start();
          for await (const value of handler(input, call)) yield toMessage(context.method.output, value);
        } catch (error) {
          fail(error);
        }
      },
  };
}

/** The RPCs of one service: every method of the proto service must have its definition. */
export interface RpcService<S extends DescService = DescService> {
  service: S;
  rpcs: Record<keyof S['method'] & string, RpcDefinition>;
}

export function defineRpcService<S extends DescService>(
  service: S,
  rpcs: Record<keyof S['method'] & string, RpcDefinition>,
): RpcService {
  return { service, rpcs };
}
