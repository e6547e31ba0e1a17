import { spawnSync } from 'node:child_process';
import { requireTools } from '@lab/server-kit/testing';
import { describe, expect, it } from 'vitest';

const gate = requireTools(['qemu-system-x86_64', 'qemu-img']);

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
