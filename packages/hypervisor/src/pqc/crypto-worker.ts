/**
 * The worker thread of one PQC task from the pool (crypto-pool.ts): a benchmark of one algorithm,
 * a self-test on request, or an SLH-DSA key generation. The task comes as workerData; each partial
 * result is posted as it is made, then the outcome once, and the thread ends.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { performTask, type CryptoTask, type WorkerMessage } from './crypto-tasks.js';

const post = (message: WorkerMessage): void => parentPort?.postMessage(message);

post({
  type: 'done',
  outcome: performTask(workerData as CryptoTask, (value) => post({ type: 'partial', value })),
});
