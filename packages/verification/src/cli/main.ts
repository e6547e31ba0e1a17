/** `verifyctl`: the verification service's command-line tool. */
import { addServeOptions, runCli } from '@lab/server-kit';
import { Command } from 'commander';
import { DEFAULT_DATA_DIR, DEFAULT_PORT } from '../config.js';
import { VERSION } from '../version.js';
import { runServe } from './serve.js';

export function buildProgram(): Command {
  const program = new Command('verifyctl')
    .description('Use the hardware-design verification platform')
    .version(VERSION);
  addServeOptions(program.command('serve').description('Run the verification platform API'), 'PLATFORM', {
    port: DEFAULT_PORT,
    dataDir: DEFAULT_DATA_DIR,
  }).action(runServe);
  return program;
}

export async function main(argv: readonly string[]): Promise<void> {
  await runCli(buildProgram(), argv);
}
