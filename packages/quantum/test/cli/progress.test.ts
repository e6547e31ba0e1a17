import { describe, expect, it } from 'vitest';
import { createProgressBar } from '../../src/cli/progress.js';

function fakeClock() {
  let t = 0;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('createProgressBar', () => {
  it('stays silent for runs shorter than the delay', () => {
    const out: string[] = [];
    const clock = fakeClock();
    const progress = createProgressBar({ write: (s) => out.push(s) }, { now: clock.now, delayMs: 1000 });
    clock.advance(500);
    progress.update(0.9);
    progress.done();
    expect(out).toEqual([]);
  });

  it('draws after the delay, throttled, and clears its line at the end', () => {
    const out: string[] = [];
    const clock = fakeClock();
    const progress = createProgressBar(
      { write: (s) => out.push(s) },
      { now: clock.now, delayMs: 1000, intervalMs: 100, width: 10 },
    );
    clock.advance(1000);
    progress.update(0.5);
    clock.advance(50);
    progress.update(0.6);
    clock.advance(100);
    progress.update(0.75);
    progress.done();
    expect(out).toHaveLength(3);
    expect(out[0]).toBe('\r█████░░░░░  50%  1.00 s ETA 1.00 s\x1b[K');
    expect(out[1]).toBe('\r███████▌░░  75%  1.15 s ETA 383.3 ms\x1b[K');
    expect(out[2]).toBe('\r\x1b[K');
  });
});
