import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatSize, parseSize, SIZE_PATTERN, sizeSchema } from '../../src/domain/units.js';

describe('sizes', () => {
  it.each([
    ['512M', 512 * 1024 ** 2],
    ['2G', 2 * 1024 ** 3],
    ['1.5G', 1.5 * 1024 ** 3],
    ['2GiB', 2 * 1024 ** 3],
    ['2gib', 2 * 1024 ** 3],
    ['2GB', 2 * 1024 ** 3],
    ['64k', 64 * 1024],
    ['4096', 4096],
    ['4096B', 4096],
    ['1T', 1024 ** 4],
    ['0.5', 0],
  ])('reads %s', (text, bytes) => expect(parseSize(text)).toBe(bytes));

  it.each([
    '',
    'G',
    '-1G',
    '1X',
    '1.2.3G',
    'lots',
    '99999999999P',
    ' 1T ',
    '2 G',
    '1iB',
    '.5G',
    '1e3',
    '٣G',
    `${'1'.repeat(32)}G`,
  ])('refuses %j', (text) => expect(parseSize(text)).toBeUndefined());

  it('reads every string its schema admits, refusing only values past the safe integers', () => {
    const schema = sizeSchema('any') as { pattern?: string; maxLength?: number };
    expect(schema.pattern).toBe(SIZE_PATTERN);
    fc.assert(
      fc.property(
        fc.stringMatching(new RegExp(SIZE_PATTERN)).filter((text) => text.length <= schema.maxLength!),
        (text) => {
          if (parseSize(text) === undefined) {
            expect(Number.parseFloat(text) * 1024 ** 5).toBeGreaterThan(Number.MAX_SAFE_INTEGER);
          }
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('writes sizes that read back', () => {
    for (const bytes of [0, 1023, 1024, 512 * 1024 ** 2, 1.5 * 1024 ** 3, 20 * 1024 ** 3]) {
      const text = formatSize(bytes);
      expect(Math.abs(parseSize(text)! - bytes) / Math.max(1, bytes)).toBeLessThan(0.05);
    }
    expect(formatSize(1536 * 1024 ** 2)).toBe('1.5G');
    expect(formatSize(20 * 1024 ** 3)).toBe('20G');
  });
});
