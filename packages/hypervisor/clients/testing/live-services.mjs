#!/usr/bin/env node
// The live services every client library's suite runs against:
//
//   node packages/hypervisor/clients/testing/live-services.mjs [--qemu] -- <command> [args...]
//
// Starts three `hvctl serve` processes (the built bin/hvctl.js), each over a temporary directory of
// its own: host A and host B (plain, loopback, simulated driver; B is a migration destination) and
// host T (simulated, REST and gRPC over TLS with a self-signed ECDSA P-256 certificate made here
// with openssl). It creates tokens over each host's Unix socket, runs <command> with the
// environment below added to its own, stops every service when the command exits (or when this
// process gets SIGINT or SIGTERM), removes the temporary directories and exits with the command's
// code. With --qemu host A runs the QEMU driver under TCG, booting the test guest that
// scripts/build-test-guest.mjs builds (HV_BOOT_DIR is its directory).
//
// HV_REST_URL, HV_GRPC_ADDR, HV_SOCKET, HV_GRPC_SOCKET, HV_TOKEN, HV_TOKEN_VM_READ, HV_TOKEN_BAD (A);
// HV_PEER_REST_URL, HV_PEER_GRPC_ADDR, HV_PEER_TOKEN (B); HV_SHARED_POOL (`shared`, the storage pool A
// and B both have at the same path: a VM migrates A -> B only with its disks there); HV_TLS_REST_URL, HV_TLS_GRPC_ADDR,
// HV_TLS_TOKEN, HV_TLS_FINGERPRINT, HV_TLS_WRONG_FINGERPRINT (T); HV_BOOT_DIR (--qemu only).
// HV_CONFORMANCE_OUT is passed through from the caller's environment, untouched.
// HV_HARNESS_LOG_DIR, when set, keeps each service's JSON log there (a.log, b.log, t.log).
//
// Plain Node: no dependency beyond Node itself and the repository's built hvctl.
import { execFile, spawn } from 'node:child_process';
import { createHash, randomBytes, X509Certificate } from 'node:crypto';
import {
  accessSync,
  constants as fsConstants,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { request } from 'node:http';
import { constants, tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const HVCTL = fileURLToPath(new URL('../../bin/hvctl.js', import.meta.url));
const GUEST_SCRIPT = fileURLToPath(new URL('../../scripts/build-test-guest.mjs', import.meta.url));
// Generous: three services starting at once on a loaded 2-core machine took over a minute.
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 10_000;
const run = promisify(execFile);

function usage(message) {
  process.stderr.write(
    `live-services: ${message}\nusage: node live-services.mjs [--qemu] -- <command> [args...]\n`,
  );
  process.exit(2);
}

function parseArgs(argv) {
  const dash = argv.indexOf('--');
  const options = dash === -1 ? argv : argv.slice(0, dash);
  const command = dash === -1 ? [] : argv.slice(dash + 1);
  for (const option of options) if (option !== '--qemu') usage(`unknown option ${option}`);
  if (command.length === 0) usage('no command given after --');
  return { qemu: options.includes('--qemu'), command };
}

/** The self-signed certificate of host T, for 127.0.0.1 and localhost, and its fingerprint. */
async function makeCertificate(dir) {
  const cert = join(dir, 'server.crt');
  const key = join(dir, 'server.key');
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-keyout',
    key,
    '-out',
    cert,
    '-days',
    '2',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=IP:127.0.0.1,DNS:localhost',
  ]);
  const der = new X509Certificate(readFileSync(cert)).raw;
  return { cert, key, fingerprint: createHash('sha256').update(der).digest('hex') };
}

/** The test guest's directory (built the first time, then cached by its script). */
async function testGuestDir() {
  const { stdout } = await run(process.execPath, [GUEST_SCRIPT, '--json'], {
    timeout: 10 * 60_000,
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)).dir;
}

/**
 * `hvctl serve` over `dir`, resolved once both listeners logged their address. Its log is
 * always read (a full pipe would stall the service) and written to `logFile`.
 */
