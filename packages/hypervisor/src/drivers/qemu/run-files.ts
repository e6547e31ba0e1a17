/**
 * The files of one VM in the run directory, `{runDir}/vms/{name}/` (mode 0700): the QMP socket,
 * the serial console's log, QEMU's pid file, and QEMU's own output. The socket and the pid file
 * live only while the process does; the two logs stay after it ends, for diagnosis.
 */
import { chmod, mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';

export interface VmRunFiles {
  dir: string;
  qmpSocket: string;
  serialLog: string;
  pidFile: string;
  /** QEMU's stdout and stderr: its warnings, its error messages, its last words. */
  qemuLog: string;
}

export function vmRunFiles(runDir: string, name: string): VmRunFiles {
  const dir = join(runDir, 'vms', name);
  return {
    dir,
    qmpSocket: join(dir, 'qmp.sock'),
    serialLog: join(dir, 'serial.log'),
    pidFile: join(dir, 'qemu.pid'),
    qemuLog: join(dir, 'qemu.log'),
  };
}

/** The files as a VM's runtime details show them. */
export function runtimeFiles(files: VmRunFiles): Record<string, string> {
  return {
    qmp_socket: files.qmpSocket,
    serial_log: files.serialLog,
    pid_file: files.pidFile,
    qemu_log: files.qemuLog,
  };
}

/** Creates the VM's directory private to the service, without what an earlier process left. */
export async function prepareRunDir(files: VmRunFiles): Promise<void> {
  await mkdir(files.dir, { recursive: true, mode: 0o700 });
  await chmod(files.dir, 0o700);
  await removeProcessFiles(files);
}

/** Removes the socket and the pid file, which QEMU leaves behind when it is killed. */
export async function removeProcessFiles(files: VmRunFiles): Promise<void> {
  await Promise.all([rm(files.qmpSocket, { force: true }), rm(files.pidFile, { force: true })]);
}

const TAIL_BYTES = 16 * 1024;

/** The end of a log (at most 16 KiB), or '' when there is none. */
export async function readTail(path: string, bytes = TAIL_BYTES): Promise<string> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch {
    return '';
  }
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, bytes);
    const buffer = Buffer.alloc(length);
    await handle.read(buffer, 0, length, size - length);
    return buffer.toString('utf8');
  } finally {
    await handle.close();
  }
}

/**
 * QEMU's own account of a failure, from its log: the lines that say `error` (KVM's internal
 * error, an assertion, a refused option) when there are any, else the last lines. Register dumps
 * that follow an error are left out: the reason must stay readable.
 */
export async function qemuErrorText(files: VmRunFiles, maxLines = 6): Promise<string> {
  return errorLines(await readTail(files.qemuLog), maxLines);
}

/** The error lines of what QEMU wrote (its log, or its standard error), as `qemuErrorText` picks them. */
export function errorLines(output: string, maxLines = 6): string {
  const lines = output
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line !== '');
  const errors = lines.filter((line) => /error|failure|failed|assert|abort/i.test(line));
  return (errors.length > 0 ? errors : lines).slice(-maxLines).join('\n');
}
