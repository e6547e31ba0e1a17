/**
 * The end-to-end checks every service's `serve` command must pass, run against its real binary:
 * health, the OpenAPI 3.1 document, one version everywhere, the error envelope on unknown routes
 * and on what the HTTP parser refuses, state in the data directory, bad settings refused, and a
 * clean exit on SIGTERM.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { maxHeaderSize } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceProcess, type ServiceProcess } from './service-process.js';

export interface ServeSuiteOptions {
  service: string;
  /** Path of the CLI's bin script. */
  bin: string;
  /** API prefix, '' or '/api/v1'. */
  prefix: string;
  /** Name of the SQLite file in the data directory. */
  databaseFile: string;
  /** The version its specification gives, which `--version`, `/health` and OpenAPI all say. */
  version: string;
  /** More `serve` arguments: settings whose own tests are elsewhere and would only slow a start. */
  serveArgs?: readonly string[];
}

export function describeServeCommand(options: ServeSuiteOptions): void {
  describe(`${options.service} serve (real process)`, () => {
    let server: ServiceProcess;
    let dataDir: string;

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), `${options.service}-`));
      server = await startServiceProcess(options.bin, [
        'serve',
        '--port',
        '0',
        '--data-dir',
        dataDir,
        ...(options.serveArgs ?? []),
      ]);
    });
    afterAll(async () => {
      await server.stop('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('logs its URL with the API prefix', () => {
      expect(server.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+${options.prefix}$`));
    });

    it('answers its health route', async () => {
      const response = await fetch(`${server.url}/health`);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-request-id')).toBeTruthy();
      expect(await response.json()).toMatchObject({ status: 'ok', service: options.service });
    });

    it('serves an OpenAPI 3.1 document that lists the health route', async () => {
      const response = await fetch(`${server.url}/openapi.json`);
      expect(response.status).toBe(200);
      const doc = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
      expect(doc.openapi).toBe('3.1.0');
      expect(Object.keys(doc.paths)).toContain(`${options.prefix}/health`);
    });

    it(`says it is version ${options.version} in --version, /health and its OpenAPI document`, async () => {
      const cli = spawnSync(process.execPath, [options.bin, '--version'], { encoding: 'utf8' });
      expect(cli.stdout.trim()).toBe(options.version);
      const health = (await (await fetch(`${server.url}/health`)).json()) as { version: string };
      expect(health.version).toBe(options.version);
      const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as { info: { version: string } };
      expect(doc.info.version).toBe(options.version);
    });

    it('answers headers over the limit 431 in the error envelope, with a request id', async () => {
      const response = await fetch(`${server.url}/health`, {
        headers: { 'x-big': 'a'.repeat(maxHeaderSize) },
      });
      expect(response.status).toBe(431);
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('HEADERS_TOO_LARGE');
    });

    it('answers an unknown route with 404 in the error envelope', async () => {
      const response = await fetch(`${server.url}/no/such/route`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: { code: 'NOT_FOUND', message: `no route GET ${options.prefix}/no/such/route`, details: {} },
      });
    });

    it('keeps its SQLite database in the data directory, in WAL mode', () => {
      expect(existsSync(join(dataDir, options.databaseFile))).toBe(true);
      expect(existsSync(join(dataDir, `${options.databaseFile}-wal`))).toBe(true);
    });

    it('refuses a bad setting with a clear message and exit code 2', () => {
      const result = spawnSync(process.execPath, [options.bin, 'serve', '--port', '70000'], {
        encoding: 'utf8',
      });
      expect(result.status).toBe(2);
      expect(result.stderr).toContain('INVALID_CONFIG');
      expect(result.stderr).toContain('port must be <= 65535');
    });

    it('stops cleanly on SIGTERM', async () => {
      const second = await startServiceProcess(options.bin, [
        'serve',
        '--port',
        '0',
        '--data-dir',
        dataDir,
        ...(options.serveArgs ?? []),
      ]);
      expect(await second.stop('SIGTERM')).toBe(0);
      expect(second.logs.map((l) => l.msg)).toContain('stopped');
    });
  });
}
