/**
 * Reading the host's /proc and /sys files below a root directory: `/` in the service, a fake
 * tree in tests. Paths are written as on the host (`/proc/meminfo`) and errors name them so.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { HvErrors } from '../../errors.js';

const isMissing = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ENOENT';

function failed(path: string, error: unknown) {
  return HvErrors.hostReadFailed({ path, reason: (error as Error).message }, { cause: error });
}

export function readHostFile(root: string, path: string): string {
  try {
    return readFileSync(join(root, path), 'utf8');
  } catch (error) {
    throw failed(path, error);
  }
}

/** The file's text, or undefined when it does not exist (a module not loaded, a feature absent). */
export function readHostFileIfPresent(root: string, path: string): string | undefined {
  try {
    return readFileSync(join(root, path), 'utf8');
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw failed(path, error);
  }
}

/** The entries of a directory, or undefined when it does not exist. */
export function listHostDir(root: string, path: string): string[] | undefined {
  try {
    return readdirSync(join(root, path));
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw failed(path, error);
  }
}

/** A symbolic link's target, or undefined when there is no link. */
export function readHostLink(root: string, path: string): string | undefined {
  try {
    return readlinkSync(join(root, path));
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw failed(path, error);
  }
}
