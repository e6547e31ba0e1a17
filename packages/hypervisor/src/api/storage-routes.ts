/**
 * The disk image routes (create, list, read, delete; resize answering when done; convert,
 * compact, check and rekey answering 202 with a tracked operation) and the storage pools.
 */
import { defineRoute, documentedError, schemaRef, type RouteSpec } from '@lab/server-kit';
import { Type } from 'typebox';
import { API_PREFIX } from '../config.js';
import {
  CheckSchema,
  CompactSchema,
  ConvertSchema,
  RekeySchema,
  ResizeSchema,
  type DiskOperations,
} from '../domain/disk-operations.js';
import {
  DiskCreateSchema,
  DiskImageSchema,
  type DiskImage,
  type DiskService,
} from '../domain/disk-service.js';
import { OperationSchema, type OperationView } from '../domain/operations.js';
import { PoolCreateSchema, PoolSchema, type PoolService, type PoolView } from '../domain/pool-service.js';
import { accepted } from './replies.js';
import { auditContext } from './request-context.js';
import { Deleted, ResourceNameParams } from './schemas.js';

const Image = schemaRef<DiskImage>(DiskImageSchema);
const notFound = documentedError('DISK_NOT_FOUND: no disk image has this name');
const READ = { scope: 'storage:read' } as const;
const WRITE = { scope: 'storage:write' } as const;

const Operation = schemaRef<OperationView>(OperationSchema);
const inUse = 'DISK_IN_USE (a VM with a QEMU process attaches it), DISK_BUSY (another operation on it)';
const secretRefused = '`secret` missing, given for a clear image, or not unlocking it';
const operationStarted = 'Answers 202 with the operation (`Location: /api/v1/operations/{id}`).';

const Pool = schemaRef<PoolView>(PoolSchema);

