import { describe, expect, it } from 'vitest';
import { isToolInstalled, requireTools } from '../../src/testing/index.js';

describe('system tool gates', () => {
  it('finds executables on PATH', () => {
    expect(isToolInstalled('node')).toBe(true);
    expect(isToolInstalled('surely-not-a-tool-here')).toBe(false);
  });

  it('runs tests whose tools are present', () => {
    expect(requireTools(['node'], { ...process.env, CI: 'true' })).toEqual({ skip: false, reason: '' });
  });

  it('skips with the reason locally and fails in CI when a tool is missing', () => {
    const local = requireTools(['surely-not-a-tool-here'], { ...process.env, CI: undefined });
    expect(local.skip).toBe(true);
    expect(local.reason).toContain('surely-not-a-tool-here');
    expect(() => requireTools(['surely-not-a-tool-here'], { ...process.env, CI: 'true' })).toThrow(
      /CI=true and missing/,
    );
  });
});
