import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expectAppError } from '@lab/server-kit/testing';
import Value from 'typebox/value';
import { describe, expect, it } from 'vitest';
import {
  ConfigOverridesSchema,
  OVERRIDABLE_KEYS,
  resolveProjectConfig,
  validateOverrides,
} from '../../src/domain/project-config.js';

const PROJECT = { top_module: 'counter' };
const DESIGN = {
  'rtl/counter.v': 'module counter; endmodule',
  'rtl/pkg/defs.sv': 'package defs; endpackage',
  'rtl/include/params.vh': '`define W 8',
  'tb/helper.v': 'module helper; endmodule',
  'tb_counter.v': 'module tb_counter; endmodule',
  'counter_tb.sv': 'module counter_tb; endmodule',
  'test/stimulus.v': 'module stimulus; endmodule',
  'docs/readme.md': '# counter',
};

/** A job's source directory holding `files`. */
function sourceDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'vp-config-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

const withConfig = (config: unknown, files: Record<string, string> = DESIGN) =>
  sourceDir({ ...files, 'verify.json': typeof config === 'string' ? config : JSON.stringify(config) });

describe('config overrides', () => {
  it('lists every scalar setting of verify.json as a key, and no list', () => {
    expect(OVERRIDABLE_KEYS).toEqual(
      expect.arrayContaining([
        'top_module',
        'lint.warnings_as_errors',
        'simulation.coverage',
        'simulation.simulator',
        'formal.depth',
      ]),
    );
    expect(OVERRIDABLE_KEYS).not.toContain('sources');
    expect(OVERRIDABLE_KEYS).not.toContain('simulation.plusargs');
    expect(OVERRIDABLE_KEYS).not.toContain('defines');
  });

  it('accepts values of the leaf’s type and range', () => {
    const overrides = { 'simulation.coverage': false, 'formal.depth': 40, 'simulation.simulator': 'icarus' };
    expect(validateOverrides(overrides)).toEqual(overrides);
  });

  it('refuses an unknown key, suggesting the closest', () => {
    const error = expectAppError(
      () => validateOverrides({ 'formal.dept': 3 }),
      'VALIDATION_ERROR',
      "'formal.dept'",
    );
    expect(error.details).toEqual({ field: 'formal.dept', suggestion: 'formal.depth' });
    const far = expectAppError(() => validateOverrides({ colour: 'blue' }), 'VALIDATION_ERROR');
    expect(far.details.suggestion).toMatch(/^one of top_module, /);
  });

  it.each([
    ['simulation.coverage', 'yes', 'a boolean (true or false)'],
    ['formal.depth', 0, 'an integer from 1 to 1000'],
    ['formal.depth', 2.5, 'an integer from 1 to 1000'],
    ['lint.warnings_as_errors', 1, 'a boolean (true or false)'],
  ])('refuses %s = %j, naming the key and the expected type', (key, value, expected) => {
    const error = expectAppError(
      () => validateOverrides({ [key]: value }),
      'VALIDATION_ERROR',
      key,
      expected,
    );
    expect(error.details).toEqual({ field: key, expected, suggestion: `use ${expected}` });
  });

  it('has a schema that accepts what validateOverrides accepts, and fills in nothing', () => {
    const samples: [Record<string, unknown>, boolean][] = [
      [{ 'simulation.coverage': false, 'formal.depth': 40, 'simulation.simulator': 'icarus' }, true],
      [{ 'crypto.side_channel.threshold': 4.5, top_module: 'counter' }, true],
      [{}, true],
      [{ 'formal.dept': 3 }, false],
      [{ 'formal.depth': 0 }, false],
      [{ 'formal.depth': 2.5 }, false],
      [{ 'simulation.coverage': 'yes' }, false],
      [{ 'simulation.simulator': 'verilater' }, false],
      [{ sources: 'a.v' }, false],
    ];
    for (const [overrides, valid] of samples) {
      const validated = (() => {
        try {
          validateOverrides(overrides);
          return true;
        } catch {
          return false;
        }
      })();
      expect([Value.Check(ConfigOverridesSchema, overrides), validated], JSON.stringify(overrides)).toEqual([
        valid,
        valid,
      ]);
    }
    expect(Object.keys(ConfigOverridesSchema.properties).sort()).toEqual([...OVERRIDABLE_KEYS].sort());
    expect(Value.Default(ConfigOverridesSchema, {})).toEqual({});
  });

  it('refuses overrides as a schema would (400), and what verify.json makes impossible with VALIDATION_ERROR', () => {
    expect(expectAppError(() => validateOverrides({ 'formal.dept': 3 }), 'VALIDATION_ERROR').kind).toBe(
      'invalid',
    );
    const undeclared = expectAppError(
      () => resolveProjectConfig(PROJECT, sourceDir(DESIGN), { 'crypto.ntt.vectors': 3 }),
      'VALIDATION_ERROR',
      'does not declare',
    );
    expect(undeclared.kind).toBe('invalid');
    const broken = expectAppError(
      () => resolveProjectConfig(PROJECT, withConfig('{"formal": '), {}),
      'VALIDATION_ERROR',
      'not valid JSON',
    );
    expect(broken.kind).toBe('invalid');
    const empty = expectAppError(() => resolveProjectConfig(PROJECT, sourceDir({}), {}), 'VALIDATION_ERROR');
    expect([empty.kind, empty.details.field]).toEqual(['invalid', 'sources']);
  });

  it('suggests the closest value of an enumeration', () => {
    const error = expectAppError(
      () => validateOverrides({ 'simulation.simulator': 'verilater' }),
      'VALIDATION_ERROR',
    );
    expect(error.details.suggestion).toBe('verilator');
  });
});

