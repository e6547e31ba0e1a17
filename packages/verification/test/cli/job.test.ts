/**
 * `verifyctl job ...` and `verifyctl report`, the compiled binary against a real platform process
 * with authentication on and the real tools: submit --wait on a passing and a failing example with
 * their exit codes and JUnit files (checked against the JUnit schema with xmllint), the errors
 * that exit 2, Ctrl-C while waiting (with and without --cancel-on-interrupt), logs -f ending with
 * the job, and the other commands' answers. One platform for the file.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCUMULATOR,
  api,
  createProjectFrom,
  ENDLESS_SIMULATION,
  EXAMPLES,
  serveVerification,
  waitForJob,
  type ServiceProcess,
} from '../support/serve.js';
import { createToken, junitSchemaErrors, startVerifyctl, verifyctl } from '../support/verifyctl.js';

const gate = requireTools(['verilator', 'iverilog', 'vvp', 'xmllint']);

// Each test runs verifyctl processes, several at once: time for a loaded machine's start-ups.
describe.skipIf(gate.skip)(
  `verifyctl job and report${gate.skip ? ` (skipped: ${gate.reason})` : ''}`,
  { timeout: 60_000 },
  () => {
    let root: string;
    let server: ServiceProcess;
    let base: string;
    const tokens = { developer: '', viewer: '' };
    const projects = { counter: '', lintWarnings: '', endless: '' };
    /** The environment of a developer's verifyctl; `as` swaps the token. */
    let env: (token?: string) => NodeJS.ProcessEnv;
    const as = (token: string) => ({ authorization: `Bearer ${token}` });
    let passedJob: string;
    let failedJob: string;

    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), 'vp-cli-job-'));
      const dataDir = join(root, 'data');
      const admin = createToken(dataDir, 'admin', 'admin');
      server = await serveVerification(dataDir, [], { PLATFORM_AUTH_ENABLED: 'true' });
      base = server.url;
      for (const role of ['developer', 'viewer'] as const) {
        const created = await api<{ token: string }>(base, 'POST', '/tokens', {
          body: { name: role, role },
          headers: as(admin),
        });
        tokens[role] = created.body.token;
      }
      const dev = as(tokens.developer);
      [projects.counter, projects.lintWarnings, projects.endless] = await Promise.all([
        createProjectFrom(base, 'counter', join(EXAMPLES, 'counter'), 'counter', dev),
        createProjectFrom(base, 'lint-warnings', join(EXAMPLES, 'lint-warnings'), 'byte_checksum', dev),
        createProjectFrom(base, 'endless', ACCUMULATOR, 'acc', dev, ENDLESS_SIMULATION),
      ]);
      const origin = base.replace(/\/api\/v1$/, '');
      env = (token = tokens.developer) => ({
        VERIFY_URL: origin,
        VERIFY_TOKEN: token,
        XDG_CONFIG_HOME: join(root, 'config'),
      });
    });
    afterAll(async () => {
      // SIGTERM: a graceful stop kills the tools of jobs still running (a lint the last test submitted).
      await server?.stop();
      rmSync(root, { recursive: true, force: true });
    });

    it('submit --wait on a passing job: exit 0, the stages as plain lines, a summary, a schema-valid JUnit file', async () => {
      const junit = join(root, 'pass.xml');
      const run = await verifyctl(
        ['job', 'submit', '--project', projects.counter, '--stages', 'lint', '--wait', '--junit', junit],
        env(),
      );
      expect(run.code, run.stderr).toBe(0);
      passedJob = /^submitted (job_[0-9a-f]+)/m.exec(run.stderr)![1]!;
      // Not a terminal: one line per change, no cursor movement.
      expect(run.stderr).toMatch(/^\[ +[\d.]+s\] lint: passed \(\S+\)$/m);
      expect(run.stderr).not.toContain('\x1b[');
      expect(run.stdout).toMatch(new RegExp(`^job ${passedJob} passed in \\S+ \\(exit code 0\\)`));
      expect(run.stdout).toMatch(/^lint +passed +\S+ +0 errors, 0 warnings$/m);
      expect(run.stdout).toContain('tests 0 passed, 0 failed; properties 0 proven');
      expect(junitSchemaErrors(junit)).toBe('');
      expect(readFileSync(junit, 'utf8')).toContain('<testcase name="lint" classname="lint"/>');
    });

    it('submit --wait on a job that fails verification: exit 1, the failures in the JUnit file', async () => {
      const junit = join(root, 'fail.xml');
      const run = await verifyctl(
        [
          'job',
          'submit',
          '--project',
          projects.lintWarnings,
          '--stages',
          'lint',
          '--set',
          'lint.warnings_as_errors=true',
          '--junit',
          junit,
          '--follow',
        ],
        env(),
      );
      expect(run.code, run.stderr).toBe(1);
      failedJob = /^submitted (job_[0-9a-f]+)/m.exec(run.stderr)![1]!;
      expect(run.stdout).toContain('error: VERIFICATION_FAILED in lint: verilator reported 7 warning(s)');
      // --follow: the log lines, stage-prefixed, on standard output.
      expect(run.stdout).toMatch(/^\[lint\] %Warning-/m);
      expect(junitSchemaErrors(junit)).toBe('');
      expect(readFileSync(junit, 'utf8')).toMatch(/<testsuite name="lint" tests="7" failures="7"/);
    });

    it('exits 2 with one line naming the code: a refused --set, an unknown project, a viewer, no platform', async () => {
      const [badSet, unknown, viewer, unreachable] = await Promise.all([
        verifyctl(
          ['job', 'submit', '--project', projects.counter, '--set', 'formal.dept=3', '--wait'],
          env(),
        ),
        verifyctl(['job', 'submit', '--project', 'prj_0000000000000000', '--wait'], env()),
        verifyctl(['job', 'submit', '--project', projects.counter, '--stages', 'lint'], env(tokens.viewer)),
        verifyctl(['job', 'submit', '--project', projects.counter], {
          ...env(),
          VERIFY_URL: 'http://127.0.0.1:9',
        }),
      ]);
      expect(badSet.stderr).toMatch(/^verifyctl: VALIDATION_ERROR: .*config_overrides\.formal\.dept/m);
      expect(unknown.stderr).toMatch(/^verifyctl: NOT_FOUND: /m);
      expect(viewer.stderr).toMatch(/^verifyctl: FORBIDDEN: /m);
      expect(unreachable.stderr).toMatch(/^verifyctl: UNREACHABLE: /m);
      for (const run of [badSet, unknown, viewer, unreachable]) {
        expect(run.code, run.stderr).toBe(2);
        expect(run.stderr.trim().split('\n')).toHaveLength(1);
      }
    });

    it('Ctrl-C stops waiting and leaves the job running; cancel ends it; logs -f ends with it, exit 2', async () => {
      const submit = startVerifyctl(
        ['job', 'submit', '--project', projects.endless, '--stages', 'simulation', '--wait'],
        env(),
      );
      const jobId = /submitted (job_[0-9a-f]+)/.exec(await submit.stderrMatching(/simulation: running/))![1]!;
      submit.child.kill('SIGINT');
      const interrupted = await submit.done;
      expect(interrupted.code).toBe(2);
      expect(interrupted.stderr).toContain(`stopped waiting; ${jobId} goes on: verifyctl job show ${jobId}`);
      expect(
        (await api<{ status: string }>(base, 'GET', `/jobs/${jobId}`, { headers: as(tokens.viewer) })).body
          .status,
      ).toBe('running');

      const follow = startVerifyctl(
        ['job', 'logs', jobId, '-f', '--stage', 'simulation'],
        env(tokens.viewer),
      );
      const cancel = await verifyctl(['job', 'cancel', jobId], env());
      expect(cancel.code, cancel.stderr).toBe(0);
      expect(cancel.stdout).toMatch(new RegExp(`^${jobId} (cancelled|is being cancelled)`));
      const followed = await follow.done;
      expect(followed.code, followed.stderr).toBe(2);
      expect(followed.stdout.split('\n')[0]).toBe('[simulation] stage simulation started');
      expect(followed.stdout).not.toContain('[platform]');
    });

    it('--cancel-on-interrupt cancels the job on Ctrl-C and waits for it to end cancelled', async () => {
      const submit = startVerifyctl(
        [
          'job',
          'submit',
          '--project',
          projects.endless,
          '--stages',
          'simulation',
          '--wait',
          '--cancel-on-interrupt',
        ],
        env(),
      );
      const jobId = /submitted (job_[0-9a-f]+)/.exec(await submit.stderrMatching(/simulation: running/))![1]!;
      submit.child.kill('SIGINT');
      const run = await submit.done;
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toContain(`cancelling ${jobId}`);
      expect(run.stdout).toMatch(new RegExp(`^job ${jobId} cancelled`));
      const job = await waitForJob(base, jobId, undefined, 10_000, as(tokens.viewer));
      expect(job.status).toBe('cancelled');
    });

    it('list, show, logs, results (table, --stage, --output junit) and --json', async () => {
      const [list, show, logs, tail, results, stage, messages, junit, submitted] = await Promise.all([
        // The project from VERIFY_PROJECT, as a CI job's environment gives it.
        verifyctl(['job', 'list'], { ...env(tokens.viewer), VERIFY_PROJECT: projects.counter }),
        verifyctl(['job', 'show', passedJob], env(tokens.viewer)),
        verifyctl(['job', 'logs', passedJob, '-f'], env(tokens.viewer)),
        verifyctl(['job', 'logs', passedJob, '--tail', '2', '--json'], env(tokens.viewer)),
        verifyctl(['job', 'results', passedJob], env(tokens.viewer)),
        verifyctl(['job', 'results', passedJob, '--stage', 'lint', '--json'], env(tokens.viewer)),
        verifyctl(['job', 'results', failedJob, '--stage', 'lint'], env(tokens.viewer)),
        verifyctl(['job', 'results', passedJob, '--output', 'junit'], env()),
        verifyctl(['job', 'submit', '--project', projects.counter, '--stages', 'lint', '--json'], env()),
      ]);
      for (const run of [list, show, logs, tail, results, stage, messages, junit, submitted])
        expect(run.code, run.stderr).toBe(0);
      expect(list.stdout).toMatch(/^JOB +STATUS +STAGES +SUBMITTED +DURATION$/m);
      expect(list.stdout).toMatch(new RegExp(`^${passedJob} +passed +lint +\\S+ +\\S+$`, 'm'));
      expect(show.stdout).toMatch(/^status: +passed$/m);
      expect(show.stdout).toMatch(/^lint +passed +\S+/m);
      // -f on an ended job: its whole log, then the exit code of how it ended.
      expect(logs.stdout).toMatch(/^\[platform\] job started \(attempt 1\)/);
      expect(logs.stdout.trimEnd().split('\n').at(-1)).toBe('[platform] job passed');
      expect((JSON.parse(tail.stdout) as { logs: unknown[] }).logs).toHaveLength(2);
      expect(results.stdout).toMatch(/^lint +passed +\S+ +0 errors, 0 warnings$/m);
      expect(JSON.parse(stage.stdout)).toMatchObject({ status: 'passed', warnings: 0, errors: 0 });
      // One stage in full: its fields, then its lint messages as a table.
      expect(messages.stdout).toMatch(/^status: +failed$/m);
      expect(messages.stdout).toMatch(/^messages:\nSEVERITY +CODE +FILE +LINE +COLUMN +MESSAGE/m);
      expect(messages.stdout.match(/^warning +\w+ +rtl\/checksum\.sv +\d+/gm)).toHaveLength(7);
      const file = join(root, 'results.xml');
      writeFileSync(file, junit.stdout);
      expect(junitSchemaErrors(file)).toBe('');
      expect(JSON.parse(submitted.stdout)).toMatchObject({ status: 'queued', stages: ['lint'] });
    });

    it('report writes a file, refuses to overwrite one unless --force, and writes to stdout with -o -', async () => {
      const file = join(root, 'report.md');
      const first = await verifyctl(
        ['report', '--job', passedJob, '--format', 'markdown', '-o', file],
        env(),
      );
      expect(first.code, first.stderr).toBe(0);
      expect(readFileSync(file, 'utf8')).toMatch(/^# /);
      const [again, forced, stdout] = await Promise.all([
        verifyctl(['report', '--job', passedJob, '--format', 'json', '-o', file], env()),
        verifyctl(
          ['report', '--job', passedJob, '--format', 'json', '-o', join(root, 'r.json'), '--force', '--json'],
          env(),
        ),
        verifyctl(['report', '--job', passedJob, '--format', 'junit', '-o', '-'], env()),
      ]);
      expect(again.code).toBe(2);
      expect(again.stderr).toMatch(/^verifyctl: BAD_INPUT: .*the file exists \(--force overwrites it\)/);
      expect(readFileSync(file, 'utf8')).toMatch(/^# /);
      expect(forced.code, forced.stderr).toBe(0);
      expect(JSON.parse(forced.stdout)).toMatchObject({ job_id: passedJob, format: 'json' });
      expect(existsSync(join(root, 'r.json'))).toBe(true);
      expect(stdout.stdout).toMatch(/^<\?xml/);
    });
  },
);
