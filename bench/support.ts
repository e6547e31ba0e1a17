// What the benchmarks share: the median of their rounds, and the compiled hvctl service they start.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServiceProcess, type ServiceProcess } from '../packages/server-kit/src/testing/index.js';

/** The middle value; the mean of the two middle ones for an even count. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** `hvctl` as deployed: the compiled binary (npm run bench builds first). */
export const HVCTL = fileURLToPath(new URL('../packages/hypervisor/bin/hvctl.js', import.meta.url));

/**
 * `hvctl serve` in its own process over `dir` (`dir/data`, `dir/run`), on a free port, with the
 * benchmark's own settings after (`--driver simulated`, `--boot-dir ...`).
 */
export function serveHypervisor(dir: string, args: readonly string[]): Promise<ServiceProcess> {
  return startServiceProcess(HVCTL, [
    'serve',
    '--port',
    '0',
    '--data-dir',
    join(dir, 'data'),
    '--run-dir',
    join(dir, 'run'),
    ...args,
  ]);
}
