import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { requireTools } from '@lab/server-kit/testing';
import { describe, expect, it } from 'vitest';

const SYSTEM_TOOLS = fileURLToPath(new URL('../../../scripts/system-tools.mjs', import.meta.url));
const gate = requireTools(['qemu-system-x86_64', 'qemu-img']);
const networkGate = requireTools(['ip', 'nft', 'dnsmasq']);
const tunnelGate = requireTools(['wg', 'wireguard-go', 'tcpdump', 'iperf3']);

describe('scripts/system-tools.mjs', () => {
  it('lists the Debian packages of the network tools, which npm start and .ci/run install', () => {
    const result = spawnSync(process.execPath, [SYSTEM_TOOLS, '--packages'], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(result.stdout.trim().split(' ')).toEqual(
      expect.arrayContaining(['iproute2', 'nftables', 'dnsmasq-base', 'qemu-system-x86', 'busybox-static']),
    );
  });

  it("lists the tunnel's packages: WireGuard's tools and userspace implementation, tcpdump and iperf3", () => {
    const result = spawnSync(process.execPath, [SYSTEM_TOOLS, '--packages'], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(result.stdout.trim().split(' ')).toEqual(
      expect.arrayContaining(['wireguard-tools', 'wireguard-go', 'tcpdump', 'iperf3']),
    );
  });
});

describe.skipIf(gate.skip)(
  `QEMU tools the hypervisor drives${gate.skip ? ` (skipped: ${gate.reason})` : ''}`,
  () => {
    it('qemu-img runs and reports its version', () => {
      const result = spawnSync('qemu-img', ['--version'], { encoding: 'utf8' });
      expect(result.status).toBe(0);
      expect(result.stdout).toMatch(/qemu-img version \d+\.\d+/);
    });

    it('qemu-system-x86_64 runs and offers the TCG accelerator', () => {
      const result = spawnSync('qemu-system-x86_64', ['-accel', 'help'], { encoding: 'utf8' });
      expect(result.status).toBe(0);
      expect(result.stdout).toContain('tcg');
    });
  },
);

describe.skipIf(networkGate.skip)(
  `network tools the hypervisor drives${networkGate.skip ? ` (skipped: ${networkGate.reason})` : ''}`,
  () => {
    it('ip answers in JSON (-j), as the kernel driver reads it', () => {
      const result = spawnSync('ip', ['-j', 'link', 'show', 'lo'], { encoding: 'utf8' });
      expect(result.status).toBe(0);
      expect((JSON.parse(result.stdout) as { ifname: string }[])[0]?.ifname).toBe('lo');
    });

    it('nft and dnsmasq run and report their versions', () => {
      const nft = spawnSync('nft', ['--version'], { encoding: 'utf8' });
      expect(nft.status).toBe(0);
      expect(nft.stdout).toMatch(/^nftables v\d+\.\d+/);
      const dnsmasq = spawnSync('dnsmasq', ['--version'], { encoding: 'utf8' });
      expect(dnsmasq.status).toBe(0);
      expect(dnsmasq.stdout).toMatch(/^Dnsmasq version \d+\.\d+/);
    });
  },
);

describe.skipIf(tunnelGate.skip)(
  `tunnel tools the hypervisor and its tests drive${tunnelGate.skip ? ` (skipped: ${tunnelGate.reason})` : ''}`,
  () => {
    it('wg makes a key pair from stdin, as the WireGuard driver does', () => {
      const genkey = spawnSync('wg', ['genkey'], { encoding: 'utf8' });
      expect(genkey.status).toBe(0);
      expect(genkey.stdout.trim()).toMatch(/^[A-Za-z0-9+/]{43}=$/);
      const pubkey = spawnSync('wg', ['pubkey'], { input: genkey.stdout, encoding: 'utf8' });
      expect(pubkey.status).toBe(0);
      expect(pubkey.stdout.trim()).toMatch(/^[A-Za-z0-9+/]{43}=$/);
      expect(pubkey.stdout.trim()).not.toBe(genkey.stdout.trim());
    });

    it('wireguard-go, tcpdump and iperf3 run and report their versions', () => {
      const wireguardGo = spawnSync('wireguard-go', ['--version'], { encoding: 'utf8' });
      expect(wireguardGo.status).toBe(0);
      expect(wireguardGo.stdout).toMatch(/wireguard-go v\d/);
      const tcpdump = spawnSync('tcpdump', ['--version'], { encoding: 'utf8' });
      expect(tcpdump.status).toBe(0);
      expect(tcpdump.stdout + tcpdump.stderr).toMatch(/tcpdump version \d+\.\d+/);
      const iperf3 = spawnSync('iperf3', ['--version'], { encoding: 'utf8' });
      expect(iperf3.status).toBe(0);
      expect(iperf3.stdout).toMatch(/^iperf 3\.\d+/);
    });
  },
);
