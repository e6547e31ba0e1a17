/**
 * The crypto-accelerator example on the compiled server with Icarus Verilog: the design passes
 * all five crypto checks, and each variant (one replaced file, uploaded on top) fails the check
 * it was built to fail and no other. The passing job's evidence is read back through
 * `/results/crypto`, its artifacts, and its HTML report opened in Chromium with the TVLA plot.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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

const jobTools = requireTools(['iverilog', 'vvp', 'verilator']);
const browserTools = requireTools(['chromium', 'iverilog', 'vvp', 'verilator']);
const EXAMPLE = join(EXAMPLES, 'crypto-accelerator');
const CHECKS = ['constant_time', 'side_channel', 'ntt_validation', 'fips_compliance', 'entropy_analysis'];
const JOB_TIMEOUT_MS = 400_000;
/** A fixed seed makes every drawn value, and so every figure, the same on each run of the suite. */
const SEED = { 'crypto.seed': 20_261_124 };

/** Each variant and the one check it fails. */
const VARIANTS: Record<string, string> = {
  'variable-time': 'constant_time',
  unmasked: 'side_channel',
  'missing-reduction': 'ntt_validation',
  'keccak-padding': 'fips_compliance',
  'short-accumulation': 'entropy_analysis',
};

type Check = { status: string; reason?: string } & Record<string, unknown>;
interface CryptoResults {
  status: string;
  crypto_checks_passed: number;
  details: {
    seed: number;
    checks: Record<string, Check & { details: Record<string, any> }>;
  };
}

/** The variant's replacement files, by their path in the project. */
function variantFiles(variant: string): Record<string, string> {
  const dir = join(EXAMPLE, 'variants', variant, 'rtl');
  return Object.fromEntries(
    readdirSync(dir).map((name) => [`rtl/${name}`, readFileSync(join(dir, name), 'utf8')]),
  );
}

