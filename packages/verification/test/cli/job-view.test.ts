import { describe, expect, it } from 'vitest';
import type { Job } from '../../src/client/index.js';
import { createJobView, formatElapsed } from '../../src/cli/job-view.js';

/** The frames drawn, split at each redraw's "up N lines, clear below". */
const frames = (text: string) => text.split(new RegExp(String.raw`\x1b\[\d+F\x1b\[J`));

const SUBMITTED = Date.parse('2026-01-01T00:00:00Z');

function job(): Job {
  return {
    job_id: 'job_0123456789abcdef',
    project_id: 'prj_0123456789abcdef',
    status: 'queued',
    stages: ['lint', 'simulation'],
    submitted_at: new Date(SUBMITTED).toISOString(),
    estimated_duration: '35.0s',
    progress: { lint: { status: 'queued' }, simulation: { status: 'queued' } },
    url: '/api/v1/jobs/job_0123456789abcdef',
  };
}

function streams(tty: boolean) {
  const err: string[] = [];
  const out: string[] = [];
  return {
    err: { isTTY: tty, write: (text: string) => err.push(text) },
    out: { write: (text: string) => out.push(text) },
    errText: () => err.join(''),
    outText: () => out.join(''),
  };
}

describe('the live view of a job', () => {
  it('redraws one block in place on a terminal: stages, a bar from progress, durations', () => {
    const s = streams(true);
    let now = SUBMITTED + 2_000;
    const view = createJobView(job(), { err: s.err, out: s.out, now: () => now, tickMs: 60_000 });
    view.update({ type: 'log', timestamp: '', stage: 'lint', level: 'INFO', message: 'stage lint started' });
    view.update({ type: 'stage_complete', stage: 'lint', status: 'passed', duration: '1.2s', reason: null });
    view.update({ type: 'progress', stage: 'simulation', tests_complete: 2, tests_total: 4 });
    now += 1_500;
    view.print('[simulation] TEST reset PASS');
    view.stop();
    const drawn = frames(s.errText());
    expect(drawn.at(-1)).toBe(
      [
        'job_0123456789abcdef  running  3.5s',
        '  ✓ lint        passed     1.2s',
        '  * simulation  running    [##########..........] 2/4',
        '',
      ].join('\n'),
    );
    // Each redraw first clears the three lines drawn before.
    expect(s.errText()).toContain('\x1b[3F\x1b[J');
    expect(s.outText()).toBe('[simulation] TEST reset PASS\n');
  });

  it('writes plain lines elsewhere (a CI log), progress at each tenth only', () => {
    const s = streams(false);
    const view = createJobView(job(), { err: s.err, out: s.out, now: () => SUBMITTED + 1_000 });
    view.update({ type: 'log', timestamp: '', stage: 'lint', level: 'INFO', message: 'x' });
    view.update({ type: 'log', timestamp: '', stage: 'lint', level: 'INFO', message: 'y' });
    view.update({
      type: 'stage_complete',
      stage: 'lint',
      status: 'failed',
      duration: '1.0s',
      reason: '1 error',
    });
    for (let done = 1; done <= 20; done += 1) {
      view.update({ type: 'progress', stage: 'simulation', tests_complete: done, tests_total: 20 });
    }
    view.update({ type: 'job_complete', status: 'failed', error: null });
    view.stop();
    const lines = s.errText().trimEnd().split('\n');
    expect(lines[0]).toBe('[   1.0s] job_0123456789abcdef queued; stages: lint, simulation');
    expect(lines.slice(1).map((line) => line.slice(10))).toEqual([
      'lint: running',
      'lint: failed (1.0s): 1 error',
      'simulation: running',
      ...[2, 4, 6, 8, 10, 12, 14, 16, 18, 20].map((done) => `simulation: ${done}/20`),
      'job_0123456789abcdef failed',
    ]);
    expect(s.errText()).not.toContain('\x1b');
  });

  it('marks the stages a job never reached as the runner does', () => {
    const s = streams(true);
    const view = createJobView(job(), { err: s.err, out: s.out, now: () => SUBMITTED, tickMs: 60_000 });
    view.update({ type: 'job_complete', status: 'cancelled', error: null });
    view.stop();
    const last = frames(s.errText()).at(-1)!;
    expect(last).toContain('⊘ lint        cancelled');
    expect(last).toContain('⊘ simulation  cancelled');
  });

  it('formats elapsed time as the platform writes durations', () => {
    expect([0, 12_345, 59_949, 59_999, 185_000].map(formatElapsed)).toEqual([
      '0.0s',
      '12.3s',
      '59.9s',
      '1m 00s',
      '3m 05s',
    ]);
  });
});
