// scripts/python-env.mjs: an environment made once per requirements file and interpreter, reused
// while both stay the same, and made anew (the old one removed) when the requirements change.
// Requirements without a package keep it off the registry; the SDK's test installs real ones.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../python-env.mjs', import.meta.url));
const gate = requireTools(['python3']);
const work = mkdtempSync(join(tmpdir(), 'python-env-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function pythonEnv(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [SCRIPT, ...args],
      { env: { ...process.env, PYTHON_ENV_CACHE: join(work, 'cache') }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error === null ? 0 : Number(error.code), stdout, stderr }),
    );
  });
}

describe.skipIf(gate.skip)(`scripts/python-env.mjs${gate.skip ? ` (skipped: ${gate.reason})` : ''}`, () => {
  it('makes an environment, reuses it, and replaces it when the requirements change', async () => {
    const requirements = join(work, 'requirements.txt');
    writeFileSync(requirements, '# nothing yet\n');
    const first = await pythonEnv(requirements, '--name', 'demo');
    expect(first.code, first.stderr).toBe(0);
    const made = JSON.parse(first.stdout) as { dir: string; python: string; wheelhouse: string };
    expect(made.dir).toMatch(/\/cache\/demo-[0-9a-f]{12}$/);
    expect(existsSync(made.python) && existsSync(made.wheelhouse)).toBe(true);
    expect(first.stderr).toContain('-m venv');

    const again = await pythonEnv(requirements, '--name', 'demo');
    expect(JSON.parse(again.stdout)).toEqual(made);
    expect(again.stderr).not.toContain('-m venv');

    writeFileSync(requirements, '# nothing yet, but another text\n');
    const changed = JSON.parse((await pythonEnv(requirements, '--name', 'demo')).stdout) as typeof made;
    expect(changed.dir).not.toBe(made.dir);
    expect(readdirSync(join(work, 'cache'))).toEqual([changed.dir.split('/').at(-1)]);
  }, 120_000);

  it('refuses a wrong command line with its usage, and a missing file with exit 1', async () => {
    const usage = await pythonEnv();
    expect([usage.code, usage.stderr]).toEqual([2, expect.stringContaining('usage:')]);
    const missing = await pythonEnv(join(work, 'absent.txt'));
    expect([missing.code, missing.stderr]).toEqual([1, expect.stringContaining('python-env:')]);
  });
});
