import type { Command } from 'commander';
import { AppError } from '../errors.js';

/**
 * Runs a commander program and turns a failure into one line on stderr and a non-zero exit
 * code: known errors print their message, anything else its stack (it is a bug).
 */
export async function runCli(program: Command, argv: readonly string[]): Promise<void> {
  try {
    await program.parseAsync(argv);
  } catch (error) {
    const text =
      error instanceof AppError
        ? `${error.code}: ${error.message}`
        : ((error as Error).stack ?? String(error));
    process.stderr.write(`${program.name()}: ${text}\n`);
    process.exitCode = error instanceof AppError && error.kind !== 'internal' ? 2 : 1;
  }
}