describe.skipIf(jobTools.skip)(
  `the crypto-accelerator example (real server, Icarus Verilog)${jobTools.skip ? ` (skipped: ${jobTools.reason})` : ''}`,
  () => {
    let root: string;
    let server: ServiceProcess;
    let base: string;
    let passing: string;
    const variantJobs = new Map<string, string>();
    const cryptoResults = async (jobId: string) =>
      (await api<CryptoResults>(base, 'GET', `/jobs/${jobId}/results/crypto`)).body;

    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), 'vp-crypto-'));
      server = await serveVerification(join(root, 'data'), ['--workers', '2']);
      base = server.url;
      const project = await createProjectFrom(base, 'crypto-accelerator', EXAMPLE, 'crypto_accelerator');
      passing = await submitJob(base, project, { stages: ['lint', 'crypto'], config_overrides: SEED });
      for (const variant of Object.keys(VARIANTS)) {
        const id = await createProjectFrom(
          base,
          variant,
          EXAMPLE,
          'crypto_accelerator',
          {},
          variantFiles(variant),
        );
        variantJobs.set(variant, await submitJob(base, id, { stages: ['crypto'], config_overrides: SEED }));
      }
      for (const jobId of [passing, ...variantJobs.values()])
        await waitForJob(base, jobId, undefined, JOB_TIMEOUT_MS);
    }, JOB_TIMEOUT_MS * 2);
    afterAll(async () => {
      await server?.stop();
      rmSync(root, { recursive: true, force: true });
    });

    it('passes lint and every crypto check, with the spec’s fields in /results', async () => {
      const results = await api<{ overall_status: string; stages: Record<string, Record<string, Check>> }>(
        base,
        'GET',
        `/jobs/${passing}/results`,
      );
      expect(results.body.overall_status).toBe('passed');
      expect(results.body.stages.lint).toMatchObject({ status: 'passed', warnings: 0, errors: 0 });
      const crypto = results.body.stages.crypto!;
      expect(crypto).toMatchObject({ status: 'passed', crypto_checks_passed: 5 });
      expect(crypto.constant_time).toEqual({ status: 'passed', violations: 0 });
      expect(crypto.side_channel).toMatchObject({ status: 'passed', threshold: 4.5, leaking_points: 0 });
      expect(crypto.ntt_validation).toEqual({
        status: 'passed',
        mismatches: 0,
        vectors: 8,
        coefficients: 2048,
      });
      expect(crypto.fips_compliance).toMatchObject({
        status: 'passed',
        algorithm: 'SHA3-256',
        vectors_failed: 0,
      });
      expect(crypto.fips_compliance!.vectors_run).toBeGreaterThan(100);
      expect(crypto.entropy_analysis).toMatchObject({ status: 'passed', claim: 0.4, samples: 20_000 });
      expect(crypto.entropy_analysis!.min_entropy).toBeGreaterThanOrEqual(0.4);
    });

    it('answers /results/crypto with the evidence behind each verdict, and the TVLA artifacts', async () => {
      const results = await cryptoResults(passing);
      expect(results.details.seed).toBe(SEED['crypto.seed']);
      const timing = results.details.checks.constant_time!.details.operations;
      expect(timing.map((op: { operation: string }) => op.operation)).toEqual(['ntt']);
      expect(Object.keys(timing[0].histogram)).toHaveLength(1);
      const tvla = results.details.checks.side_channel!.details.operations[0];
      expect(tvla.runs).toHaveLength(2);
      // The example runs 100 traces per run (crypto.side_channel.traces in its verify.json).
      expect(tvla.runs[0].traces_fixed + tvla.runs[0].traces_random).toBe(100);
      expect(tvla.runs[0].t).toHaveLength(tvla.sample_points);
      const estimators = results.details.checks.entropy_analysis!.details.estimators;
      expect(estimators.map((e: { name: string }) => e.name)).toEqual(
        expect.arrayContaining(['most_common_value', 'collision', 'markov', 'compression']),
      );
      const json = await api<{ threshold: number; operations: { runs: unknown[] }[] }>(
        base,
        'GET',
        `/jobs/${passing}/artifacts/tvla_results.json`,
      );
      expect(json.body.threshold).toBe(4.5);
      const csv = await api<string>(base, 'GET', `/jobs/${passing}/artifacts/power_trace.csv`);
      expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(csv.body.trim().split('\n')).toHaveLength(1 + 2 * 100);
    });

    for (const [variant, failing] of Object.entries(VARIANTS)) {
      it(`variant ${variant}: fails ${failing} and passes the other checks`, async () => {
        const results = await cryptoResults(variantJobs.get(variant)!);
        expect(results.status).toBe('failed');
        const verdicts = Object.fromEntries(
          CHECKS.map((name) => [name, results.details.checks[name]!.status]),
        );
        expect(verdicts).toEqual(
          Object.fromEntries(CHECKS.map((name) => [name, name === failing ? 'failed' : 'passed'])),
        );
        expect(results.details.checks[failing]!.reason).toEqual(expect.any(String));
      });
    }

    it.skipIf(browserTools.skip)(
      `plots the TVLA t statistic in the HTML report, shown in Chromium${browserTools.skip ? ` (skipped: ${browserTools.reason})` : ''}`,
      { timeout: 60_000 },
      async () => {
        const html = (
          await api<string>(base, 'POST', `/jobs/${passing}/reports`, { body: { format: 'html' } })
        ).body;
        await withOfflinePage(html, async (page, requests) => {
          const checks = page.locator('#crypto-checks tbody tr');
          expect(await checks.count()).toBe(5);
          expect(await checks.first().isVisible()).toBe(true);
          const plot = page.locator('figure.tvla-plot svg');
          expect(await plot.isVisible()).toBe(true);
          expect((await plot.boundingBox())?.width).toBeGreaterThan(600);
          expect(await page.locator('figure.tvla-plot polyline.t-trace').count()).toBe(2);
          const points = await page.locator('polyline.t-trace').first().getAttribute('points');
          expect(points?.split(' ').length).toBeGreaterThan(100);
          expect(await page.locator('figure.tvla-plot line.threshold-line').count()).toBe(2);
          expect(await page.locator('figure.tvla-plot figcaption').textContent()).toContain('±4.5');
          expect(requests).toEqual([]);
        });
      },
    );
  },
);
