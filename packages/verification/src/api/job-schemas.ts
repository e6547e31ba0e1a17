/** The job resources as the API shows them: one TypeBox schema each, named in the OpenAPI document. */
import { Nullable } from '@lab/server-kit';
import { Type, type TSchema } from 'typebox';
import { ConfigOverridesSchema } from '../domain/project-config.js';
import { STAGES } from '../domain/verify-config.js';
import { pageParameters } from './paging.js';

const Timestamp = (description: string) => Type.String({ format: 'date-time', description });
export const JobStatusSchema = Type.Enum(['queued', 'running', 'passed', 'failed', 'cancelled'], {
  description: 'queued → running → passed | failed | cancelled',
});
export const StageStatusSchema = Type.Enum(['queued', 'running', 'passed', 'failed', 'skipped', 'cancelled']);

export const JobIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export const JobErrorSchema = Type.Object(
  {
    stage: Type.String({ description: 'the stage that failed first, or `platform`' }),
    code: Type.String({
      description:
        'VERIFICATION_FAILED (the design failed a check), TIMEOUT, TOOL_ERROR (a tool could not run), INTERRUPTED, VALIDATION_ERROR',
    }),
    message: Type.String(),
  },
  { $id: 'JobError', description: 'why a job failed' },
);

export const SubmitJobBody = Type.Object(
  {
    stages: Type.Optional(
      Type.Array(Type.Enum(STAGES), {
        minItems: 1,
        maxItems: STAGES.length,
        description: `stages to run, of ${STAGES.join(', ')}; run in that order whatever the order given (default: all of them)`,
      }),
    ),
    config_overrides: Type.Optional(ConfigOverridesSchema),
  },
  { additionalProperties: false },
);

export const JobSubmittedSchema = Type.Object(
  {
    job_id: Type.String(),
    project_id: Type.String(),
    status: JobStatusSchema,
    stages: Type.Array(Type.String()),
    submitted_at: Timestamp('when the job was queued'),
    estimated_duration: Type.String({
      description:
        "median of this project's last runs of the same stages, else the sum of per-stage defaults",
    }),
    url: Type.String(),
  },
  { $id: 'JobSubmitted' },
);

export const StageProgressSchema = Type.Object({
  status: StageStatusSchema,
  duration: Type.Optional(Type.String({ description: 'once finished' })),
  progress: Type.Optional(
    Type.String({ description: 'completed/total tests or properties, while running and after' }),
  ),
  reason: Type.Optional(Type.String({ description: 'why it was skipped or failed' })),
});

export const JobSchema = Type.Object(
  {
    job_id: Type.String(),
    project_id: Type.String(),
    status: JobStatusSchema,
    stages: Type.Array(Type.String()),
    submitted_at: Timestamp('when the job was queued'),
    started_at: Type.Optional(Timestamp('when the job started running')),
    finished_at: Type.Optional(Timestamp('when the job ended')),
    estimated_duration: Type.String(),
    duration: Type.Optional(Type.String({ description: 'from start to end, once ended' })),
    progress: Type.Record(Type.String(), StageProgressSchema, { description: 'per stage' }),
    error: Type.Optional(Type.Unsafe({ $ref: 'JobError#' })),
    url: Type.String(),
  },
  { $id: 'Job' },
);

export const JobListSchema = Type.Object({
  jobs: Type.Array(Type.Unsafe({ $ref: 'Job#' })),
  total: Type.Integer(),
  page: Type.Integer(),
  per_page: Type.Integer(),
});

export const JobListQuery = Type.Object({
  ...pageParameters('jobs'),
  status: Type.Optional(JobStatusSchema),
});

export const LogEntrySchema = Type.Object(
  {
    timestamp: Timestamp('when the line was written'),
    stage: Type.String({ description: 'a stage name, or `platform` for the runner itself' }),
    level: Type.Enum(['INFO', 'WARNING', 'ERROR']),
    message: Type.String(),
  },
  { $id: 'LogEntry' },
);

export const LogsQuery = Type.Object({
  stage: Type.Optional(Type.String({ maxLength: 32 })),
  tail: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, description: 'only the last N lines' })),
  follow: Type.Boolean({
    default: false,
    description: 'stream the lines as NDJSON (application/x-ndjson), the past ones first, until the job ends',
  }),
});

const Percent = Nullable(Type.Number({ minimum: 0, maximum: 100 }));
const StageResult = (counts: Record<string, TSchema>) =>
  Type.Object(
    {
      status: StageStatusSchema,
      reason: Type.Optional(Type.String()),
      duration: Type.Optional(Type.String()),
      ...Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, Type.Optional(v)])),
    },
    { additionalProperties: true },
  );