describe('resolveProjectConfig', () => {
  it('fills every default without verify.json: sources, testbenches, formal top', () => {
    const config = resolveProjectConfig(PROJECT, sourceDir(DESIGN), {});
    expect(config.top_module).toBe('counter');
    expect(config.sources).toEqual(['rtl/counter.v', 'rtl/pkg/defs.sv']);
    expect(config.simulation.testbench).toEqual([
      'counter_tb.sv',
      'tb/helper.v',
      'tb_counter.v',
      'test/stimulus.v',
    ]);
    expect(config.simulation).toMatchObject({
      simulator: 'verilator',
      coverage: true,
      testbench_top: null,
      junit: null,
    });
    expect(config.formal).toMatchObject({ top: 'counter', depth: 20, enabled: true });
    expect(config.lint).toEqual({
      enabled: true,
      warnings_as_errors: false,
      exclude: [],
      waivers: [],
      timeout_seconds: 120,
    });
    expect(config.include_dirs).toEqual([]);
    expect(config.defines).toEqual({});
  });

  it('reads verify.json and puts the overrides on top', () => {
    const dir = withConfig({
      top_module: 'counter_top',
      sources: ['rtl/**/*.sv', 'rtl/counter.v'],
      include_dirs: ['rtl/include'],
      simulation: { testbench: ['tb_counter.v'], coverage: false },
      formal: { depth: 10 },
    });
    const config = resolveProjectConfig(PROJECT, dir, { 'formal.depth': 30, 'simulation.coverage': true });
    expect(config.top_module).toBe('counter_top');
    expect(config.sources).toEqual(['rtl/pkg/defs.sv', 'rtl/counter.v']);
    expect(config.include_dirs).toEqual(['rtl/include']);
    expect(config.simulation.testbench).toEqual(['tb_counter.v']);
    expect(config.simulation.coverage).toBe(true);
    expect(config.formal).toMatchObject({ depth: 30, top: 'counter_top' });
  });

  it('never takes a testbench as a source', () => {
    const config = resolveProjectConfig(PROJECT, withConfig({ sources: ['**/*.v'] }), {});
    expect(config.sources).toEqual(['rtl/counter.v']);
  });

  it('expands *, ? and ** globs', () => {
    const files = { 'a/x1.v': '', 'a/x2.v': '', 'a/b/c/y.v': '', 'z.v': '' };
    const sources = (patterns: string[]) =>
      resolveProjectConfig(
        PROJECT,
        withConfig({ sources: patterns, simulation: { testbench: ['z.v'] } }, files),
        {},
      ).sources;
    expect(sources(['a/*.v'])).toEqual(['a/x1.v', 'a/x2.v']);
    expect(sources(['a/x?.v'])).toEqual(['a/x1.v', 'a/x2.v']);
    expect(sources(['a/**/*.v'])).toEqual(['a/b/c/y.v', 'a/x1.v', 'a/x2.v']);
    expect(sources(['a/**'])).toEqual(['a/b/c/y.v', 'a/x1.v', 'a/x2.v']);
  });

  it('refuses a glob or a path that matches no file, naming it and the closest file', () => {
    const glob = expectAppError(
      () => resolveProjectConfig(PROJECT, withConfig({ sources: ['rtl/counter.v', 'src/*.v'] }), {}),
      'VALIDATION_ERROR',
      "'src/*.v'",
    );
    expect(glob.details).toMatchObject({ field: 'sources.1', pattern: 'src/*.v', file: 'verify.json' });
    const typo = expectAppError(
      () => resolveProjectConfig(PROJECT, withConfig({ sources: ['rtl/countr.v'] }), {}),
      'VALIDATION_ERROR',
    );
    expect(typo.details.suggestion).toBe('rtl/counter.v');
    expectAppError(
      () => resolveProjectConfig(PROJECT, withConfig({ sources: ['../outside.v'] }), {}),
      'VALIDATION_ERROR',
      "'..'",
    );
    expectAppError(
      () => resolveProjectConfig(PROJECT, withConfig({ include_dirs: ['inc'] }), {}),
      'VALIDATION_ERROR',
      'include_dirs.0',
    );
  });

  it('refuses a project without design sources', () => {
    const error = expectAppError(
      () => resolveProjectConfig(PROJECT, sourceDir({ 'tb_only.v': '' }), {}),
      'VALIDATION_ERROR',
      'no design sources',
    );
    expect(error.details.field).toBe('sources');
  });

  it('refuses broken JSON, naming the file and the line and column', () => {
    const error = expectAppError(
      () => resolveProjectConfig(PROJECT, withConfig('{\n  "formal": { "depth": 5, }\n}'), {}),
      'VALIDATION_ERROR',
      'verify.json',
      'line 2, column 27',
    );
    expect(error.details).toMatchObject({
      field: 'verify.json',
      file: 'verify.json',
      line: 2,
      column: 27,
      offset: 28,
    });
  });

  it('accepts a byte-order mark before the JSON', () => {
    const config = resolveProjectConfig(PROJECT, withConfig('\uFEFF{"formal": {"depth": 7}}'), {});
    expect(config.formal.depth).toBe(7);
  });

  it.each([
    [{ simulation: { coverage: 'yes' } }, 'simulation.coverage', 'use a boolean (true or false)'],
    [{ formal: { depth: 5000 } }, 'formal.depth', 'use an integer from 1 to 1000'],
    [{ sources: 'rtl/*.v' }, 'sources', 'use an array'],
    [{ formal: { dept: 5 } }, 'formal.dept', 'formal.depth'],
    [{ simulaton: {} }, 'simulaton', 'simulation'],
    [{ simulation: { simulator: 'icarsu' } }, 'simulation.simulator', 'icarus'],
    [[1, 2], 'verify.json', 'use an object'],
  ])('refuses schema errors of verify.json: %j', (config, field, suggestion) => {
    const error = expectAppError(
      () => resolveProjectConfig(PROJECT, withConfig(config), {}),
      'VALIDATION_ERROR',
      'verify.json',
    );
    expect(error.details).toMatchObject({ field, suggestion, file: 'verify.json' });
  });

  it('checks the overrides first', () => {
    expectAppError(
      () => resolveProjectConfig(PROJECT, sourceDir(DESIGN), { 'lint.enable': false }),
      'VALIDATION_ERROR',
      'lint.enable',
    );
  });
});

