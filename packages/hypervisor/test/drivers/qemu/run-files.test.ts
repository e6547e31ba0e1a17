/** A VM's run directory: its paths, its mode, the files that go with the process, QEMU's error text. */
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  prepareRunDir,
  qemuErrorText,
  readTail,
  removeProcessFiles,
  runtimeFiles,
  vmRunFiles,
} from '../../../src/drivers/qemu/run-files.js';

const runDir = mkdtempSync(join(tmpdir(), 'hv-run-'));
afterAll(() => rmSync(runDir, { recursive: true, force: true }));

// What QEMU 7.2 writes when nested KVM cannot run the guest: the error, then a register dump.
const KVM_INTERNAL_ERROR = `KVM internal error. Suberror: 1
extra data[0]: 0x0000000000000000
extra data[1]: 0x0000000000000030
emulation failure
RAX=0000000000000000 RBX=0000000000000000 RCX=0000000000000000 RDX=0000000000000663
RSI=0000000000000000 RDI=0000000000000000 RBP=0000000000000000 RSP=0000000000000000
EIP=0000fff0 EFL=00000002 [-------] CPL=0 II=0 A20=1 SMM=0 HLT=0
Code=00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 <00> 00 00 00 00 00 00 00 00
`;

describe('vmRunFiles', () => {
  it('puts every file of a VM in {runDir}/vms/{name}/', () => {
    const files = vmRunFiles('/run/hv', 'web1');
    expect(files).toEqual({
      dir: '/run/hv/vms/web1',
      qmpSocket: '/run/hv/vms/web1/qmp.sock',
      serialLog: '/run/hv/vms/web1/serial.log',
      pidFile: '/run/hv/vms/web1/qemu.pid',
      qemuLog: '/run/hv/vms/web1/qemu.log',
    });
    expect(runtimeFiles(files)).toEqual({
      qmp_socket: files.qmpSocket,
      serial_log: files.serialLog,
      pid_file: files.pidFile,
      qemu_log: files.qemuLog,
    });
  });
});

describe('prepareRunDir and removeProcessFiles', () => {
  it('makes the directory private and clears what a killed QEMU left, keeping the logs', async () => {
    const files = vmRunFiles(runDir, 'web1');
    await prepareRunDir(files);
    expect(statSync(files.dir).mode & 0o777).toBe(0o700);
    for (const file of [files.qmpSocket, files.pidFile, files.serialLog, files.qemuLog])
      writeFileSync(file, 'x');
    await removeProcessFiles(files);
    expect([files.qmpSocket, files.pidFile].filter((file) => existsSync(file))).toEqual([]);
    expect([files.serialLog, files.qemuLog].every((file) => existsSync(file))).toBe(true);
    await prepareRunDir(files);
    expect(existsSync(files.serialLog)).toBe(true);
  });
});

describe('qemuErrorText', () => {
  const files = vmRunFiles(runDir, 'errors');

  it("keeps QEMU's error lines and leaves the register dump out", async () => {
    await prepareRunDir(files);
    writeFileSync(files.qemuLog, KVM_INTERNAL_ERROR);
    expect(await qemuErrorText(files)).toBe('KVM internal error. Suberror: 1\nemulation failure');
  });

  it('gives the last lines when none says error, and nothing for an empty or missing log', async () => {
    writeFileSync(files.qemuLog, `${Array.from({ length: 10 }, (_, i) => `line ${i}`).join('\n')}\n`);
    expect(await qemuErrorText(files, 2)).toBe('line 8\nline 9');
    writeFileSync(files.qemuLog, '');
    expect(await qemuErrorText(files)).toBe('');
    expect(await qemuErrorText(vmRunFiles(runDir, 'never-started'))).toBe('');
  });

  it('reads only the end of a long log', async () => {
    writeFileSync(files.qemuLog, `${'a'.repeat(100)}b`);
    expect(await readTail(files.qemuLog, 3)).toBe('aab');
  });
});
