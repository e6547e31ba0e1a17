/**
 * The web application in Debian's Chromium against the compiled platform with authentication on
 * and the real tools, driven as a person drives it: by roles and labels. The jobs whose results
 * are looked at are submitted through the API first, in parallel (the slow Verilator build of the
 * coverage job overlaps everything else); the page path of a submission is the live job, made
 * and submitted through the pages. Every page opened is watched for console errors, CSP
 * violations and requests leaving the origin, and checked by axe-core.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireTools } from '@lab/server-kit/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchChromium,
  seriousViolations,
  showFirstWaveform,
  signIn,
  watchedPage,
  widerThanWindow,
  type PageProblems,
  type WatchedPage,
} from '../support/browser.js';
import {
  ACCUMULATOR,
  api,
  createProjectFrom,
  ENDLESS_SIMULATION,
  EXAMPLES,
  FIXTURES,
  serveVerification,
  submitJob,
  waitForJob,
  type ServiceProcess,
} from '../support/serve.js';
import { createToken } from '../support/verifyctl.js';

const gate = requireTools([
  'chromium',
  'verilator',
  'iverilog',
  'vvp',
  'yosys',
  'yosys-smtbmc',
  'z3',
  'g++',
  'make',
]);
const WEB_INDEX = fileURLToPath(new URL('../../dist/web/index.html', import.meta.url));
/** The Verilator build of the coverage job takes most of a minute on two busy cores. */
const JOB_TIMEOUT_MS = 240_000;

/** The page's problems so far, expected to be none. */
function expectClean(problems: PageProblems): void {
  expect(problems.outside, 'requests for another origin').toEqual([]);
  expect(problems.csp, 'Content-Security-Policy violations').toEqual([]);
  expect(problems.errors, 'console errors').toEqual([]);
}

/** axe-core's serious and critical findings on the page as it is, expected to be none. */
async function expectAccessible(page: Page, what: string): Promise<void> {
  const found = await seriousViolations(page);
  expect(found, `axe-core on ${what}:\n${found.join('\n')}`).toEqual([]);
}

