/** `verifyctl artifact list|get --job ID`: a job's files (waveforms, coverage, power traces, reports). */
import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Command } from 'commander';
import { addJsonOption, emit, table, type JsonFlag } from './output.js';
import { platformClient } from './target.js';

export function addArtifactCommands(program: Command): void {
  const artifact = program.command('artifact').description("List and download a job's artifacts");

  addJsonOption(
    artifact.command('list').description("List a job's artifacts").requiredOption('--job <id>', 'job id'),
  ).action(async (flags: JsonFlag & { job: string }, command: Command) => {
    const answer = await platformClient(command).jobs.artifacts(flags.job);
    type Artifact = (typeof answer.artifacts)[number];
    emit(flags, answer, (view) =>
      table(
        [
          { header: 'NAME', value: (a: Artifact) => a.name },
          { header: 'STAGE', value: (a) => a.stage },
          { header: 'SIZE', value: (a) => String(a.size), align: 'right' },
          { header: 'TYPE', value: (a) => a.content_type },
          { header: 'CREATED', value: (a) => a.created_at },
        ],
        view.artifacts,
      ),
    );
  });

  artifact
    .command('get')
    .description('Download an artifact (to a file of its name, -o FILE, or -o - for standard output)')
    .argument('<name>', 'artifact name, as `artifact list` shows it')
    .requiredOption('--job <id>', 'job id')
    .option('-o, --output <file>', 'where to write it; - for standard output')
    .action(async (name: string, flags: { job: string; output?: string }, command: Command) => {
      const file = await platformClient(command).jobs.artifact(flags.job, name);
      if (flags.output === '-') {
        process.stdout.write(file.data);
        return;
      }
      // The platform's names are plain file names; basename keeps a path-like one in this directory.
      const target = flags.output ?? basename(name);
      writeFileSync(target, file.data);
      process.stderr.write(`${name}: ${file.data.byteLength} bytes written to ${target}\n`);
    });
}
