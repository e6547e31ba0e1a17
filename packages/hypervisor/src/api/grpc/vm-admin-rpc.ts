/**
 * The VM routes beyond the spec's VmService, over the same core as their REST routes:
 * VmManagementService (vm-routes.ts' update, delete, reset and stats; clone-routes.ts),
 * MigrationService (migration-routes.ts but `migrate`, which is VmService's MigrateVm) and
 * SnapshotService (snapshot-routes.ts). Where REST answers 201/200 or 202 by what the request
 * asks (a linked or a full clone, a snapshot with or without memory), the answer is a oneof of
 * the result and the operation.
 */
import type { JsonValue } from '@bufbuild/protobuf';
import type { Core } from '../../core.js';
import { IncomingSchema } from '../../domain/migration-service.js';
import { restoredView, SnapshotCreateSchema, snapshotView } from '../../domain/snapshot-service.js';
import { VmPatchSchema } from '../../domain/vm-definition.js';
import { vmView } from '../../domain/vm-view.js';
import { CloneBody } from '../clone-routes.js';
import { VmNameParams } from '../schemas.js';
import { SnapshotParams } from '../snapshot-routes.js';
import { DeleteVmQuery } from '../vm-routes.js';
import { MigrationService, SnapshotService, VmManagementService } from './gen/hypervisor/v1/vm_admin_pb.js';
import { defineRpcService, unary } from './rpc.js';

const READ = { scope: 'vm:read' } as const;
const WRITE = { scope: 'vm:write' } as const;

type Json = Record<string, JsonValue>;

/**
 * `clear_boot` is REST's `"boot": null`. Given with `boot` it is left in, so the body's schema
 * refuses it by name rather than one of the two being dropped.
 */
function patchJson(json: Json): Json {
  if (json.clear_boot !== true || json.boot !== undefined) return json;
  const rest: Json = { ...json, boot: null };
  delete rest.clear_boot;
  return rest;
}

const isObject = (value: JsonValue | undefined): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What proto3 JSON leaves out and REST's incoming body requires: `null` for no boot and no
 * backing image, `[]` for an empty list.
 */
function incomingJson(json: Json): Json {
  const { definition, images = [] } = json;
  return {
    ...json,
    ...(isObject(definition)
      ? {
          definition: {
            boot: null,
            ...definition,
            devices: {
              storage: [],
              network: [],
              ...(isObject(definition.devices) ? definition.devices : {}),
            },
          },
        }
      : {}),
    images: Array.isArray(images)
      ? images.map((image) => (isObject(image) ? { backing: null, ...image } : image))
      : images,
  };
}

export function vmManagementRpcs(core: Core) {
  const { vms, clones } = core;
  return defineRpcService(VmManagementService, {
    updateVm: unary(
      {
        route: 'PATCH /vms/{name}',
        access: WRITE,
        params: VmNameParams,
        body: VmPatchSchema,
        restJson: patchJson,
      },
      async ({ params, body }, call) => vmView(await vms.update(params.name, body, call.audit)),
    ),
    deleteVm: unary(
      { route: 'DELETE /vms/{name}', access: WRITE, params: VmNameParams, query: DeleteVmQuery },
      async ({ params, query }, call) => {
        const vm = await vms.remove(params.name, query.force, call.audit);
        return { name: vm.name, deleted: true };
      },
    ),
    resetVm: unary(
      { route: 'POST /vms/{name}/reset', access: WRITE, params: VmNameParams },
      async ({ params }, call) => vmView(await vms.reset(params.name, call.audit)),
    ),
    getVmStats: unary({ route: 'GET /vms/{name}/stats', access: READ, params: VmNameParams }, ({ params }) =>
      vms.stats(params.name),
    ),
    cloneVm: unary(
      {
        route: 'POST /vms/{name}/clone',
        access: WRITE,
        params: VmNameParams,
        body: CloneBody,
        bodyField: 'clone',
      },
      async ({ params, body }, call) => {
        const answer = await clones.clone(params.name, body, call.audit);
        return 'operation' in answer ? { operation: answer.operation } : { vm: vmView(answer.vm) };
      },
    ),
  });
}

export function migrationRpcs(core: Core) {
  const { migrations } = core;
  return defineRpcService(MigrationService, {
    cancelMigration: unary(
      { route: 'POST /vms/{name}/migrate/cancel', access: WRITE, params: VmNameParams },
      ({ params }, call) => migrations.cancel(params.name, call.audit),
    ),
    prepareIncomingMigration: unary(
      {
        route: 'POST /vms/{name}/incoming',
        access: WRITE,
        params: VmNameParams,
        body: IncomingSchema,
        restJson: incomingJson,
      },
      async ({ params, body }, call) => {
        const prepared = await migrations.prepareIncoming(
          params.name,
          body,
          { ...call.audit, status: 201 },
          call.peerAddress,
        );
        return { vm: vmView(prepared.vm), uri: prepared.uri, port: prepared.port };
      },
    ),
    abortIncomingMigration: unary(
      { route: 'DELETE /vms/{name}/incoming', access: WRITE, params: VmNameParams },
      async ({ params }, call) => {
        const vm = await migrations.abortIncoming(params.name, call.audit);
        return { name: vm.name, deleted: true };
      },
    ),
  });
}

export function snapshotRpcs(core: Core) {
  const { snapshots } = core;
  return defineRpcService(SnapshotService, {
    listSnapshots: unary(
      { route: 'GET /vms/{name}/snapshots', access: READ, params: VmNameParams },
      ({ params }) => ({ snapshots: snapshots.list(params.name).map(snapshotView) }),
    ),
    createSnapshot: unary(
      {
        route: 'POST /vms/{name}/snapshots',
        access: WRITE,
        params: VmNameParams,
        body: SnapshotCreateSchema,
        bodyField: 'snapshot',
      },
      async ({ params, body }, call) => {
        const answer = await snapshots.create(params.name, body, call.audit);
        return 'operation' in answer
          ? { operation: answer.operation }
          : { snapshot: snapshotView(answer.snapshot) };
      },
    ),
    restoreSnapshot: unary(
      { route: 'POST /vms/{name}/snapshots/{snap}/restore', access: WRITE, params: SnapshotParams },
      async ({ params }, call) => {
        const answer = await snapshots.restore(params.name, params.snap, call.audit);
        return 'operation' in answer ? { operation: answer.operation } : { restored: restoredView(answer) };
      },
    ),
    deleteSnapshot: unary(
      { route: 'DELETE /vms/{name}/snapshots/{snap}', access: WRITE, params: SnapshotParams },
      async ({ params }, call) => {
        const snapshot = await snapshots.remove(params.name, params.snap, call.audit);
        return { name: snapshot.name, deleted: true };
      },
    ),
  });
}
