/**
 * The VM routes: list, create, read, update, delete, the lifecycle actions and stats. Each
 * handler calls one function of the VM service with the request's audit context.
 */
import { defineRoute, documentedError, schemaRef, type RouteSpec } from '@lab/server-kit';
import { Type } from 'typebox';
import { API_PREFIX } from '../config.js';
import { OperationSchema, type OperationView } from '../domain/operations.js';
import { VmCreateSchema, VmPatchSchema } from '../domain/vm-definition.js';
import { VmStatsSchema, type VmService } from '../domain/vm-service.js';
import { MIN_MEMORY_BYTES } from '../domain/vm-validation.js';
import { vmView } from '../domain/vm-view.js';
import { formatSize } from '../domain/units.js';
import { accepted } from './replies.js';
import { auditContext } from './request-context.js';
import { Deleted, VmNameParams, VmSchema, type VmView } from './schemas.js';

const Vm = schemaRef<VmView>(VmSchema);
const Operation = schemaRef<OperationView>(OperationSchema);
const notFound = documentedError('VM_NOT_FOUND: no VM has this name');
const invalid = documentedError(
  'VALIDATION_ERROR: a field is wrong; `details.field` names it (name pattern, cpu.count above the ' +
    `host's threads, memory.size outside ${formatSize(MIN_MEMORY_BYTES)} to the host memory, unknown ` +
    'device type, a disk image or network that does not exist, a boot file outside the boot directory)',
);
/** What a request for a VM an operation holds answers. */
const BUSY = 'VM_BUSY (an operation holds the VM: a stop, a clone, a snapshot with memory)';
const READ = { scope: 'vm:read' } as const;
const WRITE = { scope: 'vm:write' } as const;
export const DeleteVmQuery = Type.Object({ force: Type.Boolean({ default: false }) });

