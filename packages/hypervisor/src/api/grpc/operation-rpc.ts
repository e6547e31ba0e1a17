/**
 * `OperationService`: the /operations routes over gRPC. Listing takes `operations:read`; reading
 * or cancelling one is let in with any scope that reaches some operation (as REST's access check),
 * and the core (`readAs`, `cancelAs`) checks the operation's own resource against the caller's
 * scopes, with the same 403 (PERMISSION_DENIED) naming the scope that would do.
 */
import { anyOperationScopes } from '../../domain/operations.js';
import type { Core } from '../../core.js';
import { OperationIdParams } from '../schemas.js';
import { OperationService } from './gen/hypervisor/v1/operation_pb.js';
import { defineRpcService, unary } from './rpc.js';

export function operationRpcs(core: Core) {
  const { operations } = core;
  return defineRpcService(OperationService, {
    listOperations: unary({ route: 'GET /operations', access: { scope: 'operations:read' } }, () => ({
      operations: operations.list(),
    })),
    getOperation: unary(
      {
        route: 'GET /operations/{id}',
        access: { anyOf: anyOperationScopes('read') },
        params: OperationIdParams,
      },
      ({ params }, call) => operations.readAs(call.principal.scopes, params.id),
    ),
    cancelOperation: unary(
      {
        route: 'POST /operations/{id}/cancel',
        access: { anyOf: anyOperationScopes('write') },
        params: OperationIdParams,
      },
      ({ params }, call) => operations.cancelAs(call.principal.scopes, params.id, call.audit),
    ),
  });
}
