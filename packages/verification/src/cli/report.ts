/**
 * `verifyctl report --job ID --format html|json|junit|markdown -o FILE`: the platform renders the
 * report of an ended job (`POST /jobs/{id}/reports`, which also keeps it as an artifact of the
 * job) and it is written to FILE, or to standard output with `-o -`. An existing file is kept
 * unless `--force`: it is checked before asking, and the file is created exclusively, so a file
 * that appears meanwhile is not overwritten either.
 */
import { existsSync, writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { ReportRequest } from '../client/index.js';
import { CliErrors } from './errors.js';
import { addJsonOption, emit, type JsonFlag } from './output.js';
import { clientFor, commandSettings } from './target.js';

type ReportBody = NonNullable<ReportRequest>;

interface ReportFlags extends JsonFlag {
  job: string;
  format: NonNullable<ReportBody['format']>;
  output: string;
  include?: ReportBody['include'];
  template?: string;
  force?: boolean;
}

export function addReportCommand(program: Command): void {
  addJsonOption(
    program
      .command('report')
      .description('Render the report of an ended job into a file')
      .requiredOption('--job <id>', 'the job')
      .option('--format <format>', 'html, json, junit or markdown', 'html')
      .requiredOption('-o, --output <file>', "the file to write, or '-' for standard output")
      .option(
        '--include <stages>',
        "comma-separated stages to report on (default: all the job's)",
        (value: string) => value.split(',').map((stage) => stage.trim()) as ReportBody['include'],
      )
      .option(
        '--template <name>',
        "HTML only: 'summary', or a Liquid template of the project (reports/x.liquid)",
      )
      .option('--force', 'overwrite the file if it exists'),
  ).action(async (flags: ReportFlags, command: Command) => {
    const toStdout = flags.output === '-';
    if (!toStdout && flags.force !== true && existsSync(flags.output)) {
      throw CliErrors.badInput({ path: flags.output, reason: 'the file exists (--force overwrites it)' });
    }
    const { data } = await clientFor(commandSettings(command)).jobs.report(flags.job, {
      format: flags.format,
      ...(flags.include === undefined ? {} : { include: flags.include }),
      ...(flags.template === undefined ? {} : { template: flags.template }),
    });
    if (toStdout) {
      process.stdout.write(data);
      return;
    }
    try {
      writeFileSync(flags.output, data, { flag: flags.force === true ? 'w' : 'wx' });
    } catch (error) {
      throw CliErrors.badInput({ path: flags.output, reason: (error as Error).message });
    }
    emit(
      flags,
      { job_id: flags.job, format: flags.format, file: flags.output, bytes: data.byteLength },
      (written) =>
        `${written.format} report of ${written.job_id} written to ${written.file} (${written.bytes} bytes)`,
    );
  });
}
