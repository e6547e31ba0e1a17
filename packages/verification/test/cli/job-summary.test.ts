import { describe, expect, it } from 'vitest';
import type { Job, Results } from '../../src/client/index.js';
import { jobSummary, resultTotals, stageResultText } from '../../src/cli/job-summary.js';

const results: Results = {
  job_id: 'job_1',
  project_id: 'prj_1',
  overall_status: 'failed',
  error: { stage: 'formal', code: 'VERIFICATION_FAILED', message: '1 of 3 properties fails' },
  stages: {
    lint: { status: 'passed', duration: '310ms', warnings: 2, errors: 0 },
    simulation: {
      status: 'passed',
      duration: '8.1s',
      tests_passed: 4,
      tests_failed: 0,
      coverage: { line: 100, toggle: 87.5, fsm: null },
    },
    formal: {
      status: 'failed',
      duration: '3.0s',
      properties_proven: 2,
      properties_failed: 1,
      properties_inconclusive: 0,
    },
    crypto: {
      status: 'failed',
      duration: '41.0s',
      constant_time: { status: 'passed', violations: 0 },
      side_channel: { status: 'failed', max_t_value: 25.8, threshold: 4.5 },
      ntt_validation: { status: 'passed', mismatches: 0 },
      fips_compliance: { status: 'skipped', reason: 'no vectors' },
      entropy_analysis: { status: 'passed', min_entropy: 0.66 },
    },
  },
};

describe('the summary of a job', () => {
  it('has a row per stage with its counts, the totals and the error', () => {
    const job = { job_id: 'job_1', status: 'failed', duration: '52.4s', error: results.error } as Job;
    expect(jobSummary(job, results, 1).split('\n')).toEqual([
      'job job_1 failed in 52.4s (exit code 1)',
      'STAGE       STATUS  DURATION  RESULT',
      'lint        passed  310ms     0 errors, 2 warnings',
      'simulation  passed  8.1s      4 tests passed, 0 failed; coverage line 100%, toggle 87.5%, fsm -',
      'formal      failed  3.0s      2 properties proven, 1 failed, 0 inconclusive',
      'crypto      failed  41.0s     3 checks passed, 1 failed, 1 skipped',
      'tests 4 passed, 0 failed; properties 2 proven, 1 failed, 0 inconclusive; crypto checks 3 passed, 1 failed, 1 skipped',
      'error: VERIFICATION_FAILED in formal: 1 of 3 properties fails',
    ]);
  });

  it('counts nothing for stages a job did not run', () => {
    expect(resultTotals({ ...results, stages: { lint: { status: 'passed' } } })).toBe(
      'tests 0 passed, 0 failed; properties 0 proven, 0 failed, 0 inconclusive; crypto checks 0 passed, 0 failed, 0 skipped',
    );
  });

  it('lays one stage out as its fields, then its lists and maps as tables', () => {
    const text = stageResultText({
      job_id: 'job_1',
      stage: 'formal',
      status: 'failed',
      details: {
        depth: 20,
        properties: [
          { name: 'p_a', status: 'proven' },
          { name: 'p_b', status: 'failed', step: 4, context: 'two\nlines' },
        ],
        tasks: { default: { verdict: 'fail', status: 'failed' } },
      },
    });
    expect(text.split('\n')).toEqual([
      'job_id:  job_1',
      'stage:   formal',
      'status:  failed',
      'depth:   20',
      '',
      'properties:',
      'NAME  STATUS  STEP',
      'p_a   proven',
      'p_b   failed  4',
      '',
      'tasks:',
      'NAME     VERDICT  STATUS',
      'default  fail     failed',
    ]);
  });
});
