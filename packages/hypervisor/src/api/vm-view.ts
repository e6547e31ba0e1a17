/** A stored VM as the API shows it. */
import type { VmRecord } from '../store/vms.js';
import type { VmView } from './schemas.js';

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
