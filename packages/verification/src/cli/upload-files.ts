/**
 * The files `verifyctl upload PATH...` sends, and the refusals the platform would answer, made
 * before anything is sent. A folder's files keep their paths inside the folder (the folder is the
 * project's root: `upload examples/counter` sends `rtl/counter.v`); a file goes under its own name.
 *
 * Inside a folder, `.gitignore` files are honoured as git reads them: each applies below its own
 * directory, a deeper one overrides a shallower one (`!pattern` included), and an ignored directory
 * is not entered, so nothing under it comes back. `.git` is never sent, nor symbolic links met on
 * the way (the platform stores no links). `.gitignore` files above the folder do not apply.
 *
 * The rules come from the platform's own code in `src/domain/`, never a second copy: the path rules
 * (`pathSegments`, `assertStorable`), one path per file and none both a file and a directory
 * (`createPathSet`), and the number of files per request (MAX_UPLOAD_FILES). The byte limit is a
 * setting of the platform it does not publish: the caller passes the one to check.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { AppError } from '@lab/server-kit/cli';
import ignore, { type Ignore } from 'ignore';
import { createPathSet, MAX_UPLOAD_FILES, UPLOAD_FIELD } from '../domain/project-files.js';
import { assertStorable, pathSegments } from '../domain/project-paths.js';
import { CliErrors } from './errors.js';

export interface LocalFile {
  /** Its path in the project, `/`-separated. */
  path: string;
  /** Where it is on this machine. */
  source: string;
  size: number;
}

interface Rules {
  /** The directory of the `.gitignore`, relative to the folder ('' for the folder itself). */
  base: string;
  rules: Ignore;
}

/** Whether the deepest `.gitignore` with a verdict on `path` ignores it (git's precedence). */
export function isIgnored(stack: readonly Rules[], path: string, isDirectory: boolean): boolean {
  for (let i = stack.length - 1; i >= 0; i -= 1) {
    const { base, rules } = stack[i] as Rules;
    const local = (base === '' ? path : path.slice(base.length + 1)) + (isDirectory ? '/' : '');
    const verdict = rules.test(local);
    if (verdict.ignored) return true;
    if (verdict.unignored) return false;
  }
  return false;
}

/** The files below `folder` that git would not ignore, sorted by path. */
export function folderFiles(folder: string): LocalFile[] {
  const found: LocalFile[] = [];
  const walk = (relative: string, outer: readonly Rules[]) => {
    const directory = join(folder, relative);
    const entries = readdirSync(directory, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    const stack = entries.some((entry) => entry.name === '.gitignore' && entry.isFile())
      ? [
          ...outer,
          { base: relative, rules: ignore().add(readFileSync(join(directory, '.gitignore'), 'utf8')) },
        ]
      : outer;
    for (const entry of entries) {
      if (entry.name === '.git') continue;
      const path = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!isIgnored(stack, path, true)) walk(path, stack);
      } else if (entry.isFile() && !isIgnored(stack, path, false)) {
        const source = join(folder, path);
        found.push({ path, source, size: statSync(source).size });
      }
    }
  };
  walk('', []);
  return found;
}

/** The files the arguments name: folders walked, files under their own names. */
export function collectFiles(paths: readonly string[]): LocalFile[] {
  return paths.flatMap((given) => {
    let stats;
    try {
      stats = statSync(given);
    } catch (error) {
      throw CliErrors.badInput({ path: given, reason: (error as Error).message }, { cause: error });
    }
    if (stats.isDirectory()) return folderFiles(given);
    if (stats.isFile()) return [{ path: basename(given), source: given, size: stats.size }];
    throw CliErrors.badInput({ path: given, reason: 'not a file or a folder' });
  });
}

/**
 * Refuses, as the platform would, an upload of `files`: no file, more than MAX_UPLOAD_FILES,
 * a path it does not take, a path twice or both a file and a directory, more than `maxBytes`.
 */
export function checkUpload(files: readonly LocalFile[], maxBytes: number): void {
  if (files.length === 0) throw CliErrors.uploadRefused({ path: '.', reason: 'no file to upload' });
  if (files.length > MAX_UPLOAD_FILES) {
    throw CliErrors.uploadRefused({
      path: '.',
      reason: `${files.length} files, but an upload carries at most ${MAX_UPLOAD_FILES}`,
    });
  }
  const addPath = createPathSet();
  for (const file of files) {
    try {
      const segments = pathSegments(file.path, UPLOAD_FIELD);
      assertStorable(segments, UPLOAD_FIELD, file.path);
      addPath(segments);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw CliErrors.uploadRefused({ path: file.source, reason: error.message }, { cause: error });
    }
  }
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > maxBytes) {
    throw CliErrors.uploadRefused({
      path: '.',
      reason: `${total} bytes, but the platform takes at most ${maxBytes} bytes per upload (--max-bytes if it was set higher)`,
    });
  }
}
