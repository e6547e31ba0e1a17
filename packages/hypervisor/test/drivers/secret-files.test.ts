import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { optionValue, withSecretFiles } from '../../src/drivers/secret-files.js';

const parent = () => mkdtempSync(join(tmpdir(), 'hv-secret-test-'));

/** The file an `--object secret,id=...,file=PATH` argument names. */
const fileOf = (arg: string): string => /file=(.*)$/.exec(arg)![1]!.replaceAll(',,', ',');

describe('withSecretFiles', () => {
  it('hands each secret to qemu-img as a 0600 file in a private directory, never in the arguments', async () => {
    const root = parent();
    const seen = await withSecretFiles(
      { key: 'old pass, with a comma', added: 'new pass' },
      async ({ args, ids }) => {
        expect(ids).toEqual({ key: 'sec0', added: 'sec1' });
        expect(args.filter((a) => a === '--object')).toHaveLength(2);
        expect(args.join(' ')).not.toContain('pass');
        const files = args.filter((a) => a.startsWith('secret,')).map(fileOf);
        expect(files.map((f) => readFileSync(f, 'utf8'))).toEqual(['old pass, with a comma', 'new pass']);
        for (const f of files) expect(statSync(f).mode & 0o777).toBe(0o600);
        const [dir] = readdirSync(root);
        expect(statSync(join(root, dir!)).mode & 0o777).toBe(0o700);
        return files;
      },
      root,
    );
    for (const f of seen) expect(existsSync(f)).toBe(false);
    expect(readdirSync(root)).toEqual([]);
  });

  it('removes the files when the work fails too', async () => {
    const root = parent();
    await expect(
      withSecretFiles({ key: 'x' }, async () => Promise.reject(new Error('qemu-img failed')), root),
    ).rejects.toThrow('qemu-img failed');
    expect(readdirSync(root)).toEqual([]);
  });

  it('makes nothing for no secret, and leaves out undefined ones', async () => {
    const root = parent();
    await withSecretFiles(
      { key: undefined },
      async ({ args, ids }) => {
        expect(args).toEqual([]);
        expect(ids).toEqual({});
        expect(readdirSync(root)).toEqual([]);
      },
      root,
    );
  });

  it('doubles commas in option values, as QEMU reads them', () => {
    expect(optionValue('/pools/a,b/disk')).toBe('/pools/a,,b/disk');
  });
});
