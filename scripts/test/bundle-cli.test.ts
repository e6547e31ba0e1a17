// The CLIs' start-up bundles (scripts/bundle-cli.mjs): built from the compiled dist/, used by
// bin/<cli>.js only while newer than the last build, and still able to start the real server.
// Which file a bin ran is read from Node's ESM debug log (NODE_DEBUG=esm names every module it
// stores). Run after `tsc -b`; the test rebuilds the bundles itself.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPT = join(ROOT, 'scripts', 'bundle-cli.mjs');
const CLIS = [
  { name: 'hypervisor', bin: 'hvctl' },
  { name: 'verification', bin: 'verifyctl' },
  { name: 'quantum', bin: 'qcirc' },
];
// Each test starts several CLI processes (the ESM debug log slows them down).
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });
const dataDir = mkdtempSync(join(tmpdir(), 'bundle-cli-'));

function bundle(...names: string[]): void {
  const result = spawnSync(process.execPath, [SCRIPT, ...names], { cwd: ROOT, encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
}

/** Runs a CLI; `entry` is the module its bin loaded: the bundle or the compiled main. */
function runCli(name: string, bin: string, args: string[]) {
  const result = spawnSync(process.execPath, [join(ROOT, 'packages', name, 'bin', `${bin}.js`), ...args], {
    encoding: 'utf8',
    env: { ...process.env, NODE_DEBUG: 'esm' },
    maxBuffer: 256 * 1024 * 1024,
  });
  const stored = (file: string) =>
    result.stderr.includes(`packages/${name}/dist/${file} (implicit type) in ModuleLoadMap`);
  const entry = stored('cli.bundle.js') ? 'bundle' : stored('cli/main.js') ? 'dist' : 'none';
  return { status: result.status, stdout: result.stdout, entry };
}

beforeAll(() => bundle());
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  bundle(); // a test that touched a build leaves the bundles fresh again
});

describe.each(CLIS)('$bin', ({ name, bin }) => {
  const version = (
    JSON.parse(readFileSync(join(ROOT, 'packages', name, 'package.json'), 'utf8')) as { version: string }
  ).version;

  it('is bundled next to dist/version.js, and --version from the bundle prints the package version', () => {
    expect(statSync(join(ROOT, 'packages', name, 'dist', 'cli.bundle.js')).isFile()).toBe(true);
    const run = runCli(name, bin, ['--version']);
    expect(run).toMatchObject({ status: 0, entry: 'bundle' });
    expect(run.stdout.trim()).toBe(version);
  });

  it('falls back to dist/cli/main.js when the package or server-kit was built after the bundle', () => {
    for (const built of [join('packages', name), join('packages', 'server-kit')]) {
      bundle(name);
      expect(runCli(name, bin, ['--version']).entry).toBe('bundle');
      // A build after this bundle was made: later than the bundle itself, which the line above may
      // have rebuilt seconds after the test began.
      const record = join(ROOT, built, 'dist', '.tsbuildinfo');
      const later = new Date(statSync(join(ROOT, 'packages', name, 'dist', 'cli.bundle.js')).mtimeMs + 5_000);
      utimesSync(record, later, later);
      try {
        const run = runCli(name, bin, ['--version']);
        expect(run).toMatchObject({ status: 0, entry: 'dist' });
        expect(run.stdout.trim()).toBe(version);
      } finally {
        // Never leave a record in the future: every later bundle would look stale until then.
        const now = new Date();
        utimesSync(record, now, now);
      }
    }
    bundle(); // server-kit's build makes every CLI's bundle stale
    expect(runCli(name, bin, ['--version']).entry).toBe('bundle');
  });

  it('serve refuses a bad setting with exit 2 from the bundle (one AppError for bundled and lazy code)', () => {
    const run = runCli(name, bin, ['serve', '--port', '70000', '--data-dir', join(dataDir, `${name}-bad`)]);
    expect(run).toMatchObject({ status: 2, entry: 'bundle' });
  });
});

describe('verifyctl serve from the bundle', () => {
  it('loads the compiled server, listens, and stops on SIGTERM', async () => {
    const bin = join(ROOT, 'packages', 'verification', 'bin', 'verifyctl.js');
    const child = spawn(
      process.execPath,
      [bin, 'serve', '--port', '0', '--data-dir', join(dataDir, 'verification')],
      {
        env: { ...process.env, NODE_DEBUG: 'esm' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      void exited.then((code) => reject(new Error(`verifyctl serve exited (${code}): ${stdout}`)));
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const match = /"url":"(http:[^"]+)".*verification API listening/.exec(stdout);
        if (match) resolve(match[1]!);
      });
    });
    const health = await fetch(`${url}/health`);
    expect(health.status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr).toContain('packages/verification/dist/cli.bundle.js (implicit type) in ModuleLoadMap');
    expect(stderr).toContain('packages/verification/dist/api/server.js (implicit type) in ModuleLoadMap');
  }, 60_000);
});
