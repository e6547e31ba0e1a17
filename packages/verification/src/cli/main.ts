/** `verifyctl`: the verification service's command-line tool. */
import { Command } from 'commander';
import { VERSION } from '../version.js';
import { addArtifactCommands } from './artifact.js';
import { addConfigCommands } from './config.js';
import { addJobCommands } from './job.js';
import { addLoginCommand } from './login.js';
import { runVerifyctl } from './output.js';
import { addProjectCommands } from './project.js';
import { addReportCommand } from './report.js';
import { addServeCommand } from './serve.js';
import { addTargetOptions } from './target.js';
import { addTokenCommands } from './token.js';
import { addUploadCommand } from './upload.js';
import { addWebhookCommands } from './webhook.js';

export function buildProgram(): Command {
  const program = addTargetOptions(
    new Command('verifyctl').description('Use the hardware-design verification platform').version(VERSION),
  );
  addServeCommand(program);
  addConfigCommands(program);
  addLoginCommand(program);
  addProjectCommands(program);
  addUploadCommand(program);
  addTokenCommands(program);
  addJobCommands(program);
  addReportCommand(program);
  addArtifactCommands(program);
  addWebhookCommands(program);
  return program;
}

export async function main(argv: readonly string[]): Promise<void> {
  await runVerifyctl(buildProgram(), argv);
}
