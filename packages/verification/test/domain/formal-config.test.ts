/** The formal section resolved at submission: the .sby file and the tasks named are checked there. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expectAppError } from '@lab/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { resolveProjectConfig } from '../../src/domain/project-config.js';

const PROJECT = { top_module: 'counter' };
const DESIGN = { 'rtl/counter.sv': 'module counter; endmodule\n' };
const SBY = '[tasks]\nprove\ncover\n\n[options]\nprove: mode prove\ncover: mode cover\n\n[engines]\nsmtbmc\n';

function projectWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'formal-config-'));
  for (const [path, text] of Object.entries({ ...DESIGN, ...files })) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}
const resolve = (formal: unknown, files: Record<string, string> = {}) =>
  resolveProjectConfig(PROJECT, projectWith({ 'verify.json': JSON.stringify({ formal }), ...files }), {});

describe('formal section', () => {
  it('fills in the defaults of one task, as before tasks existed', () => {
    expect(resolve({}).formal).toEqual({
      enabled: true,
      top: 'counter',
      sby: null,
      tasks: null,
      mode: 'prove',
      depth: 20,
      multiclock: false,
      expect: ['pass', 'unknown'],
      engines: ['smtbmc z3'],
      script: [],
      induction: true,
      timeout_seconds: 300,
    });
  });

  it('takes a .sby file of the project and the tasks it has', () => {
    const formal = resolve(
      { sby: 'formal/checks.sby', tasks: ['cover'] },
      { 'formal/checks.sby': SBY },
    ).formal;
    expect(formal).toMatchObject({ sby: 'formal/checks.sby', tasks: ['cover'] });
  });

  it('refuses a .sby file the project lacks, one sby would refuse, and tasks it does not have', () => {
    const missing = expectAppError(
      () => resolve({ sby: 'check.sby' }, { 'checks.sby': SBY }),
      'VALIDATION_ERROR',
    );
    expect(missing.details).toMatchObject({ field: 'formal.sby', suggestion: 'checks.sby' });
    const broken = expectAppError(
      () => resolve({ sby: 'checks.sby' }, { 'checks.sby': '[setup]\ncutpoint x\n' }),
      'VALIDATION_ERROR',
    );
    expect(broken.message).toContain('checks.sby: section [setup] is not supported');
    const engine = expectAppError(
      () => resolve({ sby: 'checks.sby' }, { 'checks.sby': SBY.replace('smtbmc', 'smtbmc boolector') }),
      'VALIDATION_ERROR',
    );
    expect(engine.message).toContain(
      "checks.sby, task prove: engine 'smtbmc boolector': 'boolector' is not supported",
    );
    const unknown = expectAppError(
      () => resolve({ sby: 'checks.sby', tasks: ['prove', 'covr'] }, { 'checks.sby': SBY }),
      'VALIDATION_ERROR',
    );
    expect(unknown.details).toMatchObject({ field: 'formal.tasks.1', suggestion: 'cover' });
  });

  it('checks the tasks named against task_options without a .sby file', () => {
    const formal = { task_options: { deep: { engines: ['abc pdr'] } }, tasks: ['deep'] };
    expect(resolve(formal).formal.tasks).toEqual(['deep']);
    const error = expectAppError(() => resolve({ tasks: ['deep'] }), 'VALIDATION_ERROR');
    expect(error.details).toMatchObject({ field: 'formal.tasks.0' });
    expect(error.details.suggestion).toContain('leave formal.tasks out');
  });

  it('refuses settings the schema does not allow, naming them', () => {
    for (const [formal, field] of [
      [{ mode: 'proof' }, 'formal.mode'],
      [{ expect: [] }, 'formal.expect'],
      [{ task_options: { 'a b': {} } }, 'formal.task_options.a b'],
      [{ engines: ['abc pdr'], mode: 'bmc' }, 'formal.engines.0'],
      [{ task_options: { a: { engines: ['smtbmc cvc5'] } } }, 'formal.task_options.a.engines.0'],
      [{ task_options: { a: { depth: 0 } } }, 'formal.task_options.a.depth'],
      [{ script: ['tribuf -formal', 'shell'] }, 'formal.script.1'],
      [{ task_options: { a: { script: ['write_rtlil /tmp/x'] } } }, 'formal.task_options.a.script.0'],
    ] as const) {
      expect(expectAppError(() => resolve(formal), 'VALIDATION_ERROR').details.field).toBe(field);
    }
  });
});
