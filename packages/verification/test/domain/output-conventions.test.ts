import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expectAppError } from '@lab/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { compileLinePattern } from '../../src/domain/line-pattern.js';
import { DEFAULT_FAIL_PATTERN, DEFAULT_PASS_PATTERN } from '../../src/domain/output-conventions.js';
import { resolveProjectConfig } from '../../src/domain/project-config.js';

const PROJECT = { top_module: 'counter' };

function sourceDir(verify?: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'vp-conventions-'));
  const files: Record<string, string> = {
    'rtl/counter.v': 'module counter; endmodule',
    'tb/tb_counter.v': 'module tb_counter; endmodule',
    ...(verify === undefined ? {} : { 'verify.json': JSON.stringify(verify) }),
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe('simulation.pass_pattern and fail_pattern', () => {
  it('default to the conventions, which compile', () => {
    const { simulation } = resolveProjectConfig(PROJECT, sourceDir(), {});
    expect(simulation.pass_pattern).toBe(DEFAULT_PASS_PATTERN);
    expect(simulation.fail_pattern).toBe(DEFAULT_FAIL_PATTERN);
    expect(compileLinePattern(DEFAULT_FAIL_PATTERN).test('*** FAILED ***')).toBe(true);
  });

  it('take a pattern from verify.json or config_overrides', () => {
    const dir = sourceDir({ simulation: { pass_pattern: '^OK$' } });
    const { simulation } = resolveProjectConfig(PROJECT, dir, { 'simulation.fail_pattern': '^NOT OK' });
    expect([simulation.pass_pattern, simulation.fail_pattern]).toEqual(['^OK$', '^NOT OK']);
  });

  it('accept a pattern RegExp would backtrack on for minutes: the platform does not backtrack', () => {
    const dir = sourceDir({ simulation: { fail_pattern: '^(a+)+$' } });
    expect(resolveProjectConfig(PROJECT, dir, {}).simulation.fail_pattern).toBe('^(a+)+$');
  });

  it.each([
    [{ simulation: { fail_pattern: '(a)\\1' } }, {}, 'simulation.fail_pattern', 'invalid escape sequence'],
    [
      { simulation: { pass_pattern: 'x(?=y)' } },
      {},
      'simulation.pass_pattern',
      'invalid or unsupported Perl syntax',
    ],
    [{}, { 'simulation.pass_pattern': '(unclosed' }, 'simulation.pass_pattern', 'missing closing )'],
  ])('refuse a pattern the platform cannot run, naming it: %j %j', (verify, overrides, field, why) => {
    const error = expectAppError(
      () => resolveProjectConfig(PROJECT, sourceDir(verify), overrides),
      'VALIDATION_ERROR',
      field,
      why,
    );
    expect(error.details).toMatchObject({ field, file: 'verify.json', position: expect.any(Number) });
  });

  it('refuse a pattern longer than 256 characters by the schema', () => {
    const error = expectAppError(
      () => resolveProjectConfig(PROJECT, sourceDir({ simulation: { pass_pattern: 'a'.repeat(257) } }), {}),
      'VALIDATION_ERROR',
    );
    expect(error.details.field).toBe('simulation.pass_pattern');
  });
});
