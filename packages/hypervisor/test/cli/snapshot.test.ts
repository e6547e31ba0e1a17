/**
 * `hvctl snapshot` (the compiled binary) against `hvctl serve --driver simulated`: the disk image
 * is real (qemu-img), the snapshots in it are the simulated driver's.
 */
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hvctlJson, runHvctl, SLOW, startCliService, tableRow, type CliService } from '../support/cli.js';

const qemuImg = requireTools(['qemu-img']);
let cli: CliService;

const hvctl = (args: readonly string[]) => runHvctl(cli.socket, args);
const json = <T = Record<string, any>>(args: readonly string[]): T => hvctlJson<T>(cli.socket, args);

beforeAll(async () => {
  cli = await startCliService({ prefix: 'hvctl-snap-' });
  if (qemuImg.skip) return;
  expect(hvctl(['disk', 'create', 'root', '--size', '16M']).status).toBe(0);
  expect(
    hvctl(['vm', 'create', 'web1', '--cpus', '1', '--memory', '64M', '--disk', 'root', '--kernel', 'vmlinuz'])
      .status,
  ).toBe(0);
}, 60_000);
afterAll(async () => cli?.stop());

describe.skipIf(qemuImg.skip)('hvctl snapshot', SLOW, () => {
  it('creates, lists, restores and deletes, in one line each', () => {
    const created = hvctl(['snapshot', 'create', 'web1', 'base', '--description', 'before the upgrade']);
    expect(created).toMatchObject({ status: 0, stderr: '' });
    expect(created.stdout).toBe("snapshot 'base' of VM 'web1' created (disks only, VM CREATED)\n");

    const list = hvctl(['snapshot', 'list', 'web1']);
    expect(list.stdout.split('\n')[0]).toMatch(/^NAME +MEMORY +VM STATE +DISKS +CREATED +DESCRIPTION$/);
    expect(tableRow(list.stdout, 'base')?.slice(0, 4)).toEqual(['base', 'no', 'CREATED', 'root']);
    expect(tableRow(list.stdout, 'base')?.at(-1)).toBe('before the upgrade');

    expect(hvctl(['snapshot', 'restore', 'web1', 'base']).stdout).toBe(
      "VM 'web1' restored to snapshot 'base'; it is CREATED\n",
    );
    expect(hvctl(['snapshot', 'delete', 'web1', 'base']).stdout).toBe(
      "snapshot 'base' of VM 'web1' deleted\n",
    );
    expect(json<{ snapshots: unknown[] }>(['snapshot', 'list', 'web1'])).toEqual({ snapshots: [] });
  });

  it('saves memory with --memory from a running VM, and prints the API answer with --json', () => {
    expect(hvctl(['vm', 'start', 'web1']).status).toBe(0);
    const taken = json(['snapshot', 'create', 'web1', 'live', '--memory']);
    expect(taken).toMatchObject({ vm: 'web1', name: 'live', include_memory: true, vm_state: 'RUNNING' });
    // Followed as the operation it is on the service, to the same line as before.
    expect(hvctl(['snapshot', 'create', 'web1', 'live2', '--memory'])).toMatchObject({
      status: 0,
      stdout: "snapshot 'live2' of VM 'web1' created (disks and memory, VM RUNNING)\n",
      stderr: '',
    });
    // A restore with memory is a vm.snapshot_restore operation: followed, then the same answer.
    const restored = json(['snapshot', 'restore', 'web1', 'live']);
    expect(restored).toMatchObject({ snapshot: { name: 'live' }, vm: { state: 'RUNNING' } });
    expect(hvctl(['vm', 'pause', 'web1']).status).toBe(0);
    expect(hvctl(['snapshot', 'restore', 'web1', 'live2'])).toMatchObject({
      status: 0,
      stdout: "VM 'web1' restored to snapshot 'live2'; it is RUNNING\n",
      stderr: '',
    });
    // A VM without a process starts from it.
    expect(hvctl(['vm', 'stop', 'web1', '--force']).status).toBe(0);
    expect(hvctl(['snapshot', 'restore', 'web1', 'live'])).toMatchObject({
      status: 0,
      stdout: "VM 'web1' restored to snapshot 'live'; it is RUNNING\n",
      stderr: '',
    });
    expect(hvctl(['vm', 'stop', 'web1', '--force']).status).toBe(0);
  });

  it('prints the API error and exits 2', () => {
    const refused = hvctl(['snapshot', 'create', 'web1', 'mem', '--memory']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/^hvctl: VALIDATION_ERROR: include_memory: VM 'web1' is STOPPED/);
    const missing = hvctl(['snapshot', 'restore', 'web1', 'nope']);
    expect(missing).toMatchObject({
      status: 2,
      stderr: "hvctl: SNAPSHOT_NOT_FOUND: VM 'web1' has no snapshot named 'nope'\n",
    });
  });
});
