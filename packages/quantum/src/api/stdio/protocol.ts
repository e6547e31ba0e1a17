/**
 * The engine's JSON-lines protocol, version 1 (README "Engine protocol" in python/README.md):
 * the limits, the hello line and the parameters of each method. The run parameters are the
 * REST job body's fields plus the library's run options, so a field means the same on both.
 */
import { schemaRef } from '@lab/server-kit';
import { Type, type Static } from 'typebox';
import { CircuitJsonSchema, type CircuitJson } from '../../circuit/json-schema.js';
import type { FusionOptions } from '../../engine/fusion.js';
import { MAX_QASM_LENGTH } from '../../jobs/limits.js';
import { SubmitJobBodySchema } from '../schemas.js';

/** Bumped on any change a client could notice; the Python side refuses another number. */
export const PROTOCOL = 1;

/** Longest request line, in bytes: a longer one is answered PAYLOAD_TOO_LARGE and skipped. */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;

export const METHODS = ['run', 'estimate', 'cancel', 'import_qasm', 'export_qasm', 'backends'] as const;
export type Method = (typeof METHODS)[number];

export const RequestSchema = Type.Object(
  {
    id: Type.Union([Type.Integer(), Type.String({ minLength: 1, maxLength: 256 })], {
      description: 'chosen by the client; echoed in the reply and progress lines',
    }),
    method: Type.Enum([...METHODS]),
    params: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { additionalProperties: false },
);
export type EngineRequest = Static<typeof RequestSchema>;

const FusionSchema = Type.Object(
  {
    enabled: Type.Optional(Type.Boolean()),
    max_qubits: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
    threshold: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);

export const RunParamsSchema = Type.Object(
  {
    ...SubmitJobBodySchema.properties,
    parameters: Type.Optional(
      Type.Record(Type.String(), Type.Number(), { description: "values of the circuit's free parameters" }),
    ),
    fusion: Type.Optional(FusionSchema),
    threads: Type.Optional(Type.Integer({ minimum: 1, maximum: 64 })),
    progress: Type.Optional(Type.Boolean({ description: 'send progress lines while it runs' })),
  },
  { additionalProperties: false, oneOf: [{ required: ['qasm'] }, { required: ['circuit'] }] },
);
export type RunParams = Static<typeof RunParamsSchema>;

export const CancelParamsSchema = Type.Object(
  { id: RequestSchema.properties.id },
  { additionalProperties: false },
);

export const ImportQasmParamsSchema = Type.Object(
  {
    qasm: Type.String({ maxLength: MAX_QASM_LENGTH }),
    inputs: SubmitJobBodySchema.properties.inputs,
  },
  { additionalProperties: false },
);

export const ExportQasmParamsSchema = Type.Object(
  {
    circuit: schemaRef<CircuitJson>(CircuitJsonSchema),
    version: Type.Optional(Type.Enum(['3', '2.0'], { default: '3' })),
  },
  { additionalProperties: false },
);

export function fusionOptions(fusion: RunParams['fusion']): FusionOptions | undefined {
  if (fusion === undefined) return undefined;
  return {
    ...(fusion.enabled === undefined ? {} : { enabled: fusion.enabled }),
    ...(fusion.max_qubits === undefined ? {} : { maxQubits: fusion.max_qubits }),
    ...(fusion.threshold === undefined ? {} : { threshold: fusion.threshold }),
  };
}
