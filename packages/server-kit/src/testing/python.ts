/**
 * What the tests of the repository's Python packages share: the pinned environment that
 * scripts/python-env.mjs keeps under .cache/ (made from a requirements.txt on first use), a wheel
 * built with its pinned build backend, and the time of each step for the report.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const PYTHON_ENV = fileURLToPath(new URL('../../../../scripts/python-env.mjs', import.meta.url));
/** Longest any one step may take. */
export const PYTHON_STEP_MS = 300_000;

export interface PythonEnvironment {
  /** Its interpreter. */
  readonly python: string;
  /** The wheels it was installed from, for installing offline elsewhere. */
  readonly wheelhouse: string;
}

/** Runs `work`, recording its seconds in `seconds[name]` whether it succeeds or not. */
export async function timedStep<T>(
  seconds: Record<string, number>,
  name: string,
  work: () => Promise<T>,
): Promise<T> {
  const start = performance.now();
  try {
    return await work();
  } finally {
    seconds[name] = Math.round(performance.now() - start) / 1000;
  }
}

/** The pinned environment of `requirements` (a requirements.txt), named `name` under .cache/. */
export async function pythonEnvironment(requirements: string, name: string): Promise<PythonEnvironment> {
  const { stdout } = await run(process.execPath, [PYTHON_ENV, requirements, '--name', name], {
    timeout: PYTHON_STEP_MS,
    maxBuffer: 16 << 20,
  });
  return JSON.parse(stdout) as PythonEnvironment;
}

/**
 * Builds the wheel of the project in `projectDir` into `outDir` without isolation: the build
 * backend is the environment's pinned one, and nothing is downloaded.
 */
export async function buildWheel(
  environment: PythonEnvironment,
  projectDir: string,
  outDir: string,
): Promise<void> {
  await run(
    environment.python,
    ['-m', 'build', '--wheel', '--no-isolation', '--outdir', outDir, projectDir],
    {
      timeout: PYTHON_STEP_MS,
    },
  );
}

/**
 * Runs a suite's set-up while its test file is collected (a top-level await), so the cases it
 * finds (a pytest run's) can each become a test; skipped when `skip`. A failure is kept, for the
 * first test to throw, rather than failing the collection.
 */
export async function setUpAtCollection<T>(
  skip: boolean,
  work: () => Promise<T>,
): Promise<{ value?: T; error?: Error }> {
  if (skip) return {};
  try {
    return { value: await work() };
  } catch (error) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }
}

export interface WheelInstall {
  /** The project whose wheel is built (its pyproject.toml's directory). */
  readonly projectDir: string;
  /** The wheel's file name, e.g. `qcirc-0.2.0-py3-none-any.whl`. */
  readonly wheel: string;
  /** The pinned environment to build with (`<projectDir>/requirements.txt`, named so). */
  readonly environmentName: string;
  /** A scratch directory: the wheel goes to `dist/`, the new environment to `venv/`. */
  readonly work: string;
  readonly seconds: Record<string, number>;
  /** More pip arguments: requirements to install beside the wheel, or `--no-deps`. */
  readonly pipArgs?: readonly string[];
}

/**
 * The wheel of a project built with its pinned environment and installed into a new virtual
 * environment that has nothing of the system's, from the pinned environment's wheels only (no
 * index). Steps timed as `environment`, `wheel` and `install`.
 */
export async function installWheelInNewEnvironment(
  options: WheelInstall,
): Promise<{ environment: PythonEnvironment; python: string }> {
  const { projectDir, work, seconds } = options;
  const environment = await timedStep(seconds, 'environment', () =>
    pythonEnvironment(`${projectDir}/requirements.txt`, options.environmentName),
  );
  const wheel = await timedStep(seconds, 'wheel', async () => {
    await buildWheel(environment, projectDir, `${work}/dist`);
    return `${work}/dist/${options.wheel}`;
  });
  const venv = `${work}/venv`;
  const python = `${venv}/bin/python`;
  await timedStep(seconds, 'install', async () => {
    await run('python3', ['-m', 'venv', '--without-pip', venv], { timeout: PYTHON_STEP_MS });
    // The pinned environment's pip installs into it; no .pyc compiled ahead (Python writes those it needs).
    await run(
      environment.python,
      [
        ...[
          '-m',
          'pip',
          '--python',
          python,
          'install',
          '--quiet',
          '--no-compile',
          '--disable-pip-version-check',
        ],
        ...['--no-index', '--find-links', environment.wheelhouse, wheel, ...(options.pipArgs ?? [])],
      ],
      { timeout: PYTHON_STEP_MS },
    );
  });
  return { environment, python };
}
