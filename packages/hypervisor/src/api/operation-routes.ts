/**
 * Tracked operations: list, read, cancel. The routes that start one answer 202 with it.
 *
 * Listing every operation takes `operations:read`. Reading or cancelling one is also allowed with
 * the read (or write) scope of the resource it works on, so a token that may start a convert may
 * follow it: the kit's access check lets in a caller holding any scope that reaches some operation
 * (before the request is parsed), and the core (`readAs`, `cancelAs`) checks the operation's own,
 * with the kit's 403 envelope and `details.required_scope`.
 */
import { defineRoute, documentedError, schemaRef, type RouteSpec } from '@lab/server-kit';
import { Type } from 'typebox';
import {
  anyOperationScopes,
  OperationSchema,
  OPERATIONS_LISTED,
  type OperationAccess,
  type Operations,
  type OperationView,
} from '../domain/operations.js';
import { auditContext } from './request-context.js';
import { OperationIdParams } from './schemas.js';

const Operation = schemaRef<OperationView>(OperationSchema);
const notFound = documentedError('OPERATION_NOT_FOUND');

/**
 * A caller who may reach no operation this way is refused before anything is looked up; the rest
 * (the operation's own read or write scope) is the core's check, whose 403 names that scope.
 */
const reachingSome = (access: OperationAccess) => ({ anyOf: anyOperationScopes(access) });

/** The rule in words, for the OpenAPI description. */
function accessRule(access: OperationAccess): string {
  return (
    `Allowed with \`operations:${access}\`, or the ${access} scope of the operation's resource: ` +
    `\`storage:${access}\` for \`storage/...\` (disk.*), \`vm:${access}\` for \`vm/...\` (vm.*), ` +
    `\`pqc:${access}\` for \`pqc-key/...\` and \`pqc/...\` (pqc.*). A 403 names ` +
    "`details.required_scope` (the resource's scope) and `details.accepted_scopes`."
  );
}

export function operationRoutes(operations: Operations): RouteSpec[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/operations',
      summary: 'List operations',
      tags: ['operations'],
      access: { scope: 'operations:read' },
      schema: {
        description: `The latest ${OPERATIONS_LISTED} operations, newest first.`,
        response: { 200: Type.Object({ operations: Type.Array(Operation) }) },
      },
      handler: async () => ({ operations: operations.list() }),
    }),
    defineRoute({
      method: 'GET',
      url: '/operations/:id',
      summary: 'Read an operation',
      tags: ['operations'],
      access: reachingSome('read'),
      schema: {
        description: accessRule('read'),
        params: OperationIdParams,
        response: { 200: Operation, 404: notFound },
      },
      handler: async (request) => operations.readAs(request.principal?.scopes ?? [], request.params.id),
    }),
    defineRoute({
      method: 'POST',
      url: '/operations/:id/cancel',
      summary: 'Cancel an operation',
      tags: ['operations'],
      access: reachingSome('write'),
      schema: {
        description:
          'Asks a running operation to stop: its tool is signalled (qemu-img killed, a PQC worker ' +
          'thread terminated, the wait for a guest to power off given up), what it made is removed, ' +
          'and it ends `cancelled` (event ' +
          '`operation.completed`). Answers with the operation, `cancelling`.\n\n' +
          accessRule('write'),
        params: OperationIdParams,
        response: {
          200: Operation,
          404: notFound,
          409: documentedError(
            'OPERATION_NOT_RUNNING: it has ended already; OPERATION_NOT_CANCELLABLE: past the point ' +
              'where stopping would leave its work half done (a rekey erasing the old key slot, a VM ' +
              'being stopped hard, a snapshot with memory, which QEMU saves or loads in one step)',
          ),
        },
      },
      handler: async (request) =>
        operations.cancelAs(request.principal?.scopes ?? [], request.params.id, auditContext(request)),
    }),
  ];
}
