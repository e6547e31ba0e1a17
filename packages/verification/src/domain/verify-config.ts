/**
 * `verify.json`: a project's verification configuration, uploaded with its files.
 *
 * One TypeBox schema is the file's format, its defaults, the keys `config_overrides` may name
 * (dotted paths to its leaves, like `formal.depth`) and the documentation. Values left out come
 * from the defaults here and from the project (`top_module`); file lists left out are found
 * among the uploaded files (see project-config.ts).
 */
import { Type, type Static } from 'typebox';

export const CONFIG_FILE = 'verify.json';
export const STAGES = ['lint', 'simulation', 'formal', 'crypto'] as const;
export type StageName = (typeof STAGES)[number];

const Paths = (description: string) =>
  Type.Array(Type.String({ minLength: 1, maxLength: 1024 }), { maxItems: 1000, description });
const Timeout = (seconds: number) =>
  Type.Integer({
    minimum: 1,
    maximum: 3600,
    default: seconds,
    description: 'time-out of the stage, seconds',
  });

export const VerifyConfigSchema = Type.Object(
  {
    top_module: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 256,
        description: 'top design module (default: the project field)',
      }),
    ),
    sources: Type.Optional(
      Paths(
        'design sources, relative paths or globs (`rtl/*.v`, `**/*.sv`); default: every .v/.sv file that is not a testbench',
      ),
    ),
    include_dirs: Type.Array(Type.String({ minLength: 1, maxLength: 1024 }), {
      maxItems: 1000,
      default: [],
      description: 'directories searched by `include (default: none)',
    }),
    defines: Type.Record(
      Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$' }),
      Type.String({ maxLength: 1024 }),
      {
        default: {},
        description: 'preprocessor defines given to every tool',
      },
    ),
    lint: Type.Object(
      {
        enabled: Type.Boolean({ default: true }),
        warnings_as_errors: Type.Boolean({ default: false, description: 'fail the stage on any warning' }),
        timeout_seconds: Timeout(120),
      },
      { default: {}, additionalProperties: false },
    ),
    simulation: Type.Object(
      {
        enabled: Type.Boolean({ default: true }),
        simulator: Type.Enum(['verilator', 'icarus'], { default: 'verilator' }),
        testbench: Type.Optional(
          Paths('testbench files; default: files named tb_*.v, *_tb.v, *_tb.sv or under tb/ or test/'),
        ),
        testbench_top: Type.Optional(
          Type.String({
            minLength: 1,
            maxLength: 256,
            description: 'top module of the testbench (default: found)',
          }),
        ),
        coverage: Type.Boolean({
          default: true,
          description: 'collect line, toggle and FSM coverage (Verilator)',
        }),
        trace: Type.Boolean({ default: true, description: 'write trace.fst' }),
        junit: Type.Optional(
          Type.String({
            minLength: 1,
            maxLength: 1024,
            description:
              'JUnit XML file the testbench writes, relative to its working directory; read instead of TEST lines',
          }),
        ),
        plusargs: Type.Array(Type.String({ maxLength: 1024 }), { default: [], maxItems: 100 }),
        timeout_seconds: Timeout(300),
      },
      { default: {}, additionalProperties: false },
    ),
    formal: Type.Object(
      {
        enabled: Type.Boolean({ default: true }),
        top: Type.Optional(Type.String({ minLength: 1, maxLength: 256, description: 'default: top_module' })),
        depth: Type.Integer({
          minimum: 1,
          maximum: 1000,
          default: 20,
          description: 'bounded-check depth, cycles',
        }),
        induction: Type.Boolean({ default: true, description: 'try k-induction after the bounded check' }),
        timeout_seconds: Timeout(300),
      },
      { default: {}, additionalProperties: false },
    ),
  },
  { additionalProperties: false, $id: 'VerifyConfig', description: 'the verify.json file of a project' },
);
export type VerifyConfig = Static<typeof VerifyConfigSchema>;

/** What a stage is given: every default applied, every file list resolved to existing files. */
export interface ResolvedConfig {
  top_module: string;
  /** Paths relative to the job's source directory. */
  sources: string[];
  include_dirs: string[];
  defines: Record<string, string>;
  lint: { enabled: boolean; warnings_as_errors: boolean; timeout_seconds: number };
  simulation: {
    enabled: boolean;
    simulator: 'verilator' | 'icarus';
    testbench: string[];
    testbench_top: string | null;
    coverage: boolean;
    trace: boolean;
    junit: string | null;
    plusargs: string[];
    timeout_seconds: number;
  };
  formal: { enabled: boolean; top: string; depth: number; induction: boolean; timeout_seconds: number };
}
