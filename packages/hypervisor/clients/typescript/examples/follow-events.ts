// Task 3: follow a VM's events; a dropped connection resumes from the last event id by itself.
import { HypervisorClient } from '@lab/hypervisor-client';

const client = new HypervisorClient({ baseUrl: process.env.HV_REST_URL!, token: process.env.HV_TOKEN });
const stop = new AbortController();
process.once('SIGINT', () => stop.abort());
try {
  for await (const event of client.watchVmEvents({ vm: process.argv[2] ?? 'web1', signal: stop.signal })) {
    console.log(event.id, event.kind, JSON.stringify(event.data));
  }
} catch (error) {
  if (!stop.signal.aborted) throw error;
}
