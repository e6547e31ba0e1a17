/**
 * What `verifyctl` prints and how it ends. Human tables by default, `--json` for scripts (the API's
 * answer, pretty-printed, as it came); an error is one line on standard error,
 * `verifyctl: CODE: message`, and exit code 2. Exit codes are a fixed interface for CI scripts.
 */
import { AppError, formatFields, formatTable, type Column } from '@lab/server-kit/cli';
import { CommanderError, type Command } from 'commander';
import { PlatformError } from '../client/index.js';
import { CliErrors } from './errors.js';

/** 0 passed, 1 the verification failed (the job ran and found a problem), 2 every error. */
export const EXIT = { passed: 0, failed: 1, error: 2 } as const;

export interface JsonFlag {
  json?: boolean;
}

export function addJsonOption(command: Command): Command {
  return command.option('--json', "print the platform's answer as JSON");
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** `value` as JSON with `--json`, else the text `human` makes of it. */
export function emit<T>(flags: JsonFlag, value: T, human: (value: T) => string): void {
  if (flags.json === true) printJson(value);
  else process.stdout.write(`${human(value)}\n`);
}

export function table<R>(columns: readonly Column<R>[], rows: readonly R[]): string {
  return rows.length === 0 ? '(none)' : formatTable(columns, rows);
}

/** Labelled fields of one object; absent values shown as `-`. */
export function fields(
  entries: readonly (readonly [string, string | number | boolean | null | undefined])[],
): string {
  return formatFields(
    entries.map(([label, value]) => [label, value === undefined || value === null ? '-' : String(value)]),
  );
}

/** The one line an error prints: its code, its message, and the field the platform named. */
export function errorLine(error: unknown): string {
  if (error instanceof PlatformError) {
    const { field, role, required_role: required } = error.details;
    const named = typeof field === 'string' && field !== '' && !error.message.includes(field);
    // A 403 names the token's role and the one the request needs.
    const roles = typeof role === 'string' && typeof required === 'string';
    return (
      `${error.code}: ${error.message}` +
      (named ? ` (field '${field}')` : '') +
      (roles ? ` (the token's role is ${role}; this needs ${required})` : '')
    );
  }
  if (error instanceof AppError) return `${error.code}: ${error.message}`;
  // Anything else is a bug in verifyctl: its stack says where.
  return (error as Error).stack ?? String(error);
}

/** Makes commander throw instead of exiting, and keeps its error text for the one line we print. */
function throwUsageErrors(command: Command): void {
  command.exitOverride().configureOutput({ outputError: () => undefined });
  for (const sub of command.commands) throwUsageErrors(sub);
}

/** Runs `program` on `argv`; any failure prints one line and sets exit code 2. */
export async function runVerifyctl(program: Command, argv: readonly string[]): Promise<void> {
  throwUsageErrors(program);
  try {
    await program.parseAsync(argv);
  } catch (caught) {
    let error = caught;
    if (caught instanceof CommanderError) {
      // --help and --version end here too, with their own exit code 0.
      if (caught.exitCode === 0) return;
      // A command group called without its command: commander has printed the group's help.
      if (caught.code === 'commander.help') {
        process.exitCode = EXIT.error;
        return;
      }
      error = CliErrors.usage({ message: caught.message.replace(/^error: /, '') });
    }
    process.stderr.write(`${program.name()}: ${errorLine(error)}\n`);
    process.exitCode = EXIT.error;
  }
}