export function storageRoutes(
  disks: DiskService,
  pools: PoolService,
  diskOperations: DiskOperations,
): RouteSpec[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/storage/pools',
      summary: 'List storage pools',
      tags: ['storage'],
      access: READ,
      schema: {
        description: "Each pool with its images, their virtual sizes added up, and its filesystem's use.",
        response: { 200: Type.Object({ pools: Type.Array(Pool) }) },
      },
      handler: async () => ({ pools: await pools.list() }),
    }),
    defineRoute({
      method: 'POST',
      url: '/storage/pools',
      summary: 'Add a storage pool',
      tags: ['storage'],
      access: WRITE,
      schema: {
        description:
          'Adopts a directory (made when missing) as a pool the service owns. Its path is absolute with no ' +
          'symbolic link on the way, and it may not lie inside another pool or hold one. Answers 201.',
        body: PoolCreateSchema,
        response: {
          201: Pool,
          400: documentedError('VALIDATION_ERROR: name, path (relative, a link, overlapping) or capacity'),
          409: documentedError('POOL_ALREADY_EXISTS'),
        },
      },
      handler: async (request, reply) => {
        const pool = await pools.create(request.body, auditContext(request, 201));
        void reply.code(201);
        return pool;
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/storage',
      summary: 'List disk images',
      tags: ['storage'],
      access: READ,
      schema: { response: { 200: Type.Object({ images: Type.Array(Image) }) } },
      handler: async () => ({ images: await disks.list() }),
    }),
    defineRoute({
      method: 'POST',
      url: '/storage',
      summary: 'Create a disk image',
      tags: ['storage'],
      access: WRITE,
      schema: {
        description:
          'Makes an empty image with `qemu-img create` in the pool; answers 201 with it. `encrypted` ' +
          'makes a LUKS qcow2 image whose passphrase is `secret` (handed to qemu-img in a 0600 file, ' +
          'never stored); `backing` makes a thin clone of another image of the pool (`-b`), which ' +
          'may then not be deleted or shrunk while the clone exists; `preallocation` is passed on.',
        body: DiskCreateSchema,
        response: {
          201: Image,
          400: documentedError(
            'VALIDATION_ERROR: name, size, format, encrypted, secret, backing or preallocation; `details.field` names it',
          ),
          404: documentedError('POOL_NOT_FOUND'),
          409: documentedError(
            "DISK_ALREADY_EXISTS, POOL_FULL (past the pool's capacity), DISK_IN_USE or DISK_BUSY (the base)",
          ),
        },
      },
      handler: async (request, reply) => {
        const image = await disks.create(request.body, auditContext(request, 201));
        void reply.code(201).header('location', `${API_PREFIX}/storage/${encodeURIComponent(image.name)}`);
        return image;
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/storage/:name',
      summary: 'Read a disk image',
      tags: ['storage'],
      access: READ,
      schema: {
        description: 'Size, space used and format, from `qemu-img info --output=json`.',
        params: ResourceNameParams,
        response: { 200: Image, 404: notFound },
      },
      handler: async (request) => disks.get(request.params.name),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/storage/:name',
      summary: 'Resize a disk image',
      tags: ['storage'],
      access: WRITE,
      schema: {
        description:
          "`qemu-img resize`, answered when done. Growing takes from the pool's capacity; making it " +
          'smaller needs `shrink: true` (what lies past the new end is lost), is refused for the base ' +
          'of a thin clone, and is refused when qemu-img refuses it (RESIZE_REFUSED, its words).',
        params: ResourceNameParams,
        body: ResizeSchema,
        response: {
          200: Image,
          400: documentedError(`VALIDATION_ERROR: size, shrink (needed to shrink), ${secretRefused}`),
          404: notFound,
          409: documentedError(`${inUse}, POOL_FULL, DISK_IS_BACKING, RESIZE_REFUSED`),
        },
      },
      handler: async (request) =>
        diskOperations.resize(request.params.name, request.body, auditContext(request)),
    }),
    defineRoute({
      method: 'POST',
      url: '/storage/:name/convert',
      summary: 'Convert a disk image into a new one',
      tags: ['storage'],
      access: WRITE,
      schema: {
        description:
          "`qemu-img convert -p` into a new image `target` (in `pool`, default the source's) of " +
          '`format`, `compress`ed clusters for a qcow2 target. The new image stands alone (a thin ' +
          "clone's base is read through); an encrypted image converts to qcow2 under the same " +
          `passphrase only. ${operationStarted} Its result names the new image and its sizes.`,
        params: ResourceNameParams,
        body: ConvertSchema,
        response: {
          202: Operation,
          400: documentedError(`VALIDATION_ERROR: target, format, compress (qcow2 only), ${secretRefused}`),
          404: documentedError('DISK_NOT_FOUND, POOL_NOT_FOUND'),
          409: documentedError(`${inUse}, DISK_ALREADY_EXISTS (target), POOL_FULL`),
        },
      },
      handler: async (request, reply) =>
        accepted(
          reply,
          await diskOperations.convert(request.params.name, request.body, auditContext(request, 202)),
        ),
    }),
    defineRoute({
      method: 'POST',
      url: '/storage/:name/compact',
      summary: 'Compact a qcow2 image',
      tags: ['storage'],
      access: WRITE,
      schema: {
        description:
          '`qemu-img convert -p -O qcow2` into a temporary file beside the image, renamed over it ' +
          'when done: clusters the guest freed are left behind. A thin clone stays thin, an encrypted ' +
          `image stays encrypted. ${operationStarted} Its result: \`bytes_before\`, \`bytes_after\`, ` +
          '`bytes_saved` (space used on the host).',
        params: ResourceNameParams,
        body: Type.Union([CompactSchema, Type.Null()]),
        response: {
          202: Operation,
          400: documentedError(`VALIDATION_ERROR: ${secretRefused}`),
          404: notFound,
          409: documentedError(`${inUse}, DISK_OPERATION_UNSUPPORTED (a raw image)`),
        },
      },
      handler: async (request, reply) =>
        accepted(
          reply,
          await diskOperations.compact(request.params.name, request.body ?? {}, auditContext(request, 202)),
        ),
    }),
    defineRoute({
      method: 'POST',
      url: '/storage/:name/check',
      summary: 'Check a qcow2 image',
      tags: ['storage'],
      access: WRITE,
      schema: {
        description:
          '`qemu-img check --output=json`, with `-r leaks` or `-r all` when `repair` says so. ' +
          `${operationStarted} Its result: \`corruptions\`, \`leaks\`, \`check_errors\`, ` +
          '`image_end_offset`, the cluster counts qemu-img gives, `repaired` (`{corruptions, leaks}` ' +
          'fixed) and `clean`; after a repair the counts are of the repaired image. Problems found ' +
          'are a result, not a failure.',
        params: ResourceNameParams,
        body: Type.Union([CheckSchema, Type.Null()]),
        response: {
          202: Operation,
          400: documentedError(`VALIDATION_ERROR: repair, ${secretRefused}`),
          404: notFound,
          409: documentedError(`${inUse}, DISK_OPERATION_UNSUPPORTED (a raw image)`),
        },
      },
      handler: async (request, reply) =>
        accepted(
          reply,
          await diskOperations.check(request.params.name, request.body ?? {}, auditContext(request, 202)),
        ),
    }),
    defineRoute({
      method: 'POST',
      url: '/storage/:name/rekey',
      summary: 'Rotate the passphrase of an encrypted image',
      tags: ['storage'],
      access: WRITE,
      schema: {
        description:
          '`qemu-img amend -p`: a LUKS key slot for `new_secret` is added, then every slot `old_secret` ' +
          `opens is erased (each step takes seconds: the slots' PBKDF). ${operationStarted} Its progress ` +
          'is 50 when the new slot is written; its result is the image. A wrong `old_secret` fails the ' +
          'operation with VALIDATION_ERROR naming it. Cancelling kills qemu-img while the new slot is ' +
          'being added and takes that slot out again, so the old passphrase alone opens the image; once ' +
          'the old slots are being erased a cancel is 409 OPERATION_NOT_CANCELLABLE. Both passphrases go ' +
          'to qemu-img in 0600 files only and are never stored, logged or returned.',
        params: ResourceNameParams,
        body: RekeySchema,
        response: {
          202: Operation,
          400: documentedError('VALIDATION_ERROR: new_secret (the same as the old)'),
          404: notFound,
          409: documentedError(`${inUse}, DISK_OPERATION_UNSUPPORTED (not encrypted)`),
        },
      },
      handler: async (request, reply) =>
        accepted(reply, diskOperations.rekey(request.params.name, request.body, auditContext(request, 202))),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/storage/:name',
      summary: 'Delete a disk image',
      tags: ['storage'],
      access: WRITE,
      schema: {
        description:
          'Removes the image file. Refused while a running or paused VM has it attached, while an ' +
          'operation works on it, and while a thin clone backs onto it.',
        params: ResourceNameParams,
        response: {
          200: Deleted,
          404: notFound,
          409: documentedError(
            'DISK_IN_USE (a running VM has it attached), DISK_BUSY, DISK_IS_BACKING (a thin clone needs it)',
          ),
        },
      },
      handler: async (request) => {
        const disk = await disks.remove(request.params.name, auditContext(request));
        return { name: disk.name, deleted: true as const };
      },
    }),
  ];
}
