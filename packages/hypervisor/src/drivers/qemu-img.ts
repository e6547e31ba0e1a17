/**
 * qemu-img, the disk image tool: every call is an argument array with a time-out, and reads
 * come from `--output=json`. Failures are wrapped in TOOL_FAILED with qemu-img's own text.
 * Long work (convert, check) is spawned without a time-out but with a signal that kills it, and
 * `-p` progress read from its standard output. Passphrases reach qemu-img only through
 * `--object secret,file=...` files (secret-files.ts), and an image is always opened with its
 * format stated, so a guest's data is never probed for a header.
 */
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import type { AppError } from '@lab/server-kit/errors';
import { HvErrors } from '../errors.js';
import type { DiskFormat } from '../store/disks.js';
import { createProgressParser } from './qemu-img-progress.js';
import { optionValue, withSecretFiles } from './secret-files.js';

const run = promisify(execFile);
export const QEMU_IMG_TIMEOUT_MS = 60_000;

export interface ImageInfo {
  virtualSize: number;
  actualSize: number;
  /** qcow2's cluster size in bytes; absent for raw. */
  clusterSize?: number;
}

async function qemuImg(args: readonly string[]): Promise<string> {
  try {
    const { stdout } = await run('qemu-img', [...args], {
      timeout: QEMU_IMG_TIMEOUT_MS,
      maxBuffer: 16 << 20,
    });
    return stdout;
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string; killed?: boolean };
    const reason =
      failure.code === 'ENOENT'
        ? NOT_INSTALLED
        : failure.killed === true
          ? `no answer within ${QEMU_IMG_TIMEOUT_MS} ms`
          : (failure.stderr ?? '').trim() || failure.message;
    throw toolFailure(args, reason, error);
  }
}

const NOT_INSTALLED = 'qemu-img is not installed (Debian package qemu-utils)';

/**
 * TOOL_FAILED with qemu-img's text (and its exit code when it ran and said no); a wrong passphrase
 * is the caller's SECRET_REFUSED instead.
 */
function toolFailure(args: readonly string[], reason: string, cause: unknown, exitCode?: number): AppError {
  if (reason.includes('Invalid password, cannot unlock any keyslot')) {
    return HvErrors.secretRefused({ reason }, { cause });
  }
  return HvErrors.toolFailed(
    { tool: 'qemu-img', reason },
    { cause, details: { args: [...args], ...(exitCode === undefined ? {} : { exit_code: exitCode }) } },
  );
}

export type Preallocation = 'off' | 'metadata' | 'falloc' | 'full';

/** What a new image may have besides its format and size. */
export interface CreateOptions {
  /** A thin clone of this base: its file as the header records it (a name beside the image) and format. */
  backing?: { file: string; format: DiskFormat };
  preallocation?: Preallocation;
  /** LUKS encryption (qcow2) under this passphrase; `iterTimeMs` is the key slot's PBKDF time. */
  encryption?: Encryption;
}

export interface Encryption {
  secret: string;
  /** qemu's default (2000 ms) when absent. */
  iterTimeMs?: number;
}

export async function createImage(
  path: string,
  format: DiskFormat,
  sizeBytes: number,
  options: CreateOptions = {},
): Promise<void> {
  const { backing, preallocation, encryption } = options;
  await withSecretFiles({ key: encryption?.secret }, (objects) => {
    const settings = [
      ...(preallocation === undefined ? [] : [`preallocation=${preallocation}`]),
      ...(encryption === undefined ? [] : luksSettings(objects.ids.key!, encryption)),
    ];
    return retryCalibration(() =>
      qemuImg([
        'create',
        '-q',
        ...objects.args,
        '-f',
        format,
        ...(backing === undefined ? [] : ['-b', backing.file, '-F', backing.format]),
        ...(settings.length === 0 ? [] : ['-o', settings.join(',')]),
        path,
        String(sizeBytes),
      ]),
    );
  });
}

