import { describe, expect, it } from 'vitest';
import { createProgressParser } from '../../src/drivers/qemu-img-progress.js';

function parse(chunks: readonly string[]): number[] {
  const seen: number[] = [];
  const parser = createProgressParser((percent) => seen.push(percent));
  for (const chunk of chunks) parser.push(chunk);
  return seen;
}

describe('createProgressParser', () => {
  it('reads each report `qemu-img -p` ends with a carriage return', () => {
    expect(parse(['    (0.00/100%)\r    (3.12/100%)\r    (100.00/100%)\r'])).toEqual([0, 3.12, 100]);
  });

  it('keeps a report split across chunks until its carriage return arrives', () => {
    expect(parse(['    (12.', '50/10', '0%)', '\r    (25.00/100%)'])).toEqual([12.5]);
    expect(parse(['    (12.', '50/100%)\r'])).toEqual([12.5]);
  });

  it('ignores what is not a report, and a newline ends one too', () => {
    expect(parse(['qemu-img: warning: something\n', '    (50.00/100%)\n', 'garbage\r'])).toEqual([50]);
  });

  it('does not grow without bound on output that never ends a line', () => {
    const seen = parse(['x'.repeat(100_000), '    (7.00/100%)\r']);
    expect(seen).toEqual([7]);
  });
});
