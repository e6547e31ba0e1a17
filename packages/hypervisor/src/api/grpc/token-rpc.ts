/** `TokenService`: API tokens as the /tokens routes manage them (scope admin). */
import type { Core } from '../../core.js';
import { createApiToken, revokeApiToken } from '../../domain/api-tokens.js';
import { CreateTokenBody, TokenNameParams } from '../token-routes.js';
import { TokenService } from './gen/hypervisor/v1/token_pb.js';
import { defineRpcService, unary } from './rpc.js';

const ADMIN = { scope: 'admin' } as const;

export function tokenRpcs(core: Core) {
  const { tokens, unitOfWork } = core;
  return defineRpcService(TokenService, {
    listTokens: unary({ route: 'GET /tokens', access: ADMIN }, () => ({ tokens: tokens.list() })),
    createToken: unary({ route: 'POST /tokens', access: ADMIN, body: CreateTokenBody }, ({ body }, call) =>
      createApiToken(tokens, unitOfWork, body, { ...call.audit, status: 201 }),
    ),
    deleteToken: unary(
      { route: 'DELETE /tokens/{name}', access: ADMIN, params: TokenNameParams },
      ({ params }, call) => revokeApiToken(tokens, unitOfWork, params.name, call.audit),
    ),
  });
}