export async function imageInfo(path: string, format?: DiskFormat): Promise<ImageInfo> {
  // `-U` reads an image a running QEMU holds locked, which is what a status query wants.
  const formatArgs = format === undefined ? [] : ['-f', format];
  const info = JSON.parse(await qemuImg(['info', '-U', ...formatArgs, '--output=json', path])) as {
    'virtual-size': number;
    'actual-size'?: number;
    'cluster-size'?: number;
  };
  return {
    virtualSize: info['virtual-size'],
    actualSize: info['actual-size'] ?? 0,
    ...(info['cluster-size'] === undefined ? {} : { clusterSize: info['cluster-size'] }),
  };
}

/**
 * `qemu-img snapshot` on a qcow2 image, its format stated (`--image-opts`), never probed: `-c`
 * creates, `-a` applies (reverts the image to it), `-d` deletes a tag.
 */
export async function imageSnapshot(
  action: 'create' | 'apply' | 'delete',
  path: string,
  tag: string,
): Promise<void> {
  const flag = { create: '-c', apply: '-a', delete: '-d' }[action];
  await qemuImg([
    'snapshot',
    '-q',
    '--image-opts',
    flag,
    tag,
    `driver=qcow2,file.filename=${optionValue(path)}`,
  ]);
}

/** The internal snapshots of a qcow2 image (`qemu-img info -U`: readable while QEMU runs). */
export async function imageSnapshots(path: string): Promise<{ tag: string; vmStateBytes: number }[]> {
  const info = JSON.parse(await qemuImg(['info', '-U', '-f', 'qcow2', '--output=json', path])) as {
    snapshots?: { name: string; 'vm-state-size': number }[];
  };
  return (info.snapshots ?? []).map((s) => ({ tag: s.name, vmStateBytes: s['vm-state-size'] }));
}

// ---- Operations on existing images: resize, convert, check, key slots ----

/** An image to open: its file, its format, and the passphrase of an encrypted one. */
export interface ImageRef {
  path: string;
  format: DiskFormat;
  secret?: string;
  /**
   * Read it although a QEMU holds it (`-U`, force-share): only consistent while that QEMU's guest
   * is stopped (a clone of a running VM pauses it for the copy).
   */
  forceShare?: boolean;
}

export interface RunOptions {
  /** Kills qemu-img when aborted (an operation's cancel); the call rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Called with each percent `-p` prints. */
  onProgress?: (percent: number) => void;
}

const LUKS_CALIBRATION_FAILURE = 'Unable to get accurate CPU usage';
const CALIBRATION_ATTEMPTS = 8;

/** `encrypt.*` settings of a new LUKS header whose key slot is unlocked by the secret object `id`. */
function luksSettings(id: string, encryption: Encryption): string[] {
  return [
    'encrypt.format=luks',
    `encrypt.key-secret=${id}`,
    ...(encryption.iterTimeMs === undefined ? [] : [`encrypt.iter-time=${encryption.iterTimeMs}`]),
  ];
}

/**
 * Runs qemu-img work that writes a LUKS key slot again when its PBKDF calibration failed: QEMU
 * times a trial run by the thread's CPU time, and where that clock ticks coarsely (virtual
 * machines) the trial can measure 0 ms and qemu-img gives up before it has written anything.
 */
async function retryCalibration<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const calibration = HvErrors.toolFailed.is(error) && error.message.includes(LUKS_CALIBRATION_FAILURE);
      if (!calibration || attempt >= CALIBRATION_ATTEMPTS) throw error;
    }
  }
}

/** How the command names the image: `-f FMT PATH`, or `--image-opts` with its key for an encrypted one. */
function opening(image: ImageRef, keyId: string | undefined): { flags: string[]; name: string } {
  if (keyId === undefined) return { flags: ['-f', image.format], name: image.path };
  return {
    flags: ['--image-opts'],
    name: `driver=${image.format},file.filename=${optionValue(image.path)},encrypt.key-secret=${keyId}`,
  };
}

/** Why `signal` aborted, as an Error (an operation's cancel gives an AbortError). */
const abortReason = (signal: AbortSignal): Error =>
  signal.reason instanceof Error ? signal.reason : new Error('aborted');

/**
 * qemu-img spawned, for work that may take long: no time-out unless given, killed when `signal`
 * aborts, its `-p` progress parsed as it comes. Resolves with standard output and the exit code
 * when that is 0 or one of `answers` (exit codes that still come with an answer).
 */
