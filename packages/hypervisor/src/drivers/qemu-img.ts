/**
 * qemu-img, the disk image tool: every call is an argument array with a time-out, and reads
 * come from `--output=json`. Failures are wrapped in TOOL_FAILED with qemu-img's own text.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { HvErrors } from '../errors.js';
import type { DiskFormat } from '../store/disks.js';

const run = promisify(execFile);
export const QEMU_IMG_TIMEOUT_MS = 60_000;

export interface ImageInfo {
  virtualSize: number;
  actualSize: number;
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
        ? 'qemu-img is not installed (Debian package qemu-utils)'
        : failure.killed === true
          ? `no answer within ${QEMU_IMG_TIMEOUT_MS} ms`
          : (failure.stderr ?? '').trim() || failure.message;
    throw HvErrors.toolFailed({ tool: 'qemu-img', reason }, { cause: error, details: { args: [...args] } });
  }
}

export async function createImage(path: string, format: DiskFormat, sizeBytes: number): Promise<void> {
  await qemuImg(['create', '-q', '-f', format, path, String(sizeBytes)]);
}

export async function imageInfo(path: string): Promise<ImageInfo> {
  // `-U` reads an image a running QEMU holds locked, which is what a status query wants.
  const info = JSON.parse(await qemuImg(['info', '-U', '--output=json', path])) as {
    'virtual-size': number;
    'actual-size'?: number;
  };
  return { virtualSize: info['virtual-size'], actualSize: info['actual-size'] ?? 0 };
}