describe('the crypto section', () => {
  const harnessed = (crypto: Record<string, unknown>) =>
    withConfig(
      { crypto: { harness: ['crypto_harness.sv'], ...crypto } },
      {
        ...DESIGN,
        'crypto_harness.sv': 'module crypto_harness; endmodule',
      },
    );

  it('fills the defaults of each operation, and never takes a harness file as a design source', () => {
    const config = resolveProjectConfig(
      PROJECT,
      harnessed({
        operations: {
          enc: {
            inputs: [
              { name: 'key', width: 128, role: 'secret' },
              { name: 'pt', width: 128 },
            ],
          },
        },
      }),
      {},
    );
    expect(config.crypto.harness).toEqual(['crypto_harness.sv']);
    expect(config.sources).not.toContain('crypto_harness.sv');
    expect(config.crypto).toMatchObject({
      dut: 'dut',
      clock: 'clk',
      harness_top: null,
      timeout_seconds: 600,
    });
    expect(config.crypto.operations.enc).toEqual({
      start: 'start',
      done: 'done',
      max_cycles: 100_000,
      inputs: [
        { name: 'key', width: 128, role: 'secret' },
        { name: 'pt', width: 128, role: 'public' },
      ],
      outputs: [],
    });
    expect(config.crypto.side_channel).toEqual({ enabled: true, traces: 200, threshold: 4.5 });
    expect(config.crypto.ntt).toBeUndefined();
  });

  it('refuses a bad operation name and a port wider than the contract carries, naming the field', () => {
    const badName = expectAppError(
      () => resolveProjectConfig(PROJECT, harnessed({ operations: { Encrypt: {} } }), {}),
      'VALIDATION_ERROR',
    );
    expect(badName.details).toMatchObject({ field: 'crypto.operations.Encrypt', file: 'verify.json' });
    expect(badName.message).toMatch(/must match pattern/);
    const wide = expectAppError(
      () =>
        resolveProjectConfig(
          PROJECT,
          harnessed({ operations: { enc: { inputs: [{ name: 'k', width: 65_537 }] } } }),
          {},
        ),
      'VALIDATION_ERROR',
    );
    expect(wide.details).toMatchObject({ field: 'crypto.operations.enc.inputs.0.width' });
  });

  it('overrides a setting of a declared section, and refuses one of a section verify.json does not declare', () => {
    const declared = harnessed({
      ntt: { operation: 'ntt', variant: 'kyber', input: 'a', output: 'a_hat' },
    });
    expect(
      resolveProjectConfig(PROJECT, declared, { 'crypto.ntt.vectors': 2, 'crypto.seed': 7 }).crypto,
    ).toMatchObject({
      seed: 7,
      ntt: { vectors: 2, ordering: 'bit-reversed', montgomery: false },
    });
    const error = expectAppError(
      () => resolveProjectConfig(PROJECT, harnessed({}), { 'crypto.entropy.samples': 5000 }),
      'VALIDATION_ERROR',
    );
    expect(error.message).toBe(
      "config_overrides: 'crypto.entropy.samples' adjusts crypto.entropy, which verify.json does not declare",
    );
    expect(error.details).toMatchObject({ field: 'crypto.entropy.samples' });
  });
});

