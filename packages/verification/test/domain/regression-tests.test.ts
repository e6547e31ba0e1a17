/** verify.json's `simulation.tests` and `simulation.seed`: defaults, the schema's bounds and the rules beyond it. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expectAppError } from '@lab/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { OVERRIDABLE_KEYS, resolveProjectConfig } from '../../src/domain/project-config.js';
import { MAX_REGRESSION_RUNS, MAX_SEED } from '../../src/domain/verify-config.js';

const FILES = { 'rtl/alu.sv': 'module alu; endmodule', 'tb/tb_alu.sv': 'module tb_alu; endmodule' };

function resolve(simulation: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'vp-regression-config-'));
  for (const [path, text] of Object.entries({ ...FILES, 'verify.json': JSON.stringify({ simulation }) })) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return resolveProjectConfig({ top_module: 'alu' }, dir, overrides);
}

describe('simulation.tests', () => {
  it('is empty by default, and fills each test’s count, parameters and plusargs', () => {
    expect(resolve({}).simulation).toMatchObject({ tests: [], seed: null });
    const config = resolve({
      tests: [{ name: 'a' }, { name: 'b', seed: 5, count: 3, parameters: { W: "8'hFF" } }],
    });
    expect(config.simulation.tests).toEqual([
      { name: 'a', count: 1, parameters: {}, plusargs: [] },
      { name: 'b', seed: 5, count: 3, parameters: { W: "8'hFF" }, plusargs: [] },
    ]);
  });

  it('takes the regression seed from verify.json, and from config_overrides over it', () => {
    expect(OVERRIDABLE_KEYS).toContain('simulation.seed');
    expect(OVERRIDABLE_KEYS).not.toContain('simulation.tests');
    expect(resolve({ seed: 9 }).simulation.seed).toBe(9);
    expect(resolve({ seed: 9 }, { 'simulation.seed': 11 }).simulation.seed).toBe(11);
    expectAppError(() => resolve({}, { 'simulation.seed': 0 }), 'VALIDATION_ERROR', 'simulation.seed');
    expectAppError(() => resolve({}, { 'simulation.seed': MAX_SEED + 1 }), 'VALIDATION_ERROR');
  });

  it.each([
    ['a name that is not one word', [{ name: 'two words' }], 'simulation.tests.0.name'],
    ['a seed of 0', [{ name: 'a', seed: 0 }], 'simulation.tests.0.seed'],
    ['a count of 0', [{ name: 'a', count: 0 }], 'simulation.tests.0.count'],
    [
      'a parameter that is no Verilog integer',
      [{ name: 'a', parameters: { W: '$(rm -rf)' } }],
      'simulation.tests.0.parameters.W',
    ],
    [
      'a parameter name that is no identifier',
      [{ name: 'a', parameters: { 'W-1': '1' } }],
      'simulation.tests.0.parameters.W-1',
    ],
    ['a plusarg without +', [{ name: 'a', plusargs: ['-x'] }], 'simulation.tests.0.plusargs.0'],
    ['an unknown key', [{ name: 'a', sed: 1 }], 'simulation.tests.0.sed'],
  ])('refuses %s, naming the field', (_what, tests, field) => {
    const error = expectAppError(() => resolve({ tests }), 'VALIDATION_ERROR');
    expect(error.details.field).toBe(field);
  });

  it('refuses two tests of one name, and a seed given as a plusarg', () => {
    const twice = expectAppError(
      () => resolve({ tests: [{ name: 'a' }, { name: 'a' }] }),
      'VALIDATION_ERROR',
    );
    expect(twice.details).toMatchObject({ field: 'simulation.tests.1.name', file: 'verify.json' });
    const seeded = expectAppError(
      () => resolve({ tests: [{ name: 'a', plusargs: ['+x=1', '+seed=3'] }] }),
      'VALIDATION_ERROR',
      'sets the seed',
    );
    expect(seeded.details).toMatchObject({
      field: 'simulation.tests.0.plusargs.1',
      suggestion: 'give the seed as simulation.tests.0.seed',
    });
    expectAppError(
      () => resolve({ tests: [{ name: 'a', plusargs: ['+verilator+seed+3'] }] }),
      'VALIDATION_ERROR',
    );
  });

  it(`bounds the runs to ${MAX_REGRESSION_RUNS} in all`, () => {
    const full = resolve({ tests: [{ name: 'a', count: MAX_REGRESSION_RUNS - 1 }, { name: 'b' }] });
    expect(full.simulation.tests).toHaveLength(2);
    const over = expectAppError(
      () => resolve({ tests: [{ name: 'a', count: MAX_REGRESSION_RUNS }, { name: 'b' }] }),
      'VALIDATION_ERROR',
      `${MAX_REGRESSION_RUNS + 1} runs`,
    );
    expect(over.details.field).toBe('simulation.tests');
  });
});
