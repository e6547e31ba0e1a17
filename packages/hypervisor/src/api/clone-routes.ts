/**
 * `POST /vms/{name}/clone`: a new VM from an existing one (domain/clone-service.ts): a linked
 * clone at once, a full one as an operation.
 */
import { defineRoute, documentedError, schemaRef, type RouteSpec } from '@lab/server-kit';
import { Type } from 'typebox';
import { API_PREFIX } from '../config.js';
import type { CloneService } from '../domain/clone-service.js';
import { OperationSchema, type OperationView } from '../domain/operations.js';
import { VM_NAME_PATTERN } from '../domain/vm-definition.js';
import { vmView } from '../domain/vm-view.js';
import { accepted } from './replies.js';
import { auditContext } from './request-context.js';
import { VmNameParams, VmSchema, type VmView } from './schemas.js';

const Vm = schemaRef<VmView>(VmSchema);
const Operation = schemaRef<OperationView>(OperationSchema);

export const CloneBody = Type.Object(
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
          '`devices.storage`, from 0). With `linked`, a qcow2 overlay whose backing file is the source ' +
          'image, made at once: answers 201 with the new VM. Otherwise a full copy (`qemu-img convert`), ' +
          'which takes as long as the images are large: answers 202 with a `vm.clone` operation on the ' +
          'source, `vm/NAME` (`Location: /api/v1/operations/{id}`; `vm:read` follows it, `vm:write` ' +
          "cancels it), whose progress is qemu-img's over the bytes of every image and whose `result` is " +
          'the new VM. A running source is paused (QMP `stop`, which flushes its disks) for the copy and ' +
          'resumed after it, so the copy is of one instant; the source takes no other action meanwhile ' +
          '(409 VM_BUSY). Cancelling kills qemu-img, resumes the guest and leaves no image and no VM. ' +
          'Event `vm.created` with `cloned_from`.',
        params: VmNameParams,
        body: CloneBody,
        response: {
          201: Vm,
          202: Operation,
          400: documentedError('VALIDATION_ERROR: the new name'),
          404: documentedError('VM_NOT_FOUND, DISK_NOT_FOUND (an image of the source is gone)'),
          409: documentedError(
            'VM_ALREADY_EXISTS, DISK_ALREADY_EXISTS (an image name the clone needs is taken), ' +
              'VM_INVALID_STATE (migrating; linked from a running VM), DISK_IN_USE (linked: another ' +
              'running VM writes the image), DISK_BUSY, DISK_OPERATION_UNSUPPORTED (an encrypted image), ' +
              'POOL_FULL, VM_BUSY (an operation holds the source)',
          ),
        },
      },
      handler: async (request, reply) => {
        const answer = await clones.clone(request.params.name, request.body, auditContext(request));
        if ('operation' in answer) return accepted(reply, answer.operation);
        void reply.code(201).header('location', `${API_PREFIX}/vms/${encodeURIComponent(answer.vm.name)}`);
        return vmView(answer.vm);
      },
    }),
  ];
}
