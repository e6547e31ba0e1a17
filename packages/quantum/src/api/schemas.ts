/**
 * The REST API's request and response schemas. They validate requests (Ajv), shape responses and
 * are the OpenAPI document, so each field is described here once. Shared schemas (`Job`,
 * `Result`, `Circuit`, `Backend`) have an `$id`: registered on the app, they become named
 * components and routes refer to them.
 */
import { schemaRef } from '@lab/server-kit';
import { Type, type Static } from 'typebox';
import { DEFAULT_SHOTS } from '../backends/local-simulator.js';
import { CircuitJsonSchema, type CircuitJson } from '../circuit/json-schema.js';
import { MAX_SEED } from '../engine/rng.js';
import { DEFAULT_BACKEND, JOB_STATUSES, JobSchema, type Job } from '../jobs/job.js';
import {
  DEFAULT_PAGE_SIZE,
  MAX_INPUTS,
  MAX_MEMORY_BITS,
  MAX_PAGE_SIZE,
  MAX_QASM_LENGTH,
  MAX_SHOTS,
} from '../jobs/limits.js';

const NoiseBodySchema = Type.Object(
  {
    loss: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 1,
        description:
          'heralded erasure probability per live qubit per cycle (default 0.005); 0 runs the ideal circuit',
      }),
    ),
    pauli: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 1,
        description:
          'silent Pauli error probability per live qubit per cycle (default loss × (1 − erasure_fraction) / erasure_fraction)',
      }),
    ),
    erasure_fraction: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        maximum: 1,
        description:
          'η, the fraction of errors converted to erasures, for the default `pauli` (default 0.98)',
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      'The noise model of the README; `loss + pauli` must not exceed 1. Absent: the default model.',
  },
);

export const SubmitJobBodySchema = Type.Object(
  {
    qasm: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: MAX_QASM_LENGTH,
        description: `the program as OpenQASM 3 (or 2.0) text, at most ${MAX_QASM_LENGTH} characters; includes other than \`stdgates.inc\` and \`qelib1.inc\` are not read`,
      }),
    ),
    circuit: Type.Optional(
      schemaRef<CircuitJson>(
        CircuitJsonSchema,
        'the circuit in the JSON circuit form (see the Circuit schema)',
      ),
    ),
    shots: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_SHOTS,
        default: DEFAULT_SHOTS,
        description: `shots to run, 1 to ${MAX_SHOTS}`,
      }),
    ),
    backend: Type.Optional(
      Type.String({
        minLength: 1,
        default: DEFAULT_BACKEND,
        description: 'backend name, as listed by `GET /backends`',
      }),
    ),
    seed: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_SEED,
        description: 'seed of every random draw; the same seed and request give the same counts',
      }),
    ),
    noise: Type.Optional(NoiseBodySchema),
    inputs: Type.Optional(
      Type.Record(Type.String(), Type.Union([Type.Number(), Type.Boolean()]), {
        maxProperties: MAX_INPUTS,
        description:
          "values of the program's `input` declarations by name; numbers also bind free parameters of a JSON circuit",
      }),
    ),
    memory: Type.Optional(
      Type.Boolean({
        default: false,
        description:
          "keep each shot's outcome, in shot order, as the result's `memory`; shots × classical bits " +
          `must be at most ${MAX_MEMORY_BITS} (INVALID_RUN_OPTIONS otherwise), which keeps the result near 11 MiB`,
      }),
    ),
  },
  {
    additionalProperties: false,
    // The program comes in exactly one of its two forms.
    oneOf: [{ required: ['qasm'] }, { required: ['circuit'] }],
    description: 'A job to run: exactly one of `qasm` and `circuit`, and the run options',
  },
);
export type SubmitJobBody = Static<typeof SubmitJobBodySchema>;

export const JobIdParamsSchema = Type.Object({
  id: Type.String({ description: 'the job id' }),
});

export const ListJobsQuerySchema = Type.Object(
  {
    status: Type.Optional(Type.Enum([...JOB_STATUSES], { description: 'only jobs in this state' })),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_PAGE_SIZE,
        default: DEFAULT_PAGE_SIZE,
        description: `jobs per page, 1 to ${MAX_PAGE_SIZE}`,
      }),
    ),
    cursor: Type.Optional(
      Type.String({
        pattern: '^[1-9][0-9]{0,15}$',
        description: 'opaque: the `next_cursor` of the previous page; absent for the first (newest) page',
      }),
    ),
  },
  { additionalProperties: false },
);

export const JobRef = schemaRef<Job>(JobSchema);

export const JobPageSchema = Type.Object({
  jobs: Type.Array(JobRef, { description: 'newest first' }),
  next_cursor: Type.Union([Type.String(), Type.Null()], {
    description: 'pass as `cursor` for the next (older) page; null on the last page',
  }),
});

const integerMap = (description: string) => Type.Record(Type.String(), Type.Integer(), { description });

/** A run's resource estimates: in each result, and the answer of `POST /estimates`. */
const EstimatesSchema = Type.Object(
  {
    qubits: Type.Integer(),
    clbits: Type.Integer(),
    depth: Type.Integer({ description: 'cycles after as-soon-as-possible scheduling' }),
    gate_counts: integerMap('gates as they run, by name'),
    one_qubit_gates: Type.Integer(),
    two_qubit_gates: Type.Integer(),
    multi_qubit_gates: Type.Integer(),
    t_count: Type.Integer(),
    measurements: Type.Integer(),
    resets: Type.Integer(),
    fused_passes: Type.Integer(),
    state_bytes: Type.Integer({ description: 'bytes of one state vector: 16 per amplitude' }),
    memory_bytes: Type.Integer({
      description:
        "memory the run holds at its peak (states, threads, per-shot data), as the simulator's memory budget counts it",
    }),
    live_qubit_cycles: Type.Integer({ description: 'where the noise model can act in one shot' }),
    expected_erasures_per_shot: Type.Number(),
    erasure_free_shot_probability: Type.Number(),
    estimated_seconds: Type.Number(),
    time_model: Type.String({ description: 'how `estimated_seconds` was computed' }),
  },
  { description: 'resource estimates' },
);

