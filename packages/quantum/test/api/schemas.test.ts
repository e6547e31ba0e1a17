/**
 * The response schemas against what the library produces: a response is serialised through its
 * schema, which drops any field the schema lacks, so the result schema must match
 * `Result.toJSON()` key for key.
 */
import { describe, expect, it } from 'vitest';
import Value from 'typebox/value';
import { ResultSchema } from '../../src/api/schemas.js';
import { LocalSimulator } from '../../src/backends/local-simulator.js';
import { Circuit } from '../../src/circuit/circuit.js';

/** Property names of a schema's objects, recursively (records and arrays as leaves). */
function schemaShape(schema: Record<string, unknown>): unknown {
  const properties = schema.properties as Record<string, Record<string, unknown>> | undefined;
  if (properties === undefined) return 'leaf';
  return Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, schemaShape(v)]));
}

/** The same for a JSON value, treating the objects whose schema is a record as leaves. */
function valueShape(value: unknown, records: readonly string[], path = ''): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || records.includes(path))
    return 'leaf';
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, valueShape(v, records, path === '' ? k : `${path}.${k}`)]),
  );
}

describe('ResultSchema', () => {
  it('has exactly the fields of Result.toJSON(), and accepts one', async () => {
    const circuit = new Circuit(2, 2).h(0).cx(0, 1).t(1).measure([0, 1], [0, 1]);
    const result = await new LocalSimulator()
      .run(circuit, { shots: 200, seed: 3, noise: { loss: 0.05 }, memory: true })
      .result();
    const json = result.toJSON();
    expect(Value.Check(ResultSchema, json)).toBe(true);
    const records = ['counts', 'counts_by_register', 'counts_postselected', 'estimates.gate_counts'];
    expect(schemaShape(ResultSchema as unknown as Record<string, unknown>)).toEqual(
      valueShape(json, records),
    );
  });
});
