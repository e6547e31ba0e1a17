/**
 * A VM as the API shows it: the one source of its type, of its OpenAPI schema and of the result
 * of the operations that end with a VM (a clone, a stop, a restore with memory).
 */
import { Nullable } from '@lab/server-kit';
import { Type, type Static } from 'typebox';
import type { VmRecord } from '../store/vms.js';
import { BootSchema, DevicesSchema, VM_STATES } from './vm-definition.js';

const Timestamp = (description: string) => Type.String({ format: 'date-time', description });

export const VmSchema = Type.Object(
  {
    name: Type.String(),
    uuid: Type.String({ format: 'uuid', description: 'assigned by the service on create' }),
    state: Type.Enum([...VM_STATES]),
    cpu: Type.Object({ count: Type.Integer() }),
    memory: Type.Object({ size: Type.String({ description: 'as given, e.g. 512M' }) }),
    devices: Type.Required(DevicesSchema),
    boot: Nullable(BootSchema),
    created_at: Timestamp('when the VM was created'),
    updated_at: Timestamp('last change of definition or state'),
    state_changed_at: Timestamp('last change of state'),
    runtime: Nullable(
      Type.Object(
        {
          driver: Type.String({ description: 'qemu or simulated' }),
          accelerator: Type.String({ description: 'kvm, tcg, or none (simulated)' }),
          pid: Nullable(Type.Integer({ description: "the QEMU process's id" })),
          files: Type.Record(Type.String(), Type.String(), {
            description: 'runtime files in the run directory: qmp_socket, serial_log, pid_file, qemu_log',
          }),
        },
        { description: 'present while the VM runs or is paused' },
      ),
    ),
    last_error: Nullable(
      Type.Object(
        {
          message: Type.String({ description: "QEMU's own text where there is one" }),
          at: Timestamp('when'),
        },
        { description: 'why the VM crashed or why its last action failed' },
      ),
    ),
  },
  { $id: 'Vm', description: 'A virtual machine' },
);
export type VmView = Static<typeof VmSchema>;

export function vmView(vm: VmRecord): VmView {
  return {
    name: vm.name,
    uuid: vm.uuid,
    state: vm.state,
    cpu: vm.definition.cpu,
    memory: vm.definition.memory,
    devices: vm.definition.devices,
    boot: vm.definition.boot,
    created_at: vm.createdAt,
    updated_at: vm.updatedAt,
    state_changed_at: vm.stateChangedAt,
    runtime: vm.runtime,
    last_error: vm.lastError,
  };
}
