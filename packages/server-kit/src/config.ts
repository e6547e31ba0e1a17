/**
 * Configuration is validated once, at start-up, into a typed object. Values arrive as text
 * (flags, environment) and are converted by the schema; defaults come from the schema too, so
 * the schema is the one place where a setting, its type, its range and its default are written.
 */
import type { Static, TSchema } from 'typebox';
import Value from 'typebox/value';
import { KitErrors } from './errors.js';
import { describeIssue, type SchemaIssue } from './validation.js';

/** The settings given as text for an integer that is not one: the conversion would truncate `2.5`. */
function nonIntegers(schema: TSchema, input: Record<string, unknown>): { field: string; expected: string }[] {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  return Object.entries(input)
    .filter(([key, value]) => properties[key]?.type === 'integer' && typeof value === 'string')
    .filter(([, value]) => !/^\s*[-+]?\d+\s*$/.test(value as string))
    .map(([field]) => ({ field, expected: 'must be a whole number' }));
}

export function parseConfig<S extends TSchema>(schema: S, input: Record<string, unknown>): Static<S> {
  const defined = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  // Before the conversion, which works on the object it is given.
  const fractions = nonIntegers(schema, defined);
  const value = Value.Default(schema, Value.Convert(schema, defined));
  if (fractions.length === 0 && Value.Check(schema, value)) return value;
  const issues = [
    ...fractions,
    ...[...Value.Errors(schema, value)].map((issue) => describeIssue(issue as SchemaIssue)),
  ];
  throw KitErrors.invalidConfig(
    { problems: issues.map((i) => `${i.field || 'config'} ${i.expected}`) },
    { details: { errors: issues } },
  );
}