function serve(name, dir, args, logFile) {
  const runDir = join(dir, 'run');
  const child = spawn(
    process.execPath,
    [
      HVCTL,
      'serve',
      '--port',
      '0',
      '--grpc-port',
      '0',
      '--data-dir',
      join(dir, 'data'),
      '--run-dir',
      runDir,
      // A LUKS key slot in milliseconds rather than 2 s of PBKDF: encrypted disks in tests, not in use.
      '--luks-iter-time-ms',
      '10',
      ...args,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const log = createWriteStream(logFile);
  child.stderr.pipe(log, { end: false });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const host = {
    name,
    child,
    runDir,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      }
      await new Promise((resolve) => log.end(resolve));
    },
  };
  const ready = new Promise((resolve, reject) => {
    const found = {};
    const timer = setTimeout(
      () => reject(new Error(`host ${name} did not listen within ${START_TIMEOUT_MS} ms (log: ${logFile})`)),
      START_TIMEOUT_MS,
    );
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`host ${name} exited (${code}) before listening; its log: ${logFile}`));
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      log.write(`${line}\n`);
      let entry;
      try {
        entry = JSON.parse(line);
      } catch {
        return;
      }
      if (entry.msg === 'gRPC listening') found.grpc = new URL(entry.url).host;
      if (entry.msg === 'hypervisor API listening') found.rest = new URL(entry.url).origin;
      if (found.grpc !== undefined && found.rest !== undefined) {
        clearTimeout(timer);
        resolve({
          ...host,
          ...found,
          socket: join(runDir, 'api.sock'),
          grpcSocket: join(runDir, 'grpc.sock'),
        });
      }
    });
  });
  return { host, ready };
}

/** A request over the host's Unix socket, where every request is allowed without a token. */
function overSocket(socketPath, method, path, body) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        socketPath,
        method,
        path: `/api/v1${path}`,
        headers: payload === undefined ? {} : { 'content-type': 'application/json' },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if ((res.statusCode ?? 500) >= 300) {
            reject(new Error(`${method} ${path} over ${socketPath}: ${res.statusCode} ${text}`));
          } else resolve(JSON.parse(text));
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function createToken(host, name, scopes) {
  return (await overSocket(host.socket, 'POST', '/tokens', { name, scopes })).token;
}

