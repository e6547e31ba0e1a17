/** /proc readings, taken of this test's own process and of a child it starts and ends. */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  clockTicksPerSecond,
  processArguments,
  processGone,
  processUsage,
} from '../../../src/drivers/qemu/process-info.js';

describe('process-info', () => {
  it("reads a process's CPU time and resident memory", async () => {
    // Spend 200 ms of CPU (not of wall time: the machine may be busy), then compare with Node's count.
    const before = await processUsage(process.pid);
    const start = process.cpuUsage();
    let spent = 0;
    while (spent < 200_000) {
      Math.sqrt(Math.random());
      const used = process.cpuUsage(start);
      spent = used.user + used.system;
    }
    const after = await processUsage(process.pid);
    const total = process.cpuUsage(start);
    // /proc counts in ticks of 10 ms, and the reads themselves cost a little.
    expect(after.cpuTimeMs - before.cpuTimeMs).toBeGreaterThanOrEqual(180);
    expect(after.cpuTimeMs - before.cpuTimeMs).toBeLessThanOrEqual((total.user + total.system) / 1000 + 30);
    expect(after.memoryBytes).toBeGreaterThan(10 * 1024 * 1024);
    expect(await clockTicksPerSecond()).toBe(100);
  });

  it('sees a process end, zombie or reaped, and has no arguments for it', async () => {
    const child = spawn('sleep', ['30']);
    const pid = child.pid as number;
    expect(processGone(pid)).toBe(false);
    expect(await processArguments(pid)).toEqual(['sleep', '30']);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    expect(processGone(pid)).toBe(true);
    expect(await processArguments(pid)).toBeNull();
    await expect(processUsage(pid)).rejects.toThrow(/ENOENT/);
  });
});
