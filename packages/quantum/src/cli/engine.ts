/** `qcirc engine`: the JSON-lines engine the Python library starts (api/stdio/). */
import { InvalidArgumentError, Option, type Command } from 'commander';
import { DEFAULT_MAX_RUNNING_JOBS, MAX_RUNNING_JOBS_LIMIT } from '../jobs/limits.js';

export function concurrencyOf(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > MAX_RUNNING_JOBS_LIMIT) {
    throw new InvalidArgumentError(`must be an integer from 1 to ${MAX_RUNNING_JOBS_LIMIT}, got '${value}'`);
  }
  return n;
}

export function addEngineCommand(program: Command): void {
  program
    .command('engine')
    .description('Speak the JSON-lines engine protocol on standard input and output (for the Python library)')
    .addOption(
      new Option('--concurrency <n>', 'runs at once, one warm worker thread each; default half the cores')
        .env('QCIRC_ENGINE_CONCURRENCY')
        .argParser(concurrencyOf)
        .default(DEFAULT_MAX_RUNNING_JOBS),
    )
    .action(async (flags: { concurrency: number }) => {
      // Loaded here, so the other commands start without the engine's modules.
      const { serveEngine } = await import('../api/stdio/transport.js');
      await serveEngine({ concurrency: flags.concurrency });
    });
}
