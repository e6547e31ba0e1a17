/**
 * The job runner with stages that are plain functions: the order of stages, what a failed stage
 * and a thrown error make of a job, cancel, shutdown, and what a restart does with jobs that were
 * running (run again, or failed after MAX_ATTEMPTS), all against a real SQLite store.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, openDatabase, type Database } from '@lab/server-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createJobHub, type LifecycleEvent, type StreamMessage } from '../../src/domain/job-events.js';
import { JobRunner, MAX_ATTEMPTS } from '../../src/domain/job-runner.js';
import type { ResolvedConfig, StageName } from '../../src/domain/verify-config.js';
import type { Stage, StageContext, StageOutcome } from '../../src/engine/stage.js';
import type { ToolName } from '../../src/engine/tools.js';
import { MIGRATIONS } from '../../src/store/database.js';
import { createJobStore, type JobStore } from '../../src/store/jobs.js';

const CONFIG = {
  lint: { timeout_seconds: 60 },
  simulation: { timeout_seconds: 60 },
  formal: { timeout_seconds: 60 },
} as unknown as ResolvedConfig;

function stage(name: StageName, run: (context: StageContext) => Promise<StageOutcome>): Stage {
  return { name, tools: () => [], run };
}
const passes = (name: StageName, summary: Record<string, unknown> = {}) =>
  stage(name, async (context) => {
    context.log('INFO', `${name} ran`);
    context.progress(1, 1);
    return { status: 'passed', summary, details: null };
  });
/** A stage that runs until its signal aborts, then throws as the real stages do. */
const endless = (name: StageName) =>
  stage(
    name,
    (context) =>
      new Promise((_resolve, reject) =>
        context.signal.addEventListener('abort', () =>
          reject(Object.assign(new Error('aborted'), { name: 'AbortError' })),
        ),
      ),
  );

