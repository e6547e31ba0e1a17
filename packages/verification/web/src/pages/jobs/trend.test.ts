import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../api/client.js';
import { trendBars, trendSummary } from './trend.js';

const t0 = Date.parse('2026-11-27T08:00:00.000Z');
const at = (seconds: number) => new Date(t0 + seconds * 1000).toISOString();

function job(id: string, status: Schemas['Job']['status'], start: number, seconds?: number): Schemas['Job'] {
  return {
    job_id: id,
    project_id: 'prj_1',
    status,
    stages: ['lint'],
    submitted_at: at(start),
    started_at: at(start),
    ...(seconds === undefined ? {} : { finished_at: at(start + seconds) }),
    estimated_duration: '5.0s',
    progress: {},
    url: `/api/v1/jobs/${id}`,
  };
}

describe('trend', () => {
  it('draws the ended jobs oldest first and says the counts and the median', () => {
    const listed = [
      job('job_4', 'running', 400),
      job('job_3', 'failed', 300, 50),
      job('job_2', 'passed', 200, 40),
      job('job_1', 'passed', 100, 30),
    ];
    const bars = trendBars(listed);
    expect(bars.map((bar) => [bar.jobId, bar.status, bar.durationMs])).toEqual([
      ['job_1', 'passed', 30_000],
      ['job_2', 'passed', 40_000],
      ['job_3', 'failed', 50_000],
    ]);
    expect(trendSummary(bars)).toBe('Last 3 jobs: 2 passed, 1 failed, median 40.0 s.');
    expect(trendSummary([...bars, ...trendBars([job('job_5', 'cancelled', 500, 2)])])).toBe(
      'Last 4 jobs: 2 passed, 1 failed, 1 cancelled, median 35.0 s.',
    );
    expect(trendSummary([])).toBe('No ended job yet.');
  });
});