const StopBody = Type.Union([
  Type.Object(
    {
      force: Type.Optional(
        Type.Boolean({
          description: 'true stops at once; false (the default) asks the guest to power off (ACPI) first',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  Type.Null(),
]);

/** A lifecycle action: `POST /vms/{name}/{verb}` calls the VM service's command of that name. */
function action(
  verb: 'start' | 'pause' | 'resume' | 'reset',
  summary: string,
  description: string,
  conflicts: string,
) {
  return (vms: VmService) =>
    defineRoute({
      method: 'POST',
      url: `/vms/:name/${verb}`,
      summary,
      tags: ['vms'],
      access: WRITE,
      schema: {
        description,
        params: VmNameParams,
        response: { 200: Vm, 404: notFound, 409: documentedError(`${conflicts}, ${BUSY}`) },
      },
      handler: async (request) => vmView(await vms[verb](request.params.name, auditContext(request))),
    });
}

const ACTIONS = [
  action(
    'start',
    'Start a VM',
    'Launches the VM (one QEMU process) and answers once it runs. From CREATED, STOPPED or CRASHED.',
    'VM_ALREADY_RUNNING (running), VM_INVALID_STATE (paused: resume it)',
  ),
  action(
    'pause',
    'Pause a VM',
    'Stops the vCPUs (QMP `stop`); memory and devices stay. From RUNNING.',
    'VM_NOT_RUNNING, VM_INVALID_STATE (already paused)',
  ),
  action(
    'resume',
    'Resume a paused VM',
    'Restarts the vCPUs (QMP `cont`). From PAUSED.',
    'VM_NOT_RUNNING, VM_INVALID_STATE (not paused)',
  ),
  action(
    'reset',
    'Hard-reset a VM',
    'Resets the virtual machine as the reset button would (QMP `system_reset`); the state stays. ' +
      'Emits `vm.reset`. From RUNNING or PAUSED.',
    'VM_NOT_RUNNING',
  ),
];

export function vmRoutes(vms: VmService, stopTimeoutMs: number): RouteSpec[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/vms',
      summary: 'List VMs',
      tags: ['vms'],
      access: READ,
      schema: { response: { 200: Type.Object({ vms: Type.Array(Vm) }) } },
      handler: async () => ({ vms: vms.list().map(vmView) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/vms',
      summary: 'Create a VM',
      tags: ['vms'],
      access: WRITE,
      schema: {
        description: 'Defines a VM in state CREATED; answers 201 with it (`name`, `state`, `uuid`, ...).',
        body: VmCreateSchema,
        response: { 201: Vm, 400: invalid, 409: documentedError('VM_ALREADY_EXISTS') },
      },
      handler: async (request, reply) => {
        const vm = await vms.create(request.body, auditContext(request, 201));
        void reply.code(201).header('location', `${API_PREFIX}/vms/${encodeURIComponent(vm.name)}`);
        return vmView(vm);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/vms/:name',
      summary: 'Read a VM',
      tags: ['vms'],
      access: READ,
      schema: { params: VmNameParams, response: { 200: Vm, 404: notFound } },
      handler: async (request) => vmView(vms.get(request.params.name)),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/vms/:name',
      summary: 'Change the configuration of a VM',
      tags: ['vms'],
      access: WRITE,
      schema: {
        description:
          'Replaces the given parts of the definition (`cpu`, `memory`, `devices`, `boot`: a device list ' +
          'replaces the whole list). Only while the VM is not running (CREATED, STOPPED, CRASHED).',
        params: VmNameParams,
        body: VmPatchSchema,
        response: {
          200: Vm,
          400: invalid,
          404: notFound,
          409: documentedError(`VM_INVALID_STATE: the VM runs; ${BUSY}`),
        },
      },
      handler: async (request) =>
        vmView(await vms.update(request.params.name, request.body, auditContext(request))),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/vms/:name',
      summary: 'Delete a VM',
      tags: ['vms'],
      access: WRITE,
      schema: {
        description:
          'Removes the VM definition (its disk images stay). Refused while the VM runs, unless `force=true`, ' +
          'which stops it at once first (cancelling a graceful stop under way).',
        params: VmNameParams,
        querystring: DeleteVmQuery,
        response: {
          200: Deleted,
          404: notFound,
          409: documentedError(
            `VM_INVALID_STATE: the VM runs; stop it or pass force=true; ${BUSY}, but for a stop, which ` +
              'force=true cancels first',
          ),
        },
      },
      handler: async (request) => {
        const vm = await vms.remove(request.params.name, request.query.force, auditContext(request));
        return { name: vm.name, deleted: true as const };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/vms/:name/stop',
      summary: 'Stop a VM',
      tags: ['vms'],
      access: WRITE,
      schema: {
        description:
          '`force: true` stops the VM at once (QMP `quit`, then SIGKILL) and answers 200 with it, ' +
          'STOPPED; a graceful stop under way is cancelled first. `force: false` (the default, also ' +
          'with no body) asks the guest to power off through ACPI and stops it hard if it has not ' +
          `after the stop time-out (\`--stop-timeout-ms\`, default ${stopTimeoutMs} ms here; a paused ` +
          'guest cannot see the power button and is stopped hard at once): it answers 202 with a ' +
          '`vm.stop` operation on `vm/NAME` (`Location: /api/v1/operations/{id}`; `vm:read` follows ' +
          'it, `vm:write` cancels it) whose `result` is the VM, STOPPED. Cancelled while it waits for ' +
          'the guest, the VM runs on; once the hard stop has begun, a cancel is 409 ' +
          'OPERATION_NOT_CANCELLABLE. While the operation runs, other actions on the VM are 409 ' +
          'VM_BUSY. From RUNNING or PAUSED.',
        params: VmNameParams,
        body: StopBody,
        response: {
          200: Vm,
          202: Operation,
          404: notFound,
          409: documentedError(
            `VM_NOT_RUNNING, VM_INVALID_STATE (migrating), ${BUSY}, but for another stop when forced`,
          ),
        },
      },
      handler: async (request, reply) => {
        const { name } = request.params;
        if (request.body?.force === true) return vmView(await vms.forceStop(name, auditContext(request)));
        return accepted(reply, await vms.shutdown(name, auditContext(request, 202)));
      },
    }),
    ...ACTIONS.map((route) => route(vms)),
    defineRoute({
      method: 'GET',
      url: '/vms/:name/stats',
      summary: 'CPU, memory and disk I/O of a running VM',
      tags: ['vms'],
      access: READ,
      schema: {
        description:
          'Rates over the interval since the previous stats request of this VM (at least 250 ms; a first ' +
          'request, or one more than 10 s after the last, samples twice 250 ms apart). Disk figures are ' +
          'sums over the VM disks from QMP `query-blockstats`.',
        params: VmNameParams,
        response: { 200: VmStatsSchema, 404: notFound, 409: documentedError('VM_NOT_RUNNING') },
      },
      handler: async (request) => vms.stats(request.params.name),
    }),
  ];
}
