import type { Command } from 'commander';
import { AppError } from '../errors.js';

export interface RunCliOptions {
  /**
   * Extra lines printed after a known error's one-line message (for example the source line
   * under a parse error, with a caret); undefined adds nothing.
   */
  explain?: (error: AppError) => string | undefined;
}

/**
 * Runs a commander program and turns a failure into one line on stderr and a non-zero exit
 * code: known errors print their message, anything else its stack (it is a bug).
 */
export async function runCli(
  program: Command,
  argv: readonly string[],
  options: RunCliOptions = {},
): Promise<void> {
  try {
    await program.parseAsync(argv);
  } catch (error) {
    const text =
      error instanceof AppError
        ? `${error.code}: ${error.message}`
        : ((error as Error).stack ?? String(error));
    const explanation = error instanceof AppError ? options.explain?.(error) : undefined;
    process.stderr.write(
      `${program.name()}: ${text}\n${explanation === undefined ? '' : `${explanation}\n`}`,
    );
    process.exitCode = error instanceof AppError && error.kind !== 'internal' ? 2 : 1;
  }
}
