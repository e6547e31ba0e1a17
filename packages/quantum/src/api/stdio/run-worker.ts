/**
 * A warm worker of the engine's run pool (run-pool.ts): unlike a REST job's worker, it stays up
 * and runs one request after another, so its backend, its compiled code and the simulator's own
 * thread pool are ready for the next run. Each run is checked and executed as a REST job is
 * (`checkedCircuit`, `runOptions`) and answered with the REST result record (`Result.toJSON`).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createRegistry } from '../../backends/registry.js';
import { adoptMemoryBandwidth } from '../../engine/bandwidth.js';
import { runFailure } from '../../jobs/job-error.js';
import { checkedCircuit, runOptions } from '../../jobs/program.js';
import type { JobWorkerMessage } from '../../jobs/runner.js';
import type { EngineRun, EngineWorkerInput } from './run-pool.js';

const input = workerData as EngineWorkerInput;
adoptMemoryBandwidth(input.memoryBandwidth);
const backends = createRegistry({
  memoryLimit: input.memoryLimit,
  threads: input.threads,
  threadPerRun: true,
});
const port = parentPort!;

async function execute({ request, options }: EngineRun): Promise<JobWorkerMessage> {
  try {
    const backend = backends.get(request.backend);
    const threads = options.threads ?? input.threads;
    // Checked as a REST job is before it is queued: the same limits, the same errors (the
    // backend's own checks, memory included, run as it prepares the run).
    const circuit = checkedCircuit(request);
    const run = runOptions(request, {
      threads,
      onProgress: (fraction) => port.postMessage({ type: 'progress', fraction }),
    });
    const result = await backend
      .run(circuit, options.fusion === undefined ? run : { ...run, fusion: options.fusion })
      .result();
    return { type: 'completed', result: result.toJSON() };
  } catch (error) {
    return { type: 'failed', ...runFailure(error) };
  }
}

port.on('message', (run: EngineRun) => {
  void execute(run).then((message) => port.postMessage(message));
});
