/** The job history's trend: each ended job's duration and verdict, and the summary said in words. */
import type { Schemas } from '../../api/client.js';
import { formatDuration } from '../../lib/format.js';
import { median } from '../../../../src/domain/durations.js';

type Job = Schemas['Job'];

export interface TrendBar {
  jobId: string;
  status: 'passed' | 'failed' | 'cancelled';
  durationMs: number;
  submittedAt: string;
}

/** The ended jobs among `jobs` (newest first, as listed), oldest first, with their run time. */
export function trendBars(jobs: readonly Job[]): TrendBar[] {
  const bars: TrendBar[] = [];
  for (const job of jobs) {
    if (job.status !== 'passed' && job.status !== 'failed' && job.status !== 'cancelled') continue;
    const start = Date.parse(job.started_at ?? job.submitted_at);
    const end = job.finished_at === undefined ? NaN : Date.parse(job.finished_at);
    if (Number.isNaN(start) || Number.isNaN(end)) continue;
    bars.push({
      jobId: job.job_id,
      status: job.status,
      durationMs: Math.max(0, end - start),
      submittedAt: job.submitted_at,
    });
  }
  return bars.reverse();
}

/** e.g. "Last 20 jobs: 15 passed, 5 failed, median 41.0 s." */
export function trendSummary(bars: readonly TrendBar[]): string {
  if (bars.length === 0) return 'No ended job yet.';
  const count = (status: TrendBar['status']) => bars.filter((bar) => bar.status === status).length;
  const cancelled = count('cancelled');
  const parts = [`${count('passed')} passed`, `${count('failed')} failed`];
  if (cancelled > 0) parts.push(`${cancelled} cancelled`);
  const noun = bars.length === 1 ? 'job' : `${bars.length} jobs`;
  return `Last ${noun}: ${parts.join(', ')}, median ${formatDuration(median(bars.map((bar) => bar.durationMs)))}.`;
}
