/**
 * The job page's stage timeline: when each stage ran, on one time axis. The job view gives each
 * stage's status but not its times; the runner logs `stage <name> started` and `stage <name>
 * <status>` at the two ends, so the times are read from those lines as they come.
 */
import type { Schemas } from '../../api/client.js';
import type { LogEntry } from '../../lib/log-buffer.js';

type Job = Schemas['Job'];
export type StageStatus = Job['progress'][string]['status'];

/** A stage's start and end (epoch ms) as its log lines said; the last attempt's when retried. */
export type StageTimes = Map<string, { start: number; end: number | null }>;

const STAGE_LINE = /^stage (\S+) (started|passed|failed|skipped|cancelled)(?::|$)/;

/** Reads a stage's start or end from a log line into `times`; true if it was such a line. */
export function noteStageLine(times: StageTimes, line: LogEntry): boolean {
  const found = STAGE_LINE.exec(line.message);
  if (found === null || found[1] !== line.stage) return false;
  const at = Date.parse(line.timestamp);
  if (found[2] === 'started') times.set(line.stage, { start: at, end: null });
  else {
    const known = times.get(line.stage);
    if (known !== undefined) known.end = at;
  }
  return true;
}

export interface StageSpan {
  stage: string;
  status: StageStatus;
  /** epoch ms; null for a stage that never started */
  start: number | null;
  end: number | null;
}

export interface Timeline {
  spans: StageSpan[];
  /** the axis, epoch ms */
  from: number;
  to: number;
}

/**
 * Each of the job's stages with its times: a running stage (or one the job ended without its end
 * line, as a cancel does) reaches `now` while the job runs and the job's end after.
 */
export function timeline(job: Job, times: StageTimes, now: number): Timeline {
  const jobEnd = job.finished_at === undefined ? null : Date.parse(job.finished_at);
  const spans = job.stages.map((stage): StageSpan => {
    const status = job.progress[stage]?.status ?? 'queued';
    const known = times.get(stage);
    if (known === undefined) return { stage, status, start: null, end: null };
    const end = known.end ?? (status === 'running' && jobEnd === null ? now : (jobEnd ?? now));
    return { stage, status, start: known.start, end: Math.max(end, known.start) };
  });
  const starts = spans.flatMap((span) => (span.start === null ? [] : [span.start]));
  const ends = spans.flatMap((span) => (span.end === null ? [] : [span.end]));
  const from = job.started_at === undefined ? Math.min(...starts, now) : Date.parse(job.started_at);
  const to = Math.max(jobEnd ?? (job.status === 'running' ? now : from), ...ends, from + 1);
  return { spans, from, to };
}