/** One crypto check's verdict: a skipped one has only `reason`; the measures come once it ran. */
const CryptoCheck = (measures: Record<string, TSchema>) =>
  Type.Object(
    {
      status: Type.Enum(['passed', 'failed', 'skipped']),
      reason: Type.Optional(Type.String()),
      ...Object.fromEntries(Object.entries(measures).map(([k, v]) => [k, Type.Optional(v)])),
    },
    { additionalProperties: true },
  );

export const ResultsSchema = Type.Object(
  {
    job_id: Type.String(),
    project_id: Type.String(),
    overall_status: JobStatusSchema,
    error: Type.Optional(Type.Unsafe({ $ref: 'JobError#' })),
    stages: Type.Object({
      lint: Type.Optional(StageResult({ warnings: Type.Integer(), errors: Type.Integer() })),
      simulation: Type.Optional(
        StageResult({
          tests_passed: Type.Integer(),
          tests_failed: Type.Integer(),
          coverage: Type.Object(
            { line: Percent, toggle: Percent, fsm: Percent },
            {
              additionalProperties: true,
              description: 'percentages; null with a `*_reason` when not measured',
            },
          ),
          regression: Type.Object(
            {
              seed: Type.Integer({ description: 'the regression seed: `simulation.seed` runs it again' }),
              tests: Type.Array(
                Type.Object({
                  name: Type.String(),
                  seed: Type.Integer({ description: "the run's seed, passed as +seed=N" }),
                  status: Type.Enum(['passed', 'failed']),
                  duration: Type.String(),
                  reason: Type.Optional(Type.String()),
                }),
              ),
            },
            { description: 'with `simulation.tests` in verify.json: each run of the regression' },
          ),
        }),
      ),
      formal: Type.Optional(
        StageResult({
          properties_proven: Type.Integer(),
          properties_failed: Type.Integer(),
          properties_inconclusive: Type.Integer(),
          properties_not_checked: Type.Integer({
            description: 'properties the mode of their task does not check',
          }),
          covers_reached: Type.Integer(),
          covers_unreached: Type.Integer(),
          tasks: Type.Record(
            Type.String(),
            Type.Object({
              verdict: Type.Enum(['pass', 'fail', 'unknown', 'error'], {
                description: "SymbiYosys's verdict",
              }),
              expect: Type.Array(Type.Enum(['pass', 'fail', 'unknown', 'error'])),
              status: Type.Enum(['passed', 'failed'], {
                description: 'passed when expect lists the verdict',
              }),
            }),
            { description: 'each formal task by name (`default` without tasks)' },
          ),
        }),
      ),
      crypto: Type.Optional(
        StageResult({
          crypto_checks_passed: Type.Integer(),
          constant_time: CryptoCheck({
            violations: Type.Integer(),
            formal: Type.Enum(['proven', 'bounded', 'failed', 'error'], {
              description: 'the two-copy proof, when crypto.constant_time.formal declares it',
            }),
          }),
          side_channel: CryptoCheck({
            max_t_value: Type.Number(),
            threshold: Type.Number(),
            leaking_points: Type.Integer(),
          }),
          ntt_validation: CryptoCheck({ mismatches: Type.Integer() }),
          fips_compliance: CryptoCheck({
            algorithm: Type.String(),
            vectors_run: Type.Integer(),
            vectors_failed: Type.Integer(),
          }),
          entropy_analysis: CryptoCheck({ min_entropy: Type.Number(), claim: Type.Number() }),
        }),
      ),
    }),
  },
  { $id: 'Results' },
);

export const CoverageSchema = Type.Object(
  {
    job_id: Type.String(),
    status: StageStatusSchema,
    line: Percent,
    toggle: Percent,
    fsm: Percent,
    files: Type.Array(Type.Object({ file: Type.String() }, { additionalProperties: true }), {
      description: 'per design file: line and toggle counts, and every line and toggle point with its hits',
    }),
  },
  { additionalProperties: true, $id: 'Coverage' },
);

export const ArtifactSchema = Type.Object({
  name: Type.String(),
  stage: Type.String(),
  content_type: Type.String(),
  size: Type.Integer({ description: 'bytes' }),
  created_at: Timestamp('when the stage wrote it'),
  url: Type.String(),
});

export const ArtifactListSchema = Type.Object({ artifacts: Type.Array(ArtifactSchema) });
export const ArtifactParams = Type.Object({
  id: Type.String({ maxLength: 64 }),
  name: Type.String({ maxLength: 255 }),
});
