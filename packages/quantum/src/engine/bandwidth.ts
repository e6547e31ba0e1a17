/**
 * This machine's streaming memory bandwidth, measured by copying a buffer much larger than the
 * caches. Estimates turn passes into seconds with it, and the benchmark reports each pass
 * against it.
 */
import { spawnWorker } from '@lab/server-kit/system';

const COPY_BYTES = 128 * 1024 * 1024;
let measured: number | undefined;

/** Bytes moved (read plus written) per second by a large copy; best of `rounds`. */
export function measureMemoryBandwidth(rounds = 3, bytes = COPY_BYTES): number {
  const source = new Float64Array(bytes / 8).fill(1);
  const target = new Float64Array(bytes / 8);
  let best = Infinity;
  for (let i = 0; i < rounds; i += 1) {
    const start = process.hrtime.bigint();
    target.set(source);
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e9);
  }
  return (2 * bytes) / best;
}

/**
 * Adopts a figure measured by another thread of this process (a job's worker gets the service's),
 * sparing the 0.2 s and the 256 MiB of a second measurement.
 */
export function adoptMemoryBandwidth(bytesPerSecond: number): void {
  measured = bytesPerSecond;
}

/** The bandwidth, measured once per process (about 0.2 s) on first use. */
export function memoryBandwidth(): number {
  measured ??= measureMemoryBandwidth();
  return measured;
}

/**
 * Measures on a short-lived worker thread, once per process, and adopts the figure. The service
 * does this at start: measured on its own thread, the copy's 256 MiB would stay resident until a
 * garbage collection, unaccounted for in the memory budget; a thread's memory leaves with it.
 */
export async function measureMemoryBandwidthOffThread(): Promise<void> {
  if (measured !== undefined) return;
  const worker = spawnWorker('./bandwidth-worker', import.meta.url);
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  const figure = await new Promise<number>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await exited;
  measured ??= figure;
}
