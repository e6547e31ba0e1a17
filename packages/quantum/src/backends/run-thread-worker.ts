/**
 * The worker thread of one library run (see run-thread.ts): rebuilds the circuit from its JSON
 * form, runs it on a local simulator with the caller's budget and threads, and posts progress,
 * then the result's data or the error.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { circuitFromJson } from '../circuit/json.js';
import { adoptMemoryBandwidth } from '../engine/bandwidth.js';
import { LocalSimulator } from './local-simulator.js';
import { threadErrorOf, type RunThreadInput, type RunThreadMessage } from './run-thread.js';

const post = (message: RunThreadMessage): void => parentPort!.postMessage(message);

async function run({ circuit, options, simulator, memoryBandwidth, progress }: RunThreadInput) {
  adoptMemoryBandwidth(memoryBandwidth);
  try {
    // This thread is the run's own, so its memory counts against the budget.
    const backend = new LocalSimulator({ ...simulator, threadPerRun: true });
    const result = await backend
      .run(circuitFromJson(circuit), {
        ...options,
        ...(progress ? { onProgress: (fraction: number) => post({ type: 'progress', fraction }) } : {}),
      })
      .result();
    post({ type: 'completed', data: result.data });
  } catch (error) {
    post({ type: 'failed', error: threadErrorOf(error) });
  }
}

await run(workerData as RunThreadInput);
