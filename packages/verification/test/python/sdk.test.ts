/**
 * The Python SDK (python/) as its users get it: the wheel built with `python -m build`, installed
 * into a new virtual environment, and its pytest suite (python/tests/) run from that installed copy
 * against the compiled platform, authentication on, with a token of each role. Each pytest case is
 * a test here, named after it, so `npm test` counts them and a failing case fails with its message.
 *
 * The build tools, pytest and the SDK's dependencies come from the environment scripts/python-env.mjs
 * keeps under .cache/ (made from python/requirements.txt on first use, from the registry); the new
 * environment installs from that environment's downloaded wheels, with no index. pytest runs while
 * this file is collected (top-level await), since its cases are known only then.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  installWheelInNewEnvironment,
  PYTHON_STEP_MS as STEP_MS,
  requireTools,
  setUpAtCollection,
  timedStep as step,
} from '@lab/server-kit/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { parseJUnit, type JUnitCase } from '../../src/engine/simulation/junit.js';
import { api, EXAMPLES, serveVerification, VERIFYCTL, type ServiceProcess } from '../support/serve.js';

const run = promisify(execFile);
const PYTHON_DIR = fileURLToPath(new URL('../../python/', import.meta.url));
// Lint jobs of the examples need Verilator.
const gate = requireTools(['python3', 'verilator']);

interface SuiteRun {
  cases: JUnitCase[];
  /** pytest's exit status: 0 all passed, 1 some failed; anything else is pytest's own failure. */
  exitCode: number;
  output: string;
  seconds: Record<string, number>;
}

let server: ServiceProcess | undefined;
let root: string | undefined;

/** The platform, authentication on, one job at a time, small limits; answers a token of each role. */
async function startPlatform(work: string, seconds: Record<string, number>): Promise<Record<string, string>> {
  return step(seconds, 'platform', async () => {
    const dataDir = join(work, 'data');
    const { stdout } = await run(process.execPath, [
      ...[VERIFYCTL, 'token', 'create', '--name', 'admin', '--role', 'admin', '--data-dir', dataDir],
    ]);
    const tokens: Record<string, string> = { admin: stdout.trim() };
    // The limits the pytest suite reaches on purpose (python/tests/conftest.py).
    const limits = ['--upload-max-bytes', '1048576', '--job-submissions-per-hour', '20'];
    server = await serveVerification(dataDir, ['--workers', '1', '--auth-enabled', ...limits], {
      PLATFORM_WEBHOOK_ALLOW_PRIVATE: 'true',
    });
    for (const role of ['developer', 'viewer']) {
      const answer = await api<{ token: string }>(server.url, 'POST', '/tokens', {
        body: { name: role, role },
        headers: { authorization: `Bearer ${tokens.admin}` },
      });
      if (answer.status !== 201) throw new Error(`no ${role} token: ${JSON.stringify(answer.body)}`);
      tokens[role] = answer.body.token;
    }
    return tokens;
  });
}

async function runSuite(): Promise<SuiteRun> {
  const seconds: Record<string, number> = {};
  root = mkdtempSync(join(tmpdir(), 'vp-python-sdk-'));
  const work = root;
  const [python, tokens] = await Promise.all([
    installWheelInNewEnvironment({
      projectDir: PYTHON_DIR,
      wheel: 'verification_platform-0.4.0-py3-none-any.whl',
      environmentName: 'verification-sdk',
      work,
      seconds,
      pipArgs: ['pytest'],
    }).then(({ python }) => python),
    startPlatform(work, seconds),
  ]);
  const junit = join(work, 'pytest.xml');
  const pytest = await step(
    seconds,
    'pytest',
    () =>
      new Promise<{ exitCode: number; output: string }>((resolve) => {
        execFile(
          python,
          ['-m', 'pytest', '-p', 'no:cacheprovider', '-q', '--junitxml', junit, 'tests'],
          {
            cwd: PYTHON_DIR,
            timeout: STEP_MS,
            maxBuffer: 16 << 20,
            env: {
              ...process.env,
              // The tests are read from the source tree, which stays as it was.
              PYTHONDONTWRITEBYTECODE: '1',
              VP_TEST_URL: new URL(server!.url).origin,
              VP_TEST_ADMIN_TOKEN: tokens.admin,
              VP_TEST_DEVELOPER_TOKEN: tokens.developer,
              VP_TEST_VIEWER_TOKEN: tokens.viewer,
              VP_TEST_EXAMPLES: EXAMPLES,
            },
          },
          (error, stdout, stderr) =>
            resolve({ exitCode: error === null ? 0 : Number(error.code ?? -1), output: stdout + stderr }),
        );
      }),
  );
  // Stopped now rather than after the tests, which only read the report.
  await server!.stop('SIGKILL');
  server = undefined;
  let cases: JUnitCase[] = [];
  try {
    cases = parseJUnit(readFileSync(junit, 'utf8'));
  } catch {
    // No report: pytest failed before running anything; its exit status and output say why.
  }
  return { cases, ...pytest, seconds };
}

const { value: suite, error: setupError } = await setUpAtCollection(gate.skip, runSuite);

afterAll(async () => {
  await server?.stop('SIGKILL');
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
});

describe.skipIf(gate.skip)(`Python SDK (pytest)${gate.skip ? ` (skipped: ${gate.reason})` : ''}`, () => {
  it('builds the wheel, installs it and runs its pytest suite', () => {
    if (setupError !== undefined) throw setupError;
    console.log(
      `Python SDK: ${suite!.cases.length} pytest cases; seconds: ${JSON.stringify(suite!.seconds)}`,
    );
    // The failing cases' tracebacks, which their tests below give only the first line of.
    if (suite!.exitCode !== 0) console.log(suite!.output);
    expect([0, 1], `pytest ended with ${suite!.exitCode}:\n${suite!.output}`).toContain(suite!.exitCode);
    expect(suite!.cases.length).toBeGreaterThan(20);
  });

  for (const testCase of suite?.cases ?? []) {
    const test = testCase.status === 'skipped' ? it.skip : it;
    test(testCase.name, () => {
      if (testCase.status === 'failed') throw new Error(testCase.reason ?? 'failed');
    });
  }
});
