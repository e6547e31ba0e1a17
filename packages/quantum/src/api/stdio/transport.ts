/**
 * `qcirc engine`'s transport: standard input split into lines (at most MAX_LINE_BYTES each),
 * replies written to standard output one JSON object a line, after a first hello line. Logs go to
 * standard error only. End of input ends the engine once the runs in flight are answered.
 */
import { availableParallelism } from 'node:os';
import type { Readable, Writable } from 'node:stream';
import { KitErrors } from '@lab/server-kit/errors';
import { detectMemoryBudget } from '../../backends/memory.js';
import { createRegistry } from '../../backends/registry.js';
import { measureMemoryBandwidthOffThread, memoryBandwidth } from '../../engine/bandwidth.js';
import { jobErrorOf } from '../../jobs/job-error.js';
import { threadsPerJob } from '../../jobs/limits.js';
import { VERSION } from '../../version.js';
import { createEngine, type EngineMessage } from './engine.js';
import { MAX_LINE_BYTES, METHODS, PROTOCOL } from './protocol.js';
import { createRunPool } from './run-pool.js';

export interface EngineSettings {
  /** Runs at once, each on its own warm worker thread. */
  readonly concurrency: number;
}

const NEWLINE = 0x0a;

/**
 * Calls `onLine` with each line of `input` and `onTooLong` for each one over `maxBytes` (skipped
 * to its end without being held); resolves at the end of the input.
 */
export function readLines(
  input: Readable,
  maxBytes: number,
  onLine: (line: string) => void,
  onTooLong: () => void,
): Promise<void> {
  let parts: Buffer[] = [];
  let length = 0;
  let skipping = false;
  return new Promise((resolve, reject) => {
    input.on('data', (chunk: Buffer) => {
      let start = 0;
      for (let end = chunk.indexOf(NEWLINE); end >= 0; end = chunk.indexOf(NEWLINE, start)) {
        const piece = chunk.subarray(start, end);
        if (!skipping && length + piece.length <= maxBytes) {
          const line = Buffer.concat([...parts, piece]).toString('utf8');
          if (line.trim() !== '') onLine(line);
        } else if (!skipping) onTooLong();
        parts = [];
        length = 0;
        skipping = false;
        start = end + 1;
      }
      const rest = chunk.subarray(start);
      if (skipping || rest.length === 0) return;
      if (length + rest.length > maxBytes) {
        onTooLong();
        skipping = true;
        parts = [];
        length = 0;
        return;
      }
      parts.push(Buffer.from(rest));
      length += rest.length;
    });
    input.once('end', () => {
      if (!skipping && length > 0) onLine(Buffer.concat(parts).toString('utf8'));
      resolve();
    });
    input.once('error', reject);
  });
}

export async function serveEngine(
  settings: EngineSettings,
  input: Readable = process.stdin,
  output: Writable = process.stdout,
): Promise<void> {
  const send = (message: EngineMessage | Record<string, unknown>): void => {
    output.write(`${JSON.stringify(message)}\n`);
  };
  const log = (text: string): void => {
    process.stderr.write(`${text}\n`);
  };
  await measureMemoryBandwidthOffThread();
  const budget = detectMemoryBudget();
  const threads = threadsPerJob(settings.concurrency);
  const pool = createRunPool(settings.concurrency, {
    threads,
    memoryLimit: Math.floor(budget.bytes / settings.concurrency),
    memoryBandwidth: memoryBandwidth(),
  });
  const engine = createEngine({
    send,
    pool,
    backends: createRegistry({ memoryBudget: budget, threads, threadPerRun: true }),
    threads,
    log,
  });
  send({
    protocol: PROTOCOL,
    version: VERSION,
    methods: [...METHODS],
    max_line_bytes: MAX_LINE_BYTES,
    concurrency: settings.concurrency,
    cores: availableParallelism(),
    pid: process.pid,
  });
  await readLines(
    input,
    MAX_LINE_BYTES,
    (line) => engine.handleLine(line),
    () =>
      send({
        id: null,
        error: jobErrorOf(
          KitErrors.payloadTooLarge(
            { limitBytes: MAX_LINE_BYTES },
            { details: { limit_bytes: MAX_LINE_BYTES } },
          ),
        ),
      }),
  );
  await engine.drain();
  await pool.close();
}
