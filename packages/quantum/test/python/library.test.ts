/**
 * The Python library (python/) as its users get it: the wheel built with `python -m build` (its
 * build hook bundles the engine), installed into a new virtual environment that holds nothing
 * else, and the spec's example run there on the local engine (the bundle and Node.js only) and
 * through a running `qcirc serve`. Then the whole pytest suite (python/tests/, the adapters'
 * tests included) runs against that installed copy, each case reported as a test here, and
 * `mypy --strict` checks the installed package.
 *
 * The build tools, pytest, mypy, qiskit, qiskit-aer and cirq-core come from the environment
 * scripts/python-env.mjs keeps under .cache/ (from python/requirements.txt). The suite sees them
 * through a .pth file in the new environment, after its own site-packages, so the `qcirc` it
 * imports is the installed one, and nothing is installed twice. pytest runs while this file is
 * collected (top-level await), since its cases are known only then.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  installWheelInNewEnvironment,
  junitCases,
  outcome as outcomeOf,
  PYTHON_STEP_MS as STEP_MS,
  requireTools,
  setUpAtCollection,
  startServiceProcess,
  timedStep as step,
  type Outcome,
  type ServiceProcess,
  type TestCase,
} from '@lab/server-kit/testing';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const PACKAGE_DIR = fileURLToPath(new URL('../../', import.meta.url));
const PYTHON_DIR = join(PACKAGE_DIR, 'python');
const QCIRC = join(PACKAGE_DIR, 'bin', 'qcirc.js');
const gate = requireTools(['python3']);

/** The spec's example, printing what the test checks. */
const SPEC_EXAMPLE = `
import json, qcirc
from qcirc import Circuit, get_backend
circuit = Circuit(2).h(0).cx(0, 1).measure_all()
counts = get_backend("local_simulator").run(circuit, shots=1000).result().get_counts()
print(json.dumps({"file": qcirc.__file__, "counts": counts}))
`;

interface Suite {
  python: string;
  local: { file: string; counts: Record<string, number> };
  remote: { file: string; counts: Record<string, number> };
  cases: TestCase[];
  pytest: Outcome;
  mypy: Outcome;
  seconds: Record<string, number>;
}

let server: ServiceProcess | undefined;
let root: string | undefined;

const outcome = (file: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv }) =>
  outcomeOf(file, args, { ...options, timeoutMs: STEP_MS });

async function runSuite(): Promise<Suite> {
  const seconds: Record<string, number> = {};
  root = mkdtempSync(join(tmpdir(), 'qcirc-python-'));
  const work = root;
  const serving = step(seconds, 'serve', async () => {
    server = await startServiceProcess(QCIRC, ['serve', '--port', '0', '--data-dir', join(work, 'data')]);
    return new URL(server.url).origin;
  });
  // The wheel alone: qcirc depends on nothing, and its engine is the bundle inside it.
  const { environment, python } = await installWheelInNewEnvironment({
    projectDir: PYTHON_DIR,
    wheel: 'qcirc-0.2.0-py3-none-any.whl',
    environmentName: 'quantum-python',
    work,
    seconds,
    pipArgs: ['--no-deps'],
  });
  const url = await serving;
  const example = async (env: NodeJS.ProcessEnv) => {
    const { stdout } = await run(python, ['-c', SPEC_EXAMPLE], {
      cwd: work,
      timeout: STEP_MS,
      env: { PATH: process.env.PATH, ...env },
    });
    return JSON.parse(stdout) as Suite['local'];
  };
  const [local, remote] = await step(seconds, 'example', () =>
    Promise.all([example({}), example({ QCIRC_URL: url })]),
  );

  // The pinned environment's packages, after the new environment's own (so qcirc is the wheel's).
  const { stdout: sitePackages } = await run(environment.python, [
    '-c',
    'import sysconfig; print(sysconfig.get_paths()["purelib"])',
  ]);
  const { stdout: ownSite } = await run(python, [
    '-c',
    'import sysconfig; print(sysconfig.get_paths()["purelib"])',
  ]);
  writeFileSync(join(ownSite.trim(), 'pinned-environment.pth'), `${sitePackages.trim()}\n`);

  const junit = join(work, 'pytest.xml');
  const env = { ...process.env, PYTHONDONTWRITEBYTECODE: '1', QCIRC_TEST_URL: url };
  const [pytest, mypy] = await Promise.all([
    step(seconds, 'pytest', () =>
      outcome(
        python,
        ['-m', 'pytest', '-p', 'no:cacheprovider', '-q', '--junitxml', junit, join(PYTHON_DIR, 'tests')],
        { cwd: work, env },
      ),
    ),
    step(seconds, 'mypy', () =>
      outcome(python, ['-m', 'mypy', '--strict', '--no-incremental', '-p', 'qcirc'], { cwd: work, env }),
    ),
  ]);
  await server?.stop('SIGKILL');
  server = undefined;
  let cases: TestCase[] = [];
  try {
    cases = junitCases(readFileSync(junit, 'utf8'));
  } catch {
    // No report: pytest failed before running anything; its exit status and output say why.
  }
  return { python, local, remote, cases, pytest, mypy, seconds };
}

const { value: suite, error: setupError } = await setUpAtCollection(gate.skip, runSuite);

afterAll(async () => {
  await server?.stop('SIGKILL');
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
});

const bellCounts = (counts: Record<string, number>) => (counts['00'] ?? 0) + (counts['11'] ?? 0);

describe.skipIf(gate.skip)(`Python library qcirc${gate.skip ? ` (skipped: ${gate.reason})` : ''}`, () => {
  it("runs the spec's example from the installed wheel, on the local engine and through qcirc serve", () => {
    if (setupError !== undefined) throw setupError;
    console.log(
      `qcirc (Python): ${suite!.cases.length} pytest cases; seconds: ${JSON.stringify(suite!.seconds)}`,
    );
    for (const run of [suite!.local, suite!.remote]) {
      expect(run.file.startsWith(join(root!, 'venv'))).toBe(true);
      expect(Object.values(run.counts).reduce((a, b) => a + b, 0)).toBe(1000);
      expect(bellCounts(run.counts)).toBeGreaterThan(900);
    }
  });

  it('runs the pytest suite from the installed copy', () => {
    if (setupError !== undefined) throw setupError;
    if (suite!.pytest.exitCode !== 0) console.log(suite!.pytest.output);
    expect([0, 1], `pytest ended with ${suite!.pytest.exitCode}:\n${suite!.pytest.output}`).toContain(
      suite!.pytest.exitCode,
    );
    expect(suite!.cases.length).toBeGreaterThan(20);
  });

  it('type-checks the installed package with mypy --strict', () => {
    if (setupError !== undefined) throw setupError;
    expect(suite!.mypy.exitCode, suite!.mypy.output).toBe(0);
  });

  for (const testCase of suite?.cases ?? []) {
    const test = testCase.status === 'skipped' ? it.skip : it;
    test(testCase.name, () => {
      if (testCase.status === 'failed') throw new Error(testCase.message ?? 'failed');
    });
  }
});
