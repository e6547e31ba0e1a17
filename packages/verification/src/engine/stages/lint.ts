/**
 * The lint stage: `verilator --lint-only -Wall` over the design sources, every message parsed.
 * It fails on any error, and on any warning when `lint.warnings_as_errors` is set.
 *
 * Formal-only code is not linted: the sources of `lint.exclude` are left out, and FORMAL stays
 * undefined (as SymbiYosys's `read -formal` defines it, code under `ifdef FORMAL is formal's).
 * The waiver files of `lint.waivers` (Verilator configuration files, `lint_off` lines) come
 * first on the command line. Verilator runs in the job's copy of the files, so the paths it
 * reads and prints, and those a waiver's `-file` matches, are the project's own (`rtl/a.sv`).
 */
import { writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { ResolvedConfig } from '../../domain/verify-config.js';
import { VerilatorMessageReader, type LintMessage } from '../lint/verilator-messages.js';
import { runTool } from '../process.js';
import type { Stage, StageContext, StageOutcome } from '../stage.js';

// A type, not an interface: a stage's summary must be assignable to Record<string, unknown>.
export type LintSummary = { warnings: number; errors: number };

export interface LintDetails {
  messages: LintMessage[];
}

export const LINT_LOG = 'lint.log';

function abortError(): Error {
  const error = new Error('the lint stage was cancelled');
  error.name = 'AbortError';
  return error;
}

function skipped(reason: string): StageOutcome<LintSummary, LintDetails> {
  return { status: 'skipped', reason, summary: { warnings: 0, errors: 0 }, details: { messages: [] } };
}

/** The define formal tools set and lint leaves undefined, whatever `defines` says. */
const FORMAL_DEFINE = 'FORMAL';

/** A file as Verilator printed it, relative to the source directory when it lies inside it. */
function toSourceRelative(context: StageContext, printed: string): string {
  const inSource = relative(context.sourceDir, resolve(context.sourceDir, printed));
  const outside = inSource === '..' || inSource.startsWith(`..${sep}`) || isAbsolute(inSource);
  return outside ? printed : inSource.split(sep).join('/');
}

function lintArguments(config: ResolvedConfig, sources: readonly string[]): string[] {
  return [
    '--lint-only',
    '-Wall',
    '--top-module',
    config.top_module,
    ...config.include_dirs.map((dir) => `-I${dir}`),
    ...Object.entries(config.defines)
      .filter(([name]) => name !== FORMAL_DEFINE)
      .map(([name, value]) => `-D${name}=${value}`),
    ...config.lint.waivers,
    ...sources,
  ];
}

/** The counts: Verilator's closing line wins over the messages read, should one escape the parser. */
function countMessages(reader: VerilatorMessageReader): LintSummary {
  const count = (severity: LintMessage['severity']) =>
    reader.messages.filter((m) => m.severity === severity).length;
  return {
    warnings: Math.max(count('warning'), reader.reported?.warnings ?? 0),
    errors: Math.max(count('error'), reader.reported?.errors ?? 0),
  };
}

/** Why the stage fails, or null when it passes. */
function failureReason(summary: LintSummary, timedOut: boolean, lint: ResolvedConfig['lint']): string | null {
  if (timedOut) return `verilator did not finish within ${lint.timeout_seconds} s`;
  if (summary.errors > 0) return `verilator reported ${summary.errors} error(s)`;
  if (summary.warnings > 0 && lint.warnings_as_errors) {
    return `verilator reported ${summary.warnings} warning(s) and lint.warnings_as_errors is set`;
  }
  return null;
}

export const lintStage: Stage = {
  name: 'lint',
  tools: () => ['verilator'],
  async run(context): Promise<StageOutcome<LintSummary, LintDetails>> {
    const { config } = context;
    if (!config.lint.enabled) return skipped('lint is disabled (lint.enabled is false)');
    if (config.sources.length === 0) return skipped('the project has no design sources');
    const sources = config.sources.filter((source) => !config.lint.exclude.includes(source));
    if (sources.length === 0) return skipped('every design source is excluded from lint (lint.exclude)');
    if (config.lint.exclude.length > 0) {
      context.log('INFO', `not linted (lint.exclude): ${config.lint.exclude.join(', ')}`);
    }
    if (FORMAL_DEFINE in config.defines) {
      context.log(
        'INFO',
        `${FORMAL_DEFINE} is left undefined: code under \`ifdef ${FORMAL_DEFINE} is not linted`,
      );
    }

    const args = lintArguments(config, sources);
    const reader = new VerilatorMessageReader((file) => toSourceRelative(context, file));
    const output: string[] = [];
    const result = await runTool({
      command: context.tools.verilator,
      args,
      cwd: context.sourceDir,
      timeoutMs: config.lint.timeout_seconds * 1000,
      signal: context.signal,
      onLine: (line) => {
        output.push(line);
        context.log(reader.read(line), line);
      },
    });
    if (result.cancelled) throw abortError();

    await writeFile(
      join(context.artifactsDir, LINT_LOG),
      [`$ verilator ${args.join(' ')}`, ...output, ''].join('\n'),
    );
    context.artifact(LINT_LOG, 'text/plain');

    const silent = reader.messages.length === 0 && reader.reported === null;
    if (!result.timedOut && result.exitCode !== 0 && silent) {
      // Verilator failed without a message about the design: the tool is at fault, not the design.
      const status = result.signal ?? `exit code ${result.exitCode}`;
      throw new Error(`verilator failed (${status}): ${result.tail.trim()}`);
    }
    const summary = countMessages(reader);
    const details = { messages: reader.messages };
    const reason = failureReason(summary, result.timedOut, config.lint);
    return reason === null
      ? { status: 'passed', summary, details }
      : { status: 'failed', reason, summary, details };
  },
};
