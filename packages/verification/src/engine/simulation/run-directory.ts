/**
 * The directory a simulation runs in. Testbenches open files by relative paths (`$readmemh`,
 * `$fopen`) as if run in the project, so the directory links every top-level entry of the job's
 * copy of the project. The run's outputs (trace, coverage, JUnit report) land in the directory
 * itself: an entry whose name is the first segment of an output is not linked, and the output's
 * directory is created fresh.
 */
import { mkdir, readdir, symlink } from 'node:fs/promises';
import { dirname, isAbsolute, join, normalize, sep } from 'node:path';

/** The first path segment of each output, which must not be a link into the project. */
function reservedNames(outputs: readonly string[]): Set<string> {
  return new Set(outputs.map((output) => normalize(output).split(sep)[0]!));
}

/** Whether a relative path stays inside the directory it is relative to. */
export function staysInside(relativePath: string): boolean {
  const normalized = normalize(relativePath);
  return !isAbsolute(normalized) && normalized !== '..' && !normalized.startsWith(`..${sep}`);
}

/** Creates `runDir` for a run that writes `outputs` (relative paths inside it). */
export async function prepareRunDirectory(
  sourceDir: string,
  runDir: string,
  outputs: readonly string[],
): Promise<void> {
  const [entries] = await Promise.all([readdir(sourceDir), mkdir(runDir, { recursive: true })]);
  const reserved = reservedNames(outputs);
  // Side by side: a regression prepares one directory per run, and each call waits on the thread pool.
  await Promise.all([
    ...entries
      .filter((entry) => !reserved.has(entry))
      .map((entry) => symlink(join(sourceDir, entry), join(runDir, entry))),
    // A testbench's $fopen does not create directories.
    ...outputs.map((output) => mkdir(dirname(join(runDir, output)), { recursive: true })),
  ]);
}
