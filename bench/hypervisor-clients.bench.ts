// The client libraries' hand-written layer against the bare generated stub or HTTP request under
// it, and against curl (docs/benchmarks.md, "Hypervisor: client libraries").
//
// One service, the compiled `hvctl serve --driver simulated` in its own process (REST and gRPC,
// plain, on loopback), with one running VM. Each library's benchmark entry (its README's
// "Benchmark" section) makes sequential `GetVm` round trips on one reused connection for SECONDS
// and prints `{"calls":N,"seconds":S}`, in `--mode library` (the library's call) and `--mode raw`
// (the generated stub, or a bare HTTP request, with no hand-written layer), over each transport
// the library has. Library and raw alternate, ROUNDS rounds of each; the figure is the median
// calls/s, and the layer's overhead is raw / library - 1. curl is one process given the same GET
// N times in a --config file, so it reuses one connection, timed from outside.
//
// An entry whose toolchain or build is missing is skipped, saying why. BENCH_SECONDS (4),
// BENCH_ROUNDS (3), BENCH_ONLY (a comma list of languages) change the run.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createToken, socketRequest } from '../packages/hypervisor/test/support/socket-client.js';
import { serveHypervisor } from '../packages/hypervisor/test/support/serve.js';
import { loadAverage, machineDescription, median } from './support.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLIENTS = join(ROOT, 'packages/hypervisor/clients');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ONLY = process.env.BENCH_ONLY?.split(',');
const VM = 'bench1';
/** The layer's target: it adds less than this to a round trip. */
const TARGET = 0.05;
const PATH = [process.env.PATH, '/usr/local/go/bin', join(process.env.HOME ?? '/root', '.cargo/bin')].join(
  ':',
);

type Transport = 'rest' | 'grpc';

interface Entry {
  language: string;
  transports: Transport[];
  /** Builds what is needed, once; answers the command to run (before its arguments), or why not. */
  prepare(): { command: string[]; env?: NodeJS.ProcessEnv } | { skip: string };
}

function run(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): string {
  const result = spawnSync(command, args, {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, PATH, ...options.env },
    encoding: 'utf8',
    maxBuffer: 16 << 20,
  });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')}: ${result.error?.message ?? result.stderr.trim().slice(-2000)}`,
    );
  }
  return result.stdout;
}

const has = (tool: string): boolean =>
  spawnSync('sh', ['-c', `command -v ${tool}`], { env: { PATH } }).status === 0;

function attempt(prepare: () => { command: string[]; env?: NodeJS.ProcessEnv }) {
  return (): { command: string[]; env?: NodeJS.ProcessEnv } | { skip: string } => {
    try {
      return prepare();
    } catch (error) {
      return { skip: (error as Error).message.split('\n')[0] ?? 'failed' };
    }
  };
}

const ENTRIES: Entry[] = [
  {
    language: 'rust',
    transports: ['rest', 'grpc'],
    prepare: attempt(() => {
      if (!existsSync(join(CLIENTS, 'rust/examples/bench_get_vm.rs')))
        throw new Error('no examples/bench_get_vm.rs yet');
      if (!has('cargo')) throw new Error('cargo is not installed');
      const target = join(ROOT, '.cache/rust-client-target');
      run('cargo', ['build', '--release', '--locked', '-j', '2', '--example', 'bench_get_vm'], {
        cwd: join(CLIENTS, 'rust'),
        env: { CARGO_TARGET_DIR: target },
      });
      return { command: [join(target, 'release/examples/bench_get_vm')] };
    }),
  },
  {
    language: 'python',
    transports: ['rest', 'grpc'],
    prepare: attempt(() => {
      if (!existsSync(join(CLIENTS, 'python/src/hypervisor_client/bench.py')))
        throw new Error('no bench.py yet');
      const made = run(process.execPath, [
        join(ROOT, 'scripts/python-env.mjs'),
        join(CLIENTS, 'python/requirements.txt'),
        '--name',
        'hypervisor-python',
      ]);
      const { python } = JSON.parse(made.trim().split('\n').at(-1) ?? '{}') as { python: string };
      return {
        command: [python, '-m', 'hypervisor_client.bench'],
        env: { PYTHONPATH: join(CLIENTS, 'python/src') },
      };
    }),
  },
  {
    language: 'go',
    transports: ['grpc'],
    prepare: attempt(() => {
      if (!existsSync(join(CLIENTS, 'go/examples/bench'))) throw new Error('no examples/bench yet');
      if (!has('go')) throw new Error('go is not installed');
      const binary = join(ROOT, '.cache/go-bench/hvclient-bench');
      mkdirSync(join(ROOT, '.cache/go-bench'), { recursive: true });
      run('go', ['build', '-o', binary, './examples/bench'], {
        cwd: join(CLIENTS, 'go'),
        env: { GOFLAGS: '-p=2', GOCACHE: join(ROOT, '.cache/go-build') },
      });
      return { command: [binary] };
    }),
  },
  {
    language: 'typescript',
    transports: ['rest'],
    prepare: attempt(() => {
      const entry = join(CLIENTS, 'typescript/dist/bench.js');
      // The repository's `tsc -b` builds it (npm run bench builds first).
      if (!existsSync(entry)) throw new Error('dist/bench.js is not built (npx tsc -b)');
      return { command: [process.execPath, entry] };
    }),
  },
];

interface Measure {
  calls: number;
  seconds: number;
}

function callsPerSecond({ calls, seconds }: Measure): number {
  return calls / seconds;
}

