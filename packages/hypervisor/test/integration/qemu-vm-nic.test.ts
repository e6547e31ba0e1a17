/**
 * The taps of a VM's NIC through their whole life, on real kernel objects: `hvctl serve` with the
 * QEMU driver (TCG) runs inside a network namespace of this test's own (`ip netns exec`), with a
 * network (a real bridge) and a VM with one NIC on it. The tap is on the bridge with a carrier
 * while QEMU runs and the guest sends from the VM's stored MAC; it goes when QEMU ends — a forced
 * stop, QEMU killed under the service, QEMU gone while the service was down (found at its start) —
 * and a delete tells the network core, which can then be deleted too.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { ServiceProcess } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tapName } from '../../src/drivers/network/network-driver.js';
import { requireTestGuest, serveQemu, type GuestGate } from '../support/guest.js';
import { createNetns, netnsGate, type Netns } from '../support/netns.js';
import { killQemuUnder } from '../support/qemu-processes.js';
import { socketApi } from '../support/socket-client.js';
import { until } from '../support/until.js';

const tools = netnsGate(['nft', 'dnsmasq', 'bridge', 'qemu-system-x86_64']);
const gate: GuestGate = tools.skip ? { skip: true, reason: tools.reason } : await requireTestGuest();
const dir = mkdtempSync(join(tmpdir(), 'hv-vm-nic-'));
const runDir = join(dir, 'run');
/** A guest under TCG boots in seconds, but a busy machine can take much longer. */
const GUEST = { timeoutMs: 120_000, intervalMs: 250 };

let ns: Netns | undefined;
let service: ServiceProcess | undefined;

afterAll(async () => {
  await service?.stop('SIGKILL');
  await killQemuUnder(dir);
  await ns?.destroy();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

const api = async (method: string, path: string, body?: unknown) => socketApi(runDir, method, path, body);

interface Link {
  ifname: string;
  master?: string;
  flags: string[];
}

describe.skipIf(gate.skip)(
  `a VM's NIC on a real bridge${gate.skip ? ` (skipped: ${gate.reason})` : ''}`,
  () => {
    let tap: string;
    let mac: string;
    const serve = async (): Promise<void> => {
      if (gate.skip) return;
      service = await serveQemu(dir, gate.guest, [], { prefix: ['ip', 'netns', 'exec', ns!.name] });
    };
    /** The tap as `ip -j link` shows it in the namespace, or undefined when it is not there. */
    const link = async (): Promise<Link | undefined> => {
      const { stdout, code } = await ns!.tryExec('ip', ['-j', 'link', 'show', 'dev', tap]);
      return code === 0 ? (JSON.parse(stdout) as Link[])[0] : undefined;
    };
    const state = async (): Promise<string> => (await api('GET', '/vms/tiny')).body.state as string;
    const start = async (): Promise<number> => {
      const started = await api('POST', '/vms/tiny/start');
      expect(started.status).toBe(200);
      return started.body.runtime.pid as number;
    };

    beforeAll(async () => {
      if (gate.skip) return;
      ns = await createNetns();
      await serve();
      const network = await api('POST', '/networks', {
        name: 'nictest',
        mode: 'isolated',
        subnet: '10.78.1.0/24',
      });
      expect(network.status).toBe(201);
      const { kernel, initrd, cmdline, net } = gate.guest;
      const created = await api('POST', '/vms', {
        name: 'tiny',
        cpu: { count: 1 },
        memory: { size: '256M' },
        devices: { network: [{ type: 'virtio-net', network: 'nictest' }] },
        boot: { kernel: basename(kernel), initrd: basename(initrd), cmdline: `${cmdline} ${net.word}` },
      });
      expect(created.status).toBe(201);
      mac = created.body.devices.network[0].mac as string;
      tap = tapName(created.body.uuid as string, 0);
    }, 120_000);

    it('stores a derived MAC, and makes the tap on the bridge before QEMU starts; the guest sends from that MAC', async () => {
      expect(mac).toMatch(/^52:54:00(:[0-9a-f]{2}){3}$/);
      expect((await api('GET', '/vms/tiny')).body.devices.network).toEqual([
        { type: 'virtio-net', network: 'nictest', mac },
      ]);
      expect(await link()).toBeUndefined();
      await start();
      const running = await link();
      expect(running).toMatchObject({ ifname: tap, master: 'hv-nictest' });
      expect(running?.flags).not.toContain('NO-CARRIER');
      await until(
        "the guest's MAC learned on the tap's bridge port",
        async () => {
          const { stdout } = await ns!.exec('bridge', [
            '-j',
            'fdb',
            'show',
            'br',
            'hv-nictest',
            'brport',
            tap,
          ]);
          return (JSON.parse(stdout) as { mac: string }[]).some((entry) => entry.mac === mac);
        },
        GUEST,
      );
    }, 180_000);

    it('removes the tap after a forced stop and after QEMU is killed under the service', async () => {
      expect((await api('POST', '/vms/tiny/stop', { force: true })).body.state).toBe('STOPPED');
      expect(await link()).toBeUndefined();
      const pid = await start();
      expect(await link()).toBeDefined();
      process.kill(pid, 'SIGKILL');
      await until('the VM CRASHED', async () => (await state()) === 'CRASHED', GUEST);
      expect(await link()).toBeUndefined();
    }, 120_000);

    it('removes at start-up the tap of a VM whose QEMU ended while the service was down', async () => {
      const pid = await start();
      await service!.stop('SIGKILL');
      expect(await killQemuUnder(dir)).toEqual([pid]);
      // The tap outlives QEMU while no service is there to remove it.
      expect(await link()).toBeDefined();
      await serve();
      expect(await state()).toBe('CRASHED');
      expect(await link()).toBeUndefined();
    }, 120_000);

    it('lets the network go once the VM with its NIC is deleted', async () => {
      expect((await api('DELETE', '/networks/nictest')).status).toBe(409);
      expect((await api('DELETE', '/vms/tiny')).status).toBe(200);
      expect((await api('DELETE', '/networks/nictest')).status).toBe(200);
      const { stdout } = await ns!.exec('ip', ['-j', 'link', 'show']);
      expect((JSON.parse(stdout) as Link[]).map((l) => l.ifname)).toEqual(['lo']);
    }, 60_000);
  },
);
