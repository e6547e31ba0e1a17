/**
 * Live migration: the source's routes (`migrate`, `migrate/cancel`) and the routes the source
 * calls on the destination (`incoming`). The flow is described in domain/migration-service.ts.
 */
import { defineRoute, documentedError, schemaRef, type RouteSpec } from '@lab/server-kit';
import { Type } from 'typebox';
import { API_PREFIX } from '../config.js';
import { IncomingSchema, MigrateSchema, type MigrationService } from '../domain/migration-service.js';
import { OperationSchema, type OperationView } from '../domain/operations.js';
import { vmView } from '../domain/vm-view.js';
import { auditContext } from './request-context.js';
import { Deleted, VmNameParams, VmSchema, type VmView } from './schemas.js';

const Operation = schemaRef<OperationView>(OperationSchema);
const Vm = schemaRef<VmView>(VmSchema);
const WRITE = { scope: 'vm:write' } as const;
const notFound = documentedError('VM_NOT_FOUND');

const IncomingAnswer = Type.Object({
  vm: Vm,
  uri: Type.String({
    description: 'where its QEMU listens for the migration stream, as bound (`tcp:HOST:PORT`)',
  }),
  port: Type.Integer({ description: 'the port; the source connects to it at the host it called' }),
});

export function migrationRoutes(migrations: MigrationService): RouteSpec[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/vms/:name/migrate',
      summary: 'Migrate a running VM live to another host',
      tags: ['vms'],
      access: WRITE,
      schema: {
        description: [
          'Moves the running guest to another host running this service, whose API is `destination`',
          '(`token`: a token of that host with scope vm:write, used for this migration only and never',
          'stored). The disk images stay where they are: both hosts must have a storage pool at the same',
          'path on shared storage (checked with a probe file the source writes and the destination reads).',
          'The destination is prepared first, and its refusals answer this request (e.g. 409',
          '`MIGRATION_STORAGE_UNSHARED` naming the image and the path). Then the VM is MIGRATING and the',
          'answer is 202 with a `vm.migrate` operation: QEMU sends the RAM while the guest runs, then stops',
          'it for the rest (`max_downtime_ms`); the destination starts it. Progress: `migration.progress`',
          'events (`vm`, `progress` 0 to 100, never going back, `transferred`, `remaining`). Once the',
          'destination shows the VM running, the VM is removed here (event `vm.migrated`), and the',
          'operation succeeds with `total_time_ms`, `downtime_ms`, `transferred_bytes` (from QEMU).',
          'On failure or cancel the guest runs on here (RUNNING) and the destination drops its copy.',
        ].join(' '),
        params: VmNameParams,
        body: MigrateSchema,
        response: {
          202: Operation,
          400: documentedError(
            'VALIDATION_ERROR (destination: plain http:// beyond loopback without --insecure-tcp, ' +
              'destination_fingerprint, bandwidth), MIGRATION_DESTINATION_DENIED (the destination refused the token), ' +
              'MIGRATION_DESTINATION_UNTRUSTED (its certificate is not the pinned one, or not valid without a pin)',
          ),
          404: notFound,
          409: documentedError(
            'VM_NOT_RUNNING, VM_INVALID_STATE (paused, migrating), VM_BUSY (an operation holds the VM), ' +
              "MIGRATION_UNSUPPORTED (internal snapshots, encrypted images), and the destination's " +
              'refusals: MIGRATION_STORAGE_UNSHARED, VM_ALREADY_EXISTS, MIGRATION_TLS_REQUIRED',
          ),
          503: documentedError('MIGRATION_DESTINATION_UNREACHABLE'),
        },
      },
      handler: async (request, reply) => {
        const op = await migrations.migrate(request.params.name, request.body, auditContext(request, 202));
        void reply.code(202).header('location', `${API_PREFIX}/operations/${op.id}`);
        return op;
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/vms/:name/migrate/cancel',
      summary: "Cancel a VM's live migration",
      tags: ['vms'],
      access: WRITE,
      schema: {
        description:
          'QMP `migrate_cancel` on the source: the operation ends `cancelled`, the guest runs on here ' +
          '(RUNNING) and the destination drops its incoming VM. The same as cancelling the operation. ' +
          'Answers with the operation, `cancelling`. Too late once QEMU has completed the migration.',
        params: VmNameParams,
        response: {
          200: Operation,
          404: notFound,
          409: documentedError('MIGRATION_NOT_RUNNING, OPERATION_NOT_RUNNING'),
        },
      },
      handler: async (request) => migrations.cancel(request.params.name, auditContext(request)),
    }),
    defineRoute({
      method: 'POST',
      url: '/vms/:name/incoming',
      summary: 'Prepare to receive a live migration (called by the source host)',
      tags: ['vms'],
      access: WRITE,
      schema: {
        description:
          "The destination's side of `POST /vms/{name}/migrate` on another host: checks that each image is " +
          'in a pool of this host at the same path and that the path is the same storage (the probe file), ' +
          'registers the images (same names, same pools by path) and the VM in state INCOMING, and starts ' +
          'its QEMU waiting for the migration (`-incoming`), over TLS when `tls` is given. Answers 201 with ' +
          'where it listens. The VM ' +
          'becomes RUNNING when its QEMU has the guest; when the migration fails it is removed again.',
        params: VmNameParams,
        body: IncomingSchema,
        response: {
          201: IncomingAnswer,
          400: documentedError(
            'VALIDATION_ERROR: the definition does not resolve here (a boot file missing)',
          ),
          409: documentedError(
            'VM_ALREADY_EXISTS, MIGRATION_STORAGE_UNSHARED (naming the image and the path), ' +
              'MIGRATION_TLS_REQUIRED (a plain stream from a source beyond loopback while this host has a ' +
              'TLS certificate and no --insecure-tcp; or a TLS stream asked of a host without one)',
          ),
        },
      },
      handler: async (request, reply) => {
        const prepared = await migrations.prepareIncoming(
          request.params.name,
          request.body,
          auditContext(request, 201),
          // Undefined on the Unix socket: a local caller.
          request.socket.remoteAddress ?? null,
        );
        void reply.code(201);
        return { vm: vmView(prepared.vm), uri: prepared.uri, port: prepared.port };
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/vms/:name/incoming',
      summary: 'Abort an incoming live migration (called by the source host)',
      tags: ['vms'],
      access: WRITE,
      schema: {
        description:
          'Stops the QEMU waiting for the migration and removes the INCOMING VM, and the image rows only it ' +
          'needed (never their files, which the source uses).',
        params: VmNameParams,
        response: {
          200: Deleted,
          404: notFound,
          409: documentedError('VM_INVALID_STATE: the VM is not INCOMING'),
        },
      },
      handler: async (request) => {
        const vm = await migrations.abortIncoming(request.params.name, auditContext(request));
        return { name: vm.name, deleted: true as const };
      },
    }),
  ];
}
