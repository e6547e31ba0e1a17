/**
 * API tokens: create (the token is in this answer only), list, revoke. Admin scope; the CLI
 * reaches them through the Unix socket, whose callers hold it.
 */
import {
  defineRoute,
  documentedError,
  Nullable,
  TOKEN_NAME,
  type RouteSpec,
  type TokenStore,
} from '@lab/server-kit';
import { Type } from 'typebox';
import { createApiToken, revokeApiToken } from '../domain/api-tokens.js';
import type { UnitOfWork } from '../store/unit-of-work.js';
import { SCOPES } from './scopes.js';
import { auditContext } from './request-context.js';

/** Longest lifetime a token may be given. */
export const MAX_TOKEN_DAYS = 3650;
const ADMIN = { scope: 'admin' } as const;

const TokenRecordSchema = Type.Object({
  name: Type.String(),
  scopes: Type.Array(Type.String()),
  created_at: Type.String({ format: 'date-time' }),
  last_used_at: Nullable(Type.String({ format: 'date-time', description: 'last use, to the minute' })),
  expires_at: Nullable(Type.String({ format: 'date-time' })),
});

export const CreateTokenBody = Type.Object(
  {
    name: Type.String({
      pattern: TOKEN_NAME.source,
      description: 'unique name; the audit log shows it as the actor',
    }),
    scopes: Type.Array(Type.Enum([...SCOPES]), { minItems: 1, maxItems: SCOPES.length, uniqueItems: true }),
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

export const TokenNameParams = Type.Object({ name: Type.String({ pattern: TOKEN_NAME.source }) });

export function tokenRoutes(tokens: TokenStore, unitOfWork: UnitOfWork): RouteSpec[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/tokens',
      summary: 'List API tokens (never the tokens themselves)',
      tags: ['tokens'],
      access: ADMIN,
      schema: { response: { 200: Type.Object({ tokens: Type.Array(TokenRecordSchema) }) } },
      handler: async () => ({ tokens: tokens.list() }),
    }),
    defineRoute({
      method: 'POST',
      url: '/tokens',
      summary: 'Create an API token',
      tags: ['tokens'],
      access: ADMIN,
      schema: {
        description:
          'Answers the token once: `hvt_` and 256 random bits, base64url. Only its SHA-256 is stored. ' +
          'Scopes are `<resource>:<access>` (vm, storage, network, pqc, system, audit, events; read or ' +
          'write, where write includes read) and `admin` (everything).',
        body: CreateTokenBody,
        response: {
          201: Type.Object({
            token: Type.String({ description: 'shown this once' }),
            ...TokenRecordSchema.properties,
          }),
          400: documentedError('VALIDATION_ERROR: name pattern, unknown scope, lifetime out of range'),
          409: documentedError('TOKEN_EXISTS: a token has this name'),
        },
      },
      handler: async (request, reply) => {
        const created = createApiToken(tokens, unitOfWork, request.body, auditContext(request, 201));
        void reply.code(201);
        return created;
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/tokens/:name',
      summary: 'Revoke an API token',
      tags: ['tokens'],
      access: ADMIN,
      schema: {
        params: TokenNameParams,
        response: {
          200: Type.Object({ name: Type.String(), revoked: Type.Literal(true) }),
          404: documentedError('TOKEN_NOT_FOUND'),
        },
      },
      handler: async (request) =>
        revokeApiToken(tokens, unitOfWork, request.params.name, auditContext(request)),
    }),
  ];
}
