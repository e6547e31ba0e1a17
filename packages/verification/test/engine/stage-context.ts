/**
 * A StageContext for stage tests: temporary source, work and artifacts directories, the
 * configuration resolved as a job would resolve it (the project's verify.json, its defaults and
 * `config_overrides`), and everything the stage reports collected for assertions.
 */
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { findExecutable } from '@lab/server-kit';
import { resolveProjectConfig } from '../../src/domain/project-config.js';
import type { LogLevel, StageContext } from '../../src/engine/stage.js';
import { TOOL_NAMES, type ToolName } from '../../src/engine/tools.js';

export interface StageContextOptions {
  /** A directory (an example project) copied into the source directory. */
  from?: string;
  /** Files written into the source directory after the copy, by relative path. */
  files?: Record<string, string>;
  /** The project's `top_module` (verify.json's `top_module` wins, as in a job). */
  topModule?: string;
  /** A job's `config_overrides`: dotted keys such as `lint.warnings_as_errors`. */
  overrides?: Record<string, boolean | number | string>;
  /** Idle workers of the pool the stage may borrow (default none). */
  idleWorkers?: number;
}

export interface TestStageContext extends StageContext {
  logs: { level: LogLevel; message: string }[];
  progressUpdates: { completed: number; total: number }[];
  artifacts: { name: string; contentType: string }[];
  /** The most workers the stage had borrowed at once. */
  maxBorrowed: number;
  /** Aborting it cancels the stage. */
  controller: AbortController;
  /** Removes the temporary directories. */
  cleanup(): Promise<void>;
}

/** Each tool's path on PATH, or its bare name when missing (tests that need it are gated). */
export function toolPaths(): Record<ToolName, string> {
  return Object.fromEntries(TOOL_NAMES.map((name) => [name, findExecutable(name) ?? name])) as Record<
    ToolName,
    string
  >;
}

export async function createStageContext(options: StageContextOptions = {}): Promise<TestStageContext> {
  const root = await mkdtemp(join(tmpdir(), 'stage-test-'));
  const [sourceDir, workDir, artifactsDir, cacheDir] = ['source', 'work', 'artifacts', 'cache'].map((name) =>
    join(root, name),
  ) as [string, string, string, string];
  await Promise.all([sourceDir, workDir, artifactsDir, cacheDir].map((dir) => mkdir(dir)));
  if (options.from !== undefined) await cp(options.from, sourceDir, { recursive: true });
  for (const [path, text] of Object.entries(options.files ?? {})) {
    await mkdir(dirname(join(sourceDir, path)), { recursive: true });
    await writeFile(join(sourceDir, path), text);
  }
  const controller = new AbortController();
  let borrowed = 0;
  const context: TestStageContext = {
    sourceDir,
    workDir,
    cacheDir,
    artifactsDir,
    config: resolveProjectConfig(
      { top_module: options.topModule ?? 'top' },
      sourceDir,
      options.overrides ?? {},
    ),
    tools: toolPaths(),
    signal: controller.signal,
    logs: [],
    progressUpdates: [],
    artifacts: [],
    controller,
    log: (level, message) => context.logs.push({ level, message }),
    progress: (completed, total) => context.progressUpdates.push({ completed, total }),
    artifact: (name, contentType) => context.artifacts.push({ name, contentType }),
    maxBorrowed: 0,
    borrowWorker: () => {
      if (borrowed >= (options.idleWorkers ?? 0)) return null;
      borrowed += 1;
      context.maxBorrowed = Math.max(context.maxBorrowed, borrowed);
      let returned = false;
      return () => {
        if (!returned) borrowed -= 1;
        returned = true;
      };
    },
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
  return context;
}
