// What the benchmarks share: the median of their rounds and the description of the machine. They start the service with
// serveHypervisor from packages/hypervisor/test/support/serve.ts, as the tests do.

import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/** The middle value; the mean of the two middle ones for an even count. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The nearest-rank percentile `p` (0–100) of `values`. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
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

/**
 * Resolves when `marker` is in `file` (a guest's serial log), reading only what was appended since
 * the last look, every `pollMs`; rejects after `timeoutMs`.
 */
export async function waitForMarker(
  file: string,
  marker: string,
  timeoutMs: number,
  pollMs: number,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  let text = '';
  let offset = 0;
  while (performance.now() < deadline) {
    let size = 0;
    try {
      size = statSync(file).size;
    } catch {
      // QEMU has not created the log yet.
    }
    if (size > offset) {
      const buffer = Buffer.alloc(size - offset);
      const fd = openSync(file, 'r');
      try {
        offset += readSync(fd, buffer, 0, buffer.length, offset);
      } finally {
        closeSync(fd);
      }
      text += buffer.toString('latin1');
      if (text.includes(marker)) return;
    }
    await sleep(pollMs);
  }
  throw new Error(`no '${marker}' in ${file} within ${timeoutMs} ms`);
}
