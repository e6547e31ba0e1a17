/**
 * The snapshot routes of a VM: list, create, restore, delete. Each handler calls one function of
 * the snapshot service (domain/snapshot-service.ts) with the request's audit context.
 */
import { defineRoute, documentedError, schemaRef, type RouteSpec } from '@lab/server-kit';
import { Type } from 'typebox';
import { API_PREFIX } from '../config.js';
import {
  SNAPSHOT_NAME_PATTERN,
  SnapshotCreateSchema,
  SnapshotSchema,
  restoredView,
  snapshotView,
  type SnapshotService,
  type SnapshotView,
} from '../domain/snapshot-service.js';
import { OperationSchema, type OperationView } from '../domain/operations.js';
import { VM_NAME_PATTERN } from '../domain/vm-definition.js';
import { accepted } from './replies.js';
import { auditContext } from './request-context.js';
import { Deleted, VmNameParams, VmSchema, type VmView } from './schemas.js';

const Snapshot = schemaRef<SnapshotView>(SnapshotSchema);
const Vm = schemaRef<VmView>(VmSchema);
const Operation = schemaRef<OperationView>(OperationSchema);
const READ = { scope: 'vm:read' } as const;
const WRITE = { scope: 'vm:write' } as const;

export const SnapshotParams = Type.Object({
  name: Type.String({ pattern: VM_NAME_PATTERN }),
  snap: Type.String({ pattern: SNAPSHOT_NAME_PATTERN }),
});

const vmNotFound = documentedError('VM_NOT_FOUND: no VM has this name');
const notFound = documentedError('VM_NOT_FOUND, SNAPSHOT_NOT_FOUND');
const busy = 'VM_BUSY (an operation holds the VM)';
const unsupported =
  'SNAPSHOT_UNSUPPORTED (the VM has no disk, or one is not qcow2: raw images cannot hold internal snapshots)';

