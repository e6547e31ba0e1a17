/** `hvctl`: the hypervisor service's command-line tool. */
import { runCli } from '@lab/server-kit/cli';
import { Command } from 'commander';
import { VERSION } from '../version.js';
import { addDiskCommands } from './disk.js';
import { addEventsCommand } from './events.js';
import { addKeyCommands } from './key.js';
import { addNetworkCommands } from './network.js';
import { addPoolCommands } from './pool.js';
import { addPqcCommands } from './pqc.js';
import { addRemoteCommands } from './remote.js';
import { addServeCommand } from './serve.js';
import { addSnapshotCommands } from './snapshot.js';
import { addSystemCommands } from './system.js';
import { addTokenCommands } from './token.js';
import { addVmCommands } from './vm.js';

export function buildProgram(): Command {
  const program = new Command('hvctl').description('Manage the hypervisor service').version(VERSION);
  // `-V, --version` only before a subcommand, so one may take a `--version` of its own (`key public`).
  program.enablePositionalOptions();
  // `hvctl --remote b vm list` as well as `hvctl vm list --remote b`: the global option is handed to
  // the command unless the command was given its own.
  program.option('--remote <name>', 'the remote every command talks to (see hvctl remote --help)');
  program.hook('preAction', (_program, command) => {
    const remote = program.opts<{ remote?: string }>().remote;
    if (remote === undefined || command.getOptionValueSource('remote') === 'cli') return;
    if (!command.options.some((option) => option.long === '--remote')) {
      program.error(`error: --remote applies to commands that talk to a service, not to '${command.name()}'`);
    }
    command.setOptionValueWithSource('remote', remote, 'cli');
  });
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
  addRemoteCommands(program);
  return program;
}

export async function main(argv: readonly string[]): Promise<void> {
  await runCli(buildProgram(), argv);
}
