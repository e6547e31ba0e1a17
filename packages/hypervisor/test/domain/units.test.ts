import { describe, expect, it } from 'vitest';
import { formatSize, parseSize } from '../../src/domain/units.js';

describe('sizes', () => {
  it.each([
    ['512M', 512 * 1024 ** 2],
    ['2G', 2 * 1024 ** 3],
    ['1.5G', 1.5 * 1024 ** 3],
    ['2GiB', 2 * 1024 ** 3],
    ['64k', 64 * 1024],
    ['4096', 4096],
    [' 1T ', 1024 ** 4],
  ])('reads %s', (text, bytes) => expect(parseSize(text)).toBe(bytes));

  it.each(['', 'G', '-1G', '1X', '1.2.3G', 'lots', '99999999999P'])('refuses %j', (text) =>
    expect(parseSize(text)).toBeUndefined(),
  );

  it('writes sizes that read back', () => {
    for (const bytes of [0, 1023, 1024, 512 * 1024 ** 2, 1.5 * 1024 ** 3, 20 * 1024 ** 3]) {
      const text = formatSize(bytes);
      expect(Math.abs(parseSize(text)! - bytes) / Math.max(1, bytes)).toBeLessThan(0.05);
    }
    expect(formatSize(1536 * 1024 ** 2)).toBe('1.5G');
    expect(formatSize(20 * 1024 ** 3)).toBe('20G');
  });
});
