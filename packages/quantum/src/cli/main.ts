/** `qcirc`: the quantum service's command-line tool. */
import { runCli } from '@lab/server-kit/cli';
import { Command } from 'commander';
import { VERSION } from '../version.js';
import { addConvertCommand } from './convert.js';
import { addEngineCommand } from './engine.js';
import { addExamplesCommand } from './examples.js';
import { addDrawCommand, addEstimateCommand } from './inspect.js';
import { addRunCommand } from './run.js';
import { addServeCommand } from './serve.js';
import { SourceLoader } from './source.js';

export function buildProgram(sources = new SourceLoader()): Command {
  const program = new Command('qcirc')
    .description('Build, convert and run quantum circuits')
    .version(VERSION);
  addRunCommand(program, sources);
  addExamplesCommand(program);
  addConvertCommand(program, sources);
  addEstimateCommand(program, sources);
  addDrawCommand(program, sources);
  addServeCommand(program);
  addEngineCommand(program);
  return program;
}

export async function main(argv: readonly string[]): Promise<void> {
  const sources = new SourceLoader();
  await runCli(buildProgram(sources), argv, { explain: (error) => sources.explain(error) });
}