/** Whether `file` runs as a command: a path to an executable, or one found on PATH. */
function runnable(file) {
  const candidates = file.includes('/')
    ? [file]
    : (process.env.PATH ?? '').split(delimiter).map((dir) => join(dir || '.', file));
  return candidates.some((candidate) => {
    try {
      accessSync(candidate, fsConstants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** A shell's exit code for a death by `signal`. */
function signalCode(signal) {
  return 128 + (constants.signals[signal] ?? 0);
}

async function main() {
  const { qemu, command } = parseArgs(process.argv.slice(2));
  // Before any service starts: a typo in the command costs no start-up, and exits as a shell would.
  if (!runnable(command[0])) {
    process.stderr.write(`live-services: cannot run ${command[0]}: not found or not executable\n`);
    process.exit(127);
  }
  const root = mkdtempSync(join(tmpdir(), 'hv-live-'));
  const logDir = process.env.HV_HARNESS_LOG_DIR ?? root;
  mkdirSync(logDir, { recursive: true });
  const hosts = [];
  let child;
  let cleaning;
  let stopping = false;
  const cleanup = () =>
    (cleaning ??= (async () => {
      await Promise.all(hosts.map((host) => host.stop()));
      rmSync(root, { recursive: true, force: true });
    })());
  const onSignal = (signal) => {
    // The command first (it gets the signal too), then the services; the exit code says which signal.
    if (child !== undefined && child.exitCode === null) child.kill(signal);
    stopping = true;
    void cleanup().then(() => process.exit(signalCode(signal)));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  let env;
  try {
    const tlsDir = join(root, 'tls');
    mkdirSync(tlsDir);
    const [certificate, bootDir] = await Promise.all([
      makeCertificate(tlsDir),
      qemu ? testGuestDir() : Promise.resolve(undefined),
    ]);
    if (stopping) return;
    const aArgs = qemu
      ? ['--driver', 'qemu', '--accel', 'tcg', '--boot-dir', bootDir]
      : ['--driver', 'simulated'];
    const started = [
      serve('A', join(root, 'a'), aArgs, join(logDir, 'a.log')),
      serve('B', join(root, 'b'), ['--driver', 'simulated'], join(logDir, 'b.log')),
      serve(
        'T',
        join(root, 't'),
        ['--driver', 'simulated', '--tls-cert', certificate.cert, '--tls-key', certificate.key],
        join(logDir, 't.log'),
      ),
    ];
    hosts.push(...started.map(({ host }) => host));
    const [a, b, t] = await Promise.all(started.map(({ ready }) => ready));

    const info = await overSocket(t.socket, 'GET', '/system/info');
    if (info.tls?.fingerprint !== certificate.fingerprint) {
      throw new Error(
        `host T serves fingerprint ${info.tls?.fingerprint}, not its certificate's ${certificate.fingerprint}`,
      );
    }
    let wrong = randomBytes(32).toString('hex');
    while (wrong === certificate.fingerprint) wrong = randomBytes(32).toString('hex');
    // Migration needs shared storage: a pool both A and B have at the same path.
    const shared = join(root, 'shared');
    for (const host of [a, b])
      await overSocket(host.socket, 'POST', '/storage/pools', { name: 'shared', path: shared });
    const [token, vmRead, peer, tls] = await Promise.all([
      createToken(a, 'harness-admin', ['admin']),
      createToken(a, 'harness-vm-read', ['vm:read']),
      createToken(b, 'harness-admin', ['admin']),
      createToken(t, 'harness-admin', ['admin']),
    ]);
    env = {
      ...process.env,
      HV_REST_URL: a.rest,
      HV_GRPC_ADDR: a.grpc,
      HV_SOCKET: a.socket,
      HV_GRPC_SOCKET: a.grpcSocket,
      HV_TOKEN: token,
      HV_TOKEN_VM_READ: vmRead,
      // Well-formed (hvt_ and 256 bits, base64url), never issued.
      HV_TOKEN_BAD: `hvt_${randomBytes(32).toString('base64url')}`,
      HV_PEER_REST_URL: b.rest,
      HV_PEER_GRPC_ADDR: b.grpc,
      HV_PEER_TOKEN: peer,
      HV_SHARED_POOL: 'shared',
      HV_TLS_REST_URL: t.rest,
      HV_TLS_GRPC_ADDR: t.grpc,
      HV_TLS_TOKEN: tls,
      HV_TLS_FINGERPRINT: certificate.fingerprint,
      HV_TLS_WRONG_FINGERPRINT: wrong,
      ...(bootDir === undefined ? {} : { HV_BOOT_DIR: bootDir }),
    };
  } catch (error) {
    process.stderr.write(`live-services: ${error.message}\n`);
    // The logs go with the temporary directory: their last lines say why.
    for (const name of ['a', 'b', 't']) {
      const log = join(logDir, `${name}.log`);
      if (!existsSync(log)) continue;
      const tail = readFileSync(log, 'utf8').trimEnd().split('\n').slice(-10).join('\n');
      process.stderr.write(`--- host ${name.toUpperCase()}, last lines of its log:\n${tail}\n`);
    }
    await cleanup();
    process.exit(1);
  }

  if (stopping) return;
  const [file, ...args] = command;
  child = spawn(file, args, { stdio: 'inherit', env });
  const code = await new Promise((resolve) => {
    child.once('error', (error) => {
      process.stderr.write(`live-services: cannot run ${file}: ${error.message}\n`);
      resolve(127);
    });
    child.once('exit', (status, signal) => resolve(status ?? signalCode(signal)));
  });
  await cleanup();
  process.exit(code);
}

await main();
