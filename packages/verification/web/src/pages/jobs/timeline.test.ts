import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../api/client.js';
import type { LogEntry } from '../../lib/log-buffer.js';
import { noteStageLine, timeline, type StageTimes } from './timeline.js';

const t0 = Date.parse('2026-11-27T08:00:00.000Z');
const at = (seconds: number) => new Date(t0 + seconds * 1000).toISOString();
const line = (seconds: number, stage: string, message: string): LogEntry => ({
  timestamp: at(seconds),
  stage,
  level: 'INFO',
  message,
});

function job(overrides: Partial<Schemas['Job']>): Schemas['Job'] {
  return {
    job_id: 'job_0123456789abcdef',
    project_id: 'prj_0123456789abcdef',
    status: 'running',
    stages: ['lint', 'simulation', 'formal'],
    submitted_at: at(-1),
    started_at: at(0),
    estimated_duration: '1m 05s',
    progress: { lint: { status: 'passed' }, simulation: { status: 'running' }, formal: { status: 'queued' } },
    url: '/api/v1/jobs/job_0123456789abcdef',
    ...overrides,
  };
}

describe('noteStageLine', () => {
  it("reads a stage's start and end from the runner's lines, and the last attempt's start", () => {
    const times: StageTimes = new Map();
    expect(noteStageLine(times, line(1, 'lint', 'stage lint started'))).toBe(true);
    expect(noteStageLine(times, line(2, 'lint', '%Warning-WIDTH: stage lint started'))).toBe(false);
    expect(noteStageLine(times, line(2, 'simulation', 'stage lint passed'))).toBe(false);
    expect(noteStageLine(times, line(3, 'lint', 'stage lint failed: 2 errors'))).toBe(true);
    expect(times.get('lint')).toEqual({ start: t0 + 1000, end: t0 + 3000 });
    noteStageLine(times, line(10, 'lint', 'stage lint started'));
    expect(times.get('lint')).toEqual({ start: t0 + 10_000, end: null });
  });
});

describe('timeline', () => {
  it('draws ended stages to their end, the running one to now, and the queued one nowhere', () => {
    const times: StageTimes = new Map();
    for (const entry of [
      line(1, 'lint', 'stage lint started'),
      line(3, 'lint', 'stage lint passed'),
      line(3, 'simulation', 'stage simulation started'),
    ])
      noteStageLine(times, entry);
    const view = timeline(job({}), times, t0 + 20_000);
    expect(view.from).toBe(t0);
    expect(view.to).toBe(t0 + 20_000);
    expect(view.spans).toEqual([
      { stage: 'lint', status: 'passed', start: t0 + 1000, end: t0 + 3000 },
      { stage: 'simulation', status: 'running', start: t0 + 3000, end: t0 + 20_000 },
      { stage: 'formal', status: 'queued', start: null, end: null },
    ]);
  });

  it("ends a stage cut short by a cancel at the job's end", () => {
    const times: StageTimes = new Map();
    noteStageLine(times, line(1, 'lint', 'stage lint started'));
    const cancelled = job({
      status: 'cancelled',
      stages: ['lint'],
      finished_at: at(4),
      progress: { lint: { status: 'cancelled' } },
    });
    const view = timeline(cancelled, times, t0 + 60_000);
    expect(view.spans[0]).toEqual({ stage: 'lint', status: 'cancelled', start: t0 + 1000, end: t0 + 4000 });
    expect(view.to).toBe(t0 + 4000);
  });

  it('has an axis before the job starts', () => {
    const queued = job({ status: 'queued', progress: {} });
    delete queued.started_at;
    const view = timeline(queued, new Map(), t0);
    expect(view.spans.every((span) => span.start === null && span.status === 'queued')).toBe(true);
    expect(view.to).toBeGreaterThan(view.from);
  });
});
