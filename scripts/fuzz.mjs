// `npm run fuzz [-- SERVICE...]`: schemathesis against each service's own OpenAPI document, served
// by its real binary with authentication on, every check it has (server errors, response schemas,
// status codes, headers, negative and positive data, methods, stateful links), for a bounded time
// each. Any failure fails the run; the JUnit reports land in .test-results/fuzz/.
//
//   FUZZ_SECONDS   time budget per service (default 55: the three services then take about 4 of the 40 minutes CI may use)
//   FUZZ_WORKERS   schemathesis workers (default 2, the machine's cores)
//
// `node scripts/fuzz.mjs --environment-only` only makes the virtual environment.
//
// Schemathesis comes from PyPI, pinned in scripts/fuzz/requirements.txt, into a virtual environment
// under .cache/ that this script makes; its settings are in scripts/fuzz/schemathesis.toml.
import { spawnSync } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWorkspace, ROOT } from './prepare.mjs';

const SECONDS = Number(process.env.FUZZ_SECONDS ?? 55);
const WORKERS = String(process.env.FUZZ_WORKERS ?? 2);
const VENV = join(ROOT, '.cache', 'fuzz-venv');
const REQUIREMENTS = join(ROOT, 'scripts', 'fuzz', 'requirements.txt');
const REPORTS = join(ROOT, '.test-results', 'fuzz');
const isRoot = process.getuid?.() === 0;

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8', ...options });
  if (result.status !== 0 && !options.allowFailure) {
    console.error(result.stdout ?? '', result.stderr ?? '');
    throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
  }
  return result;
}

/** The venv, made or refreshed when the pinned requirements changed since it was made. */
function schemathesis() {
  const stamp = join(VENV, 'requirements.txt');
  const wanted = readFileSync(REQUIREMENTS, 'utf8');
  // The venv is remade when the pinned versions change.
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== wanted) {
    console.log('$ python3 -m venv .cache/fuzz-venv && pip install -r scripts/fuzz/requirements.txt');
    rmSync(VENV, { recursive: true, force: true });
    run('python3', ['-m', 'venv', VENV]);
    run(join(VENV, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', '-r', REQUIREMENTS], {
      stdio: 'inherit',
    });
    const sitePackages = run(join(VENV, 'bin', 'python'), [
      '-c',
      'import sysconfig; print(sysconfig.get_paths()["purelib"])',
    ]).stdout.trim();
    // Loaded by every Python of the venv at start (a .pth line that imports it).
    run('cp', [join(ROOT, 'scripts', 'fuzz', 'cpython_ast_workaround.py'), sitePackages]);
    writeFileSync(join(sitePackages, 'cpython_ast_workaround.pth'), 'import cpython_ast_workaround\n');
    run('cp', [REQUIREMENTS, stamp]);
  }
  return join(VENV, 'bin', 'st');
}

/**
 * The services as the fuzzer meets them. Each is its real binary on a free port over a fresh data
 * directory; `exclude` holds the paths (regular expressions) it does not send requests to, each with why.
 */
const SERVICES = {
  quantum: {
    bin: 'packages/quantum/bin/qcirc.js',
    // Jobs a fuzzer writes may ask for any number of qubits: a small budget keeps them cheap.
    serve: (dir) => ['serve', '--port', '0', '--data-dir', dir, '--max-memory', '256M'],
    credential: () => [],
    exclude: [],
  },
  hypervisor: {
    bin: 'packages/hypervisor/bin/hvctl.js',
    // The API contract, not QEMU, is under test here: the QEMU paths have their integration tests.
    serve: (dir) => [
      'serve',
      '--port',
      '0',
      '--grpc-port',
      '0',
      '--data-dir',
      join(dir, 'data'),
      '--run-dir',
      join(dir, 'run'),
      '--driver',
      'simulated',
      '--accel',
      'tcg',
    ],
    credential: (dir) => {
      const created = run(process.execPath, [
        'packages/hypervisor/bin/hvctl.js',
        'token',
        'create',
        '--name',
        'fuzz',
        '--scopes',
        'admin',
        '--socket',
        join(dir, 'run', 'api.sock'),
      ]);
      return ['-H', `Authorization: Bearer ${created.stdout.trim().split('\n').at(-1)}`];
    },
    exclude: [
      // A stream that is granted never ends; its own tests follow it.
      '^/api/v1/events$',
      // A pool's directory is made wherever it is asked for, as the service's user; outside the
      // read-only sandbox below (root only) the fuzzer would litter the filesystem.
      ...(isRoot ? [] : ['^/api/v1/storage/pools$']),
    ],
    // As root: the service sees the whole filesystem read-only but for its own directory.
    sandbox: isRoot,
  },
  verification: {
    bin: 'packages/verification/bin/verifyctl.js',
    serve: (dir) => ['serve', '--port', '0', '--data-dir', dir],
    env: {
      PLATFORM_AUTH_ENABLED: 'true',
      // The spec's limits would turn most of the fuzzer's requests into 429s.
      PLATFORM_REQUESTS_PER_MINUTE: '1000000',
      PLATFORM_JOB_SUBMISSIONS_PER_HOUR: '1000000',
    },
    credential: (dir) => {
      const created = run(process.execPath, [
        'packages/verification/bin/verifyctl.js',
        'token',
        'create',
        '--name',
        'fuzz',
        '--role',
        'admin',
        '--data-dir',
        dir,
      ]);
      return ['-H', `Authorization: Bearer ${created.stdout.trim().split('\n').at(-1)}`];
    },
    exclude: [
      // A WebSocket, which schemathesis does not speak; its own tests cover it.
      '/stream$',
    ],
  },
};

