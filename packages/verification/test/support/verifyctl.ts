/** The compiled `verifyctl` run as a process against a platform, as a CI job or a person runs it. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { VERIFYCTL } from './serve.js';

export const JUNIT_XSD = fileURLToPath(new URL('../fixtures/junit/junit.xsd', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliProcess {
  child: ChildProcess;
  /** Resolves once standard error holds text matching `pattern`, with the whole of it so far. */
  stderrMatching(pattern: RegExp): Promise<string>;
  done: Promise<CliRun>;
}

/** Starts `verifyctl args` with `env` (on top of this process's) and collects its output. */
export function startVerifyctl(args: readonly string[], env: NodeJS.ProcessEnv): CliProcess {
  const child = spawn(process.execPath, [VERIFYCTL, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const waiting: { pattern: RegExp; resolve: (text: string) => void }[] = [];
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    for (const wait of waiting.filter((w) => w.pattern.test(stderr))) {
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve(stderr);
    }
  });
  const done = new Promise<CliRun>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
  return {
    child,
    done,
    stderrMatching: (pattern) =>
      pattern.test(stderr)
        ? Promise.resolve(stderr)
        : new Promise((resolve, reject) => {
            waiting.push({ pattern, resolve });
            void done.then((run) =>
              reject(new Error(`verifyctl ended (${run.code}) before ${pattern} on stderr: ${run.stderr}`)),
            );
          }),
  };
}

/** Runs `verifyctl args` to its end. */
export function verifyctl(args: readonly string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  return startVerifyctl(args, env).done;
}

/** A token made by `verifyctl token create` on the data directory, as the first one is, before any server runs. */
export function createToken(dataDir: string, name: string, role: string): string {
  const run = spawnSync(
    process.execPath,
    [VERIFYCTL, 'token', 'create', '--name', name, '--role', role, '--data-dir', dataDir],
    { encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`verifyctl token create exited ${run.status}: ${run.stderr}`);
  return run.stdout.trim();
}

/** xmllint's verdict on `file` against the JUnit schema: '' when valid, else what it says. */
export function junitSchemaErrors(file: string): string {
  const run = spawnSync('xmllint', ['--noout', '--schema', JUNIT_XSD, file], { encoding: 'utf8' });
  return run.status === 0 ? '' : `${run.status}: ${run.stderr}`;
}
