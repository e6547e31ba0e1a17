/**
 * The one real boot of the client suites: the harness's host A on the QEMU driver under TCG
 * (`--qemu`), a VM made from the test guest (packages/hypervisor/scripts/build-test-guest.mjs)
 * through the client, started, seen RUNNING with its events on the client's stream and its
 * guest's marker on the serial console, then stopped through the guest's ACPI power-off.
 * Locally a guest that cannot be built skips it; in CI (CI=true) that fails, as it should.
 */
import { basename, dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireTestGuest, serialLog, type TestGuest } from '../../../test/support/guest.js';
import {
  createNodeClient,
  type HypervisorEvent,
  type NodeHypervisorClient,
  type Operation,
} from '../src/node.js';
import { startLiveServices, type LiveServices } from './support/live-services.js';

const gate = await requireTestGuest();

describe.skipIf(gate.skip)('a real QEMU guest (TCG)', () => {
  let live: LiveServices;
  let a: NodeHypervisorClient;
  let guest: TestGuest;

  beforeAll(async () => {
    if (gate.skip) return;
    guest = gate.guest;
    live = await startLiveServices({ qemu: true });
    a = createNodeClient({ baseUrl: live.env.HV_REST_URL, token: live.env.HV_TOKEN });
  }, 600_000);

  afterAll(async () => {
    a?.close();
    await live?.stop();
  }, 60_000);

  it('boots the test guest, follows its events while it runs, and stops it', async () => {
    expect(live.env.HV_BOOT_DIR).toBe(guest.dir);
    expect(await a.getSystemInfo()).toMatchObject({ driver: 'qemu', accelerator: 'tcg' });
    const created = await a.createVm({
      name: 'tiny',
      cpu: { count: 1 },
      memory: { size: '256M' },
      boot: { kernel: basename(guest.kernel), initrd: basename(guest.initrd), cmdline: guest.cmdline },
    });
    expect(created).toMatchObject({ name: 'tiny', state: 'CREATED' });

    const watching = new AbortController();
    const events: HypervisorEvent[] = [];
    const reading = (async () => {
      try {
        for await (const event of a.watchVmEvents({
          vm: 'tiny',
          kinds: ['vm.state_changed'],
          signal: watching.signal,
        })) {
          events.push(event);
        }
      } catch (error) {
        if (!watching.signal.aborted) throw error;
      }
    })();

    expect(await a.startVm('tiny')).toMatchObject({ name: 'tiny', state: 'RUNNING' });
    const runDir = dirname(live.env.HV_SOCKET);
    await until(() => serialLog(runDir).includes(guest.marker), 120_000);
    expect((await a.getVm('tiny')).runtime).toMatchObject({ driver: 'qemu', accelerator: 'tcg' });
    expect((await a.getVmStats('tiny')).vm).toBe('tiny');

    const stopping = (await a.stopVm('tiny')) as Operation;
    expect(stopping).toMatchObject({ kind: 'vm.stop' });
    expect((await a.waitOperation(stopping.id, { timeoutMs: 60_000 })).result).toMatchObject({
      state: 'STOPPED',
    });
    await until(() => events.some((e) => e.data.to === 'STOPPED'), 10_000);
    watching.abort();
    await reading;
    expect(events.map((e) => e.data.to)).toEqual(expect.arrayContaining(['RUNNING', 'STOPPED']));
    expect(events.find((e) => e.data.to === 'RUNNING')?.data).toMatchObject({ vm: 'tiny', from: 'CREATED' });
  }, 300_000);
});

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
