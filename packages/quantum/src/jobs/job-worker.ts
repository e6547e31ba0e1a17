/**
 * The worker thread of one job (see runner.ts): builds the circuit from the request, runs it on
 * its backend and posts progress, then the result's JSON or the error. The simulation blocks this
 * thread, which is why it is not the service's.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createRegistry } from '../backends/registry.js';
import { adoptMemoryBandwidth } from '../engine/bandwidth.js';
import { runFailure } from './job-error.js';
import { buildCircuit, runOptions } from './program.js';
import type { JobWorkerInput, JobWorkerMessage } from './runner.js';

const post = (message: JobWorkerMessage): void => parentPort!.postMessage(message);

async function runJob({
  request,
  threads,
  memoryBytes,
  memoryBandwidth,
}: JobWorkerInput): Promise<JobWorkerMessage> {
  adoptMemoryBandwidth(memoryBandwidth);
  try {
    // The budget is what the service reserved for this run, so the plan is the one it estimated.
    const backends = createRegistry({ memoryLimit: memoryBytes, threads, threadPerRun: true });
    const circuit = buildCircuit(request);
    const options = runOptions(request, {
      threads,
      onProgress: (fraction) => post({ type: 'progress', fraction }),
    });
    const result = await backends.get(request.backend).run(circuit, options).result();
    return { type: 'completed', result: result.toJSON() };
  } catch (error) {
    return { type: 'failed', ...runFailure(error) };
  }
}

post(await runJob(workerData as JobWorkerInput));
