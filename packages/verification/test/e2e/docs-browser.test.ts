/**
 * The documentation pages as a browser sees them: Redoc and Swagger UI of the real server opened
 * in Debian's Chromium (headless, through playwright-core). Each must render the API's operations
 * from the service's own files, with no request leaving the server and no Content-Security-Policy
 * violation.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireTools } from '@lab/server-kit/testing';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveVerification, type ServiceProcess } from '../support/serve.js';

const gate = requireTools(['chromium']);

describe.skipIf(gate.skip)(`the docs in Chromium${gate.skip ? ` (skipped: ${gate.reason})` : ''}`, () => {
  let root: string;
  let server: ServiceProcess;
  let browser: Browser;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'vp-docs-'));
    server = await serveVerification(join(root, 'data'));
    // As root in CI, Chromium's sandbox cannot start: it runs without it.
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server.stop();
    rmSync(root, { recursive: true, force: true });
  });

  /** Opens `path` until `rendered` (a selector) shows; answers what was requested elsewhere and the console's complaints. */
  async function open(path: string, rendered: string) {
    const origin = new URL(server.url).origin;
    const page = await browser.newPage();
    const outside: string[] = [];
    const problems: string[] = [];
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:'))
        return route.continue();
      outside.push(url);
      return route.abort();
    });
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy|Refused/.test(message.text())) {
        problems.push(message.text());
      }
    });
    await page.goto(origin + path);
    await page.locator(rendered).first().waitFor({ state: 'visible', timeout: 30_000 });
    return { page, outside, problems };
  }

  it('renders Redoc with the operations, loading nothing from elsewhere', { timeout: 60_000 }, async () => {
    const { page, outside, problems } = await open(
      '/api/v1/redoc',
      'h2:has-text("Submit a verification job")',
    );
    expect(await page.title()).toContain('Verification Platform API');
    expect(await page.locator('h2:has-text("Download an artifact")').count()).toBe(1);
    // The bundle's sidebar logo points at Redoc's vendor: the page's policy blocks it, and nothing
    // else is asked of another server.
    expect(outside.filter((url) => !url.includes('redoc.ly'))).toEqual([]);
    expect(problems.filter((text) => !text.includes('redoc.ly'))).toEqual([]);
    await page.close();
  });

  it('renders Swagger UI with the operations from local assets only', { timeout: 60_000 }, async () => {
    const { page, outside } = await open(
      '/api/v1/docs',
      '.opblock-summary-path:has-text("/api/v1/projects/{id}/jobs")',
    );
    expect(outside).toEqual([]);
    await page.close();
  });
});
