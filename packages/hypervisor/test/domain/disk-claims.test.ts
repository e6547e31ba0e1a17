import { describe, expect, it } from 'vitest';
import { createDiskClaims } from '../../src/domain/disk-claims.js';

describe('disk claims', () => {
  it('lets one operation hold an image at a time, and another once it lets go', () => {
    const claims = createDiskClaims();
    const release = claims.claim('d1', 'compact');
    expect(() => claims.claim('d1', 'resize')).toThrow(
      expect.objectContaining({
        code: 'DISK_BUSY',
        message: "disk image 'd1' is busy: a compact of it is under way",
      }),
    );
    expect(() => claims.assertFree('d1')).toThrow(expect.objectContaining({ code: 'DISK_BUSY' }));
    claims.assertFree('d2');
    const other = claims.claim('d2', 'check');
    release();
    claims.assertFree('d1');
    claims.claim('d1', 'resize')();
    other();
    claims.assertFree('d2');
  });

  it('lets go once only: a second release does not free a later claim', () => {
    const claims = createDiskClaims();
    const first = claims.claim('d1', 'convert');
    first();
    claims.claim('d1', 'compact');
    first();
    expect(() => claims.assertFree('d1')).toThrow(expect.objectContaining({ code: 'DISK_BUSY' }));
  });
});
