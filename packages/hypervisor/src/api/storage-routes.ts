/** The disk image routes this release offers: create, list, read, delete. */
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
  },
  { additionalProperties: false },
);

export function storageRoutes(disks: DiskService): RouteSpec[] {
  return [
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
          409: documentedError('DISK_ALREADY_EXISTS'),
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
