// Task 1: list the VMs. HV_REST_URL=http://127.0.0.1:9400 HV_TOKEN=hvt_... npx tsx examples/list-vms.ts
import { HypervisorClient } from '@lab/hypervisor-client';

const client = new HypervisorClient({ baseUrl: process.env.HV_REST_URL!, token: process.env.HV_TOKEN });
const { vms } = await client.listVms();
for (const vm of vms) {
  console.log(`${vm.name.padEnd(16)} ${vm.state.padEnd(10)} ${vm.cpu.count} CPU ${vm.memory.size}`);
}
