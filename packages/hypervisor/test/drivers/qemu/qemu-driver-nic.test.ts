/**
 * A NIC on real QEMU (TCG) with the tiny test guest, inside a network namespace this test makes:
 * a bridge and a tap on it (as the network core makes them), QEMU started by the QEMU driver with
 * the tap and a MAC in its launch spec. QEMU runs inside the namespace through a two-line exec
 * wrapper (`ip netns exec NS qemu-system-x86_64 "$@"`, the same process: ip and sh exec), since a
 * tap is opened by name in the opener's namespace. Checks that the tap has a carrier while QEMU
 * holds it and none after, and that the guest's frames reach the bridge from the given MAC (the
 * guest asks for a DHCP lease with `hv-test-net`; the bridge learns the MAC on the tap's port).
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@lab/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tapName } from '../../../src/drivers/network/network-driver.js';
import { MIB } from '../../../src/domain/units.js';
import { createQemuDriver } from '../../../src/drivers/qemu/qemu-driver.js';
import type { LaunchSpec, VmDriver } from '../../../src/drivers/vm-driver.js';
import { requireTestGuest, type GuestGate } from '../../support/guest.js';
import { createNetns, netnsGate, type Netns } from '../../support/netns.js';
import { killQemuUnder } from '../../support/qemu-processes.js';
import { until } from '../../support/until.js';

const tools = netnsGate(['qemu-system-x86_64', 'bridge']);
const gate: GuestGate = tools.skip ? { skip: true, reason: tools.reason } : await requireTestGuest();
const logger = createLogger({ service: 'qemu-nic-test', level: 'silent' });
const dir = mkdtempSync(join(tmpdir(), 'hv-qemu-nic-'));
const BRIDGE = 'hv-nictest';
const MAC = '52:54:00:5e:00:42';
/** A guest under TCG boots in seconds, but a busy machine can take much longer. */
const GUEST = { timeoutMs: 90_000, intervalMs: 200 };

let netns: Netns | undefined;
let qemu: VmDriver | undefined;

afterAll(async () => {
  await qemu?.close();
  await killQemuUnder(dir);
  await netns?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

interface Link {
  operstate: string;
  flags: string[];
}

describe.skipIf(gate.skip)(`a NIC on real QEMU${gate.skip ? ` (skipped: ${gate.reason})` : ''}`, () => {
  let ns: Netns;
  let spec: LaunchSpec;
  let tap: string;
  const link = async (): Promise<Link> =>
    (JSON.parse((await ns.exec('ip', ['-j', 'link', 'show', 'dev', tap])).stdout) as Link[])[0]!;
  /** The MACs the bridge has learned on the tap's port (not its own, permanent one). */
  const learned = async (): Promise<string[]> => {
    const { stdout } = await ns.exec('bridge', ['-j', 'fdb', 'show', 'br', BRIDGE, 'brport', tap]);
    return (JSON.parse(stdout) as { mac: string; state?: string }[])
      .filter((entry) => entry.state !== 'permanent')
      .map((entry) => entry.mac);
  };

  beforeAll(async () => {
    if (gate.skip) return;
    ns = netns = await createNetns();
    const uuid = randomUUID();
    tap = tapName(uuid, 0);
    await ns.exec('ip', ['link', 'add', BRIDGE, 'type', 'bridge']);
    await ns.exec('ip', ['addr', 'add', '10.77.0.1/24', 'dev', BRIDGE]);
    await ns.exec('ip', ['link', 'set', BRIDGE, 'up']);
    await ns.exec('ip', ['tuntap', 'add', 'dev', tap, 'mode', 'tap']);
    await ns.exec('ip', ['link', 'set', tap, 'master', BRIDGE]);
    await ns.exec('ip', ['link', 'set', tap, 'up']);
    const wrapper = join(dir, 'qemu-in-netns');
    writeFileSync(wrapper, `#!/bin/sh\nexec ip netns exec ${ns.name} qemu-system-x86_64 "$@"\n`);
    chmodSync(wrapper, 0o755);
    qemu = createQemuDriver({ runDir: join(dir, 'run'), accelerator: 'tcg', logger, qemuBinary: wrapper });
    const { kernel, initrd, cmdline, net } = gate.guest;
    spec = {
      name: 'nic',
      uuid,
      cpus: 1,
      memoryBytes: 256 * MIB,
      disks: [],
      boot: { kernel, initrd, cmdline: `${cmdline} ${net.word}` },
      nics: [{ tap, mac: MAC }],
    };
  });

  it('opens the tap by name: it has a carrier while QEMU runs, the guest sends from its MAC, and none after', async () => {
    // A tap no process holds has no carrier.
    expect((await link()).flags).toContain('NO-CARRIER');
    await qemu!.start(spec);
    const running = await link();
    expect(running.flags).not.toContain('NO-CARRIER');
    expect(running.flags).toContain('LOWER_UP');
    await until('the guest MAC on the bridge port', async () => (await learned()).includes(MAC), GUEST);
    await qemu!.stop('nic', { force: true, timeoutMs: 0 });
    // QEMU neither made nor removes the tap (script=no, downscript=no): the network core does.
    expect((await link()).flags).toContain('NO-CARRIER');
  }, 120_000);
});
