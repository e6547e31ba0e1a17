/**
 * Tools left running by a service that was killed (`kill -9` cannot take its children with it):
 * found by their working directory, which is always inside the job's directory, and killed with
 * their process groups before the job runs again.
 */
import { readdirSync, readlinkSync } from 'node:fs';
import { sep } from 'node:path';

/** Pids of the processes whose working directory is `dir` or below it. */
export function processesUnder(dir: string): number[] {
  const prefix = dir.endsWith(sep) ? dir : dir + sep;
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cwd = readlinkSync(`/proc/${entry}/cwd`);
      if (cwd === dir || cwd.startsWith(prefix)) found.push(Number(entry));
    } catch {
      // gone, or not ours to look at
    }
  }
  return found;
}

/** SIGKILLs every process below `dir` and its group; answers how many were found. */
export function killProcessesUnder(dir: string): number {
  const pids = processesUnder(dir);
  for (const pid of pids) {
    for (const target of [-pid, pid]) {
      try {
        process.kill(target, 'SIGKILL');
      } catch {
        // not a group leader, or already gone
      }
    }
  }
  return pids.length;
}
