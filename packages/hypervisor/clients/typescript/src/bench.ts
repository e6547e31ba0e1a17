/**
 * The benchmark entry (bench/hypervisor-clients.ts runs it): sequential GetVm round trips for
 * `--seconds`, printing one JSON line `{"calls":N,"seconds":S}`. `--mode library` calls
 * `client.getVm`; `--mode raw` is a bare `fetch` of `GET /api/v1/vms/{name}` and its JSON, with
 * no layer of this package. Both use Node's global fetch, which keeps one connection alive and
 * reuses it. REST only: `--transport grpc` is refused.
 *
 *     node packages/hypervisor/clients/typescript/dist/bench.js --rest-url http://127.0.0.1:9400 \
 *       --token hvt_... --vm web1 --seconds 5 --transport rest --mode library
 */
import { parseArgs } from 'node:util';
import { HypervisorClient } from './client.js';

const { values } = parseArgs({
  options: {
    'rest-url': { type: 'string' },
    'grpc-addr': { type: 'string' },
    token: { type: 'string' },
    vm: { type: 'string' },
    seconds: { type: 'string', default: '5' },
    transport: { type: 'string', default: 'rest' },
    mode: { type: 'string', default: 'library' },
  },
});

function usage(message: string): never {
  process.stderr.write(`bench: ${message}\n`);
  process.exit(2);
}

const url = values['rest-url'] ?? usage('--rest-url is required');
const vm = values.vm ?? usage('--vm is required');
const seconds = Number(values.seconds);
if (!(seconds > 0)) usage('--seconds must be a positive number');
if (values.transport !== 'rest') usage('the TypeScript client is REST only: --transport rest');
if (values.mode !== 'library' && values.mode !== 'raw') usage('--mode is library or raw');

const client = new HypervisorClient({ baseUrl: url, token: values.token });
const target = `${url.replace(/\/+$/, '')}/api/v1/vms/${encodeURIComponent(vm)}`;
const init: RequestInit =
  values.token === undefined ? {} : { headers: { authorization: `Bearer ${values.token}` } };
const once =
  values.mode === 'library'
    ? async () => {
        await client.getVm(vm);
      }
    : async () => {
        const response = await fetch(target, init);
        if (!response.ok) throw new Error(`GET ${target}: ${response.status}`);
        await response.json();
      };

// One call first, so the connection is open and a wrong argument fails before the clock starts.
await once();
let calls = 0;
const started = performance.now();
const end = started + seconds * 1000;
while (performance.now() < end) {
  await once();
  calls += 1;
}
const elapsed = (performance.now() - started) / 1000;
process.stdout.write(`${JSON.stringify({ calls, seconds: Number(elapsed.toFixed(3)) })}\n`);
