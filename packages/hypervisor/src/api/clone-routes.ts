/** `POST /vms/{name}/clone`: a new VM from an existing one (domain/clone-service.ts). */
import { defineRoute, documentedError, schemaRef, type RouteSpec } from '@lab/server-kit';
import { Type } from 'typebox';
import { API_PREFIX } from '../config.js';
import type { CloneService } from '../domain/clone-service.js';
import { VM_NAME_PATTERN } from '../domain/vm-definition.js';
import { auditContext } from './request-context.js';
import { VmNameParams, VmSchema, type VmView } from './schemas.js';
import { vmView } from './vm-view.js';

const Vm = schemaRef<VmView>(VmSchema);

const CloneBody = Type.Object(
  {
    name: Type.String({ pattern: VM_NAME_PATTERN, description: 'the new VM' }),
    linked: Type.Optional(
      Type.Boolean({
        default: false,
        description:
          'a qcow2 overlay on each source image instead of a full copy; the source must not run, and ' +
          'its images then back the clone: neither deleted nor attached to a VM while it does',
      }),
    ),
  },
  { additionalProperties: false },
);

export function cloneRoutes(clones: CloneService): RouteSpec[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/vms/:name/clone',
      summary: 'Clone a VM',
      tags: ['vms'],
      access: { scope: 'vm:write' },
      schema: {
        description:
          'Makes a new VM (state CREATED, new uuid) with the definition of this one and a new disk image ' +
          "for each of its images, in that image's pool, named `<new name>-<index>` (the device's index in " +
          '`devices.storage`, from 0): a full copy (`qemu-img convert`), or with `linked` a qcow2 overlay ' +
          'whose backing file is the source image. A running source is paused (QMP `stop`, which flushes its ' +
          'disks) for the copy and resumed after it, so the copy is of one instant; the answer comes once ' +
          'the copy is done. Event `vm.created` with `cloned_from`. Answers 201 with the new VM.',
        params: VmNameParams,
        body: CloneBody,
        response: {
          201: Vm,
          400: documentedError('VALIDATION_ERROR: the new name'),
          404: documentedError('VM_NOT_FOUND, DISK_NOT_FOUND (an image of the source is gone)'),
          409: documentedError(
            'VM_ALREADY_EXISTS, DISK_ALREADY_EXISTS (an image name the clone needs is taken), ' +
              'VM_INVALID_STATE (migrating; linked from a running VM), DISK_IN_USE (linked: another ' +
              'running VM writes the image), DISK_BUSY, DISK_OPERATION_UNSUPPORTED (an encrypted image), POOL_FULL',
          ),
        },
      },
      handler: async (request, reply) => {
        const vm = await clones.clone(request.params.name, request.body, auditContext(request, 201));
        void reply.code(201).header('location', `${API_PREFIX}/vms/${encodeURIComponent(vm.name)}`);
        return vmView(vm);
      },
    }),
  ];
}
