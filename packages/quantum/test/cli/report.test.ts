import { describe, expect, it } from 'vitest';
import { bar, formatCounts, MAX_ROWS, sortedCounts } from '../../src/cli/report.js';

describe('bar', () => {
  it('fills whole cells and ends in eighths', () => {
    expect(bar(1, 4)).toBe('████');
    expect(bar(0.5, 4)).toBe('██');
    expect(bar(0.5 + 1 / 32, 4)).toBe('██▏');
    expect(bar(0, 4)).toBe('');
  });
  it('clamps out-of-range fractions', () => {
    expect(bar(2, 3)).toBe('███');
    expect(bar(-1, 3)).toBe('');
  });
});

describe('formatCounts', () => {
  it('sorts by count, then by outcome, with bars relative to the most frequent', () => {
    expect(sortedCounts({ '01': 5, '11': 7, '00': 5 })).toEqual([
      ['11', 7],
      ['00', 5],
      ['01', 5],
    ]);
    const lines = formatCounts({ '00': 250, '11': 750 }, 1000).split('\n');
    expect(lines[0]).toMatch(/^outcome\s+count\s+probability$/);
    expect(lines[1]).toMatch(/^11\s+750\s+0\.7500\s+█{40}$/);
    expect(lines[2]).toMatch(/^00\s+250\s+0\.2500\s+█{13}▍$/);
  });
  it(`summarises outcomes beyond ${MAX_ROWS} rows in one line`, () => {
    const counts = Object.fromEntries(
      Array.from({ length: MAX_ROWS + 3 }, (_, i) => [i.toString(2).padStart(8, '0'), 1]),
    );
    const lines = formatCounts(counts, MAX_ROWS + 3).split('\n');
    expect(lines).toHaveLength(MAX_ROWS + 2);
    expect(lines.at(-1)).toBe('... 3 more outcomes with 3 shots (--json prints them all)');
  });
});
