/**
 * A project's files: `{dataDir}/projects/{id}/files/`, a tree of the paths callers uploaded.
 *
 * An upload is all or nothing. Its files are streamed into a fresh staging directory beside the
 * tree (flat, numbered, opened with O_NOFOLLOW | O_EXCL), counted against the request's byte and
 * file limits as they arrive, and moved into the tree only once the whole request was received
 * and every target was checked: no link on the way, no directory where a file goes. A refused or
 * broken request leaves the tree as it was. Commits, snapshots and deletions of one project run
 * one at a time, so a job's snapshot never sees half an upload.
 */
import { constants } from 'node:fs';
import { copyFile, mkdir, mkdtemp, open, rename, rm, rmdir, unlink, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createKeyedMutex } from '@lab/server-kit';
import { VpErrors } from '../errors.js';
import {
  assertStorable,
  inTheWay,
  lstatOrUndefined,
  pathSegments,
  realDirectories,
  treeFiles,
} from './project-paths.js';

/** Files one upload request may carry, unless told otherwise. */
export const MAX_UPLOAD_FILES = 10_000;
/** The multipart field of the files, as `details.field` of upload errors names it. */
export const UPLOAD_FIELD = 'files[]';

/** One file part of an upload: its relative path (the part's file name) and its bytes. */
export interface IncomingFile {
  path: string;
  content: Readable;
}

export interface StoredFile {
  path: string;
  size: number;
  modified_at: string;
}

export interface ProjectFilesOptions {
  dataDir: string;
  /** Total bytes of the files of one upload request. */
  uploadMaxBytes: number;
  /** Files of one upload request (default MAX_UPLOAD_FILES). */
  uploadMaxFiles?: number;
}

export interface UploadLimits {
  maxBytes: number;
  maxFiles: number;
}

export type ProjectFiles = ReturnType<typeof createProjectFiles>;

interface StagedFile {
  path: string;
  segments: string[];
  staged: string;
}

/** An upload against what its documented form states (no file, too many files): 400. */
const uploadRefused = (message: string, details: Record<string, unknown>) =>
  VpErrors.validation({ message }, { details: { field: UPLOAD_FIELD, ...details } });
/** An upload whose part names (paths, which no schema states) cannot make a tree: 400 VALIDATION_ERROR. */
const pathsRefused = (message: string, details: Record<string, unknown>) =>
  VpErrors.ruleViolation({ message }, { details: { field: UPLOAD_FIELD, ...details } });

/**
 * The paths of one upload so far, refusing a path given twice, or given both as a file and as a
 * directory of another file (`rtl` and `rtl/counter.v`), which no tree can hold.
 */
export function createPathSet() {
  const files = new Set<string>();
  /** Each directory of the files so far, with the first file inside it. */
  const directories = new Map<string, string>();
  const clash = (path: string, other: string) =>
    pathsRefused(`${UPLOAD_FIELD}: '${path}' cannot be both a file and the directory of '${other}'`, {
      path: other,
      suggestion: 'give no file a path inside another file',
    });
  return (segments: readonly string[]): void => {
    const path = segments.join('/');
    if (files.has(path)) {
      throw pathsRefused(`${UPLOAD_FIELD}: '${path}' is given twice`, {
        path,
        suggestion: 'give each path once',
      });
    }
    const inside = directories.get(path);
    if (inside !== undefined) throw clash(path, inside);
    for (let depth = 1; depth < segments.length; depth += 1) {
      const directory = segments.slice(0, depth).join('/');
      if (files.has(directory)) throw clash(directory, path);
      if (!directories.has(directory)) directories.set(directory, path);
    }
    files.add(path);
  };
}

