/** Schemas every service shares; registered once with `app.addSchema` and referenced by `$id`. */
import { Type, type Static, type TSchema } from 'typebox';

export const ErrorEnvelopeSchema = Type.Object(
  {
    error: Type.Object({
      code: Type.String({ description: 'stable upper-case identifier, e.g. VM_NOT_FOUND' }),
      message: Type.String({ description: 'human-readable explanation' }),
      details: Type.Record(Type.String(), Type.Unknown(), {
        description:
          'structured context; validation errors name `field`, `location` and `expected`, 500s name `request_id`',
      }),
    }),
  },
  { $id: 'ErrorEnvelope', description: 'The body of every failed request' },
);

/** Reference to the shared envelope from a route's response map. */
export const ErrorEnvelopeRef = Type.Unsafe<{
  error: { code: string; message: string; details: Record<string, unknown> };
}>({ $ref: 'ErrorEnvelope#' });

/** The envelope as one status of a route's response map, with what that status means there. */
export const documentedError = (description: string) =>
  Type.Unsafe<{ error: { code: string; message: string; details: Record<string, unknown> } }>({
    $ref: 'ErrorEnvelope#',
    description,
  });

/** The empty answer of a 204, with what it means on that route. */
export const NoContent = (description: string) => Type.Null({ description });

/** A reference to a shared schema (one with an `$id`), typed as it; one without fails at load. */
export function schemaRef<T>(schema: TSchema, description?: string) {
  const id = (schema as { $id?: unknown }).$id;
  if (typeof id !== 'string') throw new TypeError('only a schema with an $id can be referenced');
  return Type.Unsafe<T>({ $ref: `${id}#`, ...(description === undefined ? {} : { description }) });
}

/**
 * `schema` or null as one list of types (`"type": ["object", "null"]`) instead of an `anyOf`:
 * fast-json-stringify writes it after one null check, where an `anyOf` makes it validate the
 * value against each branch on every response. OpenAPI 3.1 and Ajv read both the same way.
 */
export function Nullable<T extends TSchema & { type: string }>(schema: T) {
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] });
}
