import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { expectAppErrorAsync } from '@lab/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { createProjectFiles, type IncomingFile } from '../../src/domain/project-files.js';
import { MAX_SEGMENT_BYTES } from '../../src/domain/project-paths.js';
import { incoming } from '../support/projects.js';

const PROJECT = 'prj_0123456789abcdef';

function testFiles(uploadMaxBytes = 1000) {
  const dataDir = mkdtempSync(join(tmpdir(), 'vp-files-'));
  const files = createProjectFiles({ dataDir, uploadMaxBytes, uploadMaxFiles: 5 });
  const root = join(dataDir, 'projects', PROJECT, 'files');
  const receive = (upload: AsyncIterable<IncomingFile>) => files.receive(PROJECT, upload, () => undefined);
  const paths = () => files.list(PROJECT).map((file) => file.path);
  /** Whatever is left in the staging directory: nothing, once a request is answered. */
  const staged = () => readdirSync(join(dataDir, 'projects', PROJECT, 'staging'));
  return { dataDir, files, root, receive, paths, staged };
}

describe('project files', () => {
  it('stores nested paths, replaces a file of the same path and lists them sorted with sizes', async () => {
    const { receive, files, root, staged } = testFiles();
    expect(
      await receive(incoming({ 'rtl/core/alu.v': 'alu', 'tb/tb_alu.sv': 'tb', 'verify.json': '{}' })),
    ).toEqual(['rtl/core/alu.v', 'tb/tb_alu.sv', 'verify.json']);
    await receive(incoming({ 'rtl/core/alu.v': 'alu v2' }));
    expect(readFileSync(join(root, 'rtl/core/alu.v'), 'utf8')).toBe('alu v2');
    const listed = files.list(PROJECT);
    expect(listed.map((file) => [file.path, file.size])).toEqual([
      ['rtl/core/alu.v', 6],
      ['tb/tb_alu.sv', 2],
      ['verify.json', 2],
    ]);
    expect(Date.parse(listed[0]!.modified_at)).not.toBeNaN();
    expect(staged()).toEqual([]);
  });

  it.each([
    ['a parent segment', '../escape.v'],
    ['a parent segment inside', 'rtl/../../escape.v'],
    ['an absolute path', '/etc/passwd'],
    ['a backslash', 'rtl\\alu.v'],
    ['a NUL', 'alu.v\u0000.txt'],
    ['a control character', 'alu\n.v'],
    ['an empty segment', 'rtl//alu.v'],
    ['a trailing slash', 'rtl/'],
    ['a dot segment', './alu.v'],
    ['an empty name', ''],
    ['a path too long', `${'a/'.repeat(512)}b.v`],
  ])('refuses %s, keeping nothing of the request', async (_what, path) => {
    const { receive, paths, staged } = testFiles();
    const error = await expectAppErrorAsync(
      receive(incoming({ 'ok.v': 'fine', [path]: 'bad' })),
      'VALIDATION_ERROR',
    );
    expect(error.details).toMatchObject({ field: 'files[]', path, suggestion: expect.any(String) });
    // No schema states a part's file name: its refusal is a VALIDATION_ERROR of the core.
    expect(error.kind).toBe('invalid');
    expect(paths()).toEqual([]);
    expect(staged()).toEqual([]);
  });

  it("stores the first uploads of several projects at once, which all make the data directory's projects/", async () => {
    const { dataDir, files } = testFiles();
    const projects = Array.from({ length: 8 }, (_, n) => `prj_${String(n).padStart(16, '0')}`);
    // Each upload finds projects/ missing and makes it; only one mkdir can win the race.
    const stored = await Promise.all(
      projects.map((id) => files.receive(id, incoming({ [`rtl/${id}.v`]: id }), () => undefined)),
    );
    expect(stored).toEqual(projects.map((id) => [`rtl/${id}.v`]));
    for (const id of projects)
      expect(readFileSync(join(dataDir, 'projects', id, 'files', 'rtl', `${id}.v`), 'utf8')).toBe(id);
  });

  it('refuses a name longer than a file system holds, or a path over its byte bound, with VALIDATION_ERROR', async () => {
    const { receive, paths, staged } = testFiles();
    for (const path of [
      `rtl/${'n'.repeat(MAX_SEGMENT_BYTES + 1)}.v`,
      // 86 three-byte characters: 258 bytes in 86 characters.
      `${'\u20ac'.repeat(86)}.v`,
      // 796 characters, but 3,136 bytes: 13 directories of 60 four-byte characters.
      `${`${'\u{1F600}'.repeat(60)}/`.repeat(13)}a.v`,
    ]) {
      const error = await expectAppErrorAsync(receive(incoming({ [path]: 'x' })), 'VALIDATION_ERROR');
      expect(error.kind, path.slice(0, 20)).toBe('invalid');
      expect(error.details).toMatchObject({ field: 'files[]', path });
    }
    expect(paths()).toEqual([]);
    expect(staged()).toEqual([]);
    const longest = `${'n'.repeat(MAX_SEGMENT_BYTES - 2)}.v`;
    expect(await receive(incoming({ [longest]: 'x' }))).toEqual([longest]);
  });

  it('refuses a path given twice and a file that is also a directory of another', async () => {
    const { receive } = testFiles();
    const twice = async function* () {
      yield* incoming({ 'a.v': '1' });
      yield* incoming({ 'a.v': '2' });
    };
    const given = await expectAppErrorAsync(receive(twice()), 'VALIDATION_ERROR', 'given twice');
    expect([given.details.path, given.kind]).toEqual(['a.v', 'invalid']);
    await expectAppErrorAsync(
      receive(incoming({ rtl: 'file', 'rtl/a.v': 'x' })),
      'VALIDATION_ERROR',
      'both a file',
    );
    await expectAppErrorAsync(
      receive(incoming({ 'rtl/a.v': 'x', rtl: 'file' })),
      'VALIDATION_ERROR',
      'both a file',
    );
  });

  it('refuses an upload over the byte limit with 413, keeping even the files received before it', async () => {
    const { receive, paths, staged } = testFiles(10);
    await receive(incoming({ 'kept.v': 'old' }));
    const error = await expectAppErrorAsync(
      receive(incoming({ 'first.v': '12345', 'kept.v': 'new', 'third.v': '123' })),
      'PAYLOAD_TOO_LARGE',
    );
    expect(error.details).toMatchObject({ field: 'files[]', limit_bytes: 10 });
    expect(paths()).toEqual(['kept.v']);
    expect(staged()).toEqual([]);
    expect(await receive(incoming({ 'exact.v': '1234567890' }))).toEqual(['exact.v']);
  });

  it('refuses more files than the limit', async () => {
    const { receive, files, paths } = testFiles();
    const many = async function* (count: number): AsyncGenerator<IncomingFile> {
      for (let i = 0; i < count; i += 1) yield { path: `f${i}.v`, content: Readable.from([]) };
    };
    expect(await receive(many(files.limits.maxFiles))).toHaveLength(5);
    const error = await expectAppErrorAsync(receive(many(6)), 'VALIDATION_ERROR', 'at most 5 files');
    expect(error.details).toMatchObject({ field: 'files[]', limit: 5 });
    expect(paths()).toHaveLength(5);
  });

  it('refuses an upload with no file, as its documented form does (400)', async () => {
    const { receive } = testFiles();
    expect((await expectAppErrorAsync(receive(incoming({})), 'VALIDATION_ERROR', 'no file')).kind).toBe(
      'invalid',
    );
  });

  it('never writes through a symbolic link planted in the tree, as a directory or as a file', async () => {
    const { receive, root, paths } = testFiles();
    const outside = mkdtempSync(join(tmpdir(), 'vp-outside-'));
    writeFileSync(join(outside, 'target.v'), 'outside');
    await receive(incoming({ 'keep.v': 'x' }));
    symlinkSync(outside, join(root, 'rtl'));
    symlinkSync(join(outside, 'target.v'), join(root, 'top.v'));

    const viaDirectory = await expectAppErrorAsync(
      receive(incoming({ 'ok.v': 'x', 'rtl/new.v': 'x' })),
      'CONFLICT',
    );
    expect(viaDirectory.details).toMatchObject({ field: 'files[]', path: 'rtl/new.v' });
    await expectAppErrorAsync(receive(incoming({ 'top.v': 'overwrite' })), 'CONFLICT', 'symbolic link');
    expect(readdirSync(outside)).toEqual(['target.v']);
    expect(readFileSync(join(outside, 'target.v'), 'utf8')).toBe('outside');
    // Nothing of the refused requests was kept, and links are not listed.
    expect(paths()).toEqual(['keep.v']);
  });

  it('refuses to write a file where a directory is', async () => {
    const { receive } = testFiles();
    await receive(incoming({ 'rtl/a.v': 'x' }));
    await expectAppErrorAsync(receive(incoming({ rtl: 'x' })), 'CONFLICT', 'a directory');
  });

  it('deletes a file and the directories it leaves empty; 404 for a missing file or a directory', async () => {
    const { receive, files, root, paths } = testFiles();
    await receive(incoming({ 'rtl/core/a.v': 'a', 'rtl/b.v': 'b' }));
    await files.remove(PROJECT, 'rtl/core/a.v');
    expect(paths()).toEqual(['rtl/b.v']);
    expect(existsSync(join(root, 'rtl/core'))).toBe(false);
    await expectAppErrorAsync(files.remove(PROJECT, 'rtl/core/a.v'), 'NOT_FOUND', 'rtl/core/a.v');
    await expectAppErrorAsync(files.remove(PROJECT, 'rtl'), 'NOT_FOUND');
    await expectAppErrorAsync(files.remove(PROJECT, '../x'), 'VALIDATION_ERROR');
    await expectAppErrorAsync(files.remove('prj_ffffffffffffffff', 'a.v'), 'NOT_FOUND');
    // A name no file system holds names no file: not found, not a failure of the file system call.
    await expectAppErrorAsync(files.remove(PROJECT, 'n'.repeat(300)), 'NOT_FOUND');
    await expectAppErrorAsync(files.remove(PROJECT, `rtl/${'n'.repeat(300)}/b.v`), 'NOT_FOUND');
  });

  it('deletes a planted link itself, not what it points to, and refuses paths through one', async () => {
    const { files, root } = testFiles();
    const outside = mkdtempSync(join(tmpdir(), 'vp-outside-'));
    writeFileSync(join(outside, 'target.v'), 'outside');
    mkdirSync(root, { recursive: true });
    symlinkSync(outside, join(root, 'rtl'));
    await expectAppErrorAsync(files.remove(PROJECT, 'rtl/target.v'), 'CONFLICT', 'symbolic link');
    await files.remove(PROJECT, 'rtl');
    expect(existsSync(join(root, 'rtl'))).toBe(false);
    expect(readFileSync(join(outside, 'target.v'), 'utf8')).toBe('outside');
  });

  it('snapshots the files into a job directory, which later uploads do not change', async () => {
    const { receive, files, dataDir } = testFiles();
    await receive(incoming({ 'rtl/a.v': 'a', 'tb/tb_a.v': 'tb' }));
    const dest = join(dataDir, 'jobs', 'job_1', 'src');
    expect(await files.snapshotFiles(PROJECT, dest)).toEqual(['rtl/a.v', 'tb/tb_a.v']);
    await receive(incoming({ 'rtl/a.v': 'changed' }));
    expect(readFileSync(join(dest, 'rtl/a.v'), 'utf8')).toBe('a');
    expect(readFileSync(join(dest, 'tb/tb_a.v'), 'utf8')).toBe('tb');
    const empty = join(dataDir, 'jobs', 'job_2', 'src');
    expect(await files.snapshotFiles('prj_ffffffffffffffff', empty)).toEqual([]);
    expect(readdirSync(empty)).toEqual([]);
  });

  it('removes the whole project directory', async () => {
    const { receive, files, dataDir } = testFiles();
    await receive(incoming({ 'a.v': 'a' }));
    await files.removeAll(PROJECT);
    expect(existsSync(join(dataDir, 'projects', PROJECT))).toBe(false);
    expect(files.list(PROJECT)).toEqual([]);
  });
});
