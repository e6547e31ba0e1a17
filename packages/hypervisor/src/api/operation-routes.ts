/** Tracked operations: list, read, cancel. The routes that start one answer 202 with it. */
import { defineRoute, documentedError, schemaRef, type RouteSpec } from '@lab/server-kit';
import { Type } from 'typebox';
import {
  OperationSchema,
  OPERATIONS_LISTED,
  type Operations,
  type OperationView,
} from '../domain/operations.js';
import { auditContext } from './request-context.js';

const Operation = schemaRef<OperationView>(OperationSchema);
const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
const notFound = documentedError('OPERATION_NOT_FOUND');

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
      access: { scope: 'operations:read' },
      schema: { params: IdParams, response: { 200: Operation, 404: notFound } },
      handler: async (request) => operations.get(request.params.id),
    }),
    defineRoute({
      method: 'POST',
      url: '/operations/:id/cancel',
      summary: 'Cancel an operation',
      tags: ['operations'],
      access: { scope: 'operations:write' },
      schema: {
        description:
          'Asks a running operation to stop: its tool is signalled, what it made is removed, and it ' +
          'ends `cancelled` (event `operation.completed`). Answers with the operation, `cancelling`.',
        params: IdParams,
        response: {
          200: Operation,
          404: notFound,
          409: documentedError('OPERATION_NOT_RUNNING: it has ended already'),
        },
      },
      handler: async (request) => operations.cancel(request.params.id, auditContext(request)),
    }),
  ];
}
