/** Measures the memory bandwidth on its own thread and posts it (see measureMemoryBandwidthOffThread). */
import { parentPort } from 'node:worker_threads';
import { measureMemoryBandwidth } from './bandwidth.js';

parentPort?.postMessage(measureMemoryBandwidth());
