/**
 * The `formal` section of verify.json: the settings of a SymbiYosys task, written here or read
 * from a project's `.sby` file (`sby`), and the tasks a job runs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Type, type Static } from 'typebox';
import { SbyFileError, sbyTaskList } from '../engine/formal/sby-file.js';
import { FormalTaskError, parseEngine, tasksFromSby } from '../engine/formal/task.js';
import { unsafeScriptLine } from '../engine/formal/yosys-script.js';
import { VpErrors } from '../errors.js';
import { closestMatch, suggestAmong } from './suggest.js';

const CONFIG_FILE = 'verify.json';

export const FORMAL_MODES = ['bmc', 'prove', 'cover', 'live'] as const;
export type FormalMode = (typeof FORMAL_MODES)[number];
export const FORMAL_EXPECT = ['pass', 'fail', 'unknown', 'error'] as const;
export type FormalExpect = (typeof FORMAL_EXPECT)[number];
/** The solvers yosys-smtbmc may drive here (each an installed program, see tools.ts). */
export const SMTBMC_SOLVERS = ['z3', 'yices'] as const;
export type SmtbmcSolver = (typeof SMTBMC_SOLVERS)[number];

export const MAX_FORMAL_TASKS = 64;
export const MAX_SCRIPT_LINES = 1000;

const TaskName = Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' });

const Mode = Type.Enum([...FORMAL_MODES], {
  description:
    'bmc: a bounded check; prove: bounded check then an unbounded proof; cover: reach each cover; live',
});
const Depth = Type.Integer({ minimum: 1, maximum: 1000, description: 'bounded-check depth, cycles' });
const Multiclock = Type.Boolean({
  description: 'model every clock edge (clk2fflogic), as SymbiYosys multiclock on',
});
const Expect = Type.Array(Type.Enum([...FORMAL_EXPECT]), {
  minItems: 1,
  maxItems: 4,
  description: 'the task verdicts that count as passing (SymbiYosys expect)',
});
const Engines = Type.Array(Type.String({ minLength: 1, maxLength: 256 }), {
  minItems: 1,
  maxItems: 8,
  description:
    'engine lines as in a .sby [engines] section: `smtbmc [--nopresat] [z3|yices]`, `abc pdr` (mode live: abc pdr only)',
});
const Script = Type.Array(Type.String({ maxLength: 4096 }), {
  maxItems: MAX_SCRIPT_LINES,
  description: 'Yosys commands run after `prep -top <top>` (e.g. `tribuf -formal`)',
});
const Defines = Type.Record(Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$' }), Type.String(), {
  description: 'defines of this task, on top of the project-wide ones',
});

const TaskOptionsSchema = Type.Object(
  {
    top: Type.Optional(Type.String({ minLength: 1, maxLength: 256, description: 'default: formal.top' })),
    mode: Type.Optional(Mode),
    depth: Type.Optional(Depth),
    multiclock: Type.Optional(Multiclock),
    expect: Type.Optional(Expect),
    engines: Type.Optional(Engines),
    script: Type.Optional(Script),
    defines: Type.Optional(Defines),
  },
  { additionalProperties: false },
);
export type FormalTaskOptions = Static<typeof TaskOptionsSchema>;

export const FormalConfigSchema = Type.Object(
  {
    enabled: Type.Boolean({ default: true }),
    top: Type.Optional(Type.String({ minLength: 1, maxLength: 256, description: 'default: top_module' })),
    sby: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 1024,
        description:
          "a .sby file of the project, run as SymbiYosys would; the settings below don't apply then",
      }),
    ),
    tasks: Type.Optional(
      Type.Array(TaskName, {
        minItems: 1,
        maxItems: MAX_FORMAL_TASKS,
        description:
          "the tasks to run (default: the .sby file's default tasks, or every task of task_options)",
      }),
    ),
    mode: { ...Mode, default: 'prove' },
    depth: { ...Depth, default: 20 },
    multiclock: { ...Multiclock, default: false },
    // A property that holds for `depth` steps without a proof passed before tasks existed; it still does.
    expect: { ...Expect, default: ['pass', 'unknown'] },
    engines: { ...Engines, default: ['smtbmc z3'] },
    script: { ...Script, default: [] },
    induction: Type.Boolean({
      default: true,
      description: 'prove mode with smtbmc: try k-induction after the bounded check',
    }),
    task_options: Type.Optional(
      Type.Record(TaskName, TaskOptionsSchema, {
        propertyNames: TaskName,
        maxProperties: MAX_FORMAL_TASKS,
        description: 'tasks by name, each with the settings it changes',
      }),
    ),
    timeout_seconds: Type.Integer({
      minimum: 1,
      maximum: 3600,
      default: 300,
      description: 'time-out of the stage, seconds',
    }),
  },
  { default: {}, additionalProperties: false },
);

