// What the benchmarks share: the median of their rounds, and the compiled hvctl binary they start.
import { fileURLToPath } from 'node:url';

/** The middle value; the mean of the two middle ones for an even count. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** `hvctl` as deployed: the compiled binary (npm run bench builds first). */
export const HVCTL = fileURLToPath(new URL('../packages/hypervisor/bin/hvctl.js', import.meta.url));
