#!/usr/bin/env node
/**
 * The screenshots of the web application in the README (docs/images/verification-web-*.png):
 * the compiled platform with authentication on, real jobs of the examples run by the real tools,
 * and Debian's Chromium at 1280 × 800 signed in as an admin. Each page is shot once its data is in.
 *
 * Usage (from the repository root, after `npm run build`):
 *   npx tsx packages/verification/scripts/web-screenshots.mjs
 * It takes a few minutes: the crypto-accelerator example's job is the longest.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, showFirstWaveform, signIn } from '../test/support/browser.ts';
import {
  ACCUMULATOR,
  api,
  ENDLESS_SIMULATION,
  EXAMPLES,
  filesForm,
  serveVerification,
  submitJob,
  waitForJob,
} from '../test/support/serve.ts';
import { createToken } from '../test/support/verifyctl.ts';

const IMAGES = fileURLToPath(new URL('../../../docs/images/', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'vp-screenshots-'));
const dataDir = join(root, 'data');
const token = createToken(dataDir, 'ada', 'admin');
const auth = { authorization: `Bearer ${token}` };
const server = await serveVerification(dataDir, ['--workers', '4', '--requests-per-minute', '100000'], {
  PLATFORM_AUTH_ENABLED: 'true',
});
const browser = await launchChromium();
try {
  const base = server.url;
  const origin = new URL(base).origin;
  /** An example as a project with a description of what it shows, as a person would make it. */
  const example = async (name, top, description, dir = join(EXAMPLES, name)) => {
    const created = await api(base, 'POST', '/projects', {
      body: { name, top_module: top, target_pdk: 'sky130A', description },
      headers: auth,
    });
    const upload = await fetch(`${base}/projects/${created.body.id}/upload`, {
      method: 'POST',
      body: filesForm(dir, name === 'accumulator' ? ENDLESS_SIMULATION : {}),
      headers: auth,
    });
    if (upload.status !== 200) throw new Error(`upload of ${name} failed: ${await upload.text()}`);
    return created.body.id;
  };
  const counter = await example('counter', 'counter', 'A starter project: every stage passes');
  const fifo = await example('fifo', 'fifo', 'A bug that simulation misses and the formal stage finds');
  const crypto = await example('crypto-accelerator', 'crypto_accelerator', 'Masked NTT, SHA3-256 and a TRNG');
  await example('traffic-light', 'traffic_light', 'FSM coverage from the trace');
  await example('lint-warnings', 'byte_checksum', 'Seven Verilator warnings');
  const jobs = {
    counter: await submitJob(base, counter, {}, auth),
    fifo: await submitJob(base, fifo, { stages: ['lint', 'simulation', 'formal'] }, auth),
    crypto: await submitJob(
      base,
      crypto,
      { stages: ['lint', 'crypto'], config_overrides: { 'crypto.seed': 20_261_124 } },
      auth,
    ),
  };
  const live = await example('accumulator', 'acc', 'Simulates until cancelled', ACCUMULATOR);

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, origin, token);
  const shoot = async (name) => {
    await page.locator('.spinner').first().waitFor({ state: 'detached' });
    const file = join(IMAGES, `verification-web-${name}.png`);
    await page.screenshot({ path: file });
    console.log(`${file}: ${Math.round(statSync(file).size / 1024)} KB`);
  };

  /** Scrolls `locator`'s element to the top of the window, so the shot starts with its heading. */
  const toTop = (locator) => locator.evaluate((element) => element.scrollIntoView({ block: 'start' }));

  await page.getByRole('link', { name: 'lint-warnings' }).waitFor();
  await shoot('projects');
  await page.goto(`${origin}/projects/${counter}`);
  await page.getByRole('link', { name: 'counter.sv', exact: true }).waitFor();
  await shoot('project-files');

  // A job that runs until cancelled, shot while its log streams in.
  const running = await submitJob(base, live, { stages: ['lint', 'simulation'] }, auth);
  await page.goto(`${origin}/jobs/${running}`);
  await page
    .getByRole('log', { name: 'Job log' })
    .locator('[data-line-index]', { hasText: 'TESTS 3' })
    .waitFor();
  await shoot('job-log-live');
  await api(base, 'POST', `/jobs/${running}/cancel`, { headers: auth });

  const ended = (id) => waitForJob(base, id, undefined, 600_000, auth);
  await ended(jobs.counter);
  await page.goto(`${origin}/jobs/${jobs.counter}/results`);
  await page.getByRole('button', { name: 'Show heat map of rtl/counter.sv' }).click();
  const heatMap = page.getByRole('region', { name: 'Line coverage of rtl/counter.sv' });
  await heatMap.waitFor();
  await toTop(page.getByRole('table', { name: 'Coverage per file' }));
  await shoot('coverage-heat-map');

  await ended(jobs.fifo);
  await page.goto(`${origin}/jobs/${jobs.fifo}/results`);
  const canvas = await showFirstWaveform(page);
  await toTop(page.locator('section.trace'));
  const box = await canvas.boundingBox();
  await page.mouse.move(box.x + box.width * 0.55, box.y + box.height / 2);
  await shoot('formal-waveform');

  await ended(jobs.crypto);
  await page.goto(`${origin}/jobs/${jobs.crypto}/results`);
  const plot = page.locator('svg.tvla-plot').first();
  await plot.waitFor();
  await toTop(page.locator('figure.tvla').first());
  await shoot('tvla-plot');

  await api(base, 'POST', '/tokens', {
    body: { name: 'ci-nightly', role: 'developer', expires_in_days: 90 },
    headers: auth,
  });
  await api(base, 'POST', '/tokens', { body: { name: 'dashboard', role: 'viewer' }, headers: auth });
  await page.goto(`${origin}/settings/tokens`);
  await page.getByRole('button', { name: 'Revoke dashboard' }).waitFor();
  await shoot('tokens');
  await context.close();
} finally {
  await browser.close();
  await server.stop();
  rmSync(root, { recursive: true, force: true });
}