describe.skipIf(gate.skip)(
  `the web application in Chromium${gate.skip ? ` (skipped: ${gate.reason})` : ''}`,
  { timeout: 60_000 },
  () => {
    let root: string;
    let server: ServiceProcess;
    let base: string;
    let origin: string;
    let browser: Browser;
    /** The admin's signed-in page, shared by the tests in order. */
    let admin: WatchedPage;
    const tokens = { admin: '', viewer: '' };
    const projects = { counter: '', fifo: '', crypto: '', lint: '' };
    const jobs = { coverage: '', formal: '', crypto: '', lint: '' };
    const asAdmin = () => ({ authorization: `Bearer ${tokens.admin}` });
    const ended = (jobId: string) => waitForJob(base, jobId, undefined, JOB_TIMEOUT_MS, asAdmin());
    /** Waits for the job to end as `status`, then opens its results tab in the admin's page. */
    const openResults = async (jobId: string, status: string) => {
      expect((await ended(jobId)).status).toBe(status);
      await admin.page.goto(`${origin}/jobs/${jobId}/results`);
    };

    beforeAll(async () => {
      // In CI the build (npm ci's prepare) makes dist/web; a missing one is a failure there, not a skip.
      if (!existsSync(WEB_INDEX))
        throw new Error(`${WEB_INDEX} is missing: build the web application (npm run build)`);
      root = mkdtempSync(join(tmpdir(), 'vp-web-'));
      const dataDir = join(root, 'data');
      tokens.admin = createToken(dataDir, 'first-admin', 'admin');
      server = await serveVerification(
        dataDir,
        // Four jobs at once; the pages' requests are many, the per-minute quota is not under test here.
        ['--workers', '4', '--requests-per-minute', '100000', '--webhook-allow-private'],
        { PLATFORM_AUTH_ENABLED: 'true' },
      );
      base = server.url;
      origin = new URL(base).origin;
      const headers = asAdmin();
      // The slowest first: Verilator's build of the counter with coverage.
      projects.counter = await createProjectFrom(
        base,
        'counter',
        join(EXAMPLES, 'counter'),
        'counter',
        headers,
      );
      jobs.coverage = await submitJob(base, projects.counter, { stages: ['lint', 'simulation'] }, headers);
      projects.fifo = await createProjectFrom(base, 'fifo', join(EXAMPLES, 'fifo'), 'fifo', headers);
      jobs.formal = await submitJob(base, projects.fifo, { stages: ['formal'] }, headers);
      projects.crypto = await createProjectFrom(
        base,
        'toy-cipher',
        join(FIXTURES, 'crypto'),
        'toy_cipher',
        headers,
      );
      jobs.crypto = await submitJob(base, projects.crypto, { stages: ['crypto'] }, headers);
      projects.lint = await createProjectFrom(
        base,
        'lint-warnings',
        join(EXAMPLES, 'lint-warnings'),
        'byte_checksum',
        headers,
      );
      jobs.lint = await submitJob(base, projects.lint, { stages: ['lint'] }, headers);
      const viewer = await api<{ token: string }>(base, 'POST', '/tokens', {
        body: { name: 'viewer', role: 'viewer' },
        headers,
      });
      expect(viewer.status).toBe(201);
      tokens.viewer = viewer.body.token;
      browser = await launchChromium();
      admin = await watchedPage(browser, origin);
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
      await server?.stop('SIGKILL');
      if (root) rmSync(root, { recursive: true, force: true });
    });

    it('signs in with a token through the sign-in page, the role shown', async () => {
      const { page, problems } = admin;
      await page.goto(`${origin}/projects`);
      await page.waitForURL(/\/sign-in/);
      await expectAccessible(page, 'the sign-in page');
      await signIn(page, origin, tokens.admin);
      await expect.poll(() => page.getByText('admin', { exact: true }).count()).toBeGreaterThan(0);
      await page.getByRole('heading', { name: 'Projects', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'counter' }).waitFor();
      await expectAccessible(page, 'the projects page');
      // The token sits in no browser storage: the session is an HttpOnly cookie.
      const stored = await page.evaluate(() => {
        const { localStorage, sessionStorage } = globalThis as unknown as Record<string, { length: number }>;
        return localStorage!.length + sessionStorage!.length;
      });
      expect(stored).toBe(0);
      const cookie = (await page.context().cookies()).find((c) => c.name === 'vp_session');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
      expectClean(problems);
    });

    let liveProject = '';
    it('creates a project and uploads an example folder by the file chooser', async () => {
      const { page, problems } = admin;
      await page.getByRole('button', { name: 'New project' }).click();
      await page.getByLabel('Name').fill('live-acc');
      await page.getByLabel('Top module').fill('acc');
      await page.getByLabel('Description').fill('the accumulator, simulated until cancelled');
      await page.getByRole('button', { name: 'Create project' }).click();
      await page.waitForURL(/\/projects\/prj_[^/]+/);
      liveProject = /\/projects\/(prj_[^/?#]+)/.exec(page.url())![1]!;
      // The example with a verify.json whose simulation runs until it is cancelled.
      const folder = join(root, 'acc');
      cpSync(ACCUMULATOR, folder, { recursive: true });
      writeFileSync(join(folder, 'verify.json'), ENDLESS_SIMULATION['verify.json']);
      await page.locator('#upload-folder').setInputFiles(folder);
      await page.getByRole('link', { name: 'verify.json' }).waitFor();
      await page.getByRole('link', { name: 'acc.v', exact: true }).waitFor();
      await expectAccessible(page, 'the project files tab');
      const listed = await api<{ files: { path: string }[] }>(base, 'GET', `/projects/${liveProject}/files`, {
        headers: asAdmin(),
      });
      expect(listed.body.files.map((f) => f.path).sort()).toEqual([
        'rtl/acc.v',
        'tb/tb_acc.v',
        'verify.json',
      ]);

      await page.getByRole('link', { name: 'acc.v', exact: true }).click();
      await page.waitForURL(/\/files\/rtl\/acc\.v/);
      await page.getByRole('region', { name: 'Source of rtl/acc.v' }).waitFor();
      await expectAccessible(page, 'a source file');
      await page.goto(`${origin}/projects/${liveProject}/config`);
      await page.getByRole('button', { name: 'Save configuration' }).waitFor();
      await expectAccessible(page, 'the project configuration tab');
      expectClean(problems);
    });

    it('submits a job from the page, shows its log lines while it runs, and cancels it', async () => {
      const { page, problems } = admin;
      await page.goto(`${origin}/projects/${liveProject}/jobs`);
      await page.getByRole('button', { name: 'Submit job' }).click();
      const dialog = page.getByRole('dialog', { name: 'Submit a job' });
      for (const stage of ['lint', 'simulation', 'formal', 'crypto']) {
        await dialog.getByRole('checkbox', { name: stage, exact: true }).setChecked(stage === 'simulation');
      }
      await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
      await page.waitForURL(/\/jobs\/job_[^/]+/);
      const jobId = /\/jobs\/(job_[^/?#]+)/.exec(page.url())![1]!;
      // The testbench's first line, from the tool through the WebSocket, while the job still runs.
      const log = page.getByRole('log', { name: 'Job log' });
      await log.locator('[data-line-index]', { hasText: 'TESTS 3' }).waitFor();
      expect(
        (await api<{ status: string }>(base, 'GET', `/jobs/${jobId}`, { headers: asAdmin() })).body.status,
      ).toBe('running');
      await expectAccessible(page, 'the job log of a running job');
      await page.getByRole('button', { name: 'Cancel job' }).click();
      await page.getByRole('button', { name: 'Confirm cancel' }).click();
      await page.getByText('cancelled', { exact: true }).first().waitFor();
      expect((await ended(jobId)).status).toBe('cancelled');

      await page.goto(`${origin}/projects/${liveProject}/jobs`);
      await page.getByRole('link', { name: jobId }).waitFor();
      await expectAccessible(page, 'the project jobs tab');
      expectClean(problems);
    });

    it('shows lint messages linking to their source line', async () => {
      const { page, problems } = admin;
      await openResults(jobs.lint, 'passed');
      const link = page.locator(`a[href^="/projects/${projects.lint}/files/rtl/checksum.sv#L"]`).first();
      await link.waitFor();
      expect(
        await page.locator(`a[href^="/projects/${projects.lint}/files/"]`).count(),
      ).toBeGreaterThanOrEqual(7);
      await expectAccessible(page, 'lint results');
      const line = /#L(\d+)$/.exec((await link.getAttribute('href'))!)![1]!;
      await link.click();
      await page.locator(`[id="L${line}"].source-line-highlight`).waitFor();
      expectClean(problems);
    });

    it('draws a failed property’s counterexample as a waveform with values at the cursor', async () => {
      const { page, problems } = admin;
      await openResults(jobs.formal, 'failed');
      const canvas = await showFirstWaveform(page);
      // Drawn: the canvas holds more than its background colour.
      await expect
        .poll(() =>
          canvas.evaluate((element) => {
            const c = element as unknown as {
              width: number;
              height: number;
              getContext(kind: '2d'): {
                getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
              };
            };
            const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height);
            const colours = new Set<number>();
            for (let i = 0; i < data.length; i += 4)
              colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
            return colours.size;
          }),
        )
        .toBeGreaterThan(3);
      const box = (await canvas.boundingBox())!;
      await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2);
      const values = page.getByRole('table', { name: /^Values at/ });
      await expect.poll(() => values.locator('tbody tr').count()).toBeGreaterThan(2);
      expect(
        (await values.locator('tbody td').allTextContents()).filter((v) => v.trim() !== '').length,
      ).toBeGreaterThan(2);
      await expectAccessible(page, 'formal results with a waveform');
      expectClean(problems);
    });

    it('plots the TVLA t-statistic of a crypto job with its threshold lines', async () => {
      const { page, problems } = admin;
      await openResults(jobs.crypto, 'passed');
      const plot = page.locator('svg.tvla-plot').first();
      await plot.waitFor();
      expect(await plot.getAttribute('role')).toBe('img');
      expect(await plot.locator('line.tvla-threshold').count()).toBe(2);
      const runs = plot.locator('path.tvla-line');
      expect(await runs.count()).toBe(2);
      // A point per sample point of the trace (the toy cipher's operation is a few cycles long), both runs alike.
      const points = await runs.evaluateAll((paths) =>
        paths.map((p) => (p.getAttribute('d') ?? '').split(/[ML]/).length - 1),
      );
      expect(points[0]).toBeGreaterThanOrEqual(2);
      expect(points[1]).toBe(points[0]);
      await expectAccessible(page, 'crypto results');
      expectClean(problems);
    });

    it(
      'shows coverage with a per-line heat map on the source, survives a reload there, and downloads an HTML report',
      { timeout: JOB_TIMEOUT_MS },
      async () => {
        const { page, problems } = admin;
        await openResults(jobs.coverage, 'passed');
        await page.getByRole('button', { name: 'Show heat map of rtl/counter.sv' }).click();
        const heatMap = page.getByRole('region', { name: 'Line coverage of rtl/counter.sv' });
        await heatMap.waitFor();
        expect(await heatMap.locator('.source-line-hit').count()).toBeGreaterThan(3);
        await expectAccessible(page, 'simulation results with a heat map');
        // A deep link reloaded: the platform answers the page, the router shows the tab.
        await page.reload();
        await page.getByRole('button', { name: 'Show heat map of rtl/counter.sv' }).waitFor();

        await page.goto(`${origin}/jobs/${jobs.coverage}/reports`);
        await page.getByLabel('Format').selectOption('html');
        await page.getByRole('button', { name: 'Generate report' }).click();
        const link = page.getByRole('link', { name: /^Download / });
        const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
        const html = readFileSync(await download.path(), 'utf8');
        expect(html).toMatch(/^<!doctype html>/i);
        expect(html).toContain(jobs.coverage);
        expect(html).toContain('rtl/counter.sv');
        await expectAccessible(page, 'the job reports tab');
        await page.goto(`${origin}/jobs/${jobs.coverage}`);
        await page.getByRole('log', { name: 'Job log' }).locator('[data-line-index]').first().waitFor();
        await expectAccessible(page, 'the job log of an ended job');
        expectClean(problems);
      },
    );

    it('creates a token in Settings that the API accepts, and revokes it so that the API refuses it', async () => {
      const { page, problems } = admin;
      await page.goto(`${origin}/settings/tokens`);
      await page.getByLabel('Name').fill('e2e-ci');
      await page.getByLabel('Role').selectOption('developer');
      await page.getByLabel('Expires in days').fill('7');
      await page.getByRole('button', { name: 'Create token' }).click();
      const shown = page.getByRole('dialog', { name: 'Token created' });
      await shown.getByText('it will not be shown again').waitFor();
      const token = await shown.getByRole('textbox').inputValue();
      expect(token).toMatch(/^vpt_[A-Za-z0-9_-]{43}$/);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
      await shown.getByRole('button', { name: 'Copy token' }).click();
      await shown.getByText('Copied to the clipboard.').waitFor();
      expect(
        await page.evaluate(() =>
          (
            globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
          ).navigator.clipboard.readText(),
        ),
      ).toBe(token);
      await expectAccessible(page, 'the token shown once');
      const bearer = { authorization: `Bearer ${token}` };
      expect((await api(base, 'GET', '/projects', { headers: bearer })).status).toBe(200);
      // A developer's token: the admin routes refuse it.
      expect(
        (await api(base, 'POST', '/tokens', { body: { name: 'x', role: 'viewer' }, headers: bearer })).status,
      ).toBe(403);
      await shown.getByRole('button', { name: 'Done' }).click();
      await expectAccessible(page, 'the tokens page');
      await page.getByRole('button', { name: 'Revoke e2e-ci' }).click();
      await page
        .getByRole('dialog', { name: 'Revoke token' })
        .getByRole('button', { name: 'Revoke token' })
        .click();
      await expect.poll(() => page.getByRole('button', { name: 'Revoke e2e-ci' }).count()).toBe(0);
      expect((await api(base, 'GET', '/projects', { headers: bearer })).status).toBe(401);
      expectClean(problems);
    });

    it('shows the webhook pages', async () => {
      const { page, problems } = admin;
      const created = await api<{ webhook_id: string }>(base, 'POST', '/webhooks', {
        body: { url: 'http://127.0.0.1:9/hooks', events: ['job.completed'], secret: 'a-secret-of-length' },
        headers: asAdmin(),
      });
      expect(created.status).toBe(201);
      await page.goto(`${origin}/webhooks`);
      await page.getByRole('link', { name: /127\.0\.0\.1:9\/hooks/ }).click();
      await page.getByRole('button', { name: 'Send ping' }).waitFor();
      await expectAccessible(page, 'a webhook');
      await page.goto(`${origin}/webhooks`);
      await page.getByRole('button', { name: 'New webhook' }).waitFor();
      await expectAccessible(page, 'the webhooks page');
      expectClean(problems);
    });

    it('refuses a state-changing request without the session’s CSRF token', async () => {
      const { page } = admin;
      const answer = await page.evaluate(async (projectId) => {
        const response = await fetch(`/api/v1/projects/${projectId}/jobs`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ stages: ['lint'] }),
        });
        return { status: response.status, body: (await response.json()) as { error: { code: string } } };
      }, projects.counter);
      expect(answer).toMatchObject({ status: 403, body: { error: { code: 'CSRF_TOKEN_INVALID' } } });
    });

    it('shows a viewer no submit button, and refuses a forged submission from its session', async () => {
      const viewer = await watchedPage(browser, origin);
      const { page, problems } = viewer;
      try {
        await signIn(page, origin, tokens.viewer);
        await page.getByRole('link', { name: 'counter' }).waitFor();
        expect(await page.getByRole('button', { name: 'New project' }).count()).toBe(0);
        await page.goto(`${origin}/projects/${projects.counter}/jobs`);
        await page.getByRole('link', { name: jobs.coverage }).waitFor();
        expect(await page.getByRole('button', { name: 'Submit job' }).count()).toBe(0);
        expect(await page.getByRole('link', { name: 'API tokens' }).count()).toBe(0);
        // The session's own CSRF token with its cookie: a well-formed request the role forbids.
        const answer = await page.evaluate(async (projectId) => {
          const session = (await (await fetch('/api/v1/session')).json()) as { csrf_token: string };
          const response = await fetch(`/api/v1/projects/${projectId}/jobs`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrf_token },
            body: JSON.stringify({ stages: ['lint'] }),
          });
          return { status: response.status, body: (await response.json()) as { error: { code: string } } };
        }, projects.counter);
        expect(answer).toMatchObject({ status: 403, body: { error: { code: 'FORBIDDEN' } } });
        expectClean(problems);
      } finally {
        await page.context().close();
      }
    });

    it(
      'fits the main pages at 320, 390 and 1280 px without sideways scrolling',
      { timeout: 120_000 },
      async () => {
        const pages = [
          '/projects',
          `/projects/${projects.counter}`,
          `/projects/${projects.counter}/jobs`,
          `/jobs/${jobs.coverage}`,
          `/jobs/${jobs.coverage}/results`,
          `/jobs/${jobs.formal}/results`,
          `/jobs/${jobs.crypto}/results`,
          '/settings/tokens',
        ];
        const { page, problems } = admin;
        const wide: string[] = [];
        for (const width of [320, 390, 1280]) {
          await page.setViewportSize({ width, height: 844 });
          for (const path of pages) {
            await page.goto(origin + path);
            await page.locator('main h1').waitFor();
            // Measured once the page's data is in: no spinner left.
            await expect.poll(() => page.locator('.spinner').count()).toBe(0);
            for (const culprit of await widerThanWindow(page))
              wide.push(`${path} at ${width} px: ${culprit}`);
          }
        }
        expect(wide).toEqual([]);
        expectClean(problems);
      },
    );

    it('signs out', async () => {
      const { page, problems } = admin;
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(/\/sign-in/);
      const status = await page.evaluate(async () => (await fetch('/api/v1/session')).status);
      expect(status).toBe(401);
      expectClean(problems);
    });
  },
);
