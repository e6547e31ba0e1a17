/**
 * Paths inside a project's file tree, as callers name them (upload part names, the path of a file
 * to delete), and the directories they lead through.
 *
 * A path is checked as text first: relative, `/`-separated, no `.` or `..` segment, nothing that
 * a shell or another OS would read differently. Then, on disk, every directory on the way must be
 * a real directory: a symbolic link planted in the tree is refused, never followed, so nothing is
 * read or written outside the project's directory.
 */
import { lstatSync, readdirSync, type Stats } from 'node:fs';
import { lstat, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { VpErrors } from '../errors.js';

export const MAX_PATH_LENGTH = 1024;
/** Longest file or directory name Linux file systems hold (NAME_MAX), in bytes of UTF-8. */
export const MAX_SEGMENT_BYTES = 255;
/** Longest path a file may be stored under, in bytes of UTF-8: PATH_MAX less room for the data directory. */
export const MAX_PATH_BYTES = 3072;
const EXAMPLE = 'rtl/counter.v';
// C0 and C1 control characters, NUL included, and DEL.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

// What a segment may not contain: `/`, a backslash, a control character.
const NOT_IN_SEGMENT = '/\\\\\\u0000-\\u001f\\u007f-\\u009f';
/** One segment that is not `.` or `..`: a first character other than a dot, or one or two dots and more. */
const SEGMENT = `(?:\\.?[^.${NOT_IN_SEGMENT}][^${NOT_IN_SEGMENT}]*|\\.\\.[^${NOT_IN_SEGMENT}]+)`;
/**
 * What `pathSegments` accepts, as a JSON Schema pattern: segments joined by single `/`s. Plain
 * classes and alternatives only, no lookaround, so the engines clients validate with (JavaScript,
 * Python's `re`, Rust's `regex`) read it alike. Its length is the schema's `maxLength`.
 */
export const PROJECT_PATH_PATTERN = `^${SEGMENT}(?:/${SEGMENT})*$`;

/** A refused path, past a schema that could not state the rule it breaks: 400 VALIDATION_ERROR. */
function invalidPath(field: string, path: string, problem: string, suggestion: string) {
  return VpErrors.ruleViolation(
    { message: `${field}: '${path}' ${problem}` },
    { details: { field, path, suggestion } },
  );
}

/** The segments of a relative path, or a VALIDATION_ERROR naming `field` and the path. */
export function pathSegments(path: string, field: string): string[] {
  const relative = `use a relative path with '/' between directories, like '${EXAMPLE}'`;
  if (path.length === 0) throw invalidPath(field, path, 'is empty', `name the file, like '${EXAMPLE}'`);
  // Characters as JSON Schema counts them (code points), so the documented maxLength is this one.
  if (path.length > MAX_PATH_LENGTH && [...path].length > MAX_PATH_LENGTH) {
    throw invalidPath(field, path, `is longer than ${MAX_PATH_LENGTH} characters`, 'use a shorter path');
  }
  if (CONTROL.test(path)) {
    throw invalidPath(field, path, 'contains a control character', 'remove control characters from the path');
  }
  if (path.includes('\\')) throw invalidPath(field, path, "contains '\\'", relative);
  if (path.startsWith('/')) throw invalidPath(field, path, 'is absolute', relative);
  const segments = path.split('/');
  if (segments.includes('')) throw invalidPath(field, path, 'has an empty segment', relative);
  if (segments.some((segment) => segment === '.' || segment === '..')) {
    throw invalidPath(field, path, "has a '.' or '..' segment", relative);
  }
  return segments;
}

/** A symbolic link, or a file where a directory is needed (or the reverse), in the project's tree. */
export function inTheWay(field: string, path: string, what: string) {
  return VpErrors.conflict(
    { message: `${field}: '${path}' meets ${what} in the project's files` },
    {
      details: {
        field,
        path,
        suggestion:
          'links are never followed nor replaced, nor files by directories: delete what is in the way first',
      },
    },
  );
}

/**
 * Checks that the segments of a path (checked by `pathSegments`) fit a file system, as a file is
 * about to be stored under it: each name at most MAX_SEGMENT_BYTES, the whole at most
 * MAX_PATH_BYTES. A VALIDATION_ERROR naming `field` and the path otherwise.
 */
export function assertStorable(segments: readonly string[], field: string, path: string): void {
  const long = segments.find((segment) => Buffer.byteLength(segment) > MAX_SEGMENT_BYTES);
  if (long !== undefined) {
    throw invalidPath(
      field,
      path,
      `has a name longer than ${MAX_SEGMENT_BYTES} bytes ('${long.slice(0, 32)}...')`,
      `shorten each file and directory name to at most ${MAX_SEGMENT_BYTES} bytes`,
    );
  }
  if (Buffer.byteLength(path) > MAX_PATH_BYTES) {
    throw invalidPath(field, path, `is longer than ${MAX_PATH_BYTES} bytes`, 'use a shorter path');
  }
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** `lstat`, with undefined for a path that does not exist. */
export async function lstatOrUndefined(path: string) {
  try {
    return await lstat(path);
  } catch (error) {
    // A name longer than the file system holds names nothing there.
    if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'ENAMETOOLONG') return undefined;
    throw error;
  }
}

/**
 * The size of the regular file at the relative `path` below `root`, reached through real
 * directories only; or what is wrong on the way (missing, a link, a file where a directory is
 * needed, not a regular file). The path must have passed `pathSegments`.
 */
export async function regularFileBelow(
  root: string,
  segments: readonly string[],
): Promise<{ size: number } | { problem: string }> {
  let size = 0;
  for (let depth = 1; depth <= segments.length; depth += 1) {
    const stats = await lstatOrUndefined(join(root, ...segments.slice(0, depth)));
    const name = segments.slice(0, depth).join('/');
    if (stats === undefined) return { problem: "is not in the job's copy of the project's files" };
    if (stats.isSymbolicLink()) return { problem: `leads through the symbolic link '${name}'` };
    const last = depth === segments.length;
    if (!last && !stats.isDirectory()) return { problem: `leads through the file '${name}'` };
    if (last && !stats.isFile()) return { problem: 'is not a regular file' };
    size = stats.size;
  }
  return { size };
}

/** Makes `directory`; false when it was there already (EEXIST), made by someone else. */
async function madeHere(directory: string): Promise<boolean> {
  try {
    await mkdir(directory);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Checks that each of `directories` below `root` is a real directory (not a link), making the
 * missing ones when `create` is set. Answers false when one is missing and `create` is not set
 * (or one another request made is already gone again).
 * `field` and `path` name the caller's path in the error.
 */
export async function realDirectories(
  root: string,
  directories: readonly string[],
  options: { create: boolean; field: string; path: string },
): Promise<boolean> {
  for (let depth = 1; depth <= directories.length; depth += 1) {
    const directory = join(root, ...directories.slice(0, depth));
    let stats = await lstatOrUndefined(directory);
    const name = directories.slice(0, depth).join('/');
    if (stats === undefined) {
      if (!options.create) return false;
      if (await madeHere(directory)) continue;
      // Another request (an upload to another project) made it meanwhile: check it like any found.
      stats = await lstatOrUndefined(directory);
      if (stats === undefined) return false;
    }
    if (stats.isSymbolicLink()) {
      throw inTheWay(options.field, options.path, `the symbolic link '${name}'`);
    } else if (!stats.isDirectory()) {
      throw inTheWay(options.field, options.path, `the file '${name}'`);
    }
  }
  return true;
}

export interface TreeFile {
  /** Relative to the tree's root, `/`-separated. */
  path: string;
  stats: Stats;
}

/**
 * The regular files below `root`, sorted by path; symbolic links and anything else that is not a
 * file or a directory are left out, and no link is followed. An absent root is an empty tree.
 */
export function treeFiles(root: string): TreeFile[] {
  const found: TreeFile[] = [];
  const pending = [''];
  for (let directory = pending.pop(); directory !== undefined; directory = pending.pop()) {
    let entries;
    try {
      entries = readdirSync(join(root, directory), { withFileTypes: true });
    } catch (error) {
      if (directory === '' && isMissing(error)) return [];
      throw error;
    }
    for (const entry of entries) {
      const path = directory === '' ? entry.name : `${directory}/${entry.name}`;
      if (entry.isDirectory()) pending.push(path);
      else if (entry.isFile()) found.push({ path, stats: lstatSync(join(root, path)) });
    }
  }
  return found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
