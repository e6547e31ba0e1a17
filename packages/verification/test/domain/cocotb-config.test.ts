/** `simulation.cocotb` of verify.json: the schema's checks and the module's file, through resolveProjectConfig. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expectAppError } from '@lab/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { resolveCocotb } from '../../src/domain/cocotb-config.js';
import { OVERRIDABLE_KEYS, resolveProjectConfig } from '../../src/domain/project-config.js';

const DESIGN = { 'rtl/acc.sv': 'module acc; endmodule', 'tests/test_acc.py': 'import cocotb\n' };

function resolve(cocotb: unknown, files: Record<string, string> = DESIGN, overrides = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'vp-cocotb-'));
  const all = { ...files, 'verify.json': JSON.stringify({ simulation: { cocotb } }) };
  for (const [path, content] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return resolveProjectConfig({ top_module: 'acc' }, dir, overrides);
}

describe('simulation.cocotb', () => {
  it('is null without the section, as the HDL testbench runs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vp-cocotb-'));
    writeFileSync(join(dir, 'acc.sv'), 'module acc; endmodule');
    expect(resolveProjectConfig({ top_module: 'acc' }, dir, {}).simulation.cocotb).toBeNull();
  });

  it('finds the module file wherever it is in the project', () => {
    expect(resolve({ module: 'test_acc', toplevel: 'acc' }).simulation.cocotb).toEqual({
      module: 'test_acc',
      toplevel: 'acc',
      module_file: 'tests/test_acc.py',
    });
    expect(resolveCocotb({ module: 'test_acc', toplevel: 'acc' }, ['test_acc.py'])?.module_file).toBe(
      'test_acc.py',
    );
    // A longer name that ends the same is another module.
    expect(() => resolveCocotb({ module: 'acc', toplevel: 'acc' }, ['tests/test_acc.py'])).toThrow(
      /names no file/,
    );
  });

  it('refuses a module that is not a Python identifier, and a toplevel that is not a Verilog one', () => {
    for (const module of ['test-acc', 'tests.test_acc', '../x', '1test', 'test_acc.py', '']) {
      expectAppError(
        () => resolve({ module, toplevel: 'acc' }),
        'VALIDATION_ERROR',
        'simulation.cocotb.module',
      );
    }
    for (const toplevel of ['acc top', 'acc;rm', '$acc', 'lib.acc', '']) {
      expectAppError(
        () => resolve({ module: 'test_acc', toplevel }),
        'VALIDATION_ERROR',
        'simulation.cocotb.toplevel',
      );
    }
    expectAppError(() => resolve({ module: 'test_acc' }), 'VALIDATION_ERROR', 'simulation.cocotb.toplevel');
    expectAppError(
      () => resolve({ module: 'test_acc', toplevel: 'acc', seed: 1 }),
      'VALIDATION_ERROR',
      'simulation.cocotb.seed',
    );
  });

  it('refuses a module the project has no file of, suggesting the closest, and one it has twice', () => {
    const missing = expectAppError(
      () => resolve({ module: 'test_ac', toplevel: 'acc' }),
      'VALIDATION_ERROR',
      "simulation.cocotb.module 'test_ac' names no file test_ac.py of the project",
    );
    expect(missing.details).toMatchObject({
      field: 'simulation.cocotb.module',
      suggestion: "use 'test_acc', or upload test_ac.py",
    });
    const twice = expectAppError(
      () => resolve({ module: 'test_acc', toplevel: 'acc' }, { ...DESIGN, 'other/test_acc.py': '' }),
      'VALIDATION_ERROR',
      'is ambiguous: other/test_acc.py, tests/test_acc.py',
    );
    expect(twice.details.field).toBe('simulation.cocotb.module');
  });

  it('may be adjusted by config_overrides once verify.json declares it', () => {
    expect(OVERRIDABLE_KEYS).toEqual(
      expect.arrayContaining(['simulation.cocotb.module', 'simulation.cocotb.toplevel']),
    );
    const files = { ...DESIGN, 'tests/test_other.py': '' };
    const config = resolve({ module: 'test_acc', toplevel: 'acc' }, files, {
      'simulation.cocotb.module': 'test_other',
    });
    expect(config.simulation.cocotb?.module_file).toBe('tests/test_other.py');
    const dir = mkdtempSync(join(tmpdir(), 'vp-cocotb-'));
    writeFileSync(join(dir, 'acc.sv'), 'module acc; endmodule');
    expectAppError(
      () => resolveProjectConfig({ top_module: 'acc' }, dir, { 'simulation.cocotb.module': 'test_acc' }),
      'VALIDATION_ERROR',
      'simulation.cocotb, which verify.json does not declare',
    );
  });
});
