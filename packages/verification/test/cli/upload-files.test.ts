/** The files `verifyctl upload` sends: .gitignore as git reads it, and the platform's refusals made before sending. */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expectAppError } from '@lab/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkUpload, collectFiles, folderFiles, type LocalFile } from '../../src/cli/upload-files.js';
import { MAX_UPLOAD_FILES } from '../../src/domain/project-files.js';

let dir: string;

function tree(files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'verifyctl-upload-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const paths = (files: readonly LocalFile[]) => files.map((file) => file.path);

describe('folderFiles', () => {
  it('honours nested .gitignore files as git does, and never sends .git or links', () => {
    tree({
      '.gitignore': 'build/\n*.log\n!keep.log\n/top-only.v\n',
      'rtl/counter.v': 'module counter; endmodule\n',
      'rtl/top-only.v': 'kept: the pattern is anchored to the root\n',
      'top-only.v': 'ignored',
      'run.log': 'ignored',
      'keep.log': 'kept by the negation',
      'build/out.v': 'ignored with its directory',
      'tb/.gitignore': '*.vcd\n!wanted.log\n',
      'tb/wave.vcd': 'ignored below tb',
      'tb/wanted.log': 'a deeper file re-includes it',
      'tb/tb.v': 'kept',
      '.git/HEAD': 'never sent',
      'verify.json': '{}',
    });
    // A negation cannot bring back a file whose directory is ignored (git does not enter it).
    tree({ 'build/.gitignore': '!out.v\n' });
    symlinkSync(join(dir, 'rtl/counter.v'), join(dir, 'link.v'));

    expect(paths(folderFiles(dir))).toEqual([
      '.gitignore',
      'keep.log',
      'rtl/counter.v',
      'rtl/top-only.v',
      'tb/.gitignore',
      'tb/tb.v',
      'tb/wanted.log',
      'verify.json',
    ]);
  });

  it('puts a folder at the project root and a file under its own name, with sizes', () => {
    tree({ 'proj/rtl/a.v': 'abc', 'b.v': 'de' });
    expect(collectFiles([join(dir, 'proj'), join(dir, 'b.v')])).toEqual([
      { path: 'rtl/a.v', source: join(dir, 'proj', 'rtl/a.v'), size: 3 },
      { path: 'b.v', source: join(dir, 'b.v'), size: 2 },
    ]);
    expectAppError(() => collectFiles([join(dir, 'missing')]), 'BAD_INPUT', 'missing');
  });
});

describe('checkUpload', () => {
  const file = (path: string, size = 1): LocalFile => ({ path, source: `/src/${path}`, size });

  it('passes what the platform takes', () => {
    expect(() => checkUpload([file('rtl/a.v'), file('b.v')], 2)).not.toThrow();
  });

  it("refuses, with the platform's own rules, what it would refuse", () => {
    expectAppError(() => checkUpload([], 10), 'UPLOAD_REFUSED', 'no file');
    expectAppError(() => checkUpload([file('a\\b.v')], 10), 'UPLOAD_REFUSED', "contains '\\'");
    expectAppError(
      () => checkUpload([file(`${'x'.repeat(256)}.v`)], 10),
      'UPLOAD_REFUSED',
      'longer than 255 bytes',
    );
    expectAppError(
      () => checkUpload([file('a.v'), file('a.v')], 10),
      'UPLOAD_REFUSED',
      "'a.v' is given twice",
    );
    expectAppError(
      () => checkUpload([file('rtl'), file('rtl/a.v')], 10),
      'UPLOAD_REFUSED',
      'both a file and',
    );
    expectAppError(() => checkUpload([file('a.v', 6), file('b.v', 5)], 10), 'UPLOAD_REFUSED', '11 bytes');
    const many = Array.from({ length: MAX_UPLOAD_FILES + 1 }, (_, i) => file(`f${i}.v`, 0));
    expectAppError(() => checkUpload(many, 10), 'UPLOAD_REFUSED', `at most ${MAX_UPLOAD_FILES}`);
  });
});