describe('lint.exclude and lint.waivers', () => {
  const lintProject = (config: unknown) =>
    withConfig(config, {
      ...DESIGN,
      'formal/props.sv': 'module props; endmodule',
      'lint/waive.vlt': '`verilator_config\n',
    });

  it('resolve to files of the project', () => {
    const dir = lintProject({
      sources: ['rtl/*.v', 'formal/*.sv'],
      lint: { exclude: ['formal/*.sv'], waivers: ['lint/*.vlt'] },
    });
    const { lint, sources } = resolveProjectConfig(PROJECT, dir, {});
    expect(lint).toMatchObject({ exclude: ['formal/props.sv'], waivers: ['lint/waive.vlt'] });
    expect(sources).toEqual(['rtl/counter.v', 'formal/props.sv']);
  });

  it('refuse an entry that matches no file, and a waiver that is no .vlt file', () => {
    const unmatched = expectAppError(
      () => resolveProjectConfig(PROJECT, lintProject({ lint: { exclude: ['formal/*.v'] } }), {}),
      'VALIDATION_ERROR',
      'lint.exclude.0',
    );
    expect(unmatched.details.field).toBe('lint.exclude.0');
    const notVlt = expectAppError(
      () => resolveProjectConfig(PROJECT, lintProject({ lint: { waivers: ['rtl/counter.v'] } }), {}),
      'VALIDATION_ERROR',
    );
    expect(notVlt.details.field).toBe('lint.waivers.0');
  });
});