function spawnQemuImg(
  args: readonly string[],
  options: RunOptions & { answers?: readonly number[]; timeoutMs?: number } = {},
): Promise<{ stdout: string; code: number }> {
  const { signal, onProgress, answers = [], timeoutMs } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(abortReason(signal));
      return;
    }
    const child = spawn('qemu-img', [...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    let settled = false;
    const parser = onProgress === undefined ? undefined : createProgressParser(onProgress);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (parser !== undefined) parser.push(chunk);
      else if (stdout.length < 16 << 20) stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < 1 << 16) stderr += chunk;
    });
    const kill = (): void => void child.kill('SIGTERM');
    signal?.addEventListener('abort', kill, { once: true });
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            kill();
          }, timeoutMs);
    const finish = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', kill);
      outcome();
    };
    child.once('error', (error: NodeJS.ErrnoException) =>
      finish(() => reject(toolFailure(args, error.code === 'ENOENT' ? NOT_INSTALLED : error.message, error))),
    );
    // 'close': the process has exited and its output is all read.
    child.once('close', (code, killedBy) =>
      finish(() => {
        if (signal?.aborted === true) reject(abortReason(signal));
        else if (timedOut) reject(toolFailure(args, `no answer within ${timeoutMs} ms`, undefined));
        else if (code !== null && (code === 0 || answers.includes(code))) resolve({ stdout, code });
        else {
          const reason = stderr.trim() || `exited with ${code === null ? `signal ${killedBy}` : code}`;
          reject(toolFailure(args, reason, undefined, code ?? undefined));
        }
      }),
    );
  });
}

/**
 * `qemu-img resize [--shrink]`. qemu-img refuses what the format cannot do (a v2 qcow2 image
 * with internal snapshots, a shrink without `--shrink`): that is RESIZE_REFUSED with its words.
 */
export async function resizeImage(image: ImageRef, sizeBytes: number, shrink: boolean): Promise<void> {
  await withSecretFiles({ key: image.secret }, async (objects) => {
    const { flags, name } = opening(image, objects.ids.key);
    const args = ['resize', '-q', ...objects.args, ...flags, ...(shrink ? ['--shrink'] : [])];
    try {
      await spawnQemuImg([...args, name, String(sizeBytes)], { timeoutMs: QEMU_IMG_TIMEOUT_MS });
    } catch (error) {
      // It ran and said no: the image cannot be resized so. Anything else stays TOOL_FAILED.
      if (!HvErrors.toolFailed.is(error) || error.details.exit_code === undefined) throw error;
      const reason = error.message.replace(/^qemu-img failed: /, '');
      throw HvErrors.resizeRefused({ reason }, { cause: error });
    }
  });
}

/** What `convertImage` writes. */
export interface ConvertTarget {
  path: string;
  format: DiskFormat;
  /** qcow2's compressed clusters (`-c`). */
  compress?: boolean;
  /** The target records only what differs from this base (`-B FILE -F FMT`): a thin image stays thin. */
  backing?: { file: string; format: DiskFormat };
  /** qcow2 cluster size in bytes (the source's, when compacting). */
  clusterSize?: number;
  /** LUKS encryption of the target (qcow2) under this passphrase. */
  encryption?: Encryption;
}

/** `qemu-img convert -p`: the source (its whole backing chain unless the target has `backing`) into a new file. */
export async function convertImage(
  source: ImageRef,
  target: ConvertTarget,
  options: RunOptions = {},
): Promise<void> {
  const targetSecret = target.encryption?.secret;
  // One passphrase for both ends when they share it (a compact); a second object otherwise.
  const secrets = {
    key: source.secret,
    target: targetSecret === source.secret ? undefined : targetSecret,
  };
  await withSecretFiles(secrets, (objects) => {
    const { flags, name } = opening(source, objects.ids.key);
    const settings = [
      ...(target.clusterSize === undefined ? [] : [`cluster_size=${target.clusterSize}`]),
      ...(target.encryption === undefined
        ? []
        : luksSettings(objects.ids.target ?? objects.ids.key!, target.encryption)),
    ];
    const args = [
      'convert',
      '-p',
      ...(source.forceShare === true ? ['-U'] : []),
      ...objects.args,
      ...flags,
      '-O',
      target.format,
      ...(target.compress === true ? ['-c'] : []),
      ...(target.backing === undefined ? [] : ['-B', target.backing.file, '-F', target.backing.format]),
      ...(settings.length === 0 ? [] : ['-o', settings.join(',')]),
      name,
      target.path,
    ];
    const run = () => spawnQemuImg(args, options);
    return target.encryption === undefined ? run() : retryCalibration(run);
  });
}

