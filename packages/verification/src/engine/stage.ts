/**
 * What a stage is given and what it answers. A stage runs real tools in its own directory, reports
 * each tool line through `log`, its progress through `progress`, writes its artifacts into
 * `artifactsDir` and declares them with `artifact`. It never throws for a verification failure:
 * it answers `failed` with the counts. It throws only for an infrastructure problem (a tool that
 * cannot start), which fails the job with that error.
 */
import type { ResolvedConfig, StageName } from '../domain/verify-config.js';
import type { ToolName } from './tools.js';

export type LogLevel = 'INFO' | 'WARNING' | 'ERROR';

export interface StageContext {
  /** The job's copy of the project's files (read-only to the stage). */
  sourceDir: string;
  /** A fresh, empty directory of this stage only. */
  workDir: string;
  /**
   * A directory shared by every job of the service, for caches that make later runs faster
   * (compiled objects through ccache, built helpers). Never for results.
   */
  cacheDir: string;
  /** Where the job's downloadable files go (shared by the job's stages; names must not collide). */
  artifactsDir: string;
  config: ResolvedConfig;
  /** Absolute paths of the tools, resolved once at start-up. */
  tools: Record<ToolName, string>;
  /** Aborted on cancel and on shutdown: the stage's processes are killed (see process.ts). */
  signal: AbortSignal;
  log(level: LogLevel, message: string): void;
  progress(completed: number, total: number): void;
  /** Declares a file already written in `artifactsDir`. */
  artifact(name: string, contentType: string): void;
  /**
   * An idle worker of the service's pool, for work a stage can run beside its own (a regression's
   * tests): answers the function that gives it back, or null when no worker is idle or a job waits.
   */
  borrowWorker(): (() => void) | null;
}

export type StageStatus = 'passed' | 'failed' | 'skipped';

export interface StageOutcome<S = Record<string, unknown>, D = unknown> {
  status: StageStatus;
  /** Why it was skipped, or why it failed, in one sentence. */
  reason?: string;
  /** The counts the results show (`warnings`, `tests_passed`, `properties_proven`, ...). */
  summary: S;
  /** Everything else: lint messages, test cases, coverage points, properties. */
  details: D;
}

export interface Stage {
  name: StageName;
  /** The tools it needs for this configuration; a job is refused with 503 when one is missing. */
  tools(config: ResolvedConfig): readonly ToolName[];
  run(context: StageContext): Promise<StageOutcome>;
}
