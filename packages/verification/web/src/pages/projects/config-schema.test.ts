import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fieldKind, getAt, setAt, validate, type JsonSchema } from './config-schema.js';

const packageDir = new URL('../../../../', import.meta.url);
/** The schema as the platform serves it: VerifyConfig in the OpenAPI document. */
const schema = (
  JSON.parse(readFileSync(new URL('openapi.json', packageDir), 'utf8')) as {
    components: { schemas: { VerifyConfig: JsonSchema } };
  }
).components.schemas.VerifyConfig;

describe('validate against VerifyConfig', () => {
  it("accepts every example's verify.json", () => {
    const examples = new URL('examples/', packageDir);
    const names = readdirSync(examples).filter((name) => !name.includes('.'));
    expect(names.length).toBeGreaterThan(3);
    for (const name of names) {
      const config: unknown = JSON.parse(readFileSync(new URL(`${name}/verify.json`, examples), 'utf8'));
      expect(validate(schema, config), name).toEqual([]);
    }
  });

  it('names the path of each wrong value, as the platform does in details.field', () => {
    const errors = validate(schema, {
      top_module: 7,
      sources: ['rtl/*.sv', ''],
      lint: { warnings_as_errors: 'yes', timeout_seconds: 0 },
      simulation: { simulator: 'vcs' },
      formal: { depth: 1.5, lint: true },
      extra: 1,
    });
    expect(errors).toEqual([
      { path: 'top_module', message: 'must be a string' },
      { path: 'sources.1', message: 'must not be empty' },
      { path: 'lint.warnings_as_errors', message: 'must be a boolean' },
      { path: 'lint.timeout_seconds', message: 'must be at least 1' },
      { path: 'simulation.simulator', message: 'must be one of "verilator", "icarus"' },
      { path: 'formal.depth', message: 'must be an integer' },
      {
        path: 'formal.lint',
        message: expect.stringMatching(/^is not a known key \(known here: .*depth/) as string,
      },
      { path: 'extra', message: expect.stringMatching(/^is not a known key/) as string },
    ]);
  });

  it('counts a required key with a default as present, and one without as missing', () => {
    const object: JsonSchema = {
      type: 'object',
      required: ['a', 'b'],
      properties: { a: { type: 'integer', default: 1 }, b: { type: 'string' } },
    };
    expect(validate(object, {})).toEqual([{ path: 'b', message: 'is required' }]);
  });

  it('reads anyOf, patterns, lengths, items and property names', () => {
    const either: JsonSchema = {
      anyOf: [
        { type: 'string', maxLength: 2 },
        { type: 'integer', minimum: 0 },
      ],
    };
    expect(validate(either, 'ab')).toEqual([]);
    expect(validate(either, 3)).toEqual([]);
    expect(validate(either, 'abc')).toEqual([{ path: '', message: 'must have at most 2 characters' }]);
    expect(validate(either, true)).toEqual([{ path: '', message: 'must be string or integer' }]);
    const map: JsonSchema = {
      type: 'object',
      propertyNames: { pattern: '^[A-Z]+$' },
      additionalProperties: { type: 'string' },
    };
    expect(validate(map, { OK: 'x', bad: 'y', N: 1 })).toEqual([
      { path: 'bad', message: 'key "bad" must match ^[A-Z]+$' },
      { path: 'N', message: 'must be a string' },
    ]);
    expect(validate({ type: 'array', maxItems: 1, items: { type: 'number' } }, [1, 'x'])).toEqual([
      { path: '', message: 'takes at most 1 items' },
      { path: '1', message: 'must be a number' },
    ]);
  });
});

describe('form helpers', () => {
  it('knows which schemas a control edits', () => {
    const props = schema.properties!;
    expect(fieldKind(props.top_module!)).toBe('text');
    expect(fieldKind(props.sources!)).toBe('list');
    expect(fieldKind(props.lint!.properties!.warnings_as_errors!)).toBe('boolean');
    expect(fieldKind(props.formal!.properties!.depth!)).toBe('number');
    expect(fieldKind(props.simulation!.properties!.simulator!)).toBe('select');
    expect(fieldKind(props.defines!)).toBeUndefined();
  });

  it('sets and removes values at dotted paths, dropping objects left empty', () => {
    const config = setAt({ lint: { enabled: false } }, 'formal.depth', 30);
    expect(config).toEqual({ lint: { enabled: false }, formal: { depth: 30 } });
    expect(getAt(config, 'formal.depth')).toBe(30);
    expect(setAt(config, 'lint.enabled', undefined)).toEqual({ formal: { depth: 30 } });
    expect(getAt(config, 'simulation.seed')).toBeUndefined();
  });
});
