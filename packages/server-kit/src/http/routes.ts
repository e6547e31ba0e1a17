/**
 * Routes as data: method, path, schema, access rule and handler declared together, registered
 * by one function that also enforces the access rule and documents it in OpenAPI.
 *
 * A handler parses nothing itself (the schema did) and touches nothing outside the core: it
 * calls a core function and returns its result, or throws the core's `AppError`.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import { KitErrors } from '../errors.js';
import { hasScope } from '../credentials/tokens.js';
import { MAX_PARAM_LENGTH, type App } from './app.js';
import { normaliseRequestSchemas } from './route-schemas.js';
import { ErrorEnvelopeRef } from './schemas.js';

/** Who is calling: a token's name and scopes, or a principal a service derives otherwise. */
export interface Principal {
  name: string;
  scopes: readonly string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the access check on routes that need a credential. */
    principal: Principal | null;
  }
}

/**
 * `public` routes need no credential; the others need a principal holding `scope`, or one of
 * `anyOf` where what is enough depends on the resource (the handler then checks the rest: a
 * caller holding none of them is refused before anything is looked up).
 */
export type Access = 'public' | { scope: string } | { anyOf: readonly [string, ...string[]] };

/** The scopes each of which passes the route's own check. */
function scopesOf(access: Exclude<Access, 'public'>): readonly string[] {
  return 'scope' in access ? [access.scope] : access.anyOf;
}

/** Finds the caller's principal, or null when the request carries no valid credential. */
export type Authenticator = (request: FastifyRequest) => Principal | null | Promise<Principal | null>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type TypedRequest<S extends FastifySchema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  S,
  TypeBoxTypeProvider
>;

export type TypedReply<S extends FastifySchema> = FastifyReply<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  unknown,
  S,
  TypeBoxTypeProvider
>;

export interface RouteSpec<S extends FastifySchema = FastifySchema> {
  method: HttpMethod;
  /** Path below the service prefix, e.g. `/vms/:name`. */
  url: string;
  summary: string;
  tags: string[];
  access: Access;
  schema: S;
  handler: (request: TypedRequest<S>, reply: TypedReply<S>) => Promise<unknown>;
}

/** Keeps a route's schema types for its handler while letting routes of any schema share a list. */
export function defineRoute<S extends FastifySchema>(spec: RouteSpec<S>): RouteSpec {
  return spec as unknown as RouteSpec;
}

export interface RegisterRoutesOptions {
  prefix: string;
  /** Required as soon as one route is not public. */
  authenticate?: Authenticator;
  /** Every scope a route may require; a route naming another fails at registration. */
  scopes?: readonly string[];
  /** Name of the OpenAPI security scheme(s) that carry the credential. */
  securitySchemes?: readonly string[];
  /** More details for a 403 than the missing scope, e.g. the caller's role and the one needed. */
  forbiddenDetails?: (principal: Principal, requiredScope: string) => Record<string, unknown>;
}

/** Extracts the token from `Authorization: Bearer <token>`. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match?.[1];
}

function accessDescription(access: Access): string {
  if (access === 'public') return 'No credential needed.';
  const scopes = scopesOf(access).map((scope) => `\`${scope}\``);
  return scopes.length === 1
    ? `Requires scope ${scopes[0]}.`
    : `Requires one of the scopes ${scopes.join(', ')}.`;
}

export function registerRoutes(app: App, routes: readonly RouteSpec[], options: RegisterRoutesOptions): void {
  const { authenticate } = options;
  if (!app.hasRequestDecorator('principal')) app.decorateRequest('principal', null);
  for (const route of routes) {
    const { access } = route;
    const scopes = access === 'public' ? [] : scopesOf(access);
    if (access !== 'public') {
      if (authenticate === undefined) {
        throw new TypeError(
          `${route.method} ${route.url} needs scope '${scopes.join("' or '")}' but no authenticator was given`,
        );
      }
      const unknown = scopes.find((scope) => options.scopes !== undefined && !options.scopes.includes(scope));
      if (unknown !== undefined) {
        throw new TypeError(`${route.method} ${route.url} names unknown scope '${unknown}'`);
      }
    }
    // Each scope that is enough is an alternative security requirement.
    const security = scopes.flatMap((scope) =>
      (options.securitySchemes ?? []).map((scheme) => ({ [scheme]: [scope] })),
    );
    app.route({
      method: route.method,
      url: options.prefix + route.url,
      schema: {
        ...normaliseRequestSchemas(`${route.method} ${route.url}`, route.schema, MAX_PARAM_LENGTH),
        summary: route.summary,
        description: [route.schema.description, accessDescription(access)].filter(Boolean).join('\n\n'),
        tags: route.tags,
        ...(access === 'public' ? {} : { security }),
        response: { ...(route.schema.response as object), '4XX': ErrorEnvelopeRef, '5XX': ErrorEnvelopeRef },
      },
      ...(access === 'public' || authenticate === undefined
        ? {}
        : {
            // Before the body is parsed or validated: a caller without the right credential
            // learns nothing about what a valid request looks like, and costs no parsing.
            onRequest: async (request: FastifyRequest) => {
              const principal = await authenticate(request);
              if (principal === null) {
                throw KitErrors.unauthorized({ reason: 'missing or invalid credentials' });
              }
              if (!scopes.some((scope) => hasScope(principal.scopes, scope))) {
                const [required = ''] = scopes;
                throw KitErrors.forbidden(
                  { scope: required },
                  {
                    details: {
                      required_scope: required,
                      ...(scopes.length > 1 ? { accepted_scopes: scopes } : {}),
                      ...options.forbiddenDetails?.(principal, required),
                    },
                  },
                );
              }
              request.principal = principal;
            },
          }),
      // The handler's types were checked against its own schema by `defineRoute`.
      handler: route.handler as never,
    });
  }
}
