/**
 * `hvctl remote` and `--remote`: the compiled binary against a real `hvctl serve --driver simulated`
 * serving REST over TLS on 127.0.0.1 with a certificate the test makes (signed by a CA of the test's
 * own, which the system does not trust unless NODE_EXTRA_CA_CERTS names it). Every run gets a
 * configuration directory of its own ($XDG_CONFIG_HOME), and no socket at the default path, so a
 * command that succeeds without --socket went through the remote.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { expectAppError, requireTools } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprintOption, remoteUrl } from '../../src/cli/remote.js';
import { HVCTL, runHvctl, type CliRun, type CliService } from '../support/cli.js';
import { serveHypervisor } from '../support/serve.js';
import { makeTestCertificates, type TestCertificates } from '../support/test-certificates.js';
import { until } from '../support/until.js';

/** Some tests run hvctl ten times; each run takes seconds on a loaded machine. */
const ROUNDS = { timeout: 120_000 };

let cli: CliService;
let certs: TestCertificates;
/** `https://127.0.0.1:PORT`: the service's REST origin. */
let origin: string;
let adminToken: string;
let configHome: string;

beforeAll(async () => {
  certs = await makeTestCertificates();
  const dir = mkdtempSync(join(tmpdir(), 'hvctl-remote-'));
  writeFileSync(join(dir, 'server.crt'), certs.certPem);
  writeFileSync(join(dir, 'server.key'), certs.keyPem, { mode: 0o600 });
  writeFileSync(join(dir, 'ca.crt'), certs.caPem);
  mkdirSync(join(dir, 'data', 'boot'), { recursive: true });
  writeFileSync(join(dir, 'data', 'boot', 'vmlinuz'), 'not a kernel');
  // serveHypervisor rather than startCliService for a longer start time-out: the PQC self-test
  // alone takes several seconds on a loaded machine.
  const service = await serveHypervisor(
    dir,
    [
      '--driver',
      'simulated',
      '--host',
      '127.0.0.1',
      '--grpc-port',
      '0',
      '--tls-cert',
      join(dir, 'server.crt'),
      '--tls-key',
      join(dir, 'server.key'),
    ],
    { timeoutMs: 60_000 },
  );
  cli = {
    process: service,
    dir,
    runDir: join(dir, 'run'),
    socket: join(dir, 'run', 'api.sock'),
    stop: async () => {
      await service.stop('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
  // The REST listener's own line: the gRPC listener logs a URL of its own too.
  const listening = await until('the REST listener', () =>
    cli.process.logs.find((entry) => entry.msg === 'hypervisor API listening'),
  );
  origin = new URL(String(listening.url)).origin;
  expect(origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  configHome = join(dir, 'config');
  const created = runHvctl(cli.socket, ['token', 'create', '--name', 'remote-admin', '--scopes', 'admin']);
  expect(created.status).toBe(0);
  adminToken = created.stdout.trim();
}, 90_000);

afterAll(async () => cli?.stop());

/** `hvctl ARGS` with the test's configuration directory, never the socket unless ARGS name it. */
function hvctl(args: readonly string[], options: { input?: string; env?: NodeJS.ProcessEnv } = {}): CliRun {
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_CONFIG_HOME: configHome, ...options.env };
  delete env.HV_SOCKET;
  delete env.HV_RUN_DIR;
  if (options.env?.HVCTL_REMOTE === undefined) delete env.HVCTL_REMOTE;
  const out = spawnSync(process.execPath, [HVCTL, ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    cwd: cli.dir,
    env,
    input: options.input ?? '',
  });
  return { status: out.status, stdout: out.stdout, stderr: out.stderr };
}

/**
 * Runs ARGV on a pseudo-terminal (Python's pty, so hvctl sees a TTY) and types ANSWER at the first
 * `(y/N)`; prints what the terminal showed and exits with the command's status.
 */
const ON_A_TERMINAL = `
import os, pty, sys
pid, fd = pty.fork()
if pid == 0:
    os.execvp(sys.argv[1], sys.argv[1:])
shown, answered = b'', False
while True:
    try:
        data = os.read(fd, 4096)
    except OSError:
        break
    if not data:
        break
    shown += data
    if not answered and b'(y/N)' in shown:
        os.write(fd, os.environ['ANSWER'].encode() + b'\\n')
        answered = True
sys.stdout.write(shown.decode())
sys.exit(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]))
`;

const python = requireTools(['python3']);

const configFile = (): string => join(configHome, 'hvctl', 'config.json');
const savedRemotes = (): Record<string, { url: string; token: string; fingerprint?: string }> =>
  existsSync(configFile())
    ? (JSON.parse(readFileSync(configFile(), 'utf8')) as { remotes: Record<string, never> }).remotes
    : {};

describe('remoteUrl and fingerprintOption', () => {
  it('makes https the scheme and 9400 the port when none is written, and drops the API prefix', () => {
    expect(remoteUrl('10.0.0.2')).toBe('https://10.0.0.2:9400');
    expect(remoteUrl('https://Host.Example/api/v1/')).toBe('https://host.example:9400');
    expect(remoteUrl('https://host.example:443')).toBe('https://host.example:443');
    expect(remoteUrl('https://[fd00::2]:9500')).toBe('https://[fd00::2]:9500');
    expect(remoteUrl('http://127.0.0.1:9400')).toBe('http://127.0.0.1:9400');
    expect(remoteUrl('http://localhost')).toBe('http://localhost:9400');
    expect(remoteUrl('http://[::1]:80')).toBe('http://[::1]:80');
  });

  it('refuses plain HTTP beyond loopback, credentials, other paths and schemes', () => {
    expectAppError(
      () => remoteUrl('http://192.168.1.5:9400'),
      'INSECURE_URL',
      'http://192.168.1.5:9400 is plain HTTP',
    );
    expectAppError(() => remoteUrl('https://u:p@h'), 'INVALID_REMOTE', 'not in the URL');
    expectAppError(() => remoteUrl('https://h/other'), 'INVALID_REMOTE', 'the only path allowed');
    expectAppError(() => remoteUrl('ftp://h'), 'INVALID_REMOTE', 'the scheme must be https');
    expectAppError(() => remoteUrl('https://h?x=1'), 'INVALID_REMOTE', 'a query or fragment');
  });

  it('reads a fingerprint with colons and capitals, and refuses anything but 64 hex digits', () => {
    expect(fingerprintOption('AB:'.repeat(31) + 'AB')).toBe('ab'.repeat(32));
    expect(expectAppError(() => fingerprintOption('abc'), 'INVALID_REMOTE').details).toEqual({
      field: 'fingerprint',
    });
  });
});

describe('hvctl remote add', ROUNDS, () => {
  it('refuses a certificate other than the --fingerprint given, and saves nothing', () => {
    const wrong = 'AB:'.repeat(31) + 'AB';
    const run = hvctl(['remote', 'add', 'b', origin, '--token', adminToken, '--fingerprint', wrong]);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      `hvctl: CERTIFICATE_MISMATCH: the server at ${origin} presents the certificate with SHA-256 ` +
        `fingerprint ${certs.fingerprint}, not the pinned ${'ab'.repeat(32)}; nothing was sent to it ` +
        '(if its certificate was replaced on purpose, remove the remote and add it again)\n',
    );
    expect(existsSync(configFile())).toBe(false);
  });

  it('shows the certificate and, with no terminal to ask on, trusts nothing', () => {
    const run = hvctl(['remote', 'add', 'b', origin, '--token', adminToken]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`fingerprint:  ${certs.fingerprint} (SHA-256)`);
    expect(run.stderr).toContain('subject:      CN=hv-test');
    expect(run.stderr).toContain(
      `hvctl: CERTIFICATE_NOT_TRUSTED: the certificate of ${origin} (SHA-256 fingerprint ` +
        `${certs.fingerprint}) was not trusted: no certificate authority vouches for it`,
    );
    expect(savedRemotes()).toEqual({});
  });

  it("gives the service's 401 for a token it does not know, and saves nothing", () => {
    const run = hvctl(['remote', 'add', 'b', origin, '--token', 'hvt_not-a-token', '--accept-certificate']);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/\nhvctl: UNAUTHORIZED: .+\n$/);
    expect(savedRemotes()).toEqual({});
  });

  it.skipIf(python.skip)('asks on a terminal, and saves the remote only on yes', () => {
    const onTerminal = (answer: string) =>
      spawnSync(
        'python3',
        ['-c', ON_A_TERMINAL, process.execPath, HVCTL, 'remote', 'add', 'tty', origin, '--token', adminToken],
        {
          encoding: 'utf8',
          timeout: 60_000,
          cwd: cli.dir,
          env: { ...process.env, XDG_CONFIG_HOME: configHome, ANSWER: answer },
        },
      );
    const no = onTerminal('n');
    expect(no.stdout).toContain(`fingerprint:  ${certs.fingerprint} (SHA-256)`);
    expect(no.stdout).toContain(
      'no certificate authority vouches for it (UNABLE_TO_VERIFY_LEAF_SIGNATURE); trust it? (y/N) ',
    );
    expect(no.stdout).toContain('was not trusted: refused at the prompt');
    expect(no.stdout).toContain('hvctl: CERTIFICATE_NOT_TRUSTED:');
    expect(no.status).toBe(2);
    expect(savedRemotes()).toEqual({});
    const yes = onTerminal('y');
    expect(yes.stdout).toContain(`remote 'tty' added: ${origin}, certificate ${certs.fingerprint} pinned`);
    expect(yes.status).toBe(0);
    expect(savedRemotes().tty?.fingerprint).toBe(certs.fingerprint);
    expect(hvctl(['remote', 'remove', 'tty']).status).toBe(0);
  });

  it('pins the --fingerprint given, with the token from a file, in a 0600 file', () => {
    const run = hvctl(
      ['remote', 'add', 'b', `${origin}/api/v1`, '--token-file', '-', '--fingerprint', certs.fingerprint],
      { input: `${adminToken}\n` },
    );
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(`remote 'b' added: ${origin}, certificate ${certs.fingerprint} pinned\n`);
    expect(run.status).toBe(0);
    expect(savedRemotes().b).toEqual({
      url: origin,
      token: adminToken,
      fingerprint: certs.fingerprint,
      added_at: expect.any(String),
    });
    expect(statSync(configFile()).mode & 0o777).toBe(0o600);
    expect(statSync(join(configHome, 'hvctl')).mode & 0o777).toBe(0o700);
  });

  it('pins whatever certificate is presented with --accept-certificate', () => {
    const run = hvctl(['remote', 'add', 'c', origin, '--token', adminToken, '--accept-certificate']);
    expect(run.status).toBe(0);
    expect(run.stderr).toContain(`fingerprint:  ${certs.fingerprint} (SHA-256)`);
    expect(savedRemotes().c?.fingerprint).toBe(certs.fingerprint);
    expect(hvctl(['remote', 'add', 'c', origin, '--token', adminToken]).stderr).toBe(
      "hvctl: REMOTE_EXISTS: a remote 'c' exists already; 'hvctl remote remove c' first to replace it\n",
    );
  });

  it('pins nothing for a certificate an authority the system trusts signed', () => {
    const env = { NODE_EXTRA_CA_CERTS: join(cli.dir, 'ca.crt') };
    const url = origin.replace('127.0.0.1', 'localhost');
    const run = hvctl(['remote', 'add', 'ca', url, '--token', adminToken], { env });
    expect(run.stderr).toBe(
      `the certificate of ${url} (CN=hv-test) is signed by an authority this system trusts: no fingerprint is pinned\n`,
    );
    expect(run.status).toBe(0);
    expect(savedRemotes().ca).toEqual({ url, token: adminToken, added_at: expect.any(String) });
    expect(JSON.parse(hvctl(['vm', 'list', '--remote', 'ca', '--json'], { env }).stdout)).toEqual({
      vms: [],
    });
    // Without the authority, the same remote's certificate is refused before the token is sent.
    expect(hvctl(['vm', 'list', '--remote', 'ca']).stderr).toContain(
      `hvctl: SERVICE_UNREACHABLE: cannot reach the hypervisor service at ${url} (remote 'ca'): its ` +
        'certificate is signed by an authority this system does not trust',
    );
  });

  it('refuses plain HTTP beyond loopback, a bad name, and a missing token', () => {
    expect(hvctl(['remote', 'add', 'x', 'http://10.1.2.3', '--token', adminToken]).stderr).toBe(
      'hvctl: INSECURE_URL: http://10.1.2.3:9400 is plain HTTP to a host other than loopback: the token ' +
        'would cross the network in clear; use https:// (the service serves TLS whenever it listens ' +
        'beyond loopback)\n',
    );
    expect(hvctl(['remote', 'add', 'local', origin, '--token', adminToken]).stderr).toContain(
      "hvctl: INVALID_REMOTE: 'local' is the local Unix socket",
    );
    expect(hvctl(['remote', 'add', 'x', origin]).stderr).toBe(
      "hvctl: INVALID_REMOTE: give the remote's token with one of --token or --token-file\n",
    );
  });
});

describe('hvctl remote list, switch, remove and --remote', ROUNDS, () => {
  it('lists local and the remotes, never a token', () => {
    const table = hvctl(['remote', 'list']);
    expect(table.status).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^NAME +URL +FINGERPRINT +CURRENT$/);
    expect(lines[1]).toMatch(new RegExp(`^local +unix://${cli.dir}/run/hypervisor/api.sock +- +\\*$`));
    expect(lines.slice(2).map((line) => line.split(/ {2,}/))).toEqual([
      ['b', origin, certs.fingerprint.slice(0, 12)],
      ['c', origin, certs.fingerprint.slice(0, 12)],
      ['ca', origin.replace('127.0.0.1', 'localhost'), '-'],
    ]);
    const json = JSON.parse(hvctl(['remote', 'list', '--json']).stdout) as { remotes: unknown[] };
    expect(json).toMatchObject({ current: 'local' });
    expect(json.remotes[1]).toEqual({
      name: 'b',
      url: origin,
      fingerprint: certs.fingerprint,
      current: false,
    });
    expect(JSON.stringify(json)).not.toContain(adminToken);
  });

  it('creates and lists VMs through a remote, and --remote works before the command too', () => {
    const created = hvctl([
      'vm',
      'create',
      'web1',
      '--cpus',
      '1',
      '--memory',
      '64M',
      '--kernel',
      'vmlinuz',
      '--remote',
      'b',
    ]);
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    const list = JSON.parse(hvctl(['--remote', 'b', 'vm', 'list', '--json']).stdout) as {
      vms: { name: string }[];
    };
    expect(list.vms.map((vm) => vm.name)).toEqual(['web1']);
    // The socket is where the service made it: the same VM, seen locally.
    expect(runHvctl(cli.socket, ['vm', 'list']).stdout).toContain('web1');
    const info = JSON.parse(hvctl(['system', 'info', '--json'], { env: { HVCTL_REMOTE: 'c' } }).stdout) as {
      tls?: { fingerprint: string };
    };
    if (info.tls !== undefined) expect(info.tls.fingerprint).toBe(certs.fingerprint);
  });

  it('starts a VM and follows the event stream through a remote', async () => {
    expect(hvctl(['vm', 'start', 'web1', '--remote', 'b']).status).toBe(0);
    const child = spawn(
      process.execPath,
      [HVCTL, 'events', '--json', '--kinds', 'vm.state_changed', '--remote', 'b'],
      {
        cwd: cli.dir,
        env: { ...process.env, XDG_CONFIG_HOME: configHome },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const lines: string[] = [];
    createInterface({ input: child.stdout }).on('line', (line) => lines.push(line));
    try {
      // When the stream is up cannot be seen from here: pause and resume until an event arrives.
      for (let round = 0; lines.length === 0; round += 1) {
        expect(round).toBeLessThan(20);
        const action = round % 2 === 0 ? 'pause' : 'resume';
        expect(hvctl(['vm', action, 'web1', '--remote', 'b']).status).toBe(0);
        await until('an event', () => lines.length > 0, { timeoutMs: 1000 }).catch(() => undefined);
      }
      expect(JSON.parse(lines[0] ?? '')).toMatchObject({
        kind: 'vm.state_changed',
        data: { vm: 'web1', to: expect.stringMatching(/^(PAUSED|RUNNING)$/) },
      });
    } finally {
      child.kill('SIGINT');
    }
  });

  it('switches the current remote, which commands then use, and will not remove it', () => {
    expect(hvctl(['vm', 'list']).stderr).toContain('SERVICE_UNREACHABLE');
    expect(hvctl(['remote', 'switch', 'b']).stdout).toBe('current remote: b\n');
    expect(hvctl(['vm', 'list']).stdout).toContain('web1');
    expect(hvctl(['remote', 'list']).stdout).toMatch(/\nb {2,}\S+ {2,}\S+ {2,}\*\n/);
    expect(hvctl(['remote', 'remove', 'b']).stderr).toBe(
      "hvctl: INVALID_REMOTE: 'b' is the current remote; 'hvctl remote switch local' first\n",
    );
    expect(hvctl(['vm', 'list', '--remote', 'local']).stderr).toContain('SERVICE_UNREACHABLE');
    expect(hvctl(['remote', 'switch', 'nope']).stderr).toContain("hvctl: REMOTE_NOT_FOUND: no remote 'nope'");
    expect(hvctl(['remote', 'switch', 'local']).status).toBe(0);
    expect(hvctl(['remote', 'remove', 'b']).stdout).toBe("remote 'b' removed\n");
    expect(Object.keys(savedRemotes())).toEqual(['c', 'ca']);
    expect(hvctl(['remote', 'remove', 'local']).stderr).toContain(
      "hvctl: INVALID_REMOTE: 'local' is the local Unix socket",
    );
  });

  it("gives the service's 401 once the remote's token is revoked", () => {
    const made = runHvctl(cli.socket, ['token', 'create', '--name', 'short', '--scopes', 'vm:read']);
    expect(
      hvctl(['remote', 'add', 'short', origin, '--token', made.stdout.trim(), '--accept-certificate']).stderr,
    ).toContain('the token works, but lacks the scope system:read');
    expect(hvctl(['vm', 'list', '--remote', 'short']).status).toBe(0);
    expect(runHvctl(cli.socket, ['token', 'revoke', 'short']).status).toBe(0);
    const refused = hvctl(['vm', 'list', '--remote', 'short']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/^hvctl: UNAUTHORIZED: .+\n$/);
  });

  it('refuses a configuration others may read', () => {
    chmodSync(configFile(), 0o644);
    expect(hvctl(['remote', 'list']).stderr).toBe(
      `hvctl: CONFIG_UNSAFE: ${configFile()} is mode 0644, but it holds tokens: the group and others must ` +
        `have no access; 'chmod 600 ${configFile()}'\n`,
    );
    chmodSync(configFile(), 0o600);
  });
});