function runEntry(
  prepared: { command: string[]; env?: NodeJS.ProcessEnv },
  args: { restUrl: string; grpcAddr: string; token: string; transport: Transport; mode: 'library' | 'raw' },
): number {
  const [command = '', ...fixed] = prepared.command;
  const output = run(
    command,
    [
      ...fixed,
      '--rest-url',
      args.restUrl,
      '--grpc-addr',
      args.grpcAddr,
      '--token',
      args.token,
      '--vm',
      VM,
      '--seconds',
      String(SECONDS),
      '--transport',
      args.transport,
      '--mode',
      args.mode,
    ],
    prepared.env === undefined ? {} : { env: prepared.env },
  );
  const line = output.trim().split('\n').at(-1) ?? '';
  return callsPerSecond(JSON.parse(line) as Measure);
}

/** curl given the same GET `count` times in one --config file: one process, one kept-alive connection. */
function curlRate(dir: string, url: string, token: string, count: number): number {
  const config = join(dir, 'curl.config');
  writeFileSync(
    config,
    `header = "Authorization: Bearer ${token}"\nsilent\nfail\n` +
      Array.from({ length: count }, () => `url = "${url}"\noutput = "/dev/null"\n`).join(''),
  );
  const started = performance.now();
  execFileSync('curl', ['--config', config], { stdio: 'ignore' });
  return count / ((performance.now() - started) / 1000);
}

const format = (value: number): string => Math.round(value).toLocaleString('en-US');
const percent = (value: number): string => `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1)} %`;

async function main(): Promise<void> {
  const load = loadavg()[0] ?? 0;
  const dir = mkdtempSync(join(tmpdir(), 'hv-clients-bench-'));
  const bootDir = join(dir, 'boot');
  mkdirSync(bootDir, { recursive: true });
  writeFileSync(join(bootDir, 'vmlinuz'), 'kernel');
  const service = await serveHypervisor(dir, ['--driver', 'simulated', '--boot-dir', bootDir], {
    timeoutMs: 120_000,
  });
  try {
    const socket = join(dir, 'run', 'api.sock');
    const restUrl = service.url.replace(/\/api\/v1$/, '');
    const grpcUrl = service.logs.find((entry) => entry.msg === 'gRPC listening')?.url;
    if (typeof grpcUrl !== 'string') throw new Error('the service logged no gRPC address');
    const grpcAddr = new URL(grpcUrl).host;
    const token = await createToken(socket, ['vm:read']);
    const vm = { name: VM, cpu: { count: 1 }, memory: { size: '64M' }, boot: { kernel: 'vmlinuz' } };
    if ((await socketRequest(socket, 'POST', '/api/v1/vms', vm)).status !== 201)
      throw new Error('VM not created');
    if ((await socketRequest(socket, 'POST', `/api/v1/vms/${VM}/start`)).status !== 200)
      throw new Error('VM not started');

    const rows: string[] = [];
    const notes: string[] = [];
    const verdicts: boolean[] = [];
    for (const entry of ENTRIES) {
      if (ONLY !== undefined && !ONLY.includes(entry.language)) continue;
      console.error(`== ${entry.language}: preparing`);
      const prepared = entry.prepare();
      if ('skip' in prepared) {
        notes.push(`${entry.language}: skipped, ${prepared.skip}`);
        console.error(`   skipped: ${prepared.skip}`);
        continue;
      }
      for (const transport of entry.transports) {
        const library: number[] = [];
        const raw: number[] = [];
        try {
          for (let round = 0; round < ROUNDS; round += 1) {
            for (const mode of ['library', 'raw'] as const) {
              const rate = runEntry(prepared, { restUrl, grpcAddr, token, transport, mode });
              (mode === 'library' ? library : raw).push(rate);
              console.error(`   ${transport} ${mode}: ${format(rate)} calls/s`);
            }
          }
        } catch (error) {
          // One entry failing says so in the report; the others still run.
          const reason = (error as Error).message.split('\n').slice(0, 2).join(' ').slice(0, 300);
          notes.push(`${entry.language} ${transport}: failed, ${reason}`);
          console.error(`   failed: ${reason}`);
          continue;
        }
        const overhead = median(raw) / median(library) - 1;
        verdicts.push(overhead < TARGET);
        rows.push(
          `| ${entry.language} | ${transport === 'rest' ? 'REST' : 'gRPC'} | ${format(median(library))} | ` +
            `${format(median(raw))} | ${percent(overhead)} | ${library.map(format).join(' ')} / ${raw.map(format).join(' ')} |`,
        );
      }
    }
    // curl for as long as one entry's round, from a short calibration.
    const url = `${restUrl}/api/v1/vms/${VM}`;
    const calibrated = curlRate(dir, url, token, 200);
    const count = Math.max(200, Math.round(calibrated * SECONDS));
    const curl = Array.from({ length: ROUNDS }, () => curlRate(dir, url, token, count));
    rows.push(
      `| curl (${count} GETs, one connection) | REST | | ${format(median(curl))} | | ${curl.map(format).join(' ')} |`,
    );

    console.log(
      `Hypervisor client libraries: sequential GetVm round trips, ${SECONDS} s a run, ${ROUNDS} rounds, median`,
    );
    console.log(`${machineDescription()}; ${new Date().toISOString()}; ${loadAverage(load)}\n`);
    console.log(
      '| library | transport | library calls/s | raw calls/s | layer overhead | rounds (library / raw) |',
    );
    console.log(
      '| ------- | --------- | --------------: | ----------: | -------------: | ---------------------- |',
    );
    for (const row of rows) console.log(row);
    for (const note of notes) console.log(`\n${note}`);
    console.log(
      `\nTarget (the layer adds under ${TARGET * 100} %): ${verdicts.filter(Boolean).length} of ${verdicts.length} met`,
    );
  } finally {
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
