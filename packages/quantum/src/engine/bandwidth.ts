/**
 * This machine's streaming memory bandwidth, measured by copying a buffer much larger than the
 * caches. Estimates turn passes into seconds with it, and the benchmark reports each pass
 * against it.
 */
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
