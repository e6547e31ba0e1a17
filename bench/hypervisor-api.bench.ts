// Read throughput of the hypervisor's REST API: `GET /api/v1/vms/vm-042` with a bearer token,
// 100 VMs defined, against a bare Fastify route returning the same JSON (the peer), in the same
// run, with the same autocannon settings.
//
// The service is the compiled `hvctl serve --driver simulated` in its own process, as deployed,
// its JSON logs going to a pipe: once at the default log level (info: a request that succeeds
// writes no line) and once at `--log-level debug` (one `request` line per request). Its GET path
// is the same code as with the QEMU driver: the route reads the VM through the store and never
// asks the driver. The peer runs in a process of its own too (this file, started with `--peer`),
// so each server has a core and autocannon the other. The peer serves the service's own answer,
// fetched once, returned parsed (serialised by Fastify's default, no schema).
//
// Each run also reports the server process's CPU time per request (/proc). The reported figure is
// the median of rounds at 8 connections, which keep both servers busy, so their ratio is one of
// capacities; the rounds alternate the two servers. A sweep over connection counts follows, with
// the service at debug level too (docs/benchmarks.md).
import autocannon from 'autocannon';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { processUsage } from '../packages/hypervisor/src/drivers/qemu/process-info.js';
import { createToken } from '../packages/hypervisor/test/support/socket-client.js';
import { startServiceProcess, type ServiceProcess } from '../packages/server-kit/src/testing/index.js';
import { serveHypervisor } from '../packages/hypervisor/test/support/serve.js';
import { loadAverage, machineDescription, median } from './support.js';

const PEER_BODY_ENV = 'HV_BENCH_PEER_BODY';
const VMS = 100;

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

interface Server {
  process: ServiceProcess;
  headers: Record<string, string>;
}

/** `hvctl serve` at `logLevel` with 100 VMs, vm-042 running; answers it and vm-042's JSON. */
async function startService(dir: string, logLevel: string): Promise<Server & { body: string }> {
  const bootDir = join(dir, 'boot');
  mkdirSync(bootDir, { recursive: true });
  // The simulated driver runs no guest: the kernel only has to exist for the validation.
  writeFileSync(join(bootDir, 'vmlinuz'), 'kernel');
  const service = await serveHypervisor(dir, [
    '--driver',
    'simulated',
    '--boot-dir',
    bootDir,
    '--log-level',
    logLevel,
  ]);
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
  // From here on the logs are read and dropped, as a log pipe would be: parsing them here, as
  // startServiceProcess does, would load the load generator's core.
  service.child.stdout?.removeAllListeners('data');
  service.child.stdout?.resume();
  return { process: service, headers, body };
}