export function snapshotRoutes(snapshots: SnapshotService): RouteSpec[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/vms/:name/snapshots',
      summary: 'List the snapshots of a VM',
      tags: ['snapshots'],
      access: READ,
      schema: {
        description: 'Oldest first, each with the VM state and definition it was taken with.',
        params: VmNameParams,
        response: { 200: Type.Object({ snapshots: Type.Array(Snapshot) }), 404: vmNotFound },
      },
      handler: async (request) => ({ snapshots: snapshots.list(request.params.name).map(snapshotView) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/vms/:name/snapshots',
      summary: 'Take a snapshot of a VM',
      tags: ['snapshots'],
      access: WRITE,
      schema: {
        description:
          'An internal snapshot in every qcow2 image of the VM, tagged with its name. A running or paused ' +
          'VM is snapshotted by its QEMU: without `include_memory`, one QMP `transaction` of ' +
          '`blockdev-snapshot-internal-sync` per disk (crash-consistent; the guest keeps running); a VM ' +
          'without a process (CREATED, STOPPED, CRASHED) gets `qemu-img snapshot -c` on each image, disks ' +
          'only. These answer 201 with the snapshot. With `include_memory`, the `snapshot-save` job writes ' +
          'RAM and device state into the first disk while the vCPUs stop, minutes for a large VM: it ' +
          'answers 202 with a `vm.snapshot_create` operation on `vm/NAME` (`Location: ' +
          '/api/v1/operations/{id}`; `vm:read` follows it), whose `result` is the snapshot. QEMU saves ' +
          'in one step that nothing interrupts, so a cancel is 409 OPERATION_NOT_CANCELLABLE; the VM ' +
          'takes no other action meanwhile (409 VM_BUSY).',
        params: VmNameParams,
        body: SnapshotCreateSchema,
        response: {
          201: Snapshot,
          202: Operation,
          400: documentedError(
            'VALIDATION_ERROR: the name, or `include_memory` true for a VM that is not running or paused',
          ),
          404: vmNotFound,
          409: documentedError(
            `SNAPSHOT_ALREADY_EXISTS (for this VM, or a tag of that name in one of its images), ${unsupported}, ` +
              'DISK_IN_USE (a stopped VM whose image another running VM has open), DISK_BUSY (a disk ' +
              `operation works on an image), VM_INVALID_STATE (a live migration owns the VM), ${busy}`,
          ),
        },
      },
      handler: async (request, reply) => {
        const answer = await snapshots.create(request.params.name, request.body, auditContext(request));
        if ('operation' in answer) return accepted(reply, answer.operation);
        const { snapshot } = answer;
        void reply
          .code(201)
          .header(
            'location',
            `${API_PREFIX}/vms/${encodeURIComponent(snapshot.vm)}/snapshots/${encodeURIComponent(snapshot.name)}`,
          );
        return snapshotView(snapshot);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/vms/:name/snapshots/:snap/restore',
      summary: 'Return a VM to a snapshot',
      tags: ['snapshots'],
      access: WRITE,
      schema: {
        description:
          'A disk-only snapshot reverts the images (`qemu-img snapshot -a`) of a VM without a process, whose ' +
          'state stays; a running or paused VM must be stopped first (409), as libvirt refuses. It answers 200 ' +
          'with the snapshot and the VM. A snapshot with memory returns the VM to the moment it was taken, in ' +
          'the state it had then (RUNNING or PAUSED): a running or paused VM loads it live (the ' +
          '`snapshot-load` job), a VM without a process is started from it (`-loadvm`). Loading the RAM takes ' +
          'minutes for a large VM, so it answers 202 with a `vm.snapshot_restore` operation on `vm/NAME` ' +
          '(`Location: /api/v1/operations/{id}`; `vm:read` follows it), whose `result` is the snapshot and ' +
          'the VM, as the 200 shows them. QEMU loads in one step that nothing interrupts, and a start from ' +
          'the snapshot reverts the disks first, so a cancel is 409 OPERATION_NOT_CANCELLABLE; the VM takes ' +
          'no other action meanwhile (409 VM_BUSY). Which answer comes follows the snapshot ' +
          '(`include_memory` in its listing), not the VM. A stopped VM gets back the definition the ' +
          'snapshot recorded.',
        params: SnapshotParams,
        response: {
          200: Type.Object({ snapshot: Snapshot, vm: Vm }),
          202: Operation,
          404: notFound,
          409: documentedError(
            'VM_INVALID_STATE (a disk-only snapshot, or a changed definition, while the VM runs: stop it; ' +
              'a live migration owns the VM), SNAPSHOT_INCONSISTENT (an image of it is gone, raw now, or no ' +
              `longer holds it), DISK_IN_USE, DISK_BUSY, DISK_IS_BACKING (reverting the base of linked clones), ${busy}`,
          ),
        },
      },
      handler: async (request, reply) => {
        const answer = await snapshots.restore(
          request.params.name,
          request.params.snap,
          auditContext(request),
        );
        if ('operation' in answer) return accepted(reply, answer.operation);
        return restoredView(answer);
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/vms/:name/snapshots/:snap',
      summary: 'Delete a snapshot',
      tags: ['snapshots'],
      access: WRITE,
      schema: {
        description:
          'Removes the tag from the images (the `snapshot-delete` job while the VM runs, `qemu-img snapshot ' +
          '-d` otherwise; an image deleted since is skipped) and the record.',
        params: SnapshotParams,
        response: {
          200: Deleted,
          404: notFound,
          409: documentedError(
            'VM_INVALID_STATE (the VM runs with other disks than the snapshot had: stop it; a live migration ' +
              `owns the VM), DISK_IN_USE, DISK_BUSY, ${busy}`,
          ),
        },
      },
      handler: async (request) => {
        const snapshot = await snapshots.remove(
          request.params.name,
          request.params.snap,
          auditContext(request),
        );
        return { name: snapshot.name, deleted: true as const };
      },
    }),
  ];
}