export type FormalConfig = Static<typeof FormalConfigSchema>;

/** What the formal stage is given: `top` filled in, the .sby path checked to exist. */
export type ResolvedFormalConfig = Omit<FormalConfig, 'top' | 'sby' | 'tasks'> & {
  top: string;
  sby: string | null;
  tasks: string[] | null;
};

function refuse(field: string, message: string, suggestion: string): never {
  throw VpErrors.ruleViolation(
    { message: `${CONFIG_FILE}: ${field} ${message}` },
    { details: { field, file: CONFIG_FILE, suggestion } },
  );
}

/**
 * The formal section as the stage takes it. A `.sby` file must be a file of the project and read
 * as SymbiYosys reads it, and the tasks named must be its tasks (or those of `task_options`), so
 * that such mistakes are refused at submission rather than found by the stage.
 */
export function resolveFormalConfig(
  formal: FormalConfig,
  files: readonly string[],
  sourceDir: string,
  topModule: string,
): ResolvedFormalConfig {
  const { top, sby, tasks, ...settings } = formal;
  let known: string[] = Object.keys(formal.task_options ?? {});
  let sbyText: string | null = null;
  if (sby !== undefined) {
    if (!files.includes(sby)) {
      refuse(
        'formal.sby',
        `'${sby}' is not a file of the project`,
        closestMatch(
          sby,
          files.filter((f) => f.endsWith('.sby')),
        ) ?? 'upload it',
      );
    }
    sbyText = readFileSync(join(sourceDir, sby), 'utf8');
    try {
      known = sbyTaskList(sbyText).tasks;
    } catch (error) {
      if (!(error instanceof SbyFileError)) throw error;
      refuse('formal.sby', `'${sby}': ${error.message}`, 'fix the .sby file');
    }
  }
  tasks?.forEach((task, index) => {
    if (!known.includes(task)) {
      const among =
        known.length === 0 ? 'there are no tasks: leave formal.tasks out' : suggestAmong(task, known);
      refuse(`formal.tasks.${index}`, `'${task}' is not a task of ${sby ?? 'formal.task_options'}`, among);
    }
  });
  if (sby !== undefined && sbyText !== null) {
    // Each task read as the stage will read it: its options and engines refused now, not later.
    try {
      tasksFromSby(sbyText, sby, tasks ?? null);
    } catch (error) {
      if (!(error instanceof FormalTaskError)) throw error;
      refuse('formal.sby', error.message, 'fix the .sby file');
    }
  }
  const engineLists: [string, FormalMode, readonly string[]][] = [
    ['formal.engines', formal.mode, formal.engines],
    ...Object.entries(formal.task_options ?? {}).map(
      ([name, task]): [string, FormalMode, readonly string[]] => [
        `formal.task_options.${name}.engines`,
        task.mode ?? formal.mode,
        task.engines ?? (task.mode === undefined ? [] : formal.engines),
      ],
    ),
  ];
  for (const [field, mode, lines] of engineLists) {
    lines.forEach((line, index) => {
      try {
        parseEngine(line, mode);
      } catch (error) {
        if (!(error instanceof FormalTaskError)) throw error;
        refuse(
          `${field}.${index}`,
          error.message,
          'smtbmc [--presat|--nopresat] [z3|yices], or abc pdr in modes prove and live',
        );
      }
    });
  }
  const scripts: [string, readonly string[]][] = [
    ['formal.script', formal.script],
    ...Object.entries(formal.task_options ?? {}).map(([name, task]): [string, readonly string[]] => [
      `formal.task_options.${name}.script`,
      task.script ?? [],
    ]),
  ];
  for (const [field, lines] of scripts) {
    lines.forEach((line, index) => {
      const reason = unsafeScriptLine(line);
      if (reason !== null) {
        refuse(
          `${field}.${index}`,
          `script line '${line.trim()}': ${reason}`,
          'keep to Yosys commands on the task',
        );
      }
    });
  }
  return { ...settings, top: top ?? topModule, sby: sby ?? null, tasks: tasks ?? null };
}
