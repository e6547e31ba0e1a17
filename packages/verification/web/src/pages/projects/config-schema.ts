/**
 * The part of JSON Schema that `verify.json`'s schema (VerifyConfig in the platform's OpenAPI
 * document) uses, and a validator over it, so the config tab says what is wrong at the field
 * before saving. Paths are dotted as the platform writes `details.field` (`formal.depth`,
 * `sources.0`). Like the platform, a required key that has a default is not missing: the
 * defaults fill it.
 */

export interface JsonSchema {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
  description?: string;
  default?: unknown;
  enum?: readonly unknown[];
  anyOf?: readonly JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: readonly string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  maxProperties?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
}

export interface SchemaError {
  /** Dotted path of the value (`formal.depth`); '' for the whole file. */
  path: string;
  message: string;
}

const join = (path: string, key: string | number) => (path === '' ? String(key) : `${path}.${key}`);

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typeMatches(type: NonNullable<JsonSchema['type']>, value: unknown): boolean {
  const actual = typeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

const show = (value: unknown) => JSON.stringify(value);

/** Every way `value` breaks `schema`, each with the path it is at. */
export function validate(schema: JsonSchema, value: unknown, path = ''): SchemaError[] {
  const errors: SchemaError[] = [];
  const fail = (message: string, at = path) => errors.push({ path: at, message });

  if (schema.anyOf) {
    const branches = schema.anyOf.map((branch) => validate(branch, value, path));
    if (branches.every((branchErrors) => branchErrors.length > 0)) {
      // One branch's errors explain best when the value is of its type; else say what fits.
      const typed = schema.anyOf.findIndex(
        (branch) => branch.type === undefined || typeMatches(branch.type, value),
      );
      if (typed >= 0) errors.push(...branches[typed]!);
      else fail(`must be ${schema.anyOf.map((branch) => branch.type ?? 'a value').join(' or ')}`);
    }
    return errors;
  }
  if (schema.type !== undefined && !typeMatches(schema.type, value)) {
    fail(
      `must be ${schema.type === 'integer' ? 'an integer' : `a${/^[aeiou]/.test(schema.type) ? 'n' : ''} ${schema.type}`}`,
    );
    return errors;
  }
  if (schema.enum && !schema.enum.some((allowed) => allowed === value)) {
    fail(`must be one of ${schema.enum.map(show).join(', ')}`);
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) fail(`must be at least ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) fail(`must be at most ${schema.maximum}`);
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) {
      fail(`must be more than ${schema.exclusiveMinimum}`);
    }
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    if (schema.minLength !== undefined && length < schema.minLength) {
      fail(
        schema.minLength === 1 ? 'must not be empty' : `must have at least ${schema.minLength} characters`,
      );
    }
    if (schema.maxLength !== undefined && length > schema.maxLength) {
      fail(`must have at most ${schema.maxLength} characters`);
    }
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) {
      fail(`must match ${schema.pattern}`);
    }
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems)
      fail(`needs at least ${schema.minItems} items`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems)
      fail(`takes at most ${schema.maxItems} items`);
    if (schema.items)
      value.forEach((item, index) => errors.push(...validate(schema.items!, item, join(path, index))));
  }
  if (typeOf(value) === 'object') {
    const object = value as Record<string, unknown>;
    const keys = Object.keys(object);
    const properties = schema.properties ?? {};
    if (schema.maxProperties !== undefined && keys.length > schema.maxProperties) {
      fail(`takes at most ${schema.maxProperties} keys`);
    }
    for (const key of schema.required ?? []) {
      if (!(key in object) && properties[key]?.default === undefined) fail('is required', join(path, key));
    }
    for (const key of keys) {
      const at = join(path, key);
      if (schema.propertyNames) {
        for (const error of validate(schema.propertyNames, key, at))
          fail(`key ${show(key)} ${error.message}`, at);
      }
      const property = properties[key];
      if (property) errors.push(...validate(property, object[key], at));
      else if (schema.additionalProperties === false) {
        const known = Object.keys(properties);
        fail(`is not a known key${known.length ? ` (known here: ${known.join(', ')})` : ''}`, at);
      } else if (typeof schema.additionalProperties === 'object') {
        errors.push(...validate(schema.additionalProperties, object[key], at));
      }
    }
  }
  return errors;
}

/** A property's schema of one of the types a form control edits, or undefined for the rest. */
export type FieldKind = 'boolean' | 'number' | 'text' | 'select' | 'list';

export function fieldKind(schema: JsonSchema): FieldKind | undefined {
  if (schema.enum) return 'select';
  switch (schema.type) {
    case 'boolean':
      return 'boolean';
    case 'integer':
    case 'number':
      return 'number';
    case 'string':
      return 'text';
    case 'array':
      return schema.items?.type === 'string' || schema.items?.enum ? 'list' : undefined;
    default:
      return undefined;
  }
}

/** Sets (or with `undefined`, removes) the value at a dotted path, making the objects on the way. */
export function setAt(
  config: Record<string, unknown>,
  path: string,
  value: unknown,
): Record<string, unknown> {
  const [head, ...rest] = path.split('.') as [string, ...string[]];
  const next = { ...config };
  if (rest.length === 0) {
    if (value === undefined) delete next[head];
    else next[head] = value;
    return next;
  }
  const inner = next[head];
  const child = setAt(
    typeOf(inner) === 'object' ? (inner as Record<string, unknown>) : {},
    rest.join('.'),
    value,
  );
  if (Object.keys(child).length === 0) delete next[head];
  else next[head] = child;
  return next;
}

/** The value at a dotted path, or undefined. */
export function getAt(config: unknown, path: string): unknown {
  let value = config;
  for (const key of path.split('.')) {
    if (typeOf(value) !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
