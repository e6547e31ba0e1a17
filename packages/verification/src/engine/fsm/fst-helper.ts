/**
 * fst-dump, the small C program that prints an FST trace as text (native/fst-dump.c), built on
 * first use with `cc` against the fstapi Verilator bundles (`$VERILATOR_ROOT/include/gtkwave`),
 * and kept in a cache directory under a name carrying the hash of every file it is built from,
 * so that a changed source, or another Verilator's fstapi, gets a new build. The build goes to
 * a temporary name first and is renamed into place, so concurrent jobs never run a half-written
 * binary.
 */
import { createHash, randomBytes } from 'node:crypto';
import { access, constants, mkdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findExecutable } from '@lab/server-kit';
import { FsmCoverageUnavailable } from './errors.js';
import { runAnalysisTool } from './tool-run.js';

// src/engine/fsm/ and dist/engine/fsm/ are at the same depth below the package.
const HELPER_SOURCE = fileURLToPath(new URL('../../../native/fst-dump.c', import.meta.url));
const FSTAPI_SOURCES = ['fstapi.c', 'fastlz.c', 'lz4.c'];
const FSTAPI_HEADERS = ['fstapi.h', 'fastlz.h', 'lz4.h', 'fst_config.h', 'wavealloca.h'];
// fstapi.c includes its configuration by this macro; Verilator's own FST writer sets it the same way.
const COMPILE_FLAGS = ['-O2', '-w', '-DFST_CONFIG_INCLUDE="fst_config.h"'];
const TIMEOUT_MS = 180_000;

export interface FstDumpBuild {
  /** Where built helpers are kept, across jobs when the caller gives a lasting directory. */
  cacheDir: string;
  verilator: string;
  signal: AbortSignal;
}

async function isExecutable(path: string): Promise<boolean> {
  return access(path, constants.X_OK).then(
    () => true,
    () => false,
  );
}

async function fstapiDirectory(build: FstDumpBuild): Promise<string> {
  const output = await runAnalysisTool({
    command: build.verilator,
    args: ['--getenv', 'VERILATOR_ROOT'],
    cwd: build.cacheDir,
    signal: build.signal,
    timeoutMs: 30_000,
    purpose: 'verilator --getenv VERILATOR_ROOT',
  });
  return join(output.join('').trim(), 'include', 'gtkwave');
}

async function buildHash(files: readonly string[]): Promise<string> {
  const hash = createHash('sha256').update(COMPILE_FLAGS.join(' '));
  for (const file of files) {
    const content = await readFile(file).catch(() => {
      throw new FsmCoverageUnavailable(`cannot build the FST reader: '${file}' is missing`);
    });
    hash.update(file).update(content);
  }
  return hash.digest('hex').slice(0, 16);
}

/** The path of a built fst-dump, building it first when the cache has none for these sources. */
export async function fstDumpExecutable(build: FstDumpBuild): Promise<string> {
  const cc = findExecutable('cc');
  if (cc === null) throw new FsmCoverageUnavailable('no C compiler (cc) to build the FST reader');
  await mkdir(build.cacheDir, { recursive: true });
  const fstapi = await fstapiDirectory(build);
  const sources = [HELPER_SOURCE, ...FSTAPI_SOURCES.map((file) => join(fstapi, file))];
  const executable = join(
    build.cacheDir,
    `fst-dump-${await buildHash([...sources, ...FSTAPI_HEADERS.map((file) => join(fstapi, file))])}`,
  );
  if (await isExecutable(executable)) return executable;

  const temporary = `${executable}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await runAnalysisTool({
      command: cc,
      args: [...COMPILE_FLAGS, `-I${fstapi}`, '-o', temporary, ...sources, '-lz'],
      cwd: build.cacheDir,
      signal: build.signal,
      timeoutMs: TIMEOUT_MS,
      purpose: 'cc, building the FST reader,',
    });
    await rename(temporary, executable);
  } finally {
    await rm(temporary, { force: true });
  }
  return executable;
}
