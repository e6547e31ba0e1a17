/** `verifyctl`: the verification service's command-line tool. */
import { runCli } from '@lab/server-kit';
import { Command } from 'commander';
import { VERSION } from '../version.js';
import { addServeCommand } from './serve.js';
import { addTokenCommands } from './token.js';

export function buildProgram(): Command {
  const program = new Command('verifyctl')
    .description('Use the hardware-design verification platform')
    .version(VERSION);
  addServeCommand(program);
  addTokenCommands(program);
  return program;
}

export async function main(argv: readonly string[]): Promise<void> {
  await runCli(buildProgram(), argv);
}