describe('JobRunner', () => {
  let dir: string;
  let db: Database;
  let store: JobStore;
  let events: LifecycleEvent[];
  let messages: StreamMessage[];

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'vp-runner-'));
    db = openDatabase(':memory:', { namespace: 'verification', migrations: MIGRATIONS });
    db.prepare(
      `INSERT INTO projects (id, name, top_module, target_pdk, description, status, created_at, updated_at)
       VALUES ('prj_1', 'p', 'top', 'sky130A', '', 'active', 'now', 'now')`,
    ).run();
    store = createJobStore(db);
    events = [];
    messages = [];
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function runner(stages: Stage[], workers = 1) {
    const hub = createJobHub();
    const made = new JobRunner({
      store,
      hub,
      stages: new Map(stages.map((s) => [s.name, s])),
      tools: {} as Record<ToolName, string>,
      projects: { resolveConfig: () => CONFIG },
      dataDir: dir,
      workers,
      logger: createLogger({ service: 'test', level: 'silent' }),
      lifecycle: [(event) => events.push(event)],
    });
    const subscribe = (id: string) => hub.subscribe(id, (message) => messages.push(message));
    return { runner: made, subscribe };
  }

  function submit(id: string, stages: StageName[]) {
    store.insert({
      id,
      project_id: 'prj_1',
      stages,
      config_overrides: {},
      submitted_at: new Date().toISOString(),
      estimated_ms: 1000,
    });
  }

  const ended = async (id: string) => {
    for (let i = 0; i < 200; i += 1) {
      const job = store.get(id)!;
      if (job.status !== 'queued' && job.status !== 'running') return job;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`job ${id} did not end`);
  };

  it('runs the stages in order, records each, and publishes the lifecycle in order', async () => {
    const { runner: jobs, subscribe } = runner([passes('lint', { warnings: 0 }), passes('formal')]);
    submit('job_a', ['lint', 'formal']);
    subscribe('job_a');
    jobs.enqueue('job_a');
    expect((await ended('job_a')).status).toBe('passed');
    expect(store.stages('job_a').map((s) => [s.stage, s.status, s.completed])).toEqual([
      ['lint', 'passed', 1],
      ['formal', 'passed', 1],
    ]);
    expect(events.map((e) => e.event)).toEqual([
      'job.started',
      'stage.completed',
      'stage.completed',
      'job.completed',
    ]);
    expect(events[1]?.stage).toEqual({ name: 'lint', status: 'passed', summary: { warnings: 0 } });
    expect(messages.map((m) => m.type)).toContain('progress');
    expect(messages.at(-1)).toEqual({ type: 'job_complete', status: 'passed', error: null });
  });

  it('runs every stage after a failed one, and fails the job naming the first', async () => {
    const failing = stage('lint', async () => ({
      status: 'failed',
      reason: '2 errors',
      summary: {},
      details: null,
    }));
    const { runner: jobs } = runner([failing, passes('formal')]);
    submit('job_b', ['lint', 'formal']);
    jobs.enqueue('job_b');
    const job = await ended('job_b');
    expect(job.status).toBe('failed');
    expect(job.error).toEqual({ stage: 'lint', code: 'VERIFICATION_FAILED', message: '2 errors' });
    expect(store.stages('job_b').map((s) => s.status)).toEqual(['failed', 'passed']);
    expect(events.at(-1)?.event).toBe('job.failed');
  });

  it('fails a stage that throws with TOOL_ERROR and its message', async () => {
    const broken = stage('lint', async () => {
      throw new Error('spawn verilator ENOENT');
    });
    const { runner: jobs } = runner([broken]);
    submit('job_c', ['lint']);
    jobs.enqueue('job_c');
    expect((await ended('job_c')).error).toEqual({
      stage: 'lint',
      code: 'TOOL_ERROR',
      message: 'spawn verilator ENOENT',
    });
  });

  it('cancels a running job: its stage is aborted and the job and stage end cancelled', async () => {
    const { runner: jobs } = runner([endless('simulation'), passes('formal')]);
    submit('job_d', ['simulation', 'formal']);
    jobs.enqueue('job_d');
    while (store.get('job_d')!.status !== 'running') await new Promise((resolve) => setTimeout(resolve, 5));
    expect(jobs.cancel('job_d')).toBe(true);
    expect((await ended('job_d')).status).toBe('cancelled');
    expect(store.stages('job_d').map((s) => s.status)).toEqual(['cancelled', 'cancelled']);
    expect(events.at(-1)?.event).toBe('job.cancelled');
  });

  it('keeps jobs past the workers queued, and cancels a queued one at once', async () => {
    const { runner: jobs } = runner([endless('simulation')], 1);
    for (const id of ['job_e', 'job_f']) submit(id, ['simulation']);
    jobs.enqueue('job_e');
    jobs.enqueue('job_f');
    expect(jobs.depth).toBe(1);
    expect(jobs.cancel('job_f')).toBe(true);
    expect(store.get('job_f')!.status).toBe('cancelled');
    await jobs.close();
  });

  it('lends idle workers to a running stage, none while a job waits, and starts a waiting job once one is returned', async () => {
    const loans: ((() => void) | null)[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const borrowing = stage('simulation', async (context) => {
      loans.push(context.borrowWorker(), context.borrowWorker(), context.borrowWorker());
      await released;
      return { status: 'passed', summary: {}, details: null };
    });
    const { runner: jobs } = runner([borrowing, passes('lint')], 3);
    submit('job_l', ['simulation']);
    jobs.enqueue('job_l');
    while (loans.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    // Three workers: the job's own and two lent; a third loan is refused.
    expect(loans.map((loan) => loan !== null)).toEqual([true, true, false]);
    submit('job_m', ['lint']);
    jobs.enqueue('job_m');
    expect(jobs.depth).toBe(1);
    loans[0]!();
    loans[0]!();
    expect((await ended('job_m')).status).toBe('passed');
    release();
    expect((await ended('job_l')).status).toBe('passed');
    loans[1]!();
  });

  it('on close puts the running job back in the queue with its attempt returned', async () => {
    const { runner: jobs } = runner([endless('simulation')]);
    submit('job_g', ['simulation']);
    jobs.enqueue('job_g');
    while (store.get('job_g')!.status !== 'running') await new Promise((resolve) => setTimeout(resolve, 5));
    await jobs.close();
    expect(store.get('job_g')).toMatchObject({ status: 'queued', attempts: 0 });
    expect(store.stages('job_g')[0]?.status).toBe('queued');
  });

  it('after a crash runs a running job again, and fails it once it has been started MAX_ATTEMPTS times', async () => {
    submit('job_h', ['lint']);
    submit('job_i', ['lint']);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      store.start('job_i', new Date().toISOString());
      if (attempt < MAX_ATTEMPTS - 1) store.requeue('job_i');
    }
    store.start('job_h', new Date().toISOString());
    const { runner: jobs } = runner([passes('lint')]);
    jobs.recover();
    expect((await ended('job_h')).status).toBe('passed');
    const given = await ended('job_i');
    expect(given.status).toBe('failed');
    expect(given.error).toMatchObject({ stage: 'platform', code: 'INTERRUPTED' });
    expect(store.logs('job_h', {}).map((l) => l.message)).toContain(
      'the service restarted while this job ran: running it again',
    );
  });
});