/** Starts `service` and resolves with its base URL (as it logs it) and a stop function. */
async function start(name, service, dir, log) {
  const args = [join(ROOT, service.bin), ...service.serve(dir)];
  const command = service.sandbox
    ? [
        'unshare',
        [
          '--mount',
          '--propagation',
          'private',
          'sh',
          '-c',
          // Its directory stays writable as a mount of its own; everything else becomes read-only.
          // Its data (the pools' images) is a 1 GiB tmpfs, so a fuzzed preallocation cannot fill
          // the machine's disk, and its temporary files (LUKS secrets for qemu-img) go to its own tmp.
          'mkdir -p "$0/data" "$0/tmp" && mount --bind "$0" "$0" && ' +
            'mount -t tmpfs -o size=1g,mode=0700 fuzz-data "$0/data" && ' +
            'mount -o remount,bind,ro / && TMPDIR="$0/tmp" exec "$@"',
          dir,
          process.execPath,
          ...args,
        ],
      ]
    : [process.execPath, args];
  const { spawn } = await import('node:child_process');
  const child = spawn(command[0], command[1], {
    cwd: ROOT,
    env: { ...process.env, ...service.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 30 s`)), 30_000);
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code} before listening`)));
    let buffered = '';
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      for (const line of buffered.split('\n').slice(0, -1)) {
        try {
          const entry = JSON.parse(line);
          // The HTTP API's line (the hypervisor logs its gRPC listener's first).
          if (
            typeof entry.url === 'string' &&
            /^https?:/.test(entry.url) &&
            String(entry.msg).endsWith('listening')
          ) {
            clearTimeout(timer);
            resolve(entry.url);
          }
        } catch {
          // not a log line
        }
      }
      buffered = buffered.slice(buffered.lastIndexOf('\n') + 1);
    });
  });
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function fuzz(name, st) {
  const service = SERVICES[name];
  const dir = mkdtempSync(join(tmpdir(), `fuzz-${name}-`));
  const logFile = join(REPORTS, `${name}.log`);
  const log = createWriteStream(logFile);
  console.log(`\n== fuzz ${name} (${SECONDS} s; service log: ${logFile})`);
  const server = await start(name, service, dir, log);
  try {
    const args = [
      '--config-file',
      join(ROOT, 'scripts', 'fuzz', 'schemathesis.toml'),
      'run',
      `${server.url}/openapi.json`,
      '--checks',
      'all',
      '--max-time',
      String(SECONDS),
      '--workers',
      WORKERS,
      '--report',
      'junit',
      '--report-dir',
      join(REPORTS, name),
      ...service.credential(dir),
      ...service.exclude.flatMap((path) => ['--exclude-path-regex', path]),
    ];
    const result = spawnSync(st, args, { cwd: ROOT, stdio: 'inherit' });
    return result.status === 0;
  } finally {
    await server.stop();
    log.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

// `--environment-only` makes the venv and stops: CI makes it while npm ci compiles.
if (process.argv[2] === '--environment-only') {
  schemathesis();
  process.exit(0);
}
const wanted = process.argv.slice(2);
const names = wanted.length === 0 ? Object.keys(SERVICES) : wanted;
for (const name of names)
  if (!(name in SERVICES)) throw new Error(`no service '${name}' (${Object.keys(SERVICES)})`);
buildWorkspace();
mkdirSync(REPORTS, { recursive: true });
const st = schemathesis();
const failed = [];
for (const name of names) if (!(await fuzz(name, st))) failed.push(name);
console.log(failed.length === 0 ? '\nfuzz: no failure' : `\nfuzz: failures in ${failed.join(', ')}`);
process.exit(failed.length === 0 ? 0 : 1);
