/** The host's limits a VM definition is checked against. */
import { availableParallelism, totalmem } from 'node:os';

export interface HostLimits {
  /** Logical CPUs: the most vCPUs one VM may have. */
  threads: number;
  memoryBytes: number;
}

export function hostLimits(): HostLimits {
  return { threads: availableParallelism(), memoryBytes: totalmem() };
}
