// The hypervisor's gRPC API against its REST API, and its event fan-out (docs/benchmarks.md).
//
// The service is the compiled `hvctl serve --driver simulated` in its own process, REST and gRPC
// both over TLS (`--tls-cert/--tls-key` with a certificate made here, trusted by the clients).
//
// (a) Unary reads: `hypervisor.v1.VmService/GetVm` against `GET /api/v1/vms/vm-042` (a running
// VM, the largest view), the same run, the same concurrency: 32 calls in flight. gRPC's load is
// ghz (Go) multiplexing them over one HTTP/2 connection (as a gRPC client does: one channel); REST
// gets 32 HTTP/1.1 keep-alive connections from autocannon, one request in flight each (how an
// HTTP/1.1 client gets 32 in flight). Alternately, rounds of DURATION_S; the figure is the median.
//
// (b) Fan-out: WATCHERS `WatchVmEvents` streams (kinds `vm.state_changed`) over one HTTP/2
// connection, while this process pauses and resumes VMs through the Unix socket at RATE calls a
// second for FANOUT_S seconds: real, cheap mutating calls, each emitting one `vm.state_changed`
// through the core's event log. Latency is a stream's arrival time minus the event's own
// `timestamp` (set by the core when it commits it; same clock); every stream must get every event.
import { spawn } from 'node:child_process';
import { once, setMaxListeners } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createClient } from '@connectrpc/connect';
import { createGrpcTransport } from '@connectrpc/connect-node';
import { VmService } from '../packages/hypervisor/src/api/grpc/gen/hypervisor/v1/vm_pb.js';
import { processUsage } from '../packages/hypervisor/src/drivers/qemu/process-info.js';
import { makeSelfSigned } from '../packages/hypervisor/src/drivers/tls-certificate.js';
import { createToken, socketRequest } from '../packages/hypervisor/test/support/socket-client.js';
import { serveHypervisor } from '../packages/hypervisor/test/support/serve.js';
import { loadAverage, machineDescription, median } from './support.js';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
/** `go install github.com/bojand/ghz/cmd/ghz@latest`; the binary on PATH, or named by GHZ. */
const GHZ = process.env.GHZ ?? 'ghz';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const IN_FLIGHT = 32;
const WATCHERS = 100;
const RATE = 1_000;
const FANOUT_S = Number(process.env.BENCH_FANOUT_S ?? 10);
/** VMs paused and resumed in turn: each has one call in flight at a time. */
const FLIPPED = 50;

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function main(): Promise<void> {
  const load = loadavg()[0] ?? 0;
  const dir = mkdtempSync(join(tmpdir(), 'hv-grpc-bench-'));
  const identity = await makeSelfSigned({
    commonName: 'localhost',
    dnsNames: ['localhost'],
    ipAddresses: ['127.0.0.1'],
  });
  writeFileSync(join(dir, 'cert.pem'), identity.certPem);
  writeFileSync(join(dir, 'key.pem'), identity.keyPem, { mode: 0o600 });
  const bootDir = join(dir, 'boot');
  mkdirSync(bootDir, { recursive: true });
  writeFileSync(join(bootDir, 'vmlinuz'), 'kernel');
  // On a busy machine the service's start (its PQC self-test first) takes a while.
  const service = await serveHypervisor(
    dir,
    [
      '--driver',
      'simulated',
      '--boot-dir',
      bootDir,
      '--grpc-port',
      '0',
      '--tls-cert',
      join(dir, 'cert.pem'),
      '--tls-key',
      join(dir, 'key.pem'),
    ],
    { timeoutMs: 120_000 },
  ).catch((error: unknown) => {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  try {
    const listening = service.logs.find((entry) => entry.msg === 'gRPC listening')?.url;
    const grpcUrl = typeof listening === 'string' ? listening : '';
    if (!grpcUrl.startsWith('grpcs://')) throw new Error(`no gRPC over TLS: '${grpcUrl}'`);
    const socket = join(dir, 'run', 'api.sock');
    const token = await createToken(socket, ['vm:read', 'vm:write', 'events:read']);
    const api = async (method: string, path: string, body?: unknown) => {
      const answer = await socketRequest(socket, method, `/api/v1${path}`, body);
      if (answer.status >= 300)
        throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    };
    const spec = { cpu: { count: 1 }, memory: { size: '512M' }, boot: { kernel: 'vmlinuz' } };
    await api('POST', '/vms', { name: 'vm-042', ...spec });
    await api('POST', '/vms/vm-042/start');
    for (let i = 0; i < FLIPPED; i += 1) {
      await api('POST', '/vms', { name: `flip-${i}`, ...spec });
      await api('POST', `/vms/flip-${i}/start`);
    }
    // From here on the service's log is read and dropped, as a log pipe would be.
    service.child.stdout?.removeAllListeners('data');
    service.child.stdout?.resume();

    const transport = createGrpcTransport({
      baseUrl: grpcUrl.replace(/^grpcs:/, 'https:'),
      nodeOptions: { ca: identity.certPem },
      interceptors: [
        (next) => (request) => {
          request.header.set('authorization', `Bearer ${token}`);
          return next(request);
        },
      ],
    });
    const vms = createClient(VmService, transport);

    const pid = service.child.pid ?? 0;
    /** Calls a second, and the CPU time (user + system) per call in µs of the service and of the client. */
    let ghzCpuMs = 0;
    /** The client's CPU: this process's (autocannon), or ghz's own. */
    const measured = async (
      run: () => Promise<number>,
      external: boolean,
    ): Promise<{ rate: number; cpuUs: number; clientUs: number }> => {
      const before = await processUsage(pid);
      const client = process.cpuUsage();
      const start = performance.now();
      const calls = await run();
      const seconds = (performance.now() - start) / 1000;
      const spent = process.cpuUsage(client);
      const after = await processUsage(pid);
      return {
        rate: calls / seconds,
        cpuUs: ((after.cpuTimeMs - before.cpuTimeMs) * 1000) / calls,
        clientUs: external ? (ghzCpuMs * 1000) / calls : (spent.user + spent.system) / calls,
      };
    };
    /**
     * gRPC's load comes from `ghz` (Go), as REST's from autocannon: a client written for load, so
     * the figure is the service's, not a Node client's (Connect's client cost ~1 ms a call here).
     * It reads the API from the server's reflection; its CPU is measured from /proc as the service's.
     */
    const grpcRound = async (seconds: number): Promise<number> => {
      const ghz = spawn(GHZ, [
        '--cacert',
        join(dir, 'cert.pem'),
        '--call',
        'hypervisor.v1.VmService/GetVm',
        '-d',
        '{"name":"vm-042"}',
        '-m',
        JSON.stringify({ authorization: `Bearer ${token}` }),
        '-c',
        String(IN_FLIGHT),
        '--connections',
        '1',
        '-z',
        `${seconds}s`,
        '--format',
        'json',
        grpcUrl.replace(/^grpcs:\/\//, ''),
      ]);
      let output = '';
      ghz.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      let usage = { cpuTimeMs: 0 };
      const sample = setInterval(() => {
        void processUsage(ghz.pid ?? 0).then(
          (now) => (usage = now),
          () => undefined,
        );
      }, 200);
      const [code] = (await once(ghz, 'exit')) as [number | null];
      clearInterval(sample);
      ghzCpuMs = usage.cpuTimeMs;
      if (code !== 0) throw new Error(`ghz exited with ${code}: ${output.slice(0, 500)}`);
      const report = JSON.parse(output) as { count: number; statusCodeDistribution: Record<string, number> };
      // ghz ends a timed run by closing its connection under the calls in flight: those (at most
      // IN_FLIGHT) are Unavailable and not counted; any other failure spoils the round.
      const { OK: ok = 0, Unavailable: cut = 0, ...others } = report.statusCodeDistribution;
      if (Object.keys(others).length > 0 || cut > IN_FLIGHT)
        throw new Error(`gRPC: ${JSON.stringify(report.statusCodeDistribution)}`);
      return ok;
    };
    const restRound = async (seconds: number): Promise<number> => {
      const result = await autocannon({
        url: `${service.url}/vms/vm-042`,
        connections: IN_FLIGHT,
        pipelining: 1,
        duration: seconds,
        headers: { authorization: `Bearer ${token}` },
        tlsOptions: { ca: identity.certPem },
      });
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`REST: ${result.non2xx} non-2xx, ${result.errors} errors`);
      return result.requests.total;
    };

    // (a) unary reads; one warm-up round each first.
    await grpcRound(2);
    await restRound(2);
    type Round = Awaited<ReturnType<typeof measured>>;
    const grpcRounds: Round[] = [];
    const restRounds: Round[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      grpcRounds.push(await measured(() => grpcRound(DURATION_S), true));
      restRounds.push(await measured(() => restRound(DURATION_S), false));
    }
    const grpcRates = grpcRounds.map((round) => round.rate);
    const restRates = restRounds.map((round) => round.rate);
    const grpcRate = median(grpcRates);
    const restRate = median(restRates);
    const grpcCpu = median(grpcRounds.map((round) => round.cpuUs));
    const restCpu = median(restRounds.map((round) => round.cpuUs));
    const grpcClient = median(grpcRounds.map((round) => round.clientUs));
    const restClient = median(restRounds.map((round) => round.clientUs));

    // (b) fan-out.
    const latencies: number[] = [];
    const received = new Array<number>(WATCHERS).fill(0);
    const failures: unknown[] = [];
    const watching = new AbortController();
    setMaxListeners(WATCHERS + 10, watching.signal);
    let opened = 0;
    const streams = Array.from({ length: WATCHERS }, async (_, index) => {
      try {
        for await (const event of vms.watchVmEvents(
          { kinds: ['vm.state_changed'] },
          {
            signal: watching.signal,
            onHeader: () => (opened += 1),
          },
        )) {
          const at = Date.now();
          const timestamp = event.data?.timestamp;
          if (typeof timestamp === 'string') latencies.push(at - Date.parse(timestamp));
          received[index] = (received[index] ?? 0) + 1;
        }
      } catch (error) {
        // Kept for the end: a rejection left waiting would end the process before the service is stopped.
        if (!watching.signal.aborted) failures.push(error);
      }
    });
    // The streams are open once each has its headers; two first events make sure of it.
    const opening = performance.now() + 30_000;
    while (opened < WATCHERS && performance.now() < opening) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await api('POST', '/vms/flip-0/pause');
    await api('POST', '/vms/flip-0/resume');
    while (received.some((count) => count < 2) && performance.now() < opening) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    if (received.some((count) => count < 2)) throw new Error(`only ${opened} of ${WATCHERS} streams opened`);
    received.fill(0);
    latencies.length = 0;

    let published = 0;
    const paused = new Array<boolean>(FLIPPED).fill(false);
    const busy = new Array<boolean>(FLIPPED).fill(false);
    const started = performance.now();
    const tickMs = 10;
    const perTick = (RATE * tickMs) / 1000;
    let behind = 0;
    for (let tick = 0; tick < (FANOUT_S * 1000) / tickMs; tick += 1) {
      for (let sent = 0, vm = tick % FLIPPED; sent < perTick; vm = (vm + 1) % FLIPPED) {
        if (busy.every(Boolean)) break;
        if (busy[vm]) continue;
        busy[vm] = true;
        sent += 1;
        const action = paused[vm] ? 'resume' : 'pause';
        void api('POST', `/vms/flip-${vm}/${action}`).then(() => {
          paused[vm] = !paused[vm];
          busy[vm] = false;
          published += 1;
        });
      }
      const next = started + (tick + 1) * tickMs;
      const wait = next - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      else behind += 1;
    }
    while (busy.some(Boolean)) await new Promise((resolve) => setTimeout(resolve, 5));
    const elapsed = (performance.now() - started) / 1000;
    // Let the last events arrive (streams behind catch up: late is not lost), then close them.
    const settle = performance.now() + 60_000;
    while (received.some((count) => count < published) && performance.now() < settle) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    watching.abort();
    await Promise.all(streams);
    if (failures.length > 0) throw new Error(`${failures.length} streams failed`, { cause: failures[0] });
    const sorted = latencies.sort((a, b) => a - b);
    const lost = received.reduce((sum, count) => sum + Math.max(0, published - count), 0);

    console.log(`machine: ${machineDescription()}; ${loadAverage(load)}`);
    console.log(
      `(a) GetVm over TLS, ${IN_FLIGHT} in flight, median of ${ROUNDS} rounds of ${DURATION_S} s: ` +
        `gRPC ${grpcRate.toFixed(0)}/s (1 HTTP/2 connection), REST ${restRate.toFixed(0)}/s ` +
        `(${IN_FLIGHT} HTTP/1.1 connections), gRPC/REST ${(grpcRate / restRate).toFixed(2)}`,
    );
    console.log(
      `    service CPU per call: gRPC ${grpcCpu.toFixed(0)} µs, REST ${restCpu.toFixed(0)} µs ` +
        `(REST/gRPC ${(restCpu / grpcCpu).toFixed(2)}); client per call: ` +
        `gRPC (ghz) ${grpcClient.toFixed(0)} µs, REST (autocannon) ${restClient.toFixed(0)} µs`,
    );
    console.log(
      `    rounds gRPC ${grpcRates.map((r) => r.toFixed(0)).join(' ')}; REST ${restRates.map((r) => r.toFixed(0)).join(' ')}`,
    );
    console.log(
      `(b) WatchVmEvents: ${WATCHERS} streams, ${published} events in ${elapsed.toFixed(1)} s ` +
        `(${(published / elapsed).toFixed(0)}/s, ${behind} ticks late): ` +
        `latency p50 ${percentile(sorted, 50)} ms, p99 ${percentile(sorted, 99)} ms, max ${sorted.at(-1) ?? NaN} ms; ` +
        `${sorted.length} deliveries, lost ${lost}`,
    );
    if (lost > 0) process.exitCode = 1;
  } finally {
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
