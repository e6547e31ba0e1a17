/** `qcirc`: the quantum service's command-line tool. */
import { runCli } from '@lab/server-kit';
import { Command } from 'commander';
import { VERSION } from '../version.js';
import { addServeCommand } from './serve.js';

export function buildProgram(): Command {
  const program = new Command('qcirc')
    .description('Build, convert and run quantum circuits')
    .version(VERSION);
  addServeCommand(program);
  return program;
}

export async function main(argv: readonly string[]): Promise<void> {
  await runCli(buildProgram(), argv);
}
