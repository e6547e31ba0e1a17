/**
 * The worker thread of the PQC work that takes long enough to stall the API: benchmarks,
 * self-tests on request, and SLH-DSA key generation. One task per worker, given as workerData;
 * the answer is posted back once.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { CryptoTask } from './crypto-tasks.js';
import { performTask } from './crypto-tasks.js';

parentPort?.postMessage(performTask(workerData as CryptoTask));
