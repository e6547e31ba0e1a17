/** Size and use of the filesystem a directory is on, as `df` reports them (statfs(2)). */
import { statfsSync } from 'node:fs';
import { HvErrors } from '../../errors.js';

export interface FilesystemUsage {
  totalBytes: number;
  /** Blocks in use, as df's Used. */
  usedBytes: number;
  /**
   * Blocks an unprivileged writer may still use, as df's Avail; blocks reserved for root are in
   * neither, so used + free can be less than total.
   */
  freeBytes: number;
}

export function filesystemUsage(path: string): FilesystemUsage {
  let stats;
  try {
    stats = statfsSync(path);
  } catch (error) {
    throw HvErrors.hostReadFailed({ path, reason: (error as Error).message }, { cause: error });
  }
  return {
    totalBytes: stats.blocks * stats.bsize,
    usedBytes: (stats.blocks - stats.bfree) * stats.bsize,
    freeBytes: stats.bavail * stats.bsize,
  };
}