export const ResultSchema = Type.Object(
  {
    backend: Type.String(),
    shots: Type.Integer(),
    seed: Type.Integer({
      description: 'the seed used (drawn when the request gave none): it reproduces the run',
    }),
    counts: integerMap(
      'outcome (classical bits, highest first, as OpenQASM prints them) to the number of shots that gave it',
    ),
    counts_by_register: integerMap(
      "the same counts keyed as Qiskit's `get_counts()`: one group of bits per classical register, " +
        'the last-declared register first, each highest bit first, separated by spaces (`"10 1101 1"` for ' +
        'registers `c0[1]`, `c1[4]`, `c2[2]`); equal to `counts` for a circuit with one register',
    ),
    counts_postselected: integerMap('the same over the shots without an erasure herald'),
    memory: Type.Optional(
      Type.Array(Type.String(), {
        description:
          "each shot's outcome in shot order, as in `counts`; present when the request asked for `memory`",
      }),
    ),
    erasures: Type.Object(
      {
        shots: Type.Integer({ description: 'shots with at least one herald' }),
        fraction: Type.Number({ description: 'those shots over all shots' }),
        per_qubit: Type.Array(Type.Integer(), { description: 'heralds on each qubit over all shots' }),
        total: Type.Integer({ description: 'heralds over all shots' }),
      },
      { description: 'heralded erasures' },
    ),
    noise: Type.Object(
      { loss: Type.Number(), pauli: Type.Number(), erasure_fraction: Type.Number() },
      { description: 'the noise model the run used, defaults filled in' },
    ),
    cycles: Type.Integer({ description: 'cycles of the scheduled circuit' }),
    fusion: Type.Object(
      {
        enabled: Type.Boolean(),
        max_qubits: Type.Integer(),
        threshold: Type.Number(),
        passes: Type.Integer({ description: 'passes over the state of the ideal circuit' }),
      },
      { description: 'gate fusion settings and the passes they gave' },
    ),
    trajectories: Type.Integer({ description: 'noise trajectories simulated apart from the ideal one' }),
    estimates: EstimatesSchema,
    timing: Type.Object(
      { total_seconds: Type.Number(), simulation_seconds: Type.Number() },
      { description: 'wall time of the run on its worker' },
    ),
    peak_state_bytes: Type.Integer({ description: 'most state memory held at once' }),
  },
  { $id: 'Result', description: "The result of a completed job (the library's `Result.toJSON()`)" },
);

export const EstimateResponseSchema = Type.Object(
  {
    backend: Type.String({ description: 'the backend whose estimates these are' }),
    shots: Type.Integer({ description: 'the shots the estimates are for' }),
    estimates: EstimatesSchema,
  },
  { description: 'What a job with this request would need, computed without running it' },
);

export const BackendSchema = Type.Object(
  {
    name: Type.String(),
    description: Type.String(),
    status: Type.Enum(['available', 'unavailable']),
    reason: Type.Union([Type.String(), Type.Null()], {
      description: 'why it is unavailable; null when available',
    }),
    max_qubits: Type.Integer({
      description:
        'most qubits a circuit may use; for the simulator, the most an ideal run (one state vector, ' +
        'measured at the end) fits in its memory budget. A noisy or mid-circuit-measurement run holds ' +
        'two states, so it fits one qubit fewer',
    }),
    target: Type.Object(
      {
        native_gates: Type.Array(Type.String(), { description: '`*`: every gate runs as written' }),
        connectivity: Type.Union(
          [Type.Enum(['all-to-all']), Type.Array(Type.Array(Type.Integer(), { minItems: 2, maxItems: 2 }))],
          { description: '`all-to-all`, or the qubit pairs a two-qubit gate may join' },
        ),
        cycle_seconds: Type.Union([Type.Number(), Type.Null()], {
          description: 'duration of one cycle on hardware; null for the simulator',
        }),
      },
      { description: 'what the backend executes' },
    ),
    memory: Type.Union(
      [
        Type.Object(
          {
            budget_bytes: Type.Integer({
              description: 'bytes the running jobs may hold together (states, threads, per-shot data)',
            }),
            source: Type.Enum(['setting', 'cgroup', 'host'], {
              description:
                "`setting`: `--max-memory` / `QCIRC_MAX_MEMORY`; `cgroup`: a share of the process's " +
                "cgroup memory limit; `host`: a share of the machine's RAM",
            }),
            limit_bytes: Type.Integer({
              description: 'the limit the budget was taken from: the setting, the cgroup limit or the RAM',
            }),
            reserved_bytes: Type.Integer({
              description:
                'held by the jobs running now (their `memory_bytes`); a queued job starts when its own fits beside them',
            }),
          },
          { description: "the simulator's memory budget" },
        ),
        Type.Null(),
      ],
      { description: 'the memory budget of a backend that simulates in the service; null for hardware' },
    ),
  },
  { $id: 'Backend', description: 'A backend jobs can name' },
);

export const BackendListSchema = Type.Object({
  backends: Type.Array(schemaRef<Static<typeof BackendSchema>>(BackendSchema)),
});

/** The shared schemas, given to `createApp`: named components, and known to the validators. */
export const SHARED_SCHEMAS = [CircuitJsonSchema, JobSchema, ResultSchema, BackendSchema];
