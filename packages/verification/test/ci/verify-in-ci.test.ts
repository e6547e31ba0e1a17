/**
 * The CI recipes of ci/: verify-in-ci.sh run end to end, as a CI job runs it (bash, the built
 * verifyctl, the token in the environment), against a real platform process with authentication
 * on: a passing and a failing example with their exit codes and JUnit files, a missing setting,
 * and the token never printed, even under `bash -x`. The YAML recipes are parsed and checked to
 * run the script and hand its JUnit file to the CI system; the Jenkinsfile to do the same.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { api, EXAMPLES, serveVerification, VERIFYCTL, type ServiceProcess } from '../support/serve.js';
import { createToken, junitSchemaErrors } from '../support/verifyctl.js';

const CI = fileURLToPath(new URL('../../ci/', import.meta.url));
const SCRIPT = join(CI, 'verify-in-ci.sh');
const gate = requireTools(['verilator', 'xmllint']);

interface ScriptRun {
  code: number | null;
  output: string;
}

/** Runs the script with `env` as a CI job's environment (PATH and HOME kept); `bashArgs` before it. */
function runScript(
  env: Record<string, string>,
  args: string[] = [],
  bashArgs: string[] = [],
): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [...bashArgs, SCRIPT, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

describe.skipIf(gate.skip)(
  `ci/verify-in-ci.sh against a platform${gate.skip ? ` (skipped: ${gate.reason})` : ''}`,
  { timeout: 60_000 },
  () => {
    let root: string;
    let server: ServiceProcess;
    let settings: Record<string, string>;
    const projects = { counter: '', lintWarnings: '' };

    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), 'vp-ci-'));
      const dataDir = join(root, 'data');
      const token = createToken(dataDir, 'ci', 'developer');
      server = await serveVerification(dataDir, [], { PLATFORM_AUTH_ENABLED: 'true' });
      const headers = { authorization: `Bearer ${token}` };
      const create = async (name: string, top: string) =>
        (
          await api<{ id: string }>(server.url, 'POST', '/projects', {
            body: { name, top_module: top, target_pdk: 'sky130A' },
            headers,
          })
        ).body.id;
      [projects.counter, projects.lintWarnings] = await Promise.all([
        create('counter', 'counter'),
        create('lint-warnings', 'byte_checksum'),
      ]);
      settings = {
        VERIFY_URL: server.url.replace(/\/api\/v1$/, ''),
        VERIFY_TOKEN: token,
        VERIFY_STAGES: 'lint',
        VERIFYCTL,
        XDG_CONFIG_HOME: join(root, 'config'),
      };
    });
    afterAll(async () => {
      await server?.stop();
      rmSync(root, { recursive: true, force: true });
    });

    /** The script on an example uploaded to its project, its JUnit file under `root`. */
    const runExample = (example: keyof typeof projects, args: string[] = [], bashArgs: string[] = []) => {
      const junit = join(root, `${example}.xml`);
      const dir = example === 'counter' ? 'counter' : 'lint-warnings';
      const run = runScript(
        {
          ...settings,
          VERIFY_PROJECT: projects[example],
          VERIFY_SOURCE: join(EXAMPLES, dir),
          VERIFY_JUNIT: junit,
        },
        args,
        bashArgs,
      );
      return { junit, run };
    };

    it('uploads, runs the job and exits 0 with a schema-valid JUnit file, the token never printed under bash -x', async () => {
      const { junit, run: running } = runExample('counter', [], ['-x']);
      const run = await running;
      expect(run.code, run.output).toBe(0);
      expect(run.output).toMatch(/^uploaded \d+ files to /m);
      expect(run.output).toMatch(/^job job_[0-9a-f]+ passed in /m);
      expect(run.output).not.toContain(settings.VERIFY_TOKEN);
      expect(junitSchemaErrors(junit)).toBe('');
    });

    it('passes its arguments to job submit and the exit code 1 of a failed verification through', async () => {
      const { junit, run: running } = runExample('lintWarnings', ['--set', 'lint.warnings_as_errors=true']);
      const run = await running;
      expect(run.code, run.output).toBe(1);
      expect(junitSchemaErrors(junit)).toBe('');
      expect(readFileSync(junit, 'utf8')).toMatch(/<testsuite name="lint" tests="7" failures="7"/);
    });

    it('exits 2 naming what is missing, and when the platform refuses the token', async () => {
      const withoutToken = Object.fromEntries(
        Object.entries(settings).filter(([name]) => name !== 'VERIFY_TOKEN'),
      );
      const [missing, refused] = await Promise.all([
        runScript({ ...withoutToken, VERIFY_PROJECT: projects.counter }),
        runScript({
          ...settings,
          VERIFY_TOKEN: 'vp_not-a-token',
          VERIFY_PROJECT: projects.counter,
          VERIFY_SOURCE: join(EXAMPLES, 'counter'),
        }),
      ]);
      expect(missing.code).toBe(2);
      expect(missing.output).toContain('verify-in-ci: VERIFY_TOKEN is not set');
      expect(refused.code).toBe(2);
      expect(refused.output).toMatch(/^verifyctl: UNAUTHORIZED: /m);
    });
  },
);

describe('the CI recipes', () => {
  const read = (name: string) => readFileSync(join(CI, name), 'utf8');

  it('GitHub Actions: runs the script with the token from a secret and keeps the JUnit file', () => {
    const workflow = parse(read('github-actions.yml')) as {
      jobs: Record<
        string,
        { steps: { run?: string; env?: Record<string, string>; with?: { path?: string } }[] }
      >;
    };
    const steps = workflow.jobs.verify!.steps;
    const verify = steps.find((step) => step.run === 'ci/verify-in-ci.sh')!;
    expect(verify.env).toMatchObject({ VERIFY_TOKEN: '${{ secrets.VERIFY_TOKEN }}' });
    expect(steps.some((step) => step.with?.path === verify.env!.VERIFY_JUNIT)).toBe(true);
  });

  it('GitLab CI: runs the script and reports its JUnit file', () => {
    const config = parse(read('gitlab-ci.yml')) as {
      verification: {
        script: string[];
        variables: Record<string, string>;
        artifacts: { when: string; reports: { junit: string } };
      };
    };
    const job = config.verification;
    expect(job.script).toEqual(['ci/verify-in-ci.sh']);
    expect(job.variables).not.toHaveProperty('VERIFY_TOKEN');
    expect(job.artifacts).toEqual({ when: 'always', reports: { junit: job.variables.VERIFY_JUNIT } });
  });

  it('Jenkins: the token from credentials, the exit codes told apart, the junit step on the same file', () => {
    const pipeline = read('Jenkinsfile');
    const junit = /VERIFY_JUNIT = '([^']+)'/.exec(pipeline)![1]!;
    expect(pipeline).toContain(
      "withCredentials([string(credentialsId: 'verify-token', variable: 'VERIFY_TOKEN')])",
    );
    expect(pipeline).toContain("sh(script: 'ci/verify-in-ci.sh', returnStatus: true)");
    expect(pipeline).toContain(`junit testResults: '${junit}'`);
  });
});
