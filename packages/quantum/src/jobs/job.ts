/**
 * What a job is: the request it runs and the record clients see, with its lifecycle
 *
 *     queued ──▶ running ──▶ completed
 *        │          ├──────▶ failed
 *        └──────────┴──────▶ cancelled
 *
 * The record is modelled on IBM Qiskit Runtime's and Amazon Braket's jobs (status, backend,
 * shots, creation and end times, a failure reason, a queue position); its schema documents each
 * field and is the one the REST API serves.
 */
import { Type, type Static } from 'typebox';
import type { CircuitJson } from '../circuit/json-schema.js';
import { JOB_STATUSES, type JobStatus } from '../backends/backend.js';
import type { NoiseOptions } from '../engine/noise.js';

export const DEFAULT_BACKEND = 'local_simulator';

export { JOB_STATUSES, type JobStatus };

const JobStatusSchema = Type.Enum([...JOB_STATUSES], {
  description:
    '`queued`: waiting, first in first out, for a free worker and for its `memory_bytes` to fit in ' +
    'the memory budget; `running`: simulating on a worker thread; ' +
    '`completed`: the result is ready; `failed`: the run stopped with `error`; `cancelled`: ' +
    'cancelled by `POST /jobs/{id}/cancel` before it ended. The last three are final.',
});

const JobErrorSchema = Type.Object(
  {
    code: Type.String({ description: 'stable error code, e.g. CIRCUIT_TOO_LARGE or JOB_INTERRUPTED' }),
    message: Type.String({ description: 'human-readable reason' }),
    details: Type.Record(Type.String(), Type.Unknown(), { description: 'structured context of the error' }),
  },
  { description: 'Why a job failed, in the shape of the error envelope' },
);
export type JobError = Static<typeof JobErrorSchema>;

const timestamp = (description: string) => Type.String({ format: 'date-time', description });
const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const JobSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid', description: 'the job id, as in `Location: /jobs/{id}`' }),
    status: JobStatusSchema,
    backend: Type.String({ description: 'the backend that runs the job, e.g. `local_simulator`' }),
    shots: Type.Integer({ description: 'shots requested' }),
    seed: nullable(
      Type.Integer({
        description: 'the seed requested; null when none was given (the result then reports the one drawn)',
      }),
    ),
    qubits: Type.Integer({ description: 'qubits of the circuit' }),
    clbits: Type.Integer({ description: 'classical bits of the circuit' }),
    created_at: timestamp('when the job was submitted (UTC, ISO 8601)'),
    started_at: nullable(timestamp('when a worker started it; null while queued')),
    finished_at: nullable(timestamp('when it completed, failed or was cancelled; null while active')),
    queue_position: nullable(
      Type.Integer({ minimum: 1, description: 'while queued, 1 for the next job to start; else null' }),
    ),
    progress: nullable(
      Type.Number({
        minimum: 0,
        maximum: 1,
        description:
          'fraction of the simulation done: 0 while queued, updated about every 100 ms while running, ' +
          '1 once completed; null for failed and cancelled jobs',
      }),
    ),
    estimated_seconds: Type.Number({
      description: "the backend's estimate of the run time, in seconds (see the result's `estimates`)",
    }),
    memory_bytes: nullable(
      Type.Integer({
        description:
          'memory the run holds at its peak (states, threads, per-shot data), reserved against the ' +
          "simulator's budget while it runs: a queued job starts once it fits beside the running ones " +
          '(`GET /backends` shows the budget and what is reserved). Null for a job queued by a version ' +
          'that did not record it; such a job runs alone.',
      }),
    ),
    error: nullable(JobErrorSchema),
  },
  { $id: 'Job', description: 'A circuit run and where it is in its lifecycle' },
);
export type Job = Static<typeof JobSchema>;

/** The program of a job in one of its two forms. */
export type JobProgram =
  | { readonly format: 'qasm'; readonly source: string }
  | { readonly format: 'circuit'; readonly circuit: CircuitJson };

/** What a job runs: stored with it, and handed to the worker that runs it. */
export interface JobRequest {
  readonly program: JobProgram;
  readonly backend: string;
  readonly shots: number;
  readonly seed?: number;
  readonly noise?: NoiseOptions;
  /** Values of the program's `input` declarations; numbers also bind free circuit parameters. */
  readonly inputs?: Readonly<Record<string, number | boolean>>;
  /** Keep each shot's outcome in order (the result's `memory`); shots × clbits ≤ MAX_MEMORY_BITS. */
  readonly memory?: boolean;
}
