/**
 * `StorageService` and `StoragePoolService`: the /storage routes over gRPC, each RPC calling the
 * disk, disk-operation or pool core as its REST route does, with the same schemas and scopes. The
 * work REST answers 202 (convert, compact, check, rekey) answers the operation; OperationService
 * follows it.
 */
import {
  CheckSchema,
  CompactSchema,
  ConvertSchema,
  RekeySchema,
  ResizeSchema,
} from '../../domain/disk-operations.js';
import { DiskCreateSchema } from '../../domain/disk-service.js';
import { PoolCreateSchema } from '../../domain/pool-service.js';
import type { Core } from '../../core.js';
import { ResourceNameParams } from '../schemas.js';
import { StoragePoolService, StorageService } from './gen/hypervisor/v1/storage_pb.js';
import { defineRpcService, unary } from './rpc.js';

const READ = { scope: 'storage:read' } as const;
const WRITE = { scope: 'storage:write' } as const;

export function storageRpcs(core: Core) {
  const { disks, diskOperations } = core;
  const onImage = { access: WRITE, params: ResourceNameParams } as const;
  return defineRpcService(StorageService, {
    listDisks: unary({ route: 'GET /storage', access: READ }, async () => ({ images: await disks.list() })),
    createDisk: unary({ route: 'POST /storage', access: WRITE, body: DiskCreateSchema }, ({ body }, call) =>
      disks.create(body, { ...call.audit, status: 201 }),
    ),
    getDisk: unary({ route: 'GET /storage/{name}', access: READ, params: ResourceNameParams }, ({ params }) =>
      disks.get(params.name),
    ),
    resizeDisk: unary(
      { route: 'PATCH /storage/{name}', ...onImage, body: ResizeSchema },
      ({ params, body }, call) => diskOperations.resize(params.name, body, call.audit),
    ),
    deleteDisk: unary({ route: 'DELETE /storage/{name}', ...onImage }, async ({ params }, call) => {
      const disk = await disks.remove(params.name, call.audit);
      return { name: disk.name, deleted: true };
    }),
    convertDisk: unary(
      { route: 'POST /storage/{name}/convert', ...onImage, body: ConvertSchema },
      ({ params, body }, call) => diskOperations.convert(params.name, body, { ...call.audit, status: 202 }),
    ),
    // REST also takes a null body for these two; a message has no null, so its empty form is `{}`.
    compactDisk: unary(
      { route: 'POST /storage/{name}/compact', ...onImage, body: CompactSchema },
      ({ params, body }, call) => diskOperations.compact(params.name, body, { ...call.audit, status: 202 }),
    ),
    checkDisk: unary(
      { route: 'POST /storage/{name}/check', ...onImage, body: CheckSchema },
      ({ params, body }, call) => diskOperations.check(params.name, body, { ...call.audit, status: 202 }),
    ),
    rekeyDisk: unary(
      { route: 'POST /storage/{name}/rekey', ...onImage, body: RekeySchema },
      ({ params, body }, call) => diskOperations.rekey(params.name, body, { ...call.audit, status: 202 }),
    ),
  });
}

export function storagePoolRpcs(core: Core) {
  const { pools } = core;
  return defineRpcService(StoragePoolService, {
    listPools: unary({ route: 'GET /storage/pools', access: READ }, async () => ({
      pools: await pools.list(),
    })),
    createPool: unary(
      { route: 'POST /storage/pools', access: WRITE, body: PoolCreateSchema },
      ({ body }, call) => pools.create(body, { ...call.audit, status: 201 }),
    ),
  });
}
