/**
 * API tokens: create (the token is in this answer only), list, revoke. Admin only; the first
 * admin token comes from `verifyctl token create`, which writes to the data directory directly.
 */
import {
  defineRoute,
  documentedError,
  NoContent,
  Nullable,
  TOKEN_NAME,
  type RouteSpec,
  type TokenRecord,
  type TokenStore,
} from '@lab/server-kit';
import { Type, type Static } from 'typebox';
import { createRoleToken, roleOf } from './auth.js';
import { ADMIN, MAX_TOKEN_DAYS, ROLES, type Role } from './scopes.js';

const RoleSchema = Type.Enum(Object.keys(ROLES) as Role[], {
  description:
    'viewer reads; developer also creates projects and runs jobs; admin also manages tokens and webhooks',
});

const TokenViewSchema = Type.Object({
  name: Type.String(),
  role: Nullable(
    Type.String({
      enum: Object.keys(ROLES),
      description: 'null only for a token whose scopes match no role (none made by this service)',
    }),
  ),
  created_at: Type.String({ format: 'date-time' }),
  last_used_at: Nullable(Type.String({ format: 'date-time', description: 'last use, to the minute' })),
  expires_at: Nullable(Type.String({ format: 'date-time' })),
});
type TokenView = Static<typeof TokenViewSchema>;

const CreateTokenBody = Type.Object(
  {
    name: Type.String({ pattern: TOKEN_NAME.source, description: 'unique name' }),
    role: RoleSchema,
    expires_in_days: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_TOKEN_DAYS,
        description: 'lifetime; without it the token lasts until revoked',
      }),
    ),
  },
  { additionalProperties: false },
);

/** A token's record as the API shows it: its role instead of the scopes that implement it. */
export function tokenView(record: TokenRecord): TokenView {
  return {
    name: record.name,
    role: roleOf(record.scopes),
    created_at: record.created_at,
    last_used_at: record.last_used_at,
    expires_at: record.expires_at,
  };
}

export function tokenRoutes(tokens: TokenStore): RouteSpec[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/tokens',
      summary: 'List API tokens (never the tokens themselves)',
      tags: ['tokens'],
      access: ADMIN,
      schema: { response: { 200: Type.Object({ tokens: Type.Array(TokenViewSchema) }) } },
      handler: async () => ({ tokens: tokens.list().map(tokenView) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/tokens',
      summary: 'Create an API token',
      tags: ['tokens'],
      access: ADMIN,
      schema: {
        description:
          'Answers the token once: `vpt_` and 256 random bits, base64url. Only its SHA-256 is stored. ' +
          'Send it as `Authorization: Bearer <token>` or `X-API-Key: <token>`.',
        body: CreateTokenBody,
        response: {
          201: Type.Object({
            token: Type.String({ description: 'shown this once' }),
            ...TokenViewSchema.properties,
          }),
          400: documentedError('VALIDATION_ERROR: name pattern, unknown role, lifetime out of range'),
          409: documentedError('TOKEN_EXISTS: a token has this name'),
        },
      },
      handler: async (request, reply) => {
        const { name, role, expires_in_days: expiresInDays } = request.body;
        const created = createRoleToken(tokens, { name, role, expiresInDays });
        void reply.code(201);
        return { token: created.token, ...tokenView(created.record) };
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/tokens/:name',
      summary: 'Revoke an API token',
      tags: ['tokens'],
      access: ADMIN,
      schema: {
        params: Type.Object({ name: Type.String({ pattern: TOKEN_NAME.source }) }),
        response: {
          204: NoContent('revoked: requests with it are refused from now on'),
          404: documentedError('TOKEN_NOT_FOUND'),
        },
      },
      handler: async (request, reply) => {
        tokens.revoke(request.params.name);
        return reply.code(204).send(null);
      },
    }),
  ];
}
