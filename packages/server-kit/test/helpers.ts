import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach } from 'vitest';
import { createApp, type App, type AppOptions } from '../src/index.js';

export const silentLogger = pino({ level: 'silent' });

export function testApp(options: Partial<AppOptions> = {}): Promise<App> {
  return createApp({ title: 'test', version: '0.0.0', prefix: '/api/v1', logger: silentLogger, ...options });
}

/** A fresh directory removed after the current test. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'server-kit-'));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
