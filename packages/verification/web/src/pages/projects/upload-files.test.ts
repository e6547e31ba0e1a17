import { describe, expect, it } from 'vitest';
import {
  checkSelection,
  commonFolder,
  walkEntries,
  withoutCommonFolder,
  type DirectoryEntryLike,
  type EntryLike,
  type FileEntryLike,
  type UploadItem,
} from './upload-files.js';

const file = (fullPath: string, text = fullPath): FileEntryLike => ({
  isFile: true,
  isDirectory: false,
  fullPath,
  file: (success) => setTimeout(() => success(new Blob([text])), 0),
});

/** A directory whose reader answers in batches of `batch`, as Chromium's does (100). */
const folder = (fullPath: string, children: EntryLike[], batch = 2): DirectoryEntryLike => ({
  isFile: false,
  isDirectory: true,
  fullPath,
  createReader: () => {
    let next = 0;
    return {
      readEntries: (success) => {
        const slice = children.slice(next, next + batch);
        next += slice.length;
        setTimeout(() => success(slice), 0);
      },
    };
  },
});

const item = (path: string, size: number): UploadItem => ({ path, file: new Blob([new Uint8Array(size)]) });
const limits = { uploadMaxBytes: 1000, uploadMaxFiles: 3 };

describe('walkEntries', () => {
  it('walks dropped folders recursively, reading every batch, and keeps relative paths', async () => {
    const drop = [
      folder('/counter', [
        file('/counter/verify.json'),
        folder('/counter/rtl', [
          file('/counter/rtl/a.sv'),
          file('/counter/rtl/b.sv'),
          file('/counter/rtl/c.sv'),
        ]),
        folder('/counter/empty', []),
        file('/counter/tb_counter.sv'),
      ]),
      file('/README.md', 'hello'),
    ];
    const items = await walkEntries(drop);
    expect(items.map((i) => i.path)).toEqual([
      'counter/verify.json',
      'counter/rtl/a.sv',
      'counter/rtl/b.sv',
      'counter/rtl/c.sv',
      'counter/tb_counter.sv',
      'README.md',
    ]);
    expect(await items[5]!.file.text()).toBe('hello');
  });

  it('rejects when a file cannot be read', async () => {
    const broken: FileEntryLike = {
      isFile: true,
      isDirectory: false,
      fullPath: '/x',
      file: (_success, failure) => failure?.(new Error('NotReadableError')),
    };
    await expect(walkEntries([broken])).rejects.toThrow('NotReadableError');
  });
});

describe('commonFolder and withoutCommonFolder', () => {
  it('takes a single folder off every path', () => {
    const items = [item('counter/verify.json', 1), item('counter/rtl/a.sv', 1)];
    expect(commonFolder(items)).toBe('counter');
    expect(withoutCommonFolder(items).map((i) => i.path)).toEqual(['verify.json', 'rtl/a.sv']);
  });

  it('keeps paths without one folder common to all', () => {
    const items = [item('counter/a.sv', 1), item('b.sv', 1)];
    expect(commonFolder(items)).toBeNull();
    expect(commonFolder([item('a.sv', 1)])).toBeNull();
    expect(commonFolder([])).toBeNull();
    expect(withoutCommonFolder(items).map((i) => i.path)).toEqual(['counter/a.sv', 'b.sv']);
  });
});

describe('checkSelection', () => {
  it('accepts a selection within the limits and totals its bytes', () => {
    expect(checkSelection([item('a', 400), item('b', 600)], limits)).toEqual({ ok: true, bytes: 1000 });
  });

  it('refuses too many bytes, too many files, a path twice, or nothing, before sending', () => {
    expect(checkSelection([item('a', 600), item('b', 401)], limits)).toEqual({
      ok: false,
      message: '1001 B is more than the 1000 B allowed in one upload; nothing was sent.',
    });
    expect(checkSelection([item('a', 1), item('b', 1), item('c', 1), item('d', 1)], limits)).toEqual({
      ok: false,
      message: '4 files is more than the 3 allowed in one upload; nothing was sent.',
    });
    expect(checkSelection([item('a', 1), item('a', 1)], limits)).toMatchObject({ ok: false });
    expect(checkSelection([], limits)).toMatchObject({ ok: false });
  });

  it('says the platform limit in megabytes', () => {
    const check = checkSelection([item('big', 2 * 1024 * 1024)], {
      uploadMaxBytes: 1024 * 1024,
      uploadMaxFiles: 9,
    });
    expect(check).toEqual({
      ok: false,
      message: '2.0 MB is more than the 1.0 MB allowed in one upload; nothing was sent.',
    });
  });
});