/** Requests per second, and the server process's CPU time (user + system) per request. */
async function measure(server: Server, connections: number, duration: number) {
  const pid = server.process.child.pid ?? 0;
  const before = await processUsage(pid);
  const result = await autocannon({
    url: `${server.process.url}/vms/vm-042`,
    connections,
    duration,
    headers: server.headers,
  });
  const after = await processUsage(pid);
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${server.process.url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return {
    rps: result.requests.average,
    cpuUs: ((after.cpuTimeMs - before.cpuTimeMs) * 1000) / result.requests.total,
  };
}

async function main(): Promise<void> {
  const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 6);
  const WARMUP_S = 3;
  const SWEEP = [1, 2, 4, 8];
  const CONNECTIONS = 8;
  const ROUNDS = 7;

  const dir = mkdtempSync(join(tmpdir(), 'hv-api-bench-'));
  const load = loadavg()[0]!;
  const servers: ServiceProcess[] = [];
  const sweepRows: string[] = [];
  const rounds: { bare: number; service: number; bareCpu: number; serviceCpu: number }[] = [];
  let bodyBytes = 0;
  try {
    const info = await startService(join(dir, 'info'), 'info');
    servers.push(info.process);
    const debug = await startService(join(dir, 'debug'), 'debug');
    servers.push(debug.process);
    bodyBytes = Buffer.byteLength(info.body);
    const peerProcess = await startServiceProcess(fileURLToPath(import.meta.url), ['--peer'], {
      env: { NODE_OPTIONS: '--import tsx', [PEER_BODY_ENV]: info.body },
    });
    servers.push(peerProcess);
    const peer: Server = { process: peerProcess, headers: {} };
    const peerBody = await (await fetch(`${peerProcess.url}/vms/vm-042`)).text();
    if (JSON.stringify(JSON.parse(peerBody)) !== JSON.stringify(JSON.parse(info.body))) {
      throw new Error(`the peer answers another body: ${peerBody}`);
    }

    for (const server of [peer, info, debug]) await measure(server, CONNECTIONS, WARMUP_S);
    // The reported figure: rounds that alternate the two servers, so that the machine's drift
    // over the run (other tenants, frequency) falls on both alike; the median round is reported.
    for (let round = 0; round < ROUNDS; round += 1) {
      const pair = round % 2 === 0 ? [peer, info] : [info, peer];
      const results = new Map<Server, { rps: number; cpuUs: number }>();
      for (const server of pair) results.set(server, await measure(server, CONNECTIONS, DURATION_S));
      const bare = results.get(peer)!;
      const service = results.get(info)!;
      rounds.push({ bare: bare.rps, service: service.rps, bareCpu: bare.cpuUs, serviceCpu: service.cpuUs });
    }
    for (const connections of SWEEP) {
      const bare = await measure(peer, connections, DURATION_S);
      const quiet = await measure(info, connections, DURATION_S);
      const logged = await measure(debug, connections, DURATION_S);
      const cells = (m: { rps: number; cpuUs: number }) =>
        `${Math.round(m.rps)} | ${m.cpuUs.toFixed(0)} | ${((100 * m.rps) / bare.rps).toFixed(0)} %`;
      sweepRows.push(
        `| ${connections} | ${Math.round(bare.rps)} | ${bare.cpuUs.toFixed(0)} | ${cells(quiet)} | ${cells(logged)} |`,
      );
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(dir, { recursive: true, force: true });
  }

  console.log(`machine: ${machineDescription()}; ${loadAverage(load)}`);
  console.log(
    `GET /api/v1/vms/vm-042 (${bodyBytes} bytes), ${VMS} VMs defined, autocannon ${DURATION_S} s ` +
      `per run after a ${WARMUP_S} s warm-up of each server`,
  );
  const ratios = rounds.map((r) => r.service / r.bare);
  console.log(`\n${ROUNDS} alternating rounds at ${CONNECTIONS} connections (hvctl serve at info):`);
  console.log(
    '| round | bare Fastify req/s | its CPU µs/req | hvctl serve req/s | its CPU µs/req | of bare |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|');
  rounds.forEach((r, i) =>
    console.log(
      `| ${i + 1} | ${Math.round(r.bare)} | ${r.bareCpu.toFixed(0)} | ${Math.round(r.service)} | ` +
        `${r.serviceCpu.toFixed(0)} | ${((100 * r.service) / r.bare).toFixed(0)} % |`,
    ),
  );
  console.log(
    `| median | ${Math.round(median(rounds.map((r) => r.bare)))} | ${median(rounds.map((r) => r.bareCpu)).toFixed(0)} | ` +
      `${Math.round(median(rounds.map((r) => r.service)))} | ${median(rounds.map((r) => r.serviceCpu)).toFixed(0)} | ` +
      `${(100 * median(ratios)).toFixed(0)} % (${(100 * Math.min(...ratios)).toFixed(0)}–${(100 * Math.max(...ratios)).toFixed(0)} %) |`,
  );
  console.log('\nby connections, one run each:');
  console.log(
    '| connections | bare Fastify req/s | its CPU µs/req | hvctl serve (info) req/s | its CPU µs/req | ' +
      'of bare | hvctl serve (debug: a line per request) req/s | its CPU µs/req | of bare |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of sweepRows) console.log(row);
}
