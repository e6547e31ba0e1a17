import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startProgressBar, startSpinner } from '../../src/cli/progress.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function terminal(isTTY: boolean) {
  const out: string[] = [];
  return { out, stream: { isTTY, write: (text: string) => out.push(text) } };
}

describe('startSpinner', () => {
  it('draws nothing when the stream is not a terminal', () => {
    const { out, stream } = terminal(false);
    const spinner = startSpinner(stream, 'stopping', { delayMs: 0 });
    vi.advanceTimersByTime(1000);
    spinner.stop();
    expect(out).toEqual([]);
  });

  it('stays silent for answers quicker than the delay', () => {
    const { out, stream } = terminal(true);
    const spinner = startSpinner(stream, 'stopping', { delayMs: 300, now: () => Date.now() });
    vi.advanceTimersByTime(250);
    spinner.stop();
    expect(out).toEqual([]);
  });

  it('draws frames with the elapsed seconds after the delay, then clears its line', () => {
    const { out, stream } = terminal(true);
    const spinner = startSpinner(stream, "stopping VM 'web1'", {
      delayMs: 300,
      intervalMs: 100,
      now: () => Date.now(),
    });
    vi.advanceTimersByTime(1200);
    spinner.stop();
    vi.advanceTimersByTime(500);
    expect(out[0]).toBe("\r⠋ stopping VM 'web1' 0 s\x1b[K");
    expect(out.at(-2)).toBe("\r⠏ stopping VM 'web1' 1 s\x1b[K");
    expect(out.at(-1)).toBe('\r\x1b[K');
    expect(out).toHaveLength(11);
  });
});

describe('startProgressBar', () => {
  it('draws a percentage bar in place, only when the percent changes, then clears its line', () => {
    const { out, stream } = terminal(true);
    const bar = startProgressBar(stream, "converting 'd1'");
    bar.update(0);
    bar.update(0.4);
    bar.update(50.2);
    bar.update(100);
    bar.stop();
    expect(out).toEqual([
      `\rconverting 'd1' [${'.'.repeat(30)}]   0%\x1b[K`,
      `\rconverting 'd1' [${'#'.repeat(15)}${'.'.repeat(15)}]  50%\x1b[K`,
      `\rconverting 'd1' [${'#'.repeat(30)}] 100%\x1b[K`,
      '\r\x1b[K',
    ]);
  });

  it('draws nothing when the stream is not a terminal', () => {
    const { out, stream } = terminal(false);
    const bar = startProgressBar(stream, 'x');
    bar.update(10);
    bar.stop();
    expect(out).toEqual([]);
  });
});
