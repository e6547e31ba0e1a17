/**
 * The Python virtual environment cocotb runs in, managed by the platform. It is created on first
 * use in the service's cache directory, `cache/cocotb-<version>-<hash>` (the hash covers the
 * pinned requirements and the interpreter `python3` runs, so a change of either gets a new one), with
 * `python3 -m venv` and `pip install --require-hashes -r cocotb/requirements.txt`, then checked by
 * importing cocotb's runner; a `.ready` file marks it complete, and later jobs reuse it. A
 * directory without the mark (a creation that was cut short) is removed and made again.
 *
 * Creation is logged line by line to the job that triggers it and bounded by the time it is
 * given (the stage's remaining budget, at most VENV_CREATION_TIMEOUT_MS); a failure is a
 * TOOL_ERROR naming the step. Jobs that need the environment while another creates it wait for
 * that creation, and try again themselves if it failed.
 */
import { createHash } from 'node:crypto';
import { access, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findExecutable } from '@lab/server-kit';
import { VpErrors } from '../../errors.js';
import { runTool } from '../process.js';
import type { LogLevel } from '../stage.js';

// src/engine/simulation/ and dist/engine/simulation/ are at the same depth below the package.
const COCOTB_DIR = fileURLToPath(new URL('../../../cocotb/', import.meta.url));
export const REQUIREMENTS_FILE = join(COCOTB_DIR, 'requirements.txt');
/** The platform's driver of cocotb's runner (cocotb/driver.py). */
export const COCOTB_DRIVER = join(COCOTB_DIR, 'driver.py');
/** The cocotb that requirements.txt pins: the newest that supports Verilator 5.006 and Icarus 11. */
export const COCOTB_VERSION = '1.8.1';
/** The longest a creation may take, whatever the stage's time-out. */
export const VENV_CREATION_TIMEOUT_MS = 600_000;
const READY_MARK = '.ready';

export interface CocotbEnvironmentRequest {
  /** The service's cache directory (the stage context's `cacheDir`). */
  cacheDir: string;
  signal: AbortSignal;
  /** What is left of the stage's budget. */
  timeoutMs: number;
  log(level: LogLevel, message: string): void;
}

function cancelledError(): Error {
  const error = new Error('the stage was cancelled');
  error.name = 'AbortError';
  return error;
}

const environmentError = (message: string, cause?: unknown) =>
  VpErrors.toolError({ tool: 'cocotb', message }, cause === undefined ? {} : { cause });

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

const interpreters = new Map<string, string>();

/**
 * The interpreter `python3` on PATH stands for (`sys.executable`), asked once per service: a
 * version manager's shim keeps its path while the Python behind it changes.
 */
async function interpreterOf(python: string, signal: AbortSignal): Promise<string> {
  const known = interpreters.get(python);
  if (known !== undefined) return known;
  const lines: string[] = [];
  const result = await runTool({
    command: python,
    args: ['-c', 'import sys; print(sys.executable)'],
    cwd: '/',
    timeoutMs: 30_000,
    signal,
    onLine: (line) => lines.push(line),
  }).catch((error: unknown) => {
    throw environmentError(`${python} could not start: ${(error as Error).message}`, error);
  });
  if (result.cancelled) throw cancelledError();
  const executable = lines[0]?.trim() ?? '';
  if (result.exitCode !== 0 || !executable.startsWith('/')) {
    throw environmentError(`${python} does not run: ${lines.at(-1) ?? `exit code ${result.exitCode}`}`);
  }
  interpreters.set(python, executable);
  return executable;
}

async function environmentDirectory(cacheDir: string, python: string): Promise<string> {
  const hash = createHash('sha256')
    .update(await readFile(REQUIREMENTS_FILE))
    .update(python)
    .digest('hex')
    .slice(0, 12);
  return join(cacheDir, `cocotb-${COCOTB_VERSION}-${hash}`);
}

