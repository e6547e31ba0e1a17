import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { containedFile, imagePath } from '../../src/domain/paths.js';

describe('path containment', () => {
  const root = mkdtempSync(join(tmpdir(), 'hv-paths-'));
  const boot = join(root, 'boot');
  mkdirSync(join(boot, 'sub'), { recursive: true });
  writeFileSync(join(boot, 'sub', 'vmlinuz'), 'k');
  writeFileSync(join(root, 'secret'), 's');
  symlinkSync(join(root, 'secret'), join(boot, 'link-out'));
  symlinkSync(join(boot, 'sub', 'vmlinuz'), join(boot, 'link-in'));

  it('resolves files inside the boot directory, through links that stay inside', () => {
    expect(containedFile(boot, 'sub/vmlinuz', 'boot.kernel')).toBe(join(boot, 'sub', 'vmlinuz'));
    expect(containedFile(boot, 'link-in', 'boot.kernel')).toBe(join(boot, 'sub', 'vmlinuz'));
  });

  it.each(['../secret', 'sub/../../secret', '/etc/passwd', 'link-out', 'sub', 'missing', 'a\0b'])(
    'refuses %j',
    (path) => {
      expect(() => containedFile(boot, path, 'boot.kernel')).toThrow(
        expect.objectContaining({
          code: 'VALIDATION_ERROR',
          details: expect.objectContaining({ field: 'boot.kernel' }),
        }),
      );
    },
  );

  it('maps image names to one file of the images directory, never outside', () => {
    expect(imagePath('/images', 'disk-1.qcow2')).toBe('/images/disk-1.qcow2');
    for (const name of ['..', '../x', 'a/b', '.hidden', '', 'x\0'])
      expect(() => imagePath('/images', name)).toThrow();
  });
});
