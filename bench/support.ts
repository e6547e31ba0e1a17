// What the benchmarks share: the median of their rounds and the description of the machine. They start the service with
// serveHypervisor from packages/hypervisor/test/support/serve.ts, as the tests do.

import { cpus, loadavg, totalmem } from 'node:os';

/** The middle value; the mean of the two middle ones for an even count. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The machine a report's figures come from: cores, CPU model, memory, Node. */
export function machineDescription(): string {
  return (
    `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ` +
    `${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`
  );
}

/** The one-minute load average before a run (`before`) and now, for a report. */
export function loadAverage(before: number): string {
  return `load average ${before.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after`;
}
