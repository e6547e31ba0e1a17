/**
 * Tracked operations: list, read, cancel. The routes that start one answer 202 with it.
 *
 * Listing every operation takes `operations:read` and goes through the kit's access check. Reading
 * or cancelling one is also allowed with the read (or write) scope of the resource it works on,
 * so a token that may start a convert may follow it: the scope depends on the operation, which the
 * kit's one-scope-per-route check cannot express. These two routes therefore check here, before
 * the request is parsed as the kit does, what needs no lookup (401 without a credential, 403 for a
 * caller who may read no operation at all), and leave the rest to the core (`readAs`,
 * `cancelAs`), whose 403 is the kit's envelope with `details.required_scope`.
 */
import {
  defineRoute,
  documentedError,
  ErrorEnvelopeRef,
  schemaRef,
  type App,
  type Authenticator,
  type RouteSpec,
} from '@lab/server-kit';
import { KitErrors } from '@lab/server-kit/errors';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { API_PREFIX } from '../config.js';
import {
  anyOperationScopes,
  assertMayReadOperations,
  OperationSchema,
  OPERATIONS_LISTED,
  type OperationAccess,
  type Operations,
  type OperationView,
} from '../domain/operations.js';
import { auditContext } from './request-context.js';

const Operation = schemaRef<OperationView>(OperationSchema);
const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
const NoQuery = Type.Object({}, { additionalProperties: false });
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
  ];
}

/** Each scope that may be enough, as OpenAPI alternatives, and the same in words. */
function accessOf(access: OperationAccess, bearer: string) {
  return {
    security: anyOperationScopes(access).map((scope) => ({ [bearer]: [scope] })),
    description:
      `Requires scope \`operations:${access}\`, or the ${access} scope of the operation's resource: ` +
      `\`storage:${access}\` for \`storage/...\` (disk.*), \`vm:${access}\` for \`vm/...\` (vm.migrate), ` +
      `\`pqc:${access}\` for \`pqc-key/...\` (pqc.key_*). A caller who may read no operation at all ` +
      `(none of ${anyOperationScopes('read')
        .map((scope) => `\`${scope}\``)
        .join(', ')}) is refused before the lookup. A 403 names \`details.required_scope\` (the ` +
      "resource's scope) and `details.accepted_scopes`.",
  };
}

/** GET /operations/{id} and POST /operations/{id}/cancel, with the access rule above. */
export function registerOperationRoutes(
  app: App,
  operations: Operations,
  options: { authenticate: Authenticator; securityScheme: string },
): void {
  if (!app.hasRequestDecorator('principal')) app.decorateRequest('principal', null);
  /** As the kit's check: 401 without a principal, 403 for one that may read no operation at all. */
  const checked =
    (access: OperationAccess) =>
    async (request: FastifyRequest): Promise<void> => {
      const principal = await options.authenticate(request);
      if (principal === null) throw KitErrors.unauthorized({ reason: 'missing or invalid credentials' });
      assertMayReadOperations(principal.scopes, access);
      request.principal = principal;
    };
  const scopesOf = (request: FastifyRequest): readonly string[] => request.principal?.scopes ?? [];
  const errors = { '4XX': ErrorEnvelopeRef, '5XX': ErrorEnvelopeRef };

  const read = accessOf('read', options.securityScheme);
  app.route({
    method: 'GET',
    url: `${API_PREFIX}/operations/:id`,
    schema: {
      summary: 'Read an operation',
      description: read.description,
      tags: ['operations'],
      security: read.security,
      params: IdParams,
      querystring: NoQuery,
      response: { 200: Operation, 404: notFound, ...errors },
    },
    onRequest: checked('read'),
    handler: async (request) => operations.readAs(scopesOf(request), request.params.id),
  });

  const write = accessOf('write', options.securityScheme);
  app.route({
    method: 'POST',
    url: `${API_PREFIX}/operations/:id/cancel`,
    schema: {
      summary: 'Cancel an operation',
      description:
        'Asks a running operation to stop: its tool is signalled (qemu-img killed, a PQC worker ' +
        'thread terminated), what it made is removed, and it ends `cancelled` (event ' +
        '`operation.completed`). Answers with the operation, `cancelling`.\n\n' +
        write.description,
      tags: ['operations'],
      security: write.security,
      params: IdParams,
      querystring: NoQuery,
      response: {
        200: Operation,
        404: notFound,
        409: documentedError(
          'OPERATION_NOT_RUNNING: it has ended already; OPERATION_NOT_CANCELLABLE: past the point ' +
            'where stopping would leave its work half done (a rekey erasing the old key slot)',
        ),
        ...errors,
      },
    },
    onRequest: checked('write'),
    handler: async (request) =>
      operations.cancelAs(scopesOf(request), request.params.id, auditContext(request)),
  });
}
