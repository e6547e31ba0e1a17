/** Schemas every service shares; registered once with `app.addSchema` and referenced by `$id`. */
import { Type } from 'typebox';

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
