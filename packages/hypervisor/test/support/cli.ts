/**
 * The CLI tests' harness: the compiled `hvctl` binary run against a real
 * `hvctl serve --driver simulated` process, through its Unix socket, as a person or a script uses it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServiceProcess } from '@lab/server-kit/testing';
import { expect } from 'vitest';
import { HVCTL, serveHypervisor } from './serve.js';

export { HVCTL };

/** Each run of the binary takes about half a second (node starting, modules loading). */
export const SLOW = { timeout: 60_000 };

export interface CliService {
  process: ServiceProcess;
  dir: string;
  runDir: string;
  socket: string;
  /** Stops the service and removes its directory. */
  stop(): Promise<void>;
}

/**
 * A service over a fresh directory (or `dir`), whose boot directory holds a kernel file the VMs can
 * name: the simulated driver only checks that it exists.
 */
export async function startCliService(
  options: { prefix?: string; dir?: string; args?: readonly string[] } = {},
): Promise<CliService> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), options.prefix ?? 'hvctl-'));
  const runDir = join(dir, 'run');
  mkdirSync(join(dir, 'data', 'boot'), { recursive: true });
  writeFileSync(join(dir, 'data', 'boot', 'vmlinuz'), 'not a kernel');
  // LUKS key slots with qemu-img's 2 s PBKDF each would make the encrypted-image commands crawl.
  const service = await serveHypervisor(dir, [
    '--driver',
    'simulated',
    '--luks-iter-time-ms',
    '50',
    ...(options.args ?? []),
  ]);
  return {
    process: service,
    dir,
    runDir,
    socket: join(runDir, 'api.sock'),
    stop: async () => {
      await service.stop('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `hvctl ARGS --socket SOCKET` (unless ARGS name a socket), with `input` on standard input. */
export function runHvctl(
  socket: string,
  args: readonly string[],
  options: { input?: string; env?: NodeJS.ProcessEnv } = {},
): CliRun {
  const out = spawnSync(
    process.execPath,
    [HVCTL, ...args, ...(args.includes('--socket') ? [] : ['--socket', socket])],
    {
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, ...options.env },
      ...(options.input === undefined ? {} : { input: options.input }),
    },
  );
  return { status: out.status, stdout: out.stdout, stderr: out.stderr };
}

/** `hvctl ARGS --json`, which must succeed quietly; its output parsed. */
export function hvctlJson<T = Record<string, any>>(socket: string, args: readonly string[]): T {
  const { status, stdout, stderr } = runHvctl(socket, [...args, '--json']);
  expect(stderr).toBe('');
  expect(status).toBe(0);
  return JSON.parse(stdout) as T;
}

/** The table row whose first cell is `name`, split into cells. */
export function tableRow(table: string, name: string): string[] | undefined {
  return table
    .split('\n')
    .map((line) => line.split(/ {2,}/))
    .find((cells) => cells[0] === name);
}
