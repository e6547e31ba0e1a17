/** A hand-made report model for the renderer tests: every section, hostile text from the "tools". */
import { cryptoSection } from '../../src/domain/reports/crypto-section.js';
import type { ReportModel } from '../../src/domain/reports/report-model.js';

export const HOSTILE = '<script>alert("x")</script> & co';

/**
 * A crypto stage as the store keeps it: side_channel leaks at point 2 in both runs, the other
 * checks pass or are skipped.
 */
export const SAMPLE_CRYPTO_ROW = {
  job_id: 'job_0123456789abcdef',
  position: 3,
  stage: 'crypto' as const,
  status: 'failed' as const,
  started_at: '2026-01-02T03:00:40.000Z',
  finished_at: '2026-01-02T03:01:00.000Z',
  duration_ms: 20_000,
  completed: 5,
  total: 5,
  reason: 'failed checks: side_channel',
  summary: {
    crypto_checks_passed: 2,
    constant_time: { status: 'passed', violations: 0 },
    side_channel: {
      status: 'failed',
      reason: `both runs exceed |t| = 4.5 at 1 sample point: ${HOSTILE}`,
      max_t_value: 12.5,
      threshold: 4.5,
      leaking_points: 1,
    },
    ntt_validation: { status: 'passed', mismatches: 0, vectors: 8, coefficients: 2048 },
    fips_compliance: {
      status: 'skipped',
      reason: 'the design declares no algorithm with known-answer tests',
    },
    entropy_analysis: { status: 'skipped', reason: 'the design declares no entropy source' },
  },
  details: {
    seed: 42,
    checks: {
      side_channel: {
        details: {
          operations: [
            {
              operation: 'ntt',
              max_abs_t: 12.5,
              runs: [
                { run: 1, t: [0, 1, 12.5, null, -2] },
                { run: 2, t: [0.5, -1, 9, null, 100] },
              ],
            },
          ],
        },
      },
    },
  },
};

export function sampleReportModel(): ReportModel {
  return {
    generated_at: '2026-01-02T03:04:05.000Z',
    job: {
      id: 'job_0123456789abcdef',
      project_id: 'prj_0123456789abcdef',
      status: 'failed',
      submitted_at: '2026-01-02T03:00:00.000Z',
      started_at: '2026-01-02T03:00:01.000Z',
      finished_at: '2026-01-02T03:01:01.000Z',
      duration: '1m 00s',
      error: { stage: 'formal', code: 'VERIFICATION_FAILED', message: '1 property failed' },
    },
    stages: [
      {
        name: 'lint',
        status: 'failed',
        reason: 'verilator reported 1 error(s)',
        started_at: null,
        finished_at: null,
        duration: '1.5s',
        duration_ms: 1500,
        counts: { warnings: 1, errors: 1 },
      },
      {
        name: 'simulation',
        status: 'failed',
        reason: null,
        started_at: null,
        finished_at: null,
        duration: '10.0s',
        duration_ms: 10_000,
        counts: { tests_passed: 1, tests_failed: 1 },
      },
      {
        name: 'formal',
        status: 'failed',
        reason: null,
        started_at: null,
        finished_at: null,
        duration: '20.0s',
        duration_ms: 20_000,
        counts: { properties_proven: 1, properties_failed: 1, properties_inconclusive: 1 },
      },
    ],
    lint: {
      status: 'failed',
      warnings: 1,
      errors: 1,
      messages: [
        { severity: 'error', code: 'PINMISSING', file: 'rtl/top.sv', line: 3, column: 5, message: HOSTILE },
        {
          severity: 'warning',
          code: 'WIDTH',
          file: 'rtl/top.sv',
          line: 9,
          column: 1,
          message: 'width | mismatch',
        },
      ],
    },
    simulation: {
      status: 'failed',
      tests_passed: 1,
      tests_failed: 1,
      tests: [
        { name: 'reset', status: 'passed', reason: null },
        { name: 'overflow', status: 'failed', reason: `expected 3, got 4 ${HOSTILE}` },
      ],
      coverage: {
        line: 87.5,
        toggle: 50,
        fsm: null,
        reason: null,
        files: [
          {
            file: 'rtl/top.sv',
            line: { covered: 7, total: 8, percent: 87.5 },
            toggle: { covered: 2, total: 4, percent: 50 },
          },
        ],
        fsm_machines: [
          {
            module: 'top',
            instance: 'tb.dut',
            register: 'state',
            states_visited: 2,
            states_total: 3,
            state_coverage: 66.67,
            transition_coverage: null,
          },
        ],
      },
    },
    formal: {
      status: 'failed',
      reason: 'a property failed',
      depth: 20,
      proven: 1,
      failed: 1,
      inconclusive: 1,
      properties: [
        {
          name: 'no_overflow',
          source: 'rtl/top.sv:30',
          status: 'failed',
          step: 4,
          counterexample: 'cex_no_overflow.vcd',
          counterexample_url: '/api/v1/jobs/job_0123456789abcdef/artifacts/cex_no_overflow.vcd',
        },
        {
          name: 'count_bounded',
          source: 'rtl/top.sv:31',
          status: 'proven',
          step: null,
          counterexample: null,
          counterexample_url: null,
        },
        {
          name: 'eventually_empty',
          source: 'rtl/top.sv:32',
          status: 'inconclusive',
          step: null,
          counterexample: null,
          counterexample_url: null,
        },
      ],
    },
    crypto: cryptoSection(SAMPLE_CRYPTO_ROW),
  };
}
