/** A hand-made report model for the renderer tests: every section, hostile text from the "tools". */
import type { ReportModel } from '../../src/domain/reports/report-model.js';

export const HOSTILE = '<script>alert("x")</script> & co';

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
  };
}