export function createProjectFiles({
  dataDir,
  uploadMaxBytes,
  uploadMaxFiles = MAX_UPLOAD_FILES,
}: ProjectFilesOptions) {
  const oneAtATime = createKeyedMutex();
  const projectDir = (projectId: string) => join(dataDir, 'projects', projectId);
  const filesDir = (projectId: string) => join(projectDir(projectId), 'files');

  /** Makes `{dataDir}/projects/{id}/{name}` if needed, refusing a link anywhere on that way. */
  async function ownDirectory(projectId: string, name: string): Promise<string> {
    await mkdir(dataDir, { recursive: true });
    await realDirectories(dataDir, ['projects', projectId, name], {
      create: true,
      field: UPLOAD_FIELD,
      path: name,
    });
    return join(projectDir(projectId), name);
  }

  /** Streams one file into `target`, failing once the request's bytes pass the limit. */
  async function stage(content: Readable, target: string, bytesBefore: number): Promise<number> {
    const file = await open(
      target,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o644,
    );
    let bytes = bytesBefore;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        if (bytes <= uploadMaxBytes) {
          done(null, chunk);
          return;
        }
        done(
          VpErrors.payloadTooLarge(
            { limitBytes: uploadMaxBytes },
            {
              details: {
                field: UPLOAD_FIELD,
                limit_bytes: uploadMaxBytes,
                suggestion: 'split the files over several upload requests',
              },
            },
          ),
        );
      },
    });
    await pipeline(content, meter, file.createWriteStream());
    return bytes;
  }

  /** Refuses a target behind a link or a file, or one that is a link or a directory itself. */
  async function assertWritable(root: string, file: StagedFile): Promise<void> {
    const parents = file.segments.slice(0, -1);
    const exists = await realDirectories(root, parents, {
      create: false,
      field: UPLOAD_FIELD,
      path: file.path,
    });
    if (!exists) return;
    const target = await lstatOrUndefined(join(root, ...file.segments));
    if (target?.isSymbolicLink()) throw inTheWay(UPLOAD_FIELD, file.path, 'a symbolic link');
    if (target?.isDirectory()) throw inTheWay(UPLOAD_FIELD, file.path, 'a directory');
  }

  async function commit(projectId: string, staged: readonly StagedFile[]): Promise<void> {
    const root = await ownDirectory(projectId, 'files');
    // Every target is checked before the first is moved, so a refusal keeps nothing.
    for (const file of staged) await assertWritable(root, file);
    for (const file of staged) {
      await realDirectories(root, file.segments.slice(0, -1), {
        create: true,
        field: UPLOAD_FIELD,
        path: file.path,
      });
      await rename(file.staged, join(root, ...file.segments));
    }
  }

  /** Removes the now empty directories that held a deleted file, deepest first. */
  async function pruneEmptyDirectories(root: string, directories: readonly string[]): Promise<void> {
    for (let depth = directories.length; depth > 0; depth -= 1) {
      try {
        await rmdir(join(root, ...directories.slice(0, depth)));
      } catch {
        return;
      }
    }
  }

  return {
    limits: { maxBytes: uploadMaxBytes, maxFiles: uploadMaxFiles } satisfies UploadLimits,

    /**
     * Receives an upload, replacing files of the same paths; answers the paths in the order given.
     * `beforeCommit` runs just before the files are moved in (the project may have gone meanwhile).
     */
    async receive(
      projectId: string,
      incoming: AsyncIterable<IncomingFile>,
      beforeCommit: () => void,
    ): Promise<string[]> {
      const staging = await mkdtemp(join(await ownDirectory(projectId, 'staging'), 'upload-'));
      try {
        const staged: StagedFile[] = [];
        const addPath = createPathSet();
        let bytes = 0;
        for await (const file of incoming) {
          const segments = pathSegments(file.path, UPLOAD_FIELD);
          assertStorable(segments, UPLOAD_FIELD, file.path);
          if (staged.length === uploadMaxFiles) {
            throw uploadRefused(`an upload carries at most ${uploadMaxFiles} files`, {
              limit: uploadMaxFiles,
              suggestion: 'split the files over several upload requests',
            });
          }
          addPath(segments);
          const target = join(staging, String(staged.length));
          bytes = await stage(file.content, target, bytes);
          staged.push({ path: segments.join('/'), segments, staged: target });
        }
        if (staged.length === 0) {
          throw uploadRefused('the upload carries no file', {
            suggestion: `send each file as a part named '${UPLOAD_FIELD}' whose file name is its path, like 'rtl/counter.v'`,
          });
        }
        await oneAtATime(projectId, async () => {
          beforeCommit();
          await commit(projectId, staged);
        });
        return staged.map((file) => file.path);
      } finally {
        await rm(staging, { recursive: true, force: true });
      }
    },

    list(projectId: string): StoredFile[] {
      return treeFiles(filesDir(projectId)).map(({ path, stats }) => ({
        path,
        size: stats.size,
        modified_at: stats.mtime.toISOString(),
      }));
    },

    /**
     * Opens one file for reading, reached through real directories and itself no link (opened
     * with O_NOFOLLOW): the tree's containment, as for deletion. The caller closes the handle.
     */
    async open(projectId: string, path: string): Promise<{ handle: FileHandle; size: number }> {
      const segments = pathSegments(path, 'path');
      const where = { create: false, field: 'path', path };
      const root = filesDir(projectId);
      const missing = () => VpErrors.notFound({ resource: 'file', id: path });
      const reachable =
        (await realDirectories(dataDir, ['projects', projectId, 'files'], where)) &&
        (await realDirectories(root, segments.slice(0, -1), where));
      if (!reachable) throw missing();
      let handle: FileHandle;
      try {
        handle = await open(join(root, ...segments), constants.O_RDONLY | constants.O_NOFOLLOW);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ELOOP') throw inTheWay('path', path, 'a symbolic link');
        if (code === 'ENOENT' || code === 'ENAMETOOLONG') throw missing();
        throw error;
      }
      const stats = await handle.stat();
      if (!stats.isFile()) {
        await handle.close();
        throw missing();
      }
      return { handle, size: stats.size };
    },

    /** Deletes one file (or a link planted in the tree, never what it points to). */
    async remove(projectId: string, path: string): Promise<void> {
      const segments = pathSegments(path, 'path');
      const parents = segments.slice(0, -1);
      const where = { create: false, field: 'path', path };
      await oneAtATime(projectId, async () => {
        const root = filesDir(projectId);
        const found =
          (await realDirectories(dataDir, ['projects', projectId, 'files'], where)) &&
          (await realDirectories(root, parents, where)) &&
          (await lstatOrUndefined(join(root, ...segments)));
        if (!found || found.isDirectory()) throw VpErrors.notFound({ resource: 'file', id: path });
        await unlink(join(root, ...segments));
        await pruneEmptyDirectories(root, parents);
      });
    },

    /**
     * Copies the project's files into `destDir` (made if needed): a job's own copy of the sources,
     * as they are at this moment. Copies are reflinks where the filesystem can. Answers the paths.
     */
    async snapshotFiles(projectId: string, destDir: string): Promise<string[]> {
      return oneAtATime(projectId, async () => {
        await mkdir(destDir, { recursive: true });
        const root = filesDir(projectId);
        const files = treeFiles(root);
        for (const { path } of files) {
          const target = join(destDir, ...path.split('/'));
          await mkdir(dirname(target), { recursive: true });
          await copyFile(join(root, ...path.split('/')), target, constants.COPYFILE_FICLONE);
        }
        return files.map((file) => file.path);
      });
    },

    /** Deletes the project's whole directory: its files and any upload being staged. */
    async removeAll(projectId: string): Promise<void> {
      await oneAtATime(projectId, () => rm(projectDir(projectId), { recursive: true, force: true }));
    },
  };
}
