/**
 * Running one tool: an argument array (never a shell string), its own process group so that a
 * cancel or a time-out kills everything it started (make, the compiler, the simulation binary),
 * and its output delivered line by line as it comes.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface ToolRun {
  command: string;
  args: readonly string[];
  cwd: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs: number;
  signal: AbortSignal;
  /** Each line of stdout and stderr, in arrival order per stream. */
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
}

export interface ToolResult {
  exitCode: number | null;
  /** The signal that ended it, when one did. */
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  cancelled: boolean;
  durationMs: number;
  /** Up to the last 64 KiB of combined output, for error messages. */
  tail: string;
}

/** How long a group gets between SIGTERM and SIGKILL. */
export const KILL_GRACE_MS = 2_000;
const TAIL_BYTES = 64 * 1024;

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is already gone
  }
}

export function runTool(run: ToolRun): Promise<ToolResult> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(run.command, [...run.args], {
      cwd: run.cwd,
      env: run.env ?? process.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let tail = '';
    let timedOut = false;
    let cancelled = false;
    let killTimer: NodeJS.Timeout | undefined;
    const terminate = () => {
      if (child.pid === undefined) return;
      killGroup(child.pid, 'SIGTERM');
      killTimer ??= setTimeout(
        () => child.pid !== undefined && killGroup(child.pid, 'SIGKILL'),
        KILL_GRACE_MS,
      );
    };
    const timer = setTimeout(() => {
      timedOut = true;
      terminate();
    }, run.timeoutMs);
    const onAbort = () => {
      cancelled = true;
      terminate();
    };
    if (run.signal.aborted) onAbort();
    else run.signal.addEventListener('abort', onAbort, { once: true });

    const pending: Promise<void>[] = [];
    for (const stream of ['stdout', 'stderr'] as const) {
      const source = child[stream];
      const lines = createInterface({ input: source, crlfDelay: Infinity });
      lines.on('line', (line) => {
        tail = (tail + line + '\n').slice(-TAIL_BYTES);
        run.onLine?.(line, stream);
      });
      pending.push(new Promise((done) => lines.once('close', done)));
    }
    child.once('error', (error) => {
      clearTimeout(timer);
      run.signal.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.once('exit', (exitCode, signal) => {
      clearTimeout(timer);
      run.signal.removeEventListener('abort', onAbort);
      // Whatever the leader left running in its group goes with it.
      if (child.pid !== undefined) killGroup(child.pid, 'SIGKILL');
      if (killTimer !== undefined) clearTimeout(killTimer);
      void Promise.all(pending).then(() =>
        resolve({
          exitCode,
          signal,
          timedOut,
          cancelled,
          durationMs: performance.now() - started,
          tail,
        }),
      );
    });
  });
}
