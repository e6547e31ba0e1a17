/**
 * Request validation for a transport other than the app's own routes (the hypervisor's gRPC
 * server): the same Ajv settings, the same shared schemas, and the same VALIDATION_ERROR with
 * the offending field in `details`, so a bad value is refused alike whichever way it came.
 */
import type { ValidateFunction } from 'ajv';
import type { Static, TSchema } from 'typebox';
import { makeBodyAjv, makeTextAjv } from './ajv.js';
import { validationError } from './error-response.js';
import type { SchemaIssue } from '../validation.js';

export interface SchemaValidator {
  /** A body's value: checked strictly; defaults filled in. Throws VALIDATION_ERROR. */
  body<S extends TSchema>(schema: S, value: unknown, location?: string): Static<S>;
  /** Values that REST reads from text (path parameters, query strings): coerced as there. */
  text<S extends TSchema>(schema: S, value: unknown, location: string): Static<S>;
}

/** `schemas` are the shared ones other schemas reference by `$id`, as given to `createApp`. */
export function createSchemaValidator(schemas: readonly object[] = []): SchemaValidator {
  const compiled = (kind: 'body' | 'text') => {
    const ajv = kind === 'body' ? makeBodyAjv() : makeTextAjv();
    for (const schema of schemas) ajv.addSchema(schema);
    const cache = new WeakMap<TSchema, ValidateFunction>();
    return (schema: TSchema, value: unknown, location: string): unknown => {
      let validate = cache.get(schema);
      if (validate === undefined) {
        validate = ajv.compile(schema);
        cache.set(schema, validate);
      }
      // Ajv fills defaults and coerces in place: the caller's value is left as it was.
      const copy: unknown = structuredClone(value);
      if (!validate(copy)) throw validationError((validate.errors ?? []) as SchemaIssue[], location);
      return copy;
    };
  };
  const body = compiled('body');
  const text = compiled('text');
  return {
    body: (schema, value, location = 'body') => body(schema, value, location) as never,
    text: (schema, value, location) => text(schema, value, location) as never,
  };
}
