/** `hvctl`: the hypervisor service's command-line tool. */
import { runCli } from '@lab/server-kit';
import { Command } from 'commander';
import { VERSION } from '../version.js';
import { addDiskCommands } from './disk.js';
import { addEventsCommand } from './events.js';
import { addKeyCommands } from './key.js';
import { addNetworkCommands } from './network.js';
import { addPoolCommands } from './pool.js';
import { addPqcCommands } from './pqc.js';
import { addServeCommand } from './serve.js';
import { addSnapshotCommands } from './snapshot.js';
import { addSystemCommands } from './system.js';
import { addTokenCommands } from './token.js';
import { addVmCommands } from './vm.js';

export function buildProgram(): Command {
  const program = new Command('hvctl').description('Manage the hypervisor service').version(VERSION);
  // `-V, --version` only before a subcommand, so one may take a `--version` of its own (`key public`).
  program.enablePositionalOptions();
  addServeCommand(program);
  addVmCommands(program);
  addDiskCommands(program);
  addPoolCommands(program);
  addNetworkCommands(program);
  addSnapshotCommands(program);
  addTokenCommands(program);
  addEventsCommand(program);
  addPqcCommands(program);
  addKeyCommands(program);
  addSystemCommands(program);
  return program;
}

export async function main(argv: readonly string[]): Promise<void> {
  await runCli(buildProgram(), argv);
}
