/**
 * The rules every route's request schemas follow, applied once at registration so that no route
 * can drift from them, and a route that breaks one fails at start-up rather than on a request:
 *
 * - Unknown query parameters are refused, as unknown body fields are: a query schema is a closed
 *   object, and a route without one accepts no query parameter at all.
 * - Every number in a query string or path has a documented maximum, so that a huge value is a 400
 *   naming the parameter instead of an overflow further in.
 * - A path parameter (not a wildcard) is no longer than the router matches: its documented
 *   `maxLength` is set to that when it has none, so the document promises nothing the router
 *   refuses with 414.
 * - A field with a default is not `required` in the document: a client may leave it out. (Ajv
 *   fills the default in before it checks `required`, so validation is unchanged.)
 */
import type { FastifySchema } from 'fastify';

type JsonSchema = Record<string, unknown>;

const EMPTY_QUERY: JsonSchema = { type: 'object', properties: {}, additionalProperties: false };

function isObjectSchema(schema: unknown): schema is JsonSchema {
  return typeof schema === 'object' && schema !== null && !Array.isArray(schema);
}

/** A copy of `schema` whose object schemas, at any depth, list no field with a default as required. */
function withoutRequiredDefaults(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutRequiredDefaults);
  if (!isObjectSchema(schema)) return schema;
  const copy: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    // `default`, `examples` and `const` are values, not schemas.
    copy[key] =
      key === 'default' || key === 'examples' || key === 'const' ? value : withoutRequiredDefaults(value);
  }
  const properties = copy.properties;
  if (Array.isArray(copy.required) && isObjectSchema(properties)) {
    copy.required = (copy.required as string[]).filter(
      (name) => !(isObjectSchema(properties[name]) && 'default' in properties[name]),
    );
  }
  return copy;
}

function isNumeric(schema: JsonSchema): boolean {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('integer') || types.includes('number');
}

/** The names of the numeric properties of a query or path schema that have no upper bound. */
function unboundedNumbers(schema: JsonSchema): string[] {
  const properties = isObjectSchema(schema.properties) ? schema.properties : {};
  return Object.entries(properties)
    .filter(([, property]) => {
      if (!isObjectSchema(property)) return false;
      const variants = Array.isArray(property.anyOf) ? property.anyOf.filter(isObjectSchema) : [property];
      return variants.some(
        (variant) =>
          isNumeric(variant) && variant.maximum === undefined && variant.exclusiveMaximum === undefined,
      );
    })
    .map(([name]) => name);
}

/** `params` with every string parameter bounded by `maxParamLength`, or a `TypeError`. */
function boundedPathParameters(label: string, params: JsonSchema, maxParamLength: number): JsonSchema {
  const properties = isObjectSchema(params.properties) ? params.properties : {};
  const bounded: JsonSchema = {};
  for (const [name, property] of Object.entries(properties)) {
    // A wildcard (`*`) is not one segment: the router does not bound it.
    if (!isObjectSchema(property) || property.type !== 'string' || name === '*') {
      bounded[name] = property;
      continue;
    }
    const maxLength = property.maxLength;
    if (typeof maxLength === 'number' && maxLength > maxParamLength) {
      throw new TypeError(
        `${label}: the path parameter '${name}' may be longer than the router's ${maxParamLength}`,
      );
    }
    bounded[name] = maxLength === undefined ? { ...property, maxLength: maxParamLength } : property;
  }
  return { ...params, properties: bounded };
}

/**
 * The request schemas of the route `label` in their registered form; throws a `TypeError` naming
 * the route and the parameter when a rule above is broken.
 */
export function normaliseRequestSchemas(
  label: string,
  schema: FastifySchema,
  maxParamLength: number,
): FastifySchema {
  const querystring = (schema.querystring ?? EMPTY_QUERY) as JsonSchema;
  if (querystring.type !== 'object') throw new TypeError(`${label}: the query schema must be an object`);
  if (querystring.additionalProperties !== undefined && querystring.additionalProperties !== false) {
    throw new TypeError(`${label}: the query schema must refuse unknown parameters`);
  }
  for (const [part, partSchema] of [
    ['query', querystring],
    ['path', schema.params],
  ] as const) {
    if (!isObjectSchema(partSchema)) continue;
    const unbounded = unboundedNumbers(partSchema);
    if (unbounded.length > 0) {
      throw new TypeError(`${label}: the ${part} parameter '${unbounded[0]}' needs a maximum`);
    }
  }
  return {
    ...schema,
    ...(isObjectSchema(schema.params)
      ? { params: boundedPathParameters(label, schema.params, maxParamLength) }
      : {}),
    querystring: withoutRequiredDefaults({ ...querystring, additionalProperties: false }),
    ...(schema.body === undefined ? {} : { body: withoutRequiredDefaults(schema.body) }),
  };
}
