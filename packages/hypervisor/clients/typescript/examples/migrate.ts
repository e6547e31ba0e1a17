// Task 4: live-migrate a running VM to another host (sharing its storage pool), with progress.
import { HypervisorClient } from '@lab/hypervisor-client';

const client = new HypervisorClient({ baseUrl: process.env.HV_REST_URL!, token: process.env.HV_TOKEN });
const operation = await client.migrateVm(
  process.argv[2] ?? 'web1',
  { destination: process.env.HV_PEER_REST_URL!, token: process.env.HV_PEER_TOKEN!, bandwidth: '1G' },
  { onProgress: (op) => console.log(`migrating: ${op.progress}%`) },
);
console.log(`done in ${String(operation.result?.total_time_ms)} ms`);
