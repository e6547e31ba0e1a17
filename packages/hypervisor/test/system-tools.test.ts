import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { requireTools } from '@lab/server-kit/testing';
import { describe, expect, it } from 'vitest';

const SYSTEM_TOOLS = fileURLToPath(new URL('../../../scripts/system-tools.mjs', import.meta.url));
const gate = requireTools(['qemu-system-x86_64', 'qemu-img']);
const networkGate = requireTools(['ip', 'nft', 'dnsmasq']);

describe('scripts/system-tools.mjs', () => {
  it('lists the Debian packages of the network tools, which npm start and .ci/run install', () => {
    const result = spawnSync(process.execPath, [SYSTEM_TOOLS, '--packages'], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(result.stdout.trim().split(' ')).toEqual(
      expect.arrayContaining(['iproute2', 'nftables', 'dnsmasq-base', 'qemu-system-x86', 'busybox-static']),
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
