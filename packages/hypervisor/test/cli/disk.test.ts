/**
 * `hvctl disk resize|convert|compact|check|rekey` and `hvctl pool`: the compiled binary against a
 * real `hvctl serve --driver simulated`, on real images.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, readSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hvctlJson, runHvctl, startCliService, tableRow, type CliService } from '../support/cli.js';

const ready = requireTools(['qemu-img', 'qemu-io']);
let cli: CliService;

beforeAll(async () => {
  cli = await startCliService({ prefix: 'hvctl-disk-' });
});
afterAll(async () => cli?.stop());

const hvctl = (args: readonly string[]) => runHvctl(cli.socket, args);
const json = <T = Record<string, any>>(args: readonly string[]): T => hvctlJson<T>(cli.socket, args);
const image = (name: string): string => join(cli.dir, 'data', 'images', name);

describe.skipIf(ready.skip)('hvctl pool and disk operations', { timeout: 120_000 }, () => {
  it('adds and lists pools', () => {
    const path = join(cli.dir, 'fast');
    expect(hvctl(['pool', 'add', 'fast', path, '--capacity', '1G'])).toMatchObject({
      status: 0,
      stdout: `storage pool 'fast' added at ${path} (capacity 1G)\n`,
    });
    const list = hvctl(['pool', 'list']).stdout;
    expect(list.split('\n')[0]).toMatch(/^NAME +PATH +IMAGES +ALLOCATED +CAPACITY +FS FREE$/);
    expect(tableRow(list, 'fast')?.slice(0, 5)).toEqual(['fast', path, '0', '0', '1G']);
    expect(json<{ pools: { name: string }[] }>(['pool', 'list']).pools.map((p) => p.name)).toEqual([
      'default',
      'fast',
    ]);
  });

  it('resizes, converts and compacts, printing one line each (the operation with --json)', () => {
    expect(hvctl(['disk', 'create', 'd1', '--size', '16M', '--pool', 'fast']).status).toBe(0);
    expect(hvctl(['disk', 'resize', 'd1', '--size', '32M'])).toMatchObject({
      status: 0,
      stdout: "disk image 'd1' resized to 32M\n",
    });
    const refused = hvctl(['disk', 'resize', 'd1', '--size', '8M']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/^hvctl: VALIDATION_ERROR: shrink: /);
    expect(hvctl(['disk', 'resize', 'd1', '--size', '8M', '--shrink']).stdout).toBe(
      "disk image 'd1' resized to 8M\n",
    );

    const converted = hvctl(['disk', 'convert', 'd1', '--format', 'raw', '--target', 'd1-raw']);
    expect(converted).toMatchObject({ status: 0, stderr: '' });
    expect(converted.stdout).toMatch(
      /^disk image 'd1' converted into 'd1-raw' \(raw, [\d.]+[KMG]? on disk\)\n$/,
    );
    const op = json(['disk', 'convert', 'd1-raw', '--format', 'qcow2', '--target', 'd1-back', '--compress']);
    expect(op).toMatchObject({
      kind: 'disk.convert',
      status: 'succeeded',
      progress: 100,
      result: { target: 'd1-back', format: 'qcow2', compressed: true, pool: 'fast' },
    });

    const list = hvctl(['disk', 'list']).stdout;
    expect(tableRow(list, 'd1-raw')?.slice(0, 3)).toEqual(['d1-raw', 'raw', '8M']);
    expect(tableRow(list, 'd1-raw')?.[5]).toBe('fast');

    expect(hvctl(['disk', 'create', 'z1', '--size', '32M']).status).toBe(0);
    execFileSync('qemu-io', ['-f', 'qcow2', '-c', 'write -P 1 0 4M', '-c', 'write -P 0 0 4M', image('z1')]);
    const compacted = hvctl(['disk', 'compact', 'z1']);
    expect(compacted.status).toBe(0);
    expect(compacted.stdout).toMatch(/^disk image 'z1' compacted: 4\.\d+M -> \d+K \(4\.\d+M saved\)\n$/);
    expect(hvctl(['disk', 'compact', 'd1-raw']).stderr).toMatch(/^hvctl: DISK_OPERATION_UNSUPPORTED: /);
  });

  it('checks: clean exits 0, leaks exit 1 with the way to repair, --repair leaks repairs', () => {
    expect(hvctl(['disk', 'create', 'leaky', '--size', '16M']).status).toBe(0);
    execFileSync('qemu-io', ['-f', 'qcow2', '-c', 'write -P 1 0 1M', image('leaky')]);
    expect(hvctl(['disk', 'check', 'leaky'])).toMatchObject({
      status: 0,
      stdout: "disk image 'leaky' is clean\n",
    });
    // The first L2 entries zeroed: their clusters stay counted, unused.
    const fd = openSync(image('leaky'), 'r+');
    const header = Buffer.alloc(48);
    readSync(fd, header, 0, 48, 0);
    const l1 = Buffer.alloc(8);
    readSync(fd, l1, 0, 8, Number(header.readBigUInt64BE(40)));
    writeSync(fd, Buffer.alloc(32), 0, 32, Number(l1.readBigUInt64BE(0) & 0x00fffffffffffe00n));
    closeSync(fd);

    expect(hvctl(['disk', 'check', 'leaky'])).toMatchObject({
      status: 1,
      stdout:
        "disk image 'leaky': 0 corruptions, 4 leaked clusters, 0 check errors\n" +
        "repair with 'hvctl disk check NAME --repair leaks' (or all)\n",
    });
    expect(hvctl(['disk', 'check', 'leaky', '--repair', 'leaks'])).toMatchObject({
      status: 0,
      stdout: "disk image 'leaky' is clean\nrepaired: 0 corruptions, 4 leaked clusters\n",
    });
  });

  it('reads passphrases from files: creates an encrypted image and rekeys it', () => {
    const oldFile = join(cli.dir, 'old.pass');
    const newFile = join(cli.dir, 'new.pass');
    // A final newline (as `echo` writes) is not part of the passphrase.
    writeFileSync(oldFile, 'first passphrase\n', { mode: 0o600 });
    writeFileSync(newFile, 'second passphrase', { mode: 0o600 });
    expect(
      hvctl(['disk', 'create', 'vault', '--size', '16M', '--encrypted', '--secret-file', oldFile]),
    ).toMatchObject({
      status: 0,
      stdout: "disk image 'vault' created (qcow2, encrypted, 16M)\n",
    });
    expect(tableRow(hvctl(['disk', 'list']).stdout, 'vault')?.[1]).toBe('qcow2 (luks)');
    const wrongOld = hvctl([
      'disk',
      'rekey',
      'vault',
      '--old-secret-file',
      newFile,
      '--new-secret-file',
      oldFile,
    ]);
    expect(wrongOld).toMatchObject({
      status: 2,
      stderr: "hvctl: VALIDATION_ERROR: old_secret: does not unlock disk image 'vault'\n",
    });
    expect(
      hvctl(['disk', 'rekey', 'vault', '--old-secret-file', oldFile, '--new-secret-file', newFile]),
    ).toMatchObject({ status: 0, stdout: "disk image 'vault' rekeyed: only the new passphrase opens it\n" });
    expect(hvctl(['disk', 'check', 'vault', '--secret-file', newFile]).stdout).toBe(
      "disk image 'vault' is clean\n",
    );
    const wrong = hvctl(['disk', 'check', 'vault', '--secret-file', oldFile]);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toBe("hvctl: VALIDATION_ERROR: secret: does not unlock disk image 'vault'\n");
    const missing = hvctl(['disk', 'check', 'vault', '--secret-file', join(cli.dir, 'nope')]);
    expect(missing.stderr).toMatch(/^hvctl: BAD_INPUT: cannot use '.*nope': ENOENT/);
    // With --json, the image as before the rekey became an operation.
    const back = hvctl([
      'disk',
      'rekey',
      'vault',
      '--old-secret-file',
      newFile,
      '--new-secret-file',
      oldFile,
      '--json',
    ]);
    expect(back.status).toBe(0);
    expect(JSON.parse(back.stdout)).toMatchObject({ name: 'vault', encrypted: true, format: 'qcow2' });
  });

  it('makes thin clones with --backing', () => {
    expect(hvctl(['disk', 'create', 'thin', '--backing', 'z1'])).toMatchObject({
      status: 0,
      stdout: "disk image 'thin' created (qcow2, 32M, on 'z1')\n",
    });
    expect(tableRow(hvctl(['disk', 'list']).stdout, 'thin')?.[6]).toBe('z1');
  });
});
