/**
 * Configuration is validated once, at start-up, into a typed object. Values arrive as text
 * (flags, environment) and are converted by the schema; defaults come from the schema too, so
 * the schema is the one place where a setting, its type, its range and its default are written.
 */
import type { Static, TSchema } from 'typebox';
import Value from 'typebox/value';
import { KitErrors } from './errors.js';
import { describeIssue, type SchemaIssue } from './validation.js';

export function parseConfig<S extends TSchema>(schema: S, input: Record<string, unknown>): Static<S> {
  const defined = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const value = Value.Default(schema, Value.Convert(schema, defined));
  if (Value.Check(schema, value)) return value;
  const issues = [...Value.Errors(schema, value)].map((issue) => describeIssue(issue as SchemaIssue));
  throw KitErrors.invalidConfig(
    { problems: issues.map((i) => `${i.field || 'config'} ${i.expected}`) },
    { details: { errors: issues } },
  );
}
