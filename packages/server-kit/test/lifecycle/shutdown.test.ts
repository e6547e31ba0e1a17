import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const FIXTURE = fileURLToPath(new URL('../fixtures/slow-server.ts', import.meta.url));
let child: ChildProcess | undefined;

afterEach(() => {
  child?.kill('SIGKILL');
});

function startFixture(): Promise<{ url: string; output: string[] }> {
  const output: string[] = [];
  child = spawn(process.execPath, ['--import', 'tsx', FIXTURE], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child!.once('exit', (code) => reject(new Error(`fixture exited early (${code})`)));
    child!.stdout!.on('data', (chunk: Buffer) => {
      output.push(...chunk.toString().trim().split('\n'));
      const url = output.find((line) => line.startsWith('http://'));
      if (url) resolve({ url, output });
    });
  });
}

describe('graceful shutdown', () => {
  it('on SIGTERM finishes the request in flight, refuses new ones, closes the rest and exits 0', async () => {
    const { url, output } = await startFixture();
    const inFlight = fetch(`${url}/slow`).then(async (r) => ({ status: r.status, body: await r.json() }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
    child!.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(fetch(`${url}/slow`)).rejects.toThrow();
    expect(await inFlight).toEqual({ status: 200, body: { finished: true } });
    expect(await exited).toBe(0);
    expect(output).toContain('closed-store');
  });

  it('exits 1 at once on a second signal', async () => {
    const { url } = await startFixture();
    void fetch(`${url}/slow`).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
    const started = Date.now();
    child!.kill('SIGTERM');
    child!.kill('SIGINT');
    expect(await exited).toBe(1);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
