/** The disk image routes (create, list, read, delete) and the storage pools they live in. */
import { defineRoute, documentedError, schemaRef, type RouteSpec } from '@lab/server-kit';
import { Type } from 'typebox';
import { API_PREFIX } from '../config.js';
import {
  MAX_IMAGE_BYTES,
  MIN_IMAGE_BYTES,
  DiskImageSchema,
  type DiskImage,
  type DiskService,
} from '../domain/disk-service.js';
import { PoolCreateSchema, PoolSchema, type PoolService, type PoolView } from '../domain/pool-service.js';
import { formatSize } from '../domain/units.js';
import { RESOURCE_NAME_PATTERN, SIZE_PATTERN } from '../domain/vm-definition.js';
import { auditContext } from './request-context.js';
import { Deleted, ResourceNameParams } from './schemas.js';

const Image = schemaRef<DiskImage>(DiskImageSchema);
const notFound = documentedError('DISK_NOT_FOUND: no disk image has this name');
const READ = { scope: 'storage:read' } as const;
const WRITE = { scope: 'storage:write' } as const;

const CreateImageBody = Type.Object(
  {
    name: Type.String({
      pattern: RESOURCE_NAME_PATTERN,
      description: 'letters, digits, `.`, `_`, `-`; not starting with `.`',
    }),
    size: Type.String({
      pattern: SIZE_PATTERN,
      description: `virtual size with a binary unit, ${formatSize(MIN_IMAGE_BYTES)} to ${formatSize(MAX_IMAGE_BYTES)}`,
    }),
    format: Type.Optional(Type.Enum(['qcow2', 'raw'], { default: 'qcow2' })),
    pool: Type.Optional(
      Type.String({ pattern: RESOURCE_NAME_PATTERN, description: 'the storage pool (default `default`)' }),
    ),
  },
  { additionalProperties: false },
);

const Pool = schemaRef<PoolView>(PoolSchema);

export function storageRoutes(disks: DiskService, pools: PoolService): RouteSpec[] {
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
          'Makes an empty image with `qemu-img create` in the images directory; answers 201 with it.',
        body: CreateImageBody,
        response: {
          201: Image,
          400: documentedError('VALIDATION_ERROR: name, size or format; `details.field` names it'),
          404: documentedError('POOL_NOT_FOUND'),
          409: documentedError("DISK_ALREADY_EXISTS, POOL_FULL (past the pool's capacity)"),
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
      method: 'DELETE',
      url: '/storage/:name',
      summary: 'Delete a disk image',
      tags: ['storage'],
      access: WRITE,
      schema: {
        description: 'Removes the image file. Refused while a running or paused VM has it attached.',
        params: ResourceNameParams,
        response: {
          200: Deleted,
          404: notFound,
          409: documentedError('DISK_IN_USE: a running VM has it attached'),
        },
      },
      handler: async (request) => {
        const disk = await disks.remove(request.params.name, auditContext(request));
        return { name: disk.name, deleted: true as const };
      },
    }),
  ];
}
