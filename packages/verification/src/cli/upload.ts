/** `verifyctl upload --project ID PATH...`: files and folders into a project, in one all-or-nothing request. */
import { openAsBlob } from 'node:fs';
import { startProgressBar } from '@lab/server-kit/cli';
import type { Command } from 'commander';
import { Value } from 'typebox/value';
import { LimitSettings } from '../config.js';
import { addJsonOption, emit, type JsonFlag } from './output.js';
import { positiveInteger } from './project.js';
import { clientFor, commandSettings, projectOf } from './target.js';

/** The platform's default `uploadMaxBytes`: what `upload` checks unless `--max-bytes` says otherwise. */
const DEFAULT_UPLOAD_MAX_BYTES = Value.Create(LimitSettings.uploadMaxBytes);

interface UploadFlags extends JsonFlag {
  maxBytes: number;
}

export function addUploadCommand(program: Command): void {
  addJsonOption(
    program
      .command('upload')
      .description(
        "Upload files and folders to a project (a folder's files keep their paths in it; .gitignore honoured)",
      )
      .argument('<paths...>', 'files and folders')
      .option('--project <id>', 'project id (default: VERIFY_PROJECT, then the context)')
      .option(
        '--max-bytes <n>',
        "the platform's upload limit in bytes, when it is not its default",
        positiveInteger,
        DEFAULT_UPLOAD_MAX_BYTES,
      ),
  ).action(async (paths: string[], flags: UploadFlags, command: Command) => {
    const settings = commandSettings(command);
    const project = projectOf(settings);
    // The platform's own rules, loaded with the domain modules they live in only by this command.
    const { checkUpload, collectFiles } = await import('./upload-files.js');
    const files = collectFiles(paths);
    checkUpload(files, flags.maxBytes);
    const client = clientFor(settings);
    const contents = await Promise.all(
      files.map(async (file) => ({ path: file.path, content: await openAsBlob(file.source) })),
    );
    const bar = startProgressBar(process.stderr, `uploading ${files.length} files`);
    try {
      const answer = await client.projects.upload(project, contents, {
        onProgress: ({ bytesSent, totalBytes }) => bar.update((100 * bytesSent) / totalBytes),
      });
      bar.stop();
      emit(flags, answer, (view) => `uploaded ${view.uploaded} files to ${view.project_id}`);
    } finally {
      bar.stop();
    }
  });
}
