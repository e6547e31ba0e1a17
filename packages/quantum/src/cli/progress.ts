/**
 * A progress bar on a terminal for long runs. The simulation runs on the calling thread, so the
 * bar is drawn synchronously from the run's progress callback (terminal writes are synchronous),
 * throttled, and only once the run has lasted `delayMs` — short runs print nothing.
 */
import { bar, formatSeconds } from './report.js';

export interface ProgressStream {
  write(text: string): unknown;
}

export interface ProgressBar {
  update(fraction: number): void;
  /** Clears the bar's line, if one was drawn. */
  done(): void;
}

export interface ProgressOptions {
  readonly delayMs?: number;
  readonly intervalMs?: number;
  readonly width?: number;
  readonly now?: () => number;
}

export function createProgressBar(stream: ProgressStream, options: ProgressOptions = {}): ProgressBar {
  const { delayMs = 1000, intervalMs = 100, width = 30, now = () => performance.now() } = options;
  const started = now();
  let drawnAt = -Infinity;
  let drawn = false;
  return {
    update(fraction) {
      const t = now();
      if (t - started < delayMs || t - drawnAt < intervalMs) return;
      drawnAt = t;
      drawn = true;
      const f = Math.min(1, Math.max(0, fraction));
      const elapsed = (t - started) / 1000;
      const eta = f > 0 ? ` ETA ${formatSeconds((elapsed * (1 - f)) / f)}` : '';
      stream.write(
        `\r${bar(f, width).padEnd(width, '░')} ${(100 * f).toFixed(0).padStart(3)}%  ${formatSeconds(elapsed)}${eta}\x1b[K`,
      );
    },
    done() {
      if (drawn) stream.write('\r\x1b[K');
    },
  };
}
