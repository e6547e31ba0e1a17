/**
 * The QMP side of snapshots against a scripted QMP client: which commands go out with which
 * arguments, how a job is followed and dismissed, and what a failed job leaves behind. The real
 * QEMU runs them in test/integration/qemu-snapshots.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { MIB } from '../../../src/domain/units.js';
import { qemuArguments } from '../../../src/drivers/qemu/command-line.js';
import type { QmpClient, QmpExecuteOptions, QmpJob } from '../../../src/drivers/qemu/qmp-client.js';
import { vmRunFiles } from '../../../src/drivers/qemu/run-files.js';
import { createQemuSnapshots } from '../../../src/drivers/qemu/snapshots.js';

interface Sent {
  command: string;
  arguments?: Record<string, unknown>;
}

/** A QMP client whose jobs conclude at once, with `jobError` when given; it records what it is sent. */
function scripted(options: { jobError?: string; running?: boolean } = {}) {
  const sent: Sent[] = [];
  let running = options.running ?? true;
  let job: QmpJob | undefined;
  const qmp = {
    execute: async (command: string, opts?: QmpExecuteOptions) => {
      sent.push({ command, ...(opts?.arguments === undefined ? {} : { arguments: opts.arguments }) });
      switch (command) {
        case 'snapshot-save':
        case 'snapshot-load':
        case 'snapshot-delete':
          job = {
            id: String(opts?.arguments?.['job-id']),
            type: command,
            status: 'concluded',
            'current-progress': 1,
            'total-progress': 1,
            ...(options.jobError === undefined ? {} : { error: options.jobError }),
          };
          if (command === 'snapshot-load' && options.jobError !== undefined) running = false;
          return {};
        case 'query-jobs':
          return job === undefined ? [] : [job];
        case 'query-status':
          return { running, status: running ? 'running' : 'paused' };
        case 'stop':
          running = false;
          return {};
        default:
          return {};
      }
    },
  } as unknown as QmpClient;
  const quiet: string[] = [];
  const snapshots = createQemuSnapshots({
    quietly: async (vm, _action, work) => {
      quiet.push(vm);
      return work(qmp);
    },
  });
  return { sent, snapshots, quiet, commands: () => sent.map((s) => s.command) };
}

const live = { vm: 'web1', images: ['/img/root', '/img/data'], live: true };

describe('live snapshots through QMP', () => {
  it('saves memory with the snapshot-save job into the first disk node, then dismisses it', async () => {
    const { sent, snapshots, quiet, commands } = scripted();
    await snapshots.save(live, 'before', true);
    expect(quiet).toEqual(['web1']);
    expect(sent[0]).toEqual({
      command: 'snapshot-save',
      arguments: {
        'job-id': expect.stringMatching(/^hv-snapshot-save-/),
        tag: 'before',
        vmstate: 'disk0',
        devices: ['disk0', 'disk1'],
      },
    });
    expect(commands()).toEqual(['snapshot-save', 'query-jobs', 'job-dismiss']);
    expect(sent[2]?.arguments).toEqual({ id: sent[0]?.arguments?.['job-id'] });
  });

  it('saves disks only with one transaction of blockdev-snapshot-internal-sync', async () => {
    const { sent, snapshots } = scripted();
    await snapshots.save(live, 'disks', false);
    expect(sent).toEqual([
      {
        command: 'transaction',
        arguments: {
          actions: [
            { type: 'blockdev-snapshot-internal-sync', data: { device: 'disk0', name: 'disks' } },
            { type: 'blockdev-snapshot-internal-sync', data: { device: 'disk1', name: 'disks' } },
          ],
        },
      },
    ]);
  });

  it("turns a job's error into DRIVER_ERROR with QEMU's words, and dismisses the job", async () => {
    const { snapshots, commands } = scripted({
      jobError: "Snapshot 'x' already exists in one or more devices",
    });
    await expect(snapshots.save(live, 'x', true)).rejects.toMatchObject({
      code: 'DRIVER_ERROR',
      message: expect.stringContaining('already exists'),
    });
    expect(commands()).toContain('job-dismiss');
  });

  it('loads with the snapshot-load job and checks the run state after', async () => {
    const { sent, snapshots, commands } = scripted();
    await snapshots.load(live, 'before');
    expect(commands()).toEqual([
      'query-status',
      'snapshot-load',
      'query-jobs',
      'job-dismiss',
      'query-status',
    ]);
    expect(sent[1]?.arguments).toMatchObject({
      tag: 'before',
      vmstate: 'disk0',
      devices: ['disk0', 'disk1'],
    });
  });

  it('leaves a guest whose load failed stopped', async () => {
    const { snapshots, commands } = scripted({ jobError: 'Error -22 while loading VM state' });
    await expect(snapshots.load(live, 'before')).rejects.toMatchObject({ code: 'DRIVER_ERROR' });
    expect(commands().at(-1)).toBe('stop');
    expect(commands()).not.toContain('cont');
  });

  it('deletes with the snapshot-delete job over every disk node', async () => {
    const { sent, snapshots } = scripted();
    await snapshots.delete(live, 'old');
    expect(sent[0]).toEqual({
      command: 'snapshot-delete',
      arguments: { 'job-id': expect.any(String), tag: 'old', devices: ['disk0', 'disk1'] },
    });
  });

  it('never saves memory without a process', async () => {
    const { snapshots, sent } = scripted();
    await expect(snapshots.save({ ...live, live: false }, 'm', true)).rejects.toMatchObject({
      code: 'DRIVER_ERROR',
    });
    expect(sent).toEqual([]);
  });
});

describe('the command line of a start from a snapshot', () => {
  const spec = {
    name: 'web1',
    uuid: '6f1c1b8e-8d5a-4a39-9d1c-3f0e2b7a9c10',
    cpus: 1,
    memoryBytes: 256 * MIB,
    disks: [{ path: '/img/root', format: 'qcow2' as const }],
    boot: null,
    nics: [],
  };

  it('loads the snapshot with -loadvm, the CPUs still stopped (-S last)', () => {
    const args = qemuArguments(
      { ...spec, restore: { tag: 'before', paused: false } },
      'tcg',
      vmRunFiles('/run', 'web1'),
    );
    expect(args.slice(-3)).toEqual(['-loadvm', 'before', '-S']);
    expect(qemuArguments(spec, 'tcg', vmRunFiles('/run', 'web1'))).not.toContain('-loadvm');
  });
});
