/**
 * `verifyctl serve`'s own settings, the compiled binary: the rate limits of the spec's Limits table
 * as flags and `PLATFORM_` variables, checked at start-up and applied to the answers' quotas.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveVerification, VERIFYCTL, type ServiceProcess } from '../support/serve.js';

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'verifyctl-serve-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function serveOnce(args: readonly string[], env: NodeJS.ProcessEnv = {}) {
  const run = spawnSync(
    process.execPath,
    [VERIFYCTL, 'serve', '--port', '0', '--data-dir', join(root, 'refused'), ...args],
    // A setting wrongly accepted starts a server: the time-out ends it rather than the test run.
    { encoding: 'utf8', timeout: 15_000, killSignal: 'SIGKILL', env: { ...process.env, ...env } },
  );
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The quotas one answer reports: a read's per-minute one, a job submission's per-project one. */
async function quotas(server: ServiceProcess) {
  const read = await fetch(`${server.url}/health`);
  const submit = await fetch(`${server.url}/projects/prj_0000000000000000/jobs`, { method: 'POST' });
  return {
    perMinute: read.headers.get('x-ratelimit-limit'),
    perProjectHour: submit.headers.get('x-ratelimit-limit'),
  };
}

describe('verifyctl serve rate-limit settings', () => {
  it('lists both limits with their variables and the spec’s defaults', () => {
    const help = spawnSync(process.execPath, [VERIFYCTL, 'serve', '--help'], { encoding: 'utf8' }).stdout;
    expect(help).toMatch(/--requests-per-minute <n>[\s\S]*default 300[\s\S]*PLATFORM_REQUESTS_PER_MINUTE/);
    expect(help).toMatch(
      /--job-submissions-per-hour <n>[\s\S]*default 60[\s\S]*PLATFORM_JOB_SUBMISSIONS_PER_HOUR/,
    );
  });

  it.each([
    [['--requests-per-minute', '0'], {}, 'requestsPerMinute'],
    [[], { PLATFORM_REQUESTS_PER_MINUTE: 'many' }, 'requestsPerMinute'],
    [['--job-submissions-per-hour', '-1'], {}, 'jobSubmissionsPerHour'],
    [[], { PLATFORM_JOB_SUBMISSIONS_PER_HOUR: '0' }, 'jobSubmissionsPerHour'],
  ])('refuses %j %j at start-up with exit code 2 naming the setting', (args, env, setting) => {
    const run = serveOnce(args, env);
    expect(run.status, run.stderr).toBe(2);
    expect(run.stderr).toContain('INVALID_CONFIG');
    expect(run.stderr).toContain(setting);
  });

  it('answers with the spec’s quotas by default and with raised ones from a flag or a variable', async () => {
    const defaults = await serveVerification(join(root, 'defaults'));
    try {
      expect(await quotas(defaults)).toEqual({ perMinute: '300', perProjectHour: '60' });
    } finally {
      await defaults.stop();
    }
    const raised = await serveVerification(join(root, 'raised'), ['--requests-per-minute', '100000'], {
      PLATFORM_JOB_SUBMISSIONS_PER_HOUR: '5000',
    });
    try {
      expect(await quotas(raised)).toEqual({ perMinute: '100000', perProjectHour: '5000' });
    } finally {
      await raised.stop();
    }
  });
});