/** One step of the creation, its output in the job's log; throws TOOL_ERROR when it fails. */
async function creationStep(
  request: CocotbEnvironmentRequest,
  deadline: number,
  step: { what: string; command: string; args: string[]; cwd: string },
): Promise<string[]> {
  const lines: string[] = [];
  request.log('INFO', `${step.what}: ${[step.command, ...step.args].join(' ')}`);
  let result;
  try {
    result = await runTool({
      command: step.command,
      args: step.args,
      cwd: step.cwd,
      // pip asks nothing and prints no progress bars into the log.
      env: { ...process.env, PIP_NO_INPUT: '1', PIP_PROGRESS_BAR: 'off', PIP_DISABLE_PIP_VERSION_CHECK: '1' },
      timeoutMs: Math.max(1, deadline - performance.now()),
      signal: request.signal,
      onLine: (line) => {
        lines.push(line);
        request.log(/\bERROR\b|Error:/.test(line) ? 'ERROR' : 'INFO', line);
      },
    });
  } catch (error) {
    throw environmentError(`${step.what} could not start: ${(error as Error).message}`, error);
  }
  if (result.cancelled) throw cancelledError();
  if (result.timedOut) {
    throw environmentError(`${step.what} ran past its time limit; the cocotb environment was not created`);
  }
  if (result.exitCode !== 0) {
    const last = lines.filter((line) => line.trim() !== '').at(-1) ?? `exit code ${result.exitCode}`;
    throw environmentError(`${step.what} failed: ${last.trim()}`);
  }
  return lines;
}

async function createEnvironment(
  request: CocotbEnvironmentRequest,
  python: string,
  directory: string,
): Promise<void> {
  const deadline = performance.now() + Math.min(request.timeoutMs, VENV_CREATION_TIMEOUT_MS);
  await rm(directory, { recursive: true, force: true });
  await mkdir(request.cacheDir, { recursive: true });
  request.log(
    'INFO',
    `creating the cocotb ${COCOTB_VERSION} environment cache/${basename(directory)} (first use)`,
  );
  const cwd = request.cacheDir;
  await creationStep(request, deadline, {
    what: 'creating the virtual environment',
    command: python,
    args: ['-m', 'venv', directory],
    cwd,
  });
  const venvPython = join(directory, 'bin', 'python');
  await creationStep(request, deadline, {
    what: 'installing cocotb',
    command: venvPython,
    args: ['-m', 'pip', 'install', '--require-hashes', '-r', REQUIREMENTS_FILE],
    cwd,
  });
  const version = await creationStep(request, deadline, {
    what: 'checking cocotb',
    command: venvPython,
    args: ['-c', 'import cocotb, cocotb.runner; print(cocotb.__version__)'],
    cwd,
  });
  if (version.at(-1)?.trim() !== COCOTB_VERSION) {
    throw environmentError(`the environment has cocotb ${version.at(-1) ?? '(none)'}, not ${COCOTB_VERSION}`);
  }
  await writeFile(join(directory, READY_MARK), `cocotb ${COCOTB_VERSION}\n`);
  request.log('INFO', `the cocotb ${COCOTB_VERSION} environment is ready`);
}

const creating = new Map<string, Promise<void>>();

/** The Python of the cocotb environment, created first when there is none. */
export async function cocotbPython(request: CocotbEnvironmentRequest): Promise<string> {
  const onPath = findExecutable('python3');
  if (onPath === null) throw environmentError('python3 is not on PATH; cocotb needs Python 3 with venv');
  const python = await interpreterOf(onPath, request.signal);
  const directory = await environmentDirectory(request.cacheDir, python);
  const venvPython = join(directory, 'bin', 'python');
  for (;;) {
    if (await exists(join(directory, READY_MARK))) {
      request.log('INFO', `using the cocotb ${COCOTB_VERSION} environment cache/${basename(directory)}`);
      return venvPython;
    }
    const pending = creating.get(directory);
    if (pending === undefined) break;
    request.log('INFO', 'waiting for another job to create the cocotb environment');
    // Its failure is that job's to report; this one tries again below.
    await pending.catch(() => undefined);
    if (request.signal.aborted) throw cancelledError();
  }
  const creation = createEnvironment(request, python, directory);
  creating.set(directory, creation);
  try {
    await creation;
  } finally {
    creating.delete(directory);
  }
  return venvPython;
}
