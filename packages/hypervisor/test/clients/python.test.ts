/**
 * The Python client library (clients/python/, distribution hypervisor-client) as its users get
 * it: the wheel built with the pinned build backend and installed into a new virtual environment
 * holding nothing else, then its whole pytest suite run against that installed copy under
 * clients/testing/live-services.mjs (hosts A, B and the TLS host T), each pytest case reported
 * here as a test of its own (from pytest's JUnit XML), and `mypy --strict` (the project's
 * configuration) checks the installed package. Also: the conformance file the run wrote
 * compared with the checked-in clients/conformance/python.json, and the generated code
 * (src/hypervisor_client/_gen/) regenerated into a temporary directory with the pinned
 * grpcio-tools and compared with the checked-in files, so a stale stub fails.
 *
 * The pinned environment (scripts/python-env.mjs, from clients/python/requirements.txt) lives
 * under .cache/python-env and gives the build backend, pytest, pytest-asyncio, mypy and the wheels the
 * new environment installs from; the suite sees pytest through a .pth file after the new
 * environment's own site-packages, so the `hypervisor_client` it imports is the wheel's. pytest
 * runs while this file is collected (top-level await), since its cases are known only then.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  filesUnder,
  installWheelInNewEnvironment,
  junitCases,
  outcome as outcomeOf,
  PYTHON_STEP_MS as STEP_MS,
  requireTools,
  setUpAtCollection,
  timedStep as step,
  type Outcome,
  type TestCase,
} from '@lab/server-kit/testing';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const PROJECT_DIR = join(REPO, 'packages/hypervisor/clients/python');
const GENERATED_DIR = join(PROJECT_DIR, 'src/hypervisor_client/_gen');
const HARNESS = join(REPO, 'packages/hypervisor/clients/testing/live-services.mjs');
const CHECKED_IN_CONFORMANCE = join(REPO, 'packages/hypervisor/clients/conformance/python.json');
const gate = requireTools(['python3', 'openssl']);

interface Suite {
  cases: TestCase[];
  pytest: Outcome;
  mypy: Outcome;
  conformance: unknown;
  generate: Outcome;
  regenerated: Map<string, string>;
  seconds: Record<string, number>;
}

/** Runs a command to its end, whatever its exit code. */
const outcome = (file: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) =>
  outcomeOf(file, args, { ...options, timeoutMs: STEP_MS });

let work: string | undefined;

async function runSuite(): Promise<Suite> {
  const seconds: Record<string, number> = {};
  work = mkdtempSync(join(tmpdir(), 'hv-python-client-'));
  const scratch = work;
  const { environment, python } = await installWheelInNewEnvironment({
    projectDir: PROJECT_DIR,
    wheel: 'hypervisor_client-1.0.0-py3-none-any.whl',
    environmentName: 'hypervisor-python',
    work: scratch,
    seconds,
  });
  // pytest and its plugins from the pinned environment, after the new environment's packages.
  const purelib = async (interpreter: string) =>
    (
      await run(interpreter, ['-c', 'import sysconfig; print(sysconfig.get_paths()["purelib"])'])
    ).stdout.trim();
  writeFileSync(
    join(await purelib(python), 'pinned-environment.pth'),
    `${await purelib(environment.python)}\n`,
  );

  const junit = join(scratch, 'pytest.xml');
  const conformanceFile = join(scratch, 'conformance.json');
  const regenerated = join(scratch, 'generated');
  const env = { ...process.env, PYTHONDONTWRITEBYTECODE: '1', HV_CONFORMANCE_OUT: conformanceFile };
  const [pytest, mypy, generate] = await Promise.all([
    step(seconds, 'pytest', () =>
      outcome(
        process.execPath,
        [
          HARNESS,
          '--',
          python,
          '-m',
          'pytest',
          '-p',
          'no:cacheprovider',
          '-q',
          // Python's own traceback format: pytest's would parse the generated sources with the
          // ast module, which CPython 3.11 can fail at (SystemError) deep in an async traceback.
          '--tb=native',
          '--junitxml',
          junit,
          join(PROJECT_DIR, 'tests'),
        ],
        { cwd: scratch, env },
      ),
    ),
    step(seconds, 'mypy', () =>
      outcome(
        python,
        [
          '-m',
          'mypy',
          '--config-file',
          join(PROJECT_DIR, 'pyproject.toml'),
          '--no-incremental',
          '-p',
          'hypervisor_client',
        ],
        { cwd: scratch, env },
      ),
    ),
    step(seconds, 'generate', () =>
      outcome(environment.python, [join(PROJECT_DIR, 'scripts/generate.py'), '--out', regenerated], {
        cwd: scratch,
        env,
      }),
    ),
  ]);
  let cases: TestCase[] = [];
  let conformance: unknown;
  try {
    cases = junitCases(readFileSync(junit, 'utf8'));
    conformance = JSON.parse(readFileSync(conformanceFile, 'utf8'));
  } catch {
    // Not written: pytest failed before its end; its exit status and output say why.
  }
  const files =
    generate.exitCode === 0 ? filesUnder(regenerated, ['__pycache__']) : new Map<string, string>();
  return { cases, pytest, mypy, conformance, generate, regenerated: files, seconds };
}

const { value: suite, error: setupError } = await setUpAtCollection(gate.skip, runSuite);

afterAll(() => {
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
});

describe.skipIf(gate.skip)(`Python client library${gate.skip ? ` (skipped: ${gate.reason})` : ''}`, () => {
  it('runs the pytest suite from the installed wheel against the live services', () => {
    if (setupError !== undefined) throw setupError;
    console.log(
      `hypervisor-client (Python): ${suite!.cases.length} pytest cases; seconds: ${JSON.stringify(suite!.seconds)}`,
    );
    const tail = suite!.pytest.output.split('\n').slice(-60).join('\n');
    expect(suite!.pytest.exitCode, `pytest ended with ${suite!.pytest.exitCode}:\n${tail}`).toBe(0);
    expect(suite!.cases.length).toBeGreaterThan(50);
  });

  it('type-checks the installed package with mypy --strict', () => {
    if (setupError !== undefined) throw setupError;
    expect(suite!.mypy.exitCode, suite!.mypy.output).toBe(0);
  });

  it('covers what the checked-in clients/conformance/python.json says', () => {
    if (setupError !== undefined) throw setupError;
    const checkedIn: unknown = JSON.parse(readFileSync(CHECKED_IN_CONFORMANCE, 'utf8'));
    expect(suite!.conformance, 'the run wrote no conformance file').toBeDefined();
    expect(suite!.conformance).toEqual(checkedIn);
  });

  it('has generated code equal to what scripts/generate.py makes now', () => {
    if (setupError !== undefined) throw setupError;
    expect(suite!.generate.exitCode, suite!.generate.output).toBe(0);
    const checkedIn = filesUnder(GENERATED_DIR, ['__pycache__']);
    expect([...suite!.regenerated.keys()]).toEqual([...checkedIn.keys()]);
    for (const [path, content] of checkedIn) {
      expect(suite!.regenerated.get(path), `${path} is stale: run scripts/generate.py`).toBe(content);
    }
  });

  for (const testCase of suite?.cases ?? []) {
    const test = testCase.status === 'skipped' ? it.skip : it;
    test(testCase.name, () => {
      if (testCase.status === 'failed') throw new Error(testCase.message ?? 'failed');
    });
  }
});
