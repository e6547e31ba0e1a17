/**
 * What `verifyctl job submit --wait` and `job logs -f` show of a running job, fed by its
 * WebSocket stream. On a terminal: a block of one line per stage (status, a bar and count from
 * the `progress` messages, duration) under a header with the job's status and elapsed time,
 * redrawn in place, as `gh run watch` does. Elsewhere (a CI log): one plain line per change, so
 * the log reads top to bottom. Followed log lines go to `out` above the block.
 */
import type { Job, StreamMessage } from '../client/index.js';

type StageStatus = Job['progress'][string]['status'];

export interface ViewStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface JobViewOptions {
  /** Where the view goes (standard error). */
  err: ViewStream;
  /** Where followed log lines go (standard output). */
  out: ViewStream;
  /** Redraws of the elapsed time on a terminal, in ms. */
  tickMs?: number;
  now?: () => number;
}

export interface JobView {
  update(message: StreamMessage): void;
  /** A line for `out` (a followed log line), written above the block on a terminal. */
  print(line: string): void;
  /** Draws the last state and stops redrawing; the block stays on the screen. */
  stop(): void;
}

interface StageState {
  name: string;
  status: StageStatus;
  duration: string | null;
  complete: number | null;
  total: number | null;
}

const MARKS: Record<StageStatus, string> = {
  queued: '·',
  running: '*',
  passed: '✓',
  failed: '✗',
  skipped: '-',
  cancelled: '⊘',
};
const BAR_WIDTH = 20;
/** A plain-mode progress line at each tenth of the total, not at each test. */
const PLAIN_PROGRESS_STEPS = 10;

/** `12.3s`, `3m 05s`: the elapsed time as the platform writes durations. */
export function formatElapsed(ms: number): string {
  const tenths = Math.round(Math.max(0, ms) / 100);
  if (tenths < 600) return `${(tenths / 10).toFixed(1)}s`;
  const seconds = Math.floor(tenths / 10);
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;
}

export function createJobView(job: Job, options: JobViewOptions): JobView {
  const { err, out, tickMs = 250, now = () => Date.now() } = options;
  const tty = err.isTTY === true;
  const stages: StageState[] = job.stages.map((name) => {
    const progress = job.progress[name];
    const [complete, total] = (progress?.progress ?? '').split('/').map(Number);
    return {
      name,
      status: progress?.status ?? 'queued',
      duration: progress?.duration ?? null,
      complete: Number.isInteger(complete) ? complete! : null,
      total: Number.isInteger(total) ? total! : null,
    };
  });
  let status: Job['status'] = job.status;
  // Elapsed from the submission, by the platform's clock: the same figure whenever one starts watching.
  const submittedAt = Date.parse(job.submitted_at);
  const nameWidth = Math.max(...stages.map((stage) => stage.name.length));
  const find = (name: string) => stages.find((stage) => stage.name === name);

  let drawnLines = 0;
  const frame = (): string[] => {
    const header = `${job.job_id}  ${status}  ${formatElapsed(now() - submittedAt)}`;
    return [
      header,
      ...stages.map((stage) => {
        const cells = [`  ${MARKS[stage.status]} ${stage.name.padEnd(nameWidth)}`, stage.status.padEnd(9)];
        if (stage.total !== null && stage.total > 0 && stage.complete !== null) {
          const filled = Math.round((Math.min(stage.complete, stage.total) / stage.total) * BAR_WIDTH);
          cells.push(
            `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${stage.complete}/${stage.total}`,
          );
        }
        if (stage.duration !== null) cells.push(stage.duration);
        return cells.join('  ').trimEnd();
      }),
    ];
  };
  // \x1b[nF moves to the start of the line n lines up, \x1b[J clears from there down.
  const clear = () => (drawnLines === 0 ? '' : `\x1b[${drawnLines}F\x1b[J`);
  const draw = () => {
    if (!tty) return;
    const lines = frame();
    err.write(`${clear()}${lines.join('\n')}\n`);
    drawnLines = lines.length;
  };
  const plain = (text: string) => {
    if (!tty) err.write(`[${formatElapsed(now() - submittedAt).padStart(7)}] ${text}\n`);
  };

  const timer = tty ? setInterval(draw, tickMs) : undefined;
  timer?.unref();
  draw();
  plain(`${job.job_id} ${status}; stages: ${job.stages.join(', ')}`);
  for (const stage of stages) {
    if (stage.status !== 'queued')
      plain(`${stage.name}: ${stage.status}${stage.duration === null ? '' : ` (${stage.duration})`}`);
  }

  const markRunning = (stage: StageState | undefined) => {
    if (stage === undefined || stage.status !== 'queued') return;
    stage.status = 'running';
    if (status === 'queued') status = 'running';
    plain(`${stage.name}: running`);
  };

  return {
    update(message) {
      switch (message.type) {
        case 'log':
          markRunning(find(message.stage));
          return;
        case 'progress': {
          const stage = find(message.stage);
          if (stage === undefined) return;
          markRunning(stage);
          const step = (count: number) => Math.floor((count * PLAIN_PROGRESS_STEPS) / message.tests_total);
          if (stage.complete === null || step(message.tests_complete) > step(stage.complete)) {
            plain(`${stage.name}: ${message.tests_complete}/${message.tests_total}`);
          }
          stage.complete = message.tests_complete;
          stage.total = message.tests_total;
          draw();
          return;
        }
        case 'stage_complete': {
          const stage = find(message.stage);
          if (stage === undefined) return;
          stage.status = message.status;
          stage.duration = message.duration;
          plain(
            `${stage.name}: ${message.status}${message.duration === null ? '' : ` (${message.duration})`}` +
              `${message.reason === null ? '' : `: ${message.reason}`}`,
          );
          draw();
          return;
        }
        case 'job_complete':
          status = message.status;
          // Stages the job never reached end as the runner marks them.
          for (const stage of stages) {
            if (stage.status === 'queued' || stage.status === 'running') {
              stage.status = message.status === 'cancelled' ? 'cancelled' : 'skipped';
            }
          }
          plain(`${job.job_id} ${message.status}`);
          draw();
          return;
      }
    },
    print(line) {
      if (tty) err.write(clear());
      drawnLines = 0;
      out.write(`${line}\n`);
      draw();
    },
    stop() {
      if (timer !== undefined) clearInterval(timer);
      draw();
    },
  };
}