/** `qemu-img check --output=json`: each count it reports, by its name in snake_case, and its exit code. */
export interface ImageCheck {
  /** corruptions, leaks, check_errors, image_end_offset, total_clusters, ..., corruptions_fixed, leaks_fixed */
  counts: Record<string, number>;
  /** 0 consistent (now), 2 corrupted, 3 leaked clusters only. */
  exitCode: number;
}

/**
 * `qemu-img check --output=json [-r leaks|all]`. Finding problems is an answer, not a failure:
 * qemu-img exits 2 (corrupted) or 3 (leaks) with its report on standard output; with `-r` the
 * counts are of the image after the repair. Exit 1 (the check could not complete) and 63 (the
 * format has no checks) are failures.
 */
export async function checkImage(
  image: ImageRef,
  repair: 'leaks' | 'all' | undefined,
  options: RunOptions = {},
): Promise<ImageCheck> {
  return withSecretFiles({ key: image.secret }, async (objects) => {
    const { flags, name } = opening(image, objects.ids.key);
    const args = [
      'check',
      ...objects.args,
      ...flags,
      '--output=json',
      ...(repair === undefined ? [] : ['-r', repair]),
      name,
    ];
    const { stdout, code } = await spawnQemuImg(args, { ...options, answers: [2, 3] });
    let report: Record<string, unknown>;
    try {
      report = JSON.parse(stdout) as Record<string, unknown>;
    } catch (error) {
      throw toolFailure(args, `exit code ${code} without a JSON report`, error);
    }
    const counts: Record<string, number> = {};
    for (const [key, value] of Object.entries(report)) {
      if (typeof value === 'number') counts[key.replaceAll('-', '_')] = value;
    }
    return { counts, exitCode: code };
  });
}

/**
 * `qemu-img amend -p` of a LUKS qcow2 image: a new key slot for `newSecret`, opened with
 * `image.secret`. It may be killed through `options.signal` (a rekey's cancel): the slot it was
 * writing may then exist or not, and the caller decides what to do about it.
 */
export async function addKeySlot(
  image: ImageRef & { secret: string },
  newSecret: string,
  iterTimeMs?: number,
  options: RunOptions = {},
): Promise<void> {
  await withSecretFiles({ key: image.secret, added: newSecret }, (objects) => {
    const { flags, name } = opening(image, objects.ids.key);
    const settings = [
      'encrypt.state=active',
      `encrypt.new-secret=${objects.ids.added!}`,
      ...(iterTimeMs === undefined ? [] : [`encrypt.iter-time=${iterTimeMs}`]),
    ];
    const args = ['amend', '-p', ...objects.args, ...flags, '-o', settings.join(','), name];
    return retryCalibration(() => spawnQemuImg(args, { ...options, timeoutMs: QEMU_IMG_TIMEOUT_MS }));
  });
}

/**
 * `qemu-img amend -p` of a LUKS qcow2 image: erases every key slot `oldSecret` opens, opened with
 * `image.secret`. Not to be killed half way: a slot half erased opens nothing.
 */
export async function removeKeySlots(
  image: ImageRef & { secret: string },
  oldSecret: string,
  options: Pick<RunOptions, 'onProgress'> = {},
): Promise<void> {
  await withSecretFiles({ key: image.secret, removed: oldSecret }, (objects) => {
    const { flags, name } = opening(image, objects.ids.key);
    const settings = `encrypt.state=inactive,encrypt.old-secret=${objects.ids.removed!}`;
    const args = ['amend', '-p', ...objects.args, ...flags, '-o', settings, name];
    return spawnQemuImg(args, { ...options, timeoutMs: QEMU_IMG_TIMEOUT_MS });
  });
}
