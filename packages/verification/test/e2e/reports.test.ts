/**
 * Reports of a real job: the fifo example (simulation passes, formal finds its planted bug) run
 * on the compiled server with the real tools, a report asked for in each format, kept as an
 * artifact, and the HTML one opened in a headless Chromium that is allowed no network at all.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createProjectFrom,
  EXAMPLES,
  serveVerification,
  submitJob,
  waitForJob,
  type ServiceProcess,
} from '../support/serve.js';
import { withOfflinePage } from '../support/offline-page.js';

/** The page's XML parser, as far as this test uses it (the tests compile without the DOM library). */
interface XmlElement {
  textContent: string | null;
  getAttribute(name: string): string | null;
}
declare const DOMParser: new () => {
  parseFromString(
    text: string,
    type: 'application/xml',
  ): {
    querySelector(selector: string): XmlElement | null;
    querySelectorAll(selector: string): Iterable<XmlElement>;
  };
};

const jobTools = requireTools(['verilator', 'iverilog', 'yosys', 'yosys-smtbmc', 'z3', 'g++', 'make']);
const browserTools = requireTools(['chromium', 'verilator', 'yosys', 'yosys-smtbmc', 'z3', 'iverilog']);

const CUSTOM_TEMPLATES = {
  'reports/custom.liquid': '<p>{{ report.job.id }}: {{ report.formal.failed }} failed</p>',
  'reports/broken.liquid': '<p>\n{% for %}\n</p>',
};

describe.skipIf(jobTools.skip)(
  `reports of the fifo example (real server, real tools)${jobTools.skip ? ` (skipped: ${jobTools.reason})` : ''}`,
  () => {
    let root: string;
    let server: ServiceProcess;
    let base: string;
    let jobId: string;
    const report = (body: unknown) => api<string>(base, 'POST', `/jobs/${jobId}/reports`, { body });

    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), 'vp-reports-'));
      server = await serveVerification(join(root, 'data'));
      base = server.url;
      const project = await createProjectFrom(
        base,
        'fifo',
        join(EXAMPLES, 'fifo'),
        'fifo',
        {},
        CUSTOM_TEMPLATES,
      );
      jobId = await submitJob(base, project, { stages: ['simulation', 'formal'] });
      const early = await api(base, 'POST', `/jobs/${jobId}/reports`, { body: {} });
      expect(early.status).toBe(409);
      expect(early.body).toMatchObject({ error: { code: 'CONFLICT' } });
      expect((await waitForJob(base, jobId)).status).toBe('failed');
    }, 300_000);
    afterAll(async () => {
      await server?.stop();
      rmSync(root, { recursive: true, force: true });
    });

    it('answers each format as a download and keeps it as an artifact of the job', async () => {
      const formats = [
        ['html', 'report.html', 'text/html; charset=utf-8'],
        ['json', 'report.json', 'application/json'],
        ['junit', 'report.junit.xml', 'application/xml'],
        ['markdown', 'report.md', 'text/markdown; charset=utf-8'],
      ] as const;
      for (const [format, name, type] of formats) {
        const answer = await report({ format });
        expect(answer.status, format).toBe(200);
        expect(answer.headers.get('content-type')).toBe(type);
        expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
        const stored = await api(base, 'GET', `/jobs/${jobId}/artifacts/${name}`);
        expect(stored.headers.get('content-type')).toBe(type);
        expect(stored.body).toEqual(answer.body);
      }
      const { artifacts } = (
        await api<{ artifacts: { name: string; stage: string; content_type: string; size: number }[] }>(
          base,
          'GET',
          `/jobs/${jobId}/artifacts`,
        )
      ).body;
      expect(artifacts.filter((a) => a.stage === 'report').map((a) => [a.name, a.content_type])).toEqual(
        formats.map(([, name, type]) => [name, type]),
      );
      expect(artifacts.every((a) => a.size > 0)).toBe(true);
    });

    it('reports on the stages asked for, and refuses stages the job did not run', async () => {
      const formalOnly = await api<{ simulation: unknown; formal: { failed: number } }>(
        base,
        'POST',
        `/jobs/${jobId}/reports`,
        { body: { format: 'json', include: ['formal'] } },
      );
      expect(formalOnly.body.simulation).toBeNull();
      expect(formalOnly.body.formal.failed).toBeGreaterThan(0);
      // An unknown stage fails the schema; a stage this job did not run is refused by the job.
      for (const [stage, status, text] of [
        ['simulaton', 400, '\\"simulation\\"'],
        ['lint', 400, 'the job ran simulation, formal'],
      ] as const) {
        const refused = await report({ include: [stage] });
        expect(refused.status).toBe(status);
        expect(JSON.stringify(refused.body)).toContain(text);
      }
    });

    it('renders the summary and the project’s own templates, and refuses bad ones', async () => {
      const summary = await report({ template: 'summary' });
      expect(summary.headers.get('content-disposition')).toBe('attachment; filename="report-summary.html"');
      expect(summary.body).toContain('properties failed');
      const custom = await report({ template: 'reports/custom.liquid' });
      expect(custom.headers.get('content-disposition')).toBe('attachment; filename="report-custom.html"');
      expect(custom.body).toMatch(new RegExp(`^<p>${jobId}: [1-9]\\d* failed</p>$`));
      // A path outside the project fails the schema's pattern; a missing or broken template is the job's.
      for (const [template, status] of [
        ['../../../etc/passwd', 400],
        ['reports/missing.liquid', 400],
        ['reports/broken.liquid', 400],
      ] as const) {
        const refused = await report({ template });
        expect(refused.status, template).toBe(status);
        expect(refused.body).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
      }
      expect(await report({ template: 'reports/broken.liquid' })).toMatchObject({
        body: { error: { details: { field: 'template', line: 2 } } },
      });
    });

    it.skipIf(browserTools.skip)(
      `shows the HTML report in Chromium with no network request${browserTools.skip ? ` (skipped: ${browserTools.reason})` : ''}`,
      { timeout: 60_000 },
      async () => {
        const html = (await report({ format: 'html' })).body;
        const junit = (await report({ format: 'junit' })).body;
        await withOfflinePage(html, async (page, requests) => {
          const tests = page.locator('#tests tbody tr');
          expect(await tests.count()).toBeGreaterThan(0);
          await expect.poll(() => tests.first().isVisible()).toBe(true);
          const properties = page.locator('#properties tbody tr');
          expect(await properties.count()).toBeGreaterThan(0);
          expect(await page.locator('#properties').isVisible()).toBe(true);
          const links = page.locator('#properties a');
          expect(await links.count()).toBeGreaterThan(0);
          expect(await links.first().getAttribute('href')).toMatch(
            new RegExp(`^/api/v1/jobs/${jobId}/artifacts/[^/]+\\.vcd$`),
          );
          const bars = page.locator('svg.coverage-bar');
          expect(await bars.count()).toBeGreaterThan(0);
          expect(await bars.first().isVisible()).toBe(true);
          const box = await bars.first().boundingBox();
          expect(box?.width).toBeGreaterThan(0);

          // The browser's own XML parser: the JUnit report is well-formed.
          const parsed = await page.evaluate((xml) => {
            const document = new DOMParser().parseFromString(xml, 'application/xml');
            return {
              error: document.querySelector('parsererror')?.textContent ?? null,
              suites: [...document.querySelectorAll('testsuite')].map((suite) => suite.getAttribute('name')),
            };
          }, junit);
          expect(parsed).toEqual({ error: null, suites: ['simulation', 'formal'] });
          expect(requests).toEqual([]);
        });
      },
    );
  },
);
