/**
 * Containment of names and paths that come from requests. A disk image name maps to one file in
 * the images directory; a boot file is a path inside the boot directory, checked after symbolic
 * links are resolved, so neither `..` nor a link can reach outside.
 */
import { realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { invalidField } from '../errors.js';
import { RESOURCE_NAME_PATTERN } from './vm-definition.js';

const IMAGE_NAME = new RegExp(RESOURCE_NAME_PATTERN);

/** The file of a disk image; the name pattern admits no separator and no leading dot. */
export function imagePath(imagesDir: string, name: string, field = 'name'): string {
  if (!IMAGE_NAME.test(name)) {
    throw invalidField(field, `'${name}' is not a disk image name (letters, digits, '.', '_', '-')`);
  }
  return join(imagesDir, name);
}

function inside(root: string, candidate: string): boolean {
  const rel = relative(root, candidate);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) && !rel.split(sep).includes('..');
}

/** The real path of a regular file inside `root`, or a VALIDATION_ERROR naming `field`. */
export function containedFile(root: string, path: string, field: string): string {
  if (path.includes('\0') || isAbsolute(path) || path.split(/[\\/]/).includes('..')) {
    throw invalidField(field, `'${path}' must be a path inside the boot directory, without '..'`);
  }
  const candidate = resolve(root, path);
  let real: string;
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
    real = realpathSync(candidate);
  } catch {
    throw invalidField(field, `'${path}' does not exist in the boot directory`, { boot_dir: root });
  }
  if (!inside(realRoot, real)) {
    throw invalidField(field, `'${path}' resolves outside the boot directory`);
  }
  if (!statSync(real).isFile()) throw invalidField(field, `'${path}' is not a regular file`);
  return real;
}
