/**
 * The real `hvctl` binary (compiled `dist/`) against a real `hvctl serve --driver simulated`
 * process, through its Unix socket, as a person or a script uses it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HVCTL,
  hvctlJson,
  runHvctl,
  SLOW,
  startCliService,
  tableRow,
  type CliService,
} from '../support/cli.js';

const qemuImg = requireTools(['qemu-img']);
const KERNEL = ['--kernel', 'vmlinuz'];

let cli: CliService;
let dir: string;
let runDir: string;
let socket: string;

beforeAll(async () => {
  cli = await startCliService();
  ({ dir, runDir, socket } = cli);
});

afterAll(async () => cli?.stop());

const hvctl = (args: readonly string[], env: NodeJS.ProcessEnv = {}) => runHvctl(socket, args, { env });
const json = <T = Record<string, unknown>>(args: readonly string[]): T => hvctlJson<T>(socket, args);
const row = tableRow;

describe('hvctl token', SLOW, () => {
  it('creates a token printed alone on stdout, which works over TCP for its scopes only', async () => {
    const created = hvctl(['token', 'create', '--name', 'ci', '--scopes', 'vm:read, storage:read']);
    expect(created.status).toBe(0);
    expect(created.stdout).toMatch(/^hvt_[A-Za-z0-9_-]{43}\n$/);
    expect(created.stderr).toBe("token 'ci' created; it is shown only this once, keep it safe\n");
    const authorization = `Bearer ${created.stdout.trim()}`;

    const list = await fetch(`${cli.process.url}/vms`, { headers: { authorization } });
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual({ vms: [] });
    const create = await fetch(`${cli.process.url}/vms`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'nope', cpu: { count: 1 }, memory: { size: '64M' } }),
    });
    expect(create.status).toBe(403);
    expect(((await create.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
  });

  it('lists tokens as a table and as JSON, never with their secrets', () => {
    const { status, stdout } = hvctl(['token', 'list']);
    expect(status).toBe(0);
    expect(stdout.split('\n')[0]).toMatch(/^NAME +SCOPES +CREATED +LAST USED +EXPIRES$/);
    expect(row(stdout, 'ci')?.slice(0, 2)).toEqual(['ci', 'vm:read,storage:read']);
    expect(row(stdout, 'ci')?.at(-1)).toBe('never');
    const { tokens } = json<{ tokens: unknown[] }>(['token', 'list']);
    expect(tokens).toContainEqual(
      expect.objectContaining({ name: 'ci', scopes: ['vm:read', 'storage:read'] }),
    );
    expect(JSON.stringify(tokens)).not.toContain('hvt_');
  });

  it('prints the whole answer with --json, refuses a taken name and revokes', async () => {
    const made = json<{ token: string; expires_at: string }>([
      'token',
      'create',
      '--name',
      'temp',
      '--scopes',
      'admin',
      '--expires-in-days',
      '1',
    ]);
    expect(made).toMatchObject({ name: 'temp', scopes: ['admin'], token: expect.stringMatching(/^hvt_/) });
    expect(Date.parse(made.expires_at) - Date.now()).toBeGreaterThan(23 * 3600_000);

    const again = hvctl(['token', 'create', '--name', 'temp', '--scopes', 'vm:read']);
    expect(again.status).toBe(2);
    expect(again.stderr).toMatch(/^hvctl: TOKEN_EXISTS: /);

    expect(hvctl(['token', 'revoke', 'temp'])).toMatchObject({ status: 0, stdout: "token 'temp' revoked\n" });
    const refused = await fetch(`${cli.process.url}/vms`, {
      headers: { authorization: `Bearer ${made.token}` },
    });
    expect(refused.status).toBe(401);
    const gone = hvctl(['token', 'revoke', 'temp']);
    expect(gone.status).toBe(2);
    expect(gone.stderr).toMatch(/^hvctl: TOKEN_NOT_FOUND: /);
  });
});

describe('hvctl vm', SLOW, () => {
  it('walks a VM through its lifecycle with --json answers', () => {
    const created = json(['vm', 'create', 'web1', '--cpus', '1', '--memory', '64M', ...KERNEL]);
    expect(created).toMatchObject({
      name: 'web1',
      state: 'CREATED',
      cpu: { count: 1 },
      memory: { size: '64M' },
    });
    expect(created.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(json(['vm', 'start', 'web1']).state).toBe('RUNNING');
    expect(json(['vm', 'pause', 'web1']).state).toBe('PAUSED');
    expect(json(['vm', 'resume', 'web1']).state).toBe('RUNNING');
    expect(json(['vm', 'reset', 'web1']).state).toBe('RUNNING');
    const stats = json(['vm', 'stats', 'web1']);
    expect(stats).toMatchObject({
      vm: 'web1',
      cpu_percent: expect.any(Number),
      memory_used: expect.any(String),
    });
    expect(json(['vm', 'stop', 'web1']).state).toBe('STOPPED');
    expect(json(['vm', 'start', 'web1']).state).toBe('RUNNING');
    expect(json(['vm', 'stop', 'web1', '--force']).state).toBe('STOPPED');
    expect(json(['vm', 'delete', 'web1'])).toEqual({ name: 'web1', deleted: true });
    expect(
      json<{ vms: { name: string }[] }>(['vm', 'list']).vms.map((vm: { name: string }) => vm.name),
    ).not.toContain('web1');
  });

  it('shows tables and one-line answers to people', () => {
    expect(hvctl(['vm', 'create', 'web2', '--cpus', '2', '--memory', '128M', ...KERNEL]).stdout).toMatch(
      /^name: +web2\nuuid: +[0-9a-f-]{36}\nstate: +CREATED since \d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ\n/,
    );
    expect(hvctl(['vm', 'start', 'web2'])).toMatchObject({ status: 0, stdout: "VM 'web2' is RUNNING\n" });

    const list = hvctl(['vm', 'list']).stdout;
    expect(list.split('\n')[0]).toMatch(/^NAME +STATE +CPUS +MEMORY +DISKS +SINCE$/);
    expect(row(list, 'web2')?.slice(0, 5)).toEqual(['web2', 'RUNNING', '2', '128M', '-']);

    const details = hvctl(['vm', 'get', 'web2']).stdout;
    expect(details).toMatch(/^cpus: +2$/m);
    expect(details).toMatch(/^boot: +kernel vmlinuz$/m);
    expect(details).toMatch(/^driver: +simulated, accelerator \S+, pid /m);

    const stats = hvctl(['vm', 'stats', 'web2']).stdout;
    expect(stats).toMatch(/^cpu: +\d+\.\d %$/m);
    expect(stats).toMatch(/^disk reads: +\d+ IOPS, [\d.]+[KMGTP]?\/s$/m);

    // A stop waits for the guest as an operation of the service: followed, then the same line.
    expect(hvctl(['vm', 'stop', 'web2'])).toMatchObject({
      status: 0,
      stdout: "VM 'web2' is STOPPED\n",
      stderr: '',
    });
    expect(hvctl(['vm', 'start', 'web2']).status).toBe(0);
    const running = hvctl(['vm', 'delete', 'web2']);
    expect(running.status).toBe(2);
    expect(running.stderr).toMatch(/^hvctl: VM_\w+: .*web2/);
    expect(hvctl(['vm', 'delete', 'web2', '--force'])).toMatchObject({
      status: 0,
      stdout: "VM 'web2' deleted\n",
    });
  });

  it('sends direct-boot settings as given and lets the service judge them', () => {
    const bad = hvctl(['vm', 'create', 'boot1', '--cpus', '1', '--memory', '64M', '--initrd', 'initrd.img']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^hvctl: VALIDATION_ERROR: .*kernel/);
  });

  it('reports errors with the service code and exit code 2', () => {
    const missing = hvctl(['vm', 'get', 'nosuch']);
    expect(missing.status).toBe(2);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toBe("hvctl: VM_NOT_FOUND: VM 'nosuch' does not exist\n");

    const invalid = hvctl(['vm', 'create', 'big', '--cpus', '1', '--memory', 'lots']);
    expect(invalid.status).toBe(2);
    expect(invalid.stderr).toMatch(/^hvctl: VALIDATION_ERROR: .*memory/);
  });

  it('says where it looked and how to start the service when no socket answers', () => {
    const lost = join(dir, 'elsewhere', 'api.sock');
    const result = hvctl(['vm', 'list', '--socket', lost]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      `hvctl: SERVICE_UNREACHABLE: cannot reach the hypervisor service at ${lost}: no such socket; ` +
        "start it with 'hvctl serve', or point --socket (or HV_SOCKET) at its api.sock\n",
    );
  });

  it('finds the socket from HV_SOCKET, or in HV_RUN_DIR like the service', () => {
    const env = { ...process.env };
    delete env.HV_SOCKET;
    const viaRunDir = spawnSync(process.execPath, [HVCTL, 'vm', 'list', '--json'], {
      encoding: 'utf8',
      env: { ...env, HV_RUN_DIR: runDir },
    });
    expect(viaRunDir.status).toBe(0);
    expect(JSON.parse(viaRunDir.stdout)).toHaveProperty('vms');
    const viaSocket = spawnSync(process.execPath, [HVCTL, 'disk', 'list', '--json'], {
      encoding: 'utf8',
      env: { ...process.env, HV_SOCKET: socket },
    });
    expect(viaSocket.status).toBe(0);
    expect(JSON.parse(viaSocket.stdout)).toHaveProperty('images');
  });
});

describe.skipIf(qemuImg.skip)(
  `hvctl disk${qemuImg.skip ? ` (skipped: ${qemuImg.reason})` : ''}`,
  SLOW,
  () => {
    it('creates, lists and deletes disk images, and shows which VM uses one', () => {
      expect(hvctl(['disk', 'create', 'disk1', '--size', '64M'])).toMatchObject({
        status: 0,
        stdout: "disk image 'disk1' created (qcow2, 64M)\n",
      });
      expect(json(['disk', 'create', 'raw1', '--size', '1M', '--format', 'raw'])).toMatchObject({
        name: 'raw1',
        format: 'raw',
        size: '1M',
        size_bytes: 1024 * 1024,
      });
      json(['vm', 'create', 'db1', '--cpus', '1', '--memory', '64M', '--disk', 'disk1']);

      const list = hvctl(['disk', 'list']).stdout;
      expect(list.split('\n')[0]).toMatch(/^NAME +FORMAT +SIZE +ON DISK +USED BY +POOL +BACKING +CREATED$/);
      expect(row(list, 'disk1')?.slice(0, 3)).toEqual(['disk1', 'qcow2', '64M']);
      expect(row(list, 'disk1')?.[4]).toBe('db1');
      expect(row(list, 'raw1')?.[4]).toBe('-');
      expect(row(hvctl(['vm', 'list']).stdout, 'db1')?.[4]).toBe('disk1');

      const taken = hvctl(['disk', 'create', 'raw1', '--size', '1M']);
      expect(taken.status).toBe(2);
      expect(taken.stderr).toMatch(/^hvctl: DISK_ALREADY_EXISTS: /);
      expect(hvctl(['disk', 'delete', 'raw1'])).toMatchObject({
        status: 0,
        stdout: "disk image 'raw1' deleted\n",
      });
      expect(
        json<{ images: { name: string }[] }>(['disk', 'list']).images.map(
          (image: { name: string }) => image.name,
        ),
      ).toEqual(['disk1']);
    });
  },
);

describe('hvctl events', SLOW, () => {
  /** Follows the stream in a child process and resolves with its first line that `match` accepts. */
  function follow(args: readonly string[], match: (line: string) => boolean) {
    const child = spawn(process.execPath, [HVCTL, 'events', ...args, '--socket', socket], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const line = new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).on('line', (text) => {
        if (match(text)) resolve(text);
      });
      void exited.then((code) => reject(new Error(`hvctl events exited with ${code}`)));
    });
    return { line, stop: () => (child.kill('SIGTERM'), exited) };
  }

  it('prints state changes as they happen, as JSON lines and as text', async () => {
    const asJson = follow(['--json', '--kinds', 'vm.state_changed', '--vm', 'ev1'], (line) =>
      line.includes('"RUNNING"'),
    );
    json(['vm', 'create', 'ev1', '--cpus', '1', '--memory', '64M', ...KERNEL]);
    json(['vm', 'start', 'ev1']);
    const event = JSON.parse(await asJson.line);
    expect(event).toMatchObject({
      id: expect.stringMatching(/^\d+$/),
      kind: 'vm.state_changed',
      data: { vm: 'ev1', from: 'CREATED', to: 'RUNNING', timestamp: expect.any(String) },
    });
    expect(await asJson.stop()).toBe(0);

    const asText = follow(['--vm', 'ev1'], (line) => line.includes('vm.state_changed'));
    expect(await asText.line).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ {2}vm\.state_changed +ev1 CREATED -> RUNNING/,
    );
    expect(await asText.stop()).toBe(0);
  });
});
