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
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
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

const run = promisify(execFile);
const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const PROJECT_DIR = join(REPO, 'packages/hypervisor/clients/python');
const GENERATED_DIR = join(PROJECT_DIR, 'src/hypervisor_client/_gen');
const HARNESS = join(REPO, 'packages/hypervisor/clients/testing/live-services.mjs');
const CHECKED_IN_CONFORMANCE = join(REPO, 'packages/hypervisor/clients/conformance/python.json');
const gate = requireTools(['python3', 'openssl']);

interface TestCase {
  name: string;
  status: 'passed' | 'failed' | 'skipped';
  message?: string;
}

interface Outcome {
  exitCode: number;
  output: string;
}

interface Suite {
  cases: TestCase[];
  pytest: Outcome;
  mypy: Outcome;
  conformance: unknown;
  generate: Outcome;
  regenerated: Map<string, string>;
  seconds: Record<string, number>;
}

const unescapeXml = (text: string): string =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** pytest's JUnit XML: one case per `<testcase>`, failed when it holds a failure or an error. */
function junitCases(xml: string): TestCase[] {
  const cases: TestCase[] = [];
  for (const match of xml.matchAll(/<testcase ([^>]*?)(\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const attribute = (name: string) =>
      unescapeXml(new RegExp(`\\b${name}="([^"]*)"`).exec(match[1]!)?.[1] ?? '');
    const body = match[3] ?? '';
    const problem = /<(failure|error)[^>]*?message="([^"]*)"/.exec(body);
    const name = `${attribute('classname')}::${attribute('name')}`;
    if (problem !== null) cases.push({ name, status: 'failed', message: unescapeXml(problem[2]!) });
    else if (/<(failure|error)\b/.test(body)) cases.push({ name, status: 'failed', message: 'failed' });
    else if (/<skipped\b/.test(body)) cases.push({ name, status: 'skipped' });
    else cases.push({ name, status: 'passed' });
  }
  return cases;
}

/** Every file under `dir` (caches aside): relative path -> content. */
function filesUnder(dir: string, root = dir, files = new Map<string, string>()): Map<string, string> {
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    if (entry === '__pycache__') continue;
    if (statSync(path).isDirectory()) filesUnder(path, root, files);
    else files.set(relative(root, path), readFileSync(path, 'utf8'));
  }
  return files;
}

/** Runs a command to its end, resolving with its exit code and output whatever the code. */
function outcome(file: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
  return new Promise<Outcome>((resolve) => {
    execFile(file, args, { ...options, timeout: STEP_MS, maxBuffer: 64 << 20 }, (error, stdout, stderr) =>
      resolve({ exitCode: error === null ? 0 : Number(error.code ?? -1), output: stdout + stderr }),
    );
  });
}

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
  const files = generate.exitCode === 0 ? filesUnder(regenerated) : new Map<string, string>();
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
    const checkedIn = filesUnder(GENERATED_DIR);
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
