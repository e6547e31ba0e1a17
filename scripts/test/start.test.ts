// `npm start` end to end: three services up on their ports with data under DATA_DIR, and Ctrl-C
// (SIGINT) stops every one of them. Ports are moved off the defaults so a running `npm start`
// does not collide with the test.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const START = fileURLToPath(new URL('../start.mjs', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'npm-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm start', () => {
  it('starts the three services, prints their URLs, and stops them all on SIGINT', async () => {
    const ports = { HV_PORT: '19400', HV_GRPC_PORT: '19401', PLATFORM_PORT: '18080', QCIRC_PORT: '18787' };
    const launcher = spawn(process.execPath, [START], {
      env: { ...process.env, ...ports, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      launcher.once('exit', (code) => reject(new Error(`launcher exited early (${code}): ${output}`)));
      launcher.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Press Ctrl-C')) resolve();
      });
    });
    for (const url of [
      'http://127.0.0.1:19400/api/v1',
      'http://127.0.0.1:18080/api/v1',
      'http://127.0.0.1:18787',
    ]) {
      expect(output).toContain(url);
      expect((await fetch(`${url}/health`)).status).toBe(200);
    }
    expect(output).toContain('gRPC 127.0.0.1:19401');
    // The verification platform's web application, built by the launcher's preparation.
    expect(output).toContain('web application http://127.0.0.1:18080/');
    const page = await fetch('http://127.0.0.1:18080/projects', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<script type="module"[^>]* src="\/assets\/[\w.-]+\.js">/);
    const grpc = await new Promise<boolean>((resolve) => {
      const socket = connect(19401, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    expect(grpc, 'the hypervisor gRPC listener').toBe(true);
    for (const service of ['hypervisor', 'verification', 'quantum']) {
      expect(existsSync(join(dataDir, service, `${service}.db`))).toBe(true);
    }
    const pids = [...output.matchAll(/"pid":(\d+)/g)].map((m) => Number(m[1]));
    expect(new Set(pids).size).toBe(3);

    const exited = new Promise<number | null>((resolve) => launcher.once('exit', resolve));
    launcher.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(pids.filter(alive)).toEqual([]);
    expect(output).toContain('all services stopped');
  }, 120_000);
});
