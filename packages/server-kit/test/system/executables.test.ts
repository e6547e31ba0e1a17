import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findExecutable } from '../../src/index.js';

const dir = mkdtempSync(join(tmpdir(), 'kit-path-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('findExecutable', () => {
  it('answers the first PATH directory with an executable of that name, skipping empty entries', () => {
    const [first, second, plain] = ['first', 'second', 'plain'].map((name) => join(dir, name));
    for (const d of [first!, second!, plain!]) mkdirSync(d);
    for (const d of [first!, second!]) {
      writeFileSync(join(d, 'tool'), '#!/bin/sh\n');
      chmodSync(join(d, 'tool'), 0o755);
    }
    writeFileSync(join(plain!, 'tool'), 'not executable');
    expect(findExecutable('tool', ['', plain, first, second].join(delimiter))).toBe(join(first!, 'tool'));
    expect(findExecutable('tool', plain)).toBeNull();
    expect(findExecutable('tool', '')).toBeNull();
  });
});
