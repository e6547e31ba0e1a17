// Read throughput of the hypervisor's REST API: `GET /api/v1/vms/vm-042` with a bearer token,
// 100 VMs defined, against a bare Fastify route returning the same JSON (the peer), in the same
// run, with the same autocannon settings.
//
// The service is the compiled `hvctl serve --driver simulated` in its own process, as deployed
// (default log level: its JSON logs go to a pipe). Its GET path is the same code as with the QEMU
// driver: the route reads the VM from SQLite and never asks the driver. The peer runs in a
// process of its own too (this file, started with `--peer`), so each server has a core and
// autocannon the other. Both serve the same body: fetched once from the service, then handed to
// the peer, whose route returns it parsed (serialised by Fastify's default, no schema).
//
// Each run also reports the server process's CPU time per request (/proc), which does not depend
// on how hard the client pushes. The sweep over connection counts shows how the ratio moves; the
// reported count keeps both servers busy, so their ratio is one of capacities (docs/benchmarks.md).
import autocannon from 'autocannon';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { processUsage } from '../packages/hypervisor/src/drivers/qemu/process-info.js';
import { createToken } from '../packages/hypervisor/test/support/socket-client.js';
import { startServiceProcess, type ServiceProcess } from '../packages/server-kit/src/testing/index.js';

const PEER_BODY_ENV = 'HV_BENCH_PEER_BODY';

if (process.argv[2] === '--peer') {
  const { default: Fastify } = await import('fastify');
  const body = JSON.parse(process.env[PEER_BODY_ENV] ?? 'null') as unknown;
  const app = Fastify({ logger: false });
  app.get('/api/v1/vms/:name', async () => body);
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  // The line startServiceProcess looks for.
  console.log(JSON.stringify({ msg: 'bare fastify listening', url: `${url}/api/v1` }));
} else {
  await main();
}

async function main(): Promise<void> {
  const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
  const WARMUP_S = 3;
  const SWEEP = [1, 2, 4, 8];
  const CONNECTIONS = 8;
  const VMS = 100;
  const BIN = fileURLToPath(new URL('../packages/hypervisor/bin/hvctl.js', import.meta.url));

  const dir = mkdtempSync(join(tmpdir(), 'hv-api-bench-'));
  const bootDir = join(dir, 'boot');
  mkdirSync(bootDir);
  // The simulated driver runs no guest: the kernel only has to exist for the validation.
  writeFileSync(join(bootDir, 'vmlinuz'), 'kernel');

  const load = loadavg()[0]!;
  const service = await startServiceProcess(BIN, [
    'serve',
    '--port',
    '0',
    '--driver',
    'simulated',
    '--data-dir',
    join(dir, 'data'),
    '--run-dir',
    join(dir, 'run'),
    '--boot-dir',
    bootDir,
  ]);
  let peer: ServiceProcess | undefined;
  const rows: string[] = [];
  let bodyBytes = 0;
  try {
    const token = await createToken(join(dir, 'run', 'api.sock'), ['vm:read', 'vm:write']);
    const headers = { authorization: `Bearer ${token}` };
    const call = async (method: string, path: string, body?: unknown): Promise<string> => {
      const response = await fetch(`${service.url}${path}`, {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
      return text;
    };
    for (let i = 0; i < VMS; i += 1) {
      await call('POST', '/vms', {
        name: `vm-${String(i).padStart(3, '0')}`,
        cpu: { count: 1 },
        memory: { size: '512M' },
        boot: { kernel: 'vmlinuz', cmdline: 'console=ttyS0' },
      });
    }
    // A running VM has the largest body (runtime).
    await call('POST', '/vms/vm-042/start');
    const body = await call('GET', '/vms/vm-042');
    bodyBytes = Buffer.byteLength(body);
    peer = await startServiceProcess(fileURLToPath(import.meta.url), ['--peer'], {
      env: { NODE_OPTIONS: '--import tsx', [PEER_BODY_ENV]: body },
    });
    const peerBody = await (await fetch(`${peer.url}/vms/vm-042`)).text();
    if (JSON.stringify(JSON.parse(peerBody)) !== JSON.stringify(JSON.parse(body))) {
      throw new Error(`the peer answers another body: ${peerBody}`);
    }

    // Requests per second, and the server process's CPU time (user + system) per request.
    const measure = async (server: ServiceProcess, connections: number, duration: number) => {
      const pid = server.child.pid ?? 0;
      const before = await processUsage(pid);
      const result = await autocannon({ url: `${server.url}/vms/vm-042`, connections, duration, headers });
      const after = await processUsage(pid);
      if (result.non2xx > 0 || result.errors > 0) {
        throw new Error(`${server.url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      }
      return {
        rps: result.requests.average,
        cpuUs: ((after.cpuTimeMs - before.cpuTimeMs) * 1000) / result.requests.total,
      };
    };

    // From here on the service logs two lines per request: parsing them here, as startServiceProcess
    // does, would load the load generator's core. They are read and dropped, as a log pipe would.
    service.child.stdout?.removeAllListeners('data');
    service.child.stdout?.resume();
    await measure(peer, CONNECTIONS, WARMUP_S);
    await measure(service, CONNECTIONS, WARMUP_S);
    for (const connections of SWEEP) {
      const bare = await measure(peer, connections, DURATION_S);
      const hv = await measure(service, connections, DURATION_S);
      rows.push(
        `| ${connections}${connections === CONNECTIONS ? ' (reported)' : ''} | ${Math.round(bare.rps)} | ` +
          `${bare.cpuUs.toFixed(0)} | ${Math.round(hv.rps)} | ${hv.cpuUs.toFixed(0)} | ` +
          `${((100 * hv.rps) / bare.rps).toFixed(0)} % |`,
      );
    }
  } finally {
    await Promise.all([service.stop(), peer?.stop()]);
    rmSync(dir, { recursive: true, force: true });
  }

  console.log(
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ` +
      `${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}; load average ` +
      `${load.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after`,
  );
  console.log(
    `GET /api/v1/vms/vm-042 (${bodyBytes} bytes), ${VMS} VMs defined, autocannon ${DURATION_S} s ` +
      `per run after a ${WARMUP_S} s warm-up of each server`,
  );
  console.log(
    '| connections | bare Fastify req/s | its CPU µs/req | hvctl serve req/s | its CPU µs/req | service / bare req/s |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
}
