// Task 2: create a VM (with a new disk image) and start it; an existing name is a typed error.
import { HypervisorClient, isHypervisorError } from '@lab/hypervisor-client';

const client = new HypervisorClient({ baseUrl: process.env.HV_REST_URL!, token: process.env.HV_TOKEN });
const name = process.argv[2] ?? 'web1';
try {
  await client.createDisk({ name: `${name}-disk`, size: '1G', format: 'qcow2' });
  const vm = await client.createVm({
    name,
    cpu: { count: 2 },
    memory: { size: '512M' },
    devices: { storage: [{ type: 'virtio-blk', path: `${name}-disk`, format: 'qcow2' }] },
  });
  console.log(`created ${vm.name} (${vm.uuid})`);
  console.log(`${name} is ${(await client.startVm(name)).state}`);
} catch (error) {
  if (isHypervisorError(error) && error.kind === 'already_exists') {
    console.error(`${error.code}: ${error.message}`);
    process.exitCode = 1;
  } else throw error;
}
