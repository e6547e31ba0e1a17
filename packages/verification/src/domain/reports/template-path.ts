/**
 * A custom report template named by its path in the job's copy of the project's files. The path
 * is checked as text (relative, no `.` or `..`), then on disk: every directory on the way must be
 * a real directory and the template a regular file, so a link planted in the project never leads
 * the service to read a file outside the job's copy.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { VpErrors } from '../../errors.js';
import { pathSegments, regularFileBelow } from '../project-paths.js';
import { TEMPLATE_MAX_CHARS } from './liquid-sandbox.js';

function refused(path: string, problem: string) {
  return VpErrors.ruleViolation(
    { message: `template: '${path}' ${problem}` },
    {
      details: {
        field: 'template',
        path,
        suggestion: "name a template file of the project, like 'reports/custom.liquid', or 'summary'",
      },
    },
  );
}

/** The text of the template at `path` below `sourceDir`; a VALIDATION_ERROR when it cannot be used. */
export async function readProjectTemplate(sourceDir: string, path: string): Promise<string> {
  const segments = pathSegments(path, 'template');
  const file = await regularFileBelow(sourceDir, segments);
  if ('problem' in file) throw refused(path, file.problem);
  const { size } = file;
  // Bytes first, so a huge file is never read; a UTF-8 character takes at most 4 bytes.
  const tooLarge = () => refused(path, `is larger than a template may be (${TEMPLATE_MAX_CHARS} characters)`);
  if (size > TEMPLATE_MAX_CHARS * 4) throw tooLarge();
  const text = await readFile(join(sourceDir, ...segments), 'utf8');
  if (text.length > TEMPLATE_MAX_CHARS) {
    throw tooLarge();
  }
  return text;
}
