/**
 * The live services of contract point 1, started by the shared harness
 * (packages/hypervisor/clients/testing/live-services.mjs) for one test file: the harness runs a
 * small Node command that prints the harness's environment as one JSON line and then waits for
 * its standard input to close, which `stop()` does (as does this process's death), so the harness
 * stops every service and removes its directories.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const HARNESS = fileURLToPath(new URL('../../../testing/live-services.mjs', import.meta.url));

const KEYS = [
  'HV_REST_URL',
  'HV_GRPC_ADDR',
  'HV_SOCKET',
  'HV_GRPC_SOCKET',
  'HV_TOKEN',
  'HV_TOKEN_VM_READ',
  'HV_TOKEN_BAD',
  'HV_PEER_REST_URL',
  'HV_PEER_GRPC_ADDR',
  'HV_PEER_TOKEN',
  'HV_SHARED_POOL',
  'HV_TLS_REST_URL',
  'HV_TLS_GRPC_ADDR',
  'HV_TLS_TOKEN',
  'HV_TLS_FINGERPRINT',
  'HV_TLS_WRONG_FINGERPRINT',
] as const;

export type LiveEnv = Record<(typeof KEYS)[number], string> & { HV_BOOT_DIR?: string };

export interface LiveServices {
  env: LiveEnv;
  stop: () => Promise<void>;
}

// Run by the harness: its environment out, then wait for the test to be done.
const PRINT_AND_WAIT = `
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('HV_')));
process.stdout.write(JSON.stringify(env) + '\\n');
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
`;

export async function startLiveServices(options: { qemu?: boolean } = {}): Promise<LiveServices> {
  const harness = spawn(
    process.execPath,
    [HARNESS, ...(options.qemu === true ? ['--qemu'] : []), '--', process.execPath, '-e', PRINT_AND_WAIT],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<number | null>((resolve) => harness.once('exit', (code) => resolve(code)));
  const env = await new Promise<LiveEnv>((resolve, reject) => {
    void exited.then((code) =>
      reject(new Error(`the live-services harness exited (${code}) before it was ready`)),
    );
    createInterface({ input: harness.stdout }).once('line', (line) => {
      const parsed = JSON.parse(line) as Partial<LiveEnv>;
      const missing = KEYS.filter((key) => parsed[key] === undefined);
      if (missing.length > 0) reject(new Error(`the harness did not set ${missing.join(', ')}`));
      else resolve(parsed as LiveEnv);
    });
  });
  return {
    env,
    stop: async () => {
      harness.stdin.end();
      const code = await exited;
      if (code !== 0) throw new Error(`the live-services harness exited with ${code}`);
    },
  };
}
