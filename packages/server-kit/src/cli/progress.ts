/**
 * A spinner line for requests that can take long (`hvctl vm stop` waiting for the guest's ACPI
 * power-off), and a percentage bar for work whose progress is known (`hvctl disk convert`,
 * `verifyctl upload`). Both are drawn on standard error and only on a terminal, so pipes and scripts
 * see nothing of them, and the spinner only after `delayMs`, so quick answers leave no trace.
 */

export interface SpinnerStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface SpinnerOptions {
  delayMs?: number;
  intervalMs?: number;
  now?: () => number;
}

export interface Spinner {
  /** Clears the line, if one was drawn, and stops drawing. */
  stop(): void;
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

export function startSpinner(stream: SpinnerStream, label: string, options: SpinnerOptions = {}): Spinner {
  if (stream.isTTY !== true) return { stop: () => undefined };
  const { delayMs = 300, intervalMs = 100, now = () => performance.now() } = options;
  const started = now();
  let frame = 0;
  let drawn = false;
  const timer = setInterval(() => {
    const elapsed = now() - started;
    if (elapsed < delayMs) return;
    drawn = true;
    stream.write(`\r${FRAMES[frame % FRAMES.length]} ${label} ${Math.floor(elapsed / 1000)} s\x1b[K`);
    frame += 1;
  }, intervalMs);
  // The spinner never keeps the process alive on its own.
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      if (drawn) stream.write('\r\x1b[K');
      drawn = false;
    },
  };
}

/** Runs `work` with a spinner on standard error, cleared whether the work succeeds or fails. */
export async function withSpinner<T>(label: string, work: () => Promise<T>): Promise<T> {
  const spinner = startSpinner(process.stderr, label);
  try {
    return await work();
  } finally {
    spinner.stop();
  }
}

export interface ProgressBar {
  /** Draws the bar at `percent` (0 to 100), when it changed. */
  update(percent: number): void;
  /** Clears the line, if one was drawn. */
  stop(): void;
}

const BAR_WIDTH = 30;

/** `label [#########.....................]  31%`, redrawn in place; nothing when not a terminal. */
export function startProgressBar(stream: SpinnerStream, label: string): ProgressBar {
  if (stream.isTTY !== true) return { update: () => undefined, stop: () => undefined };
  let shown: number | undefined;
  return {
    update(percent) {
      const whole = Math.floor(Math.min(100, Math.max(0, percent)));
      if (whole === shown) return;
      shown = whole;
      const filled = Math.round((whole / 100) * BAR_WIDTH);
      const bar = `${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}`;
      stream.write(`\r${label} [${bar}] ${String(whole).padStart(3)}%\x1b[K`);
    },
    stop() {
      if (shown !== undefined) stream.write('\r\x1b[K');
      shown = undefined;
    },
  };
}
