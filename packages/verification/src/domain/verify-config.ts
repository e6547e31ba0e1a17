/**
 * `verify.json`: a project's verification configuration, uploaded with its files.
 *
 * One TypeBox schema is the file's format, its defaults, the keys `config_overrides` may name
 * (dotted paths to its leaves, like `formal.depth`) and the documentation. Values left out come
 * from the defaults here and from the project (`top_module`); file lists left out are found
 * among the uploaded files (see project-config.ts).
 */
import { Type, type Static } from 'typebox';
import Value from 'typebox/value';
import { CocotbConfigSchema, type ResolvedCocotbConfig } from './cocotb-config.js';
import { FormalConfigSchema, type ResolvedFormalConfig } from './formal-config.js';
import { FailPatternSchema, PassPatternSchema } from './output-conventions.js';

export const CONFIG_FILE = 'verify.json';
export const STAGES = ['lint', 'simulation', 'formal', 'crypto'] as const;
export type StageName = (typeof STAGES)[number];

/** The widest port the crypto harness contract carries (hexadecimal on one stimulus line). */
export const MAX_PORT_WIDTH = 65_536;

const Paths = (description: string) =>
  Type.Array(Type.String({ minLength: 1, maxLength: 1024 }), { maxItems: 1000, description });
const Timeout = (seconds: number) =>
  Type.Integer({
    minimum: 1,
    maximum: 3600,
    default: seconds,
    description: 'time-out of the stage, seconds',
  });

const SignalName = (fallback: string, description: string) =>
  Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_$]*$', maxLength: 256, default: fallback, description });

const PortName = Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$', maxLength: 256 });
const PortWidth = Type.Integer({ minimum: 1, maximum: MAX_PORT_WIDTH, description: 'bits' });

const CryptoInputPortSchema = Type.Object(
  {
    name: PortName,
    width: PortWidth,
    role: Type.Enum(['secret', 'public', 'random'], {
      default: 'public',
      description: 'what the value is to the timing and power checks (see docs/crypto-harness.md)',
    }),
    element_width: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 64,
        description:
          'the port packs elements of this many bits, element i at [i*element_width +: element_width]',
      }),
    ),
    modulus: Type.Optional(
      Type.Integer({
        minimum: 2,
        maximum: Number.MAX_SAFE_INTEGER,
        description: 'each element is drawn uniformly in [0, modulus)',
      }),
    ),
  },
  { additionalProperties: false },
);

const CryptoOutputPortSchema = Type.Object(
  { name: PortName, width: PortWidth },
  { additionalProperties: false },
);

const OperationName = Type.String({ pattern: '^[a-z][a-z0-9_]{0,31}$' });

const CryptoOperationSchema = Type.Object(
  {
    start: SignalName('start', "the operation's start port in the dut scope"),
    done: SignalName('done', "the operation's done port in the dut scope"),
    max_cycles: Type.Integer({
      minimum: 1,
      maximum: 10_000_000,
      default: 100_000,
      description: 'clock cycles from start to done before the operation counts as hung',
    }),
    inputs: Type.Array(CryptoInputPortSchema, { maxItems: 16, default: [] }),
    outputs: Type.Array(CryptoOutputPortSchema, { maxItems: 16, default: [] }),
  },
  { additionalProperties: false },
);

const CheckSwitch = { enabled: Type.Boolean({ default: true }) };

/** The two-copy proof of constant time: it names ports of the design's top, not harness operations. */
const ConstantTimeFormalSchema = Type.Object(
  {
    ...CheckSwitch,
    top: Type.Optional(
      Type.String({ minLength: 1, maxLength: 256, description: 'the module checked (default: top_module)' }),
    ),
    reset: SignalName('rst', "the module's reset input, asserted in the first cycle"),
    reset_active: Type.Enum(['high', 'low'], { default: 'high' }),
    done: SignalName('done', 'the output whose timing must not depend on the secrets'),
    secrets: Type.Array(PortName, {
      minItems: 1,
      maxItems: 16,
      description: 'the input ports free in each copy; every other input is shared by both',
    }),
    depth: Type.Integer({
      minimum: 1,
      maximum: 200,
      default: 24,
      description: 'bounded-check depth, cycles',
    }),
  },
  { additionalProperties: false },
);

const CryptoSchema = Type.Object(
  {
    enabled: Type.Boolean({ default: true }),
    timeout_seconds: Timeout(600),
    harness: Type.Optional(Paths('the crypto harness: its testbench and behavioural models')),
    harness_top: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 256,
        description: 'top module of the harness (default: found)',
      }),
    ),
    dut: Type.String({
      pattern: '^[A-Za-z_][A-Za-z0-9_$]*(\\.[A-Za-z_][A-Za-z0-9_$]*)*$',
      maxLength: 1024,
      default: 'dut',
      description: "the design's instance path below the harness top",
    }),
    clock: SignalName('clk', "the design's clock port"),
    seed: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 0xffff_ffff,
        description: 'seed of every value drawn (default: drawn per job)',
      }),
    ),
    operations: Type.Record(OperationName, CryptoOperationSchema, {
      default: {},
      // A name that misses the pattern is refused, not ignored as a pattern-keyed record would.
      propertyNames: OperationName,
      maxProperties: 8,
      description: 'the operations the harness performs on request',
    }),
    constant_time: Type.Object(
      {
        ...CheckSwitch,
        samples: Type.Integer({
          minimum: 2,
          maximum: 10_000,
          default: 64,
          description: 'random secrets per operation',
        }),
        formal: Type.Optional(ConstantTimeFormalSchema),
      },
      { default: {}, additionalProperties: false },
    ),
    side_channel: Type.Object(
      {
        ...CheckSwitch,
        traces: Type.Integer({
          minimum: 20,
          maximum: 10_000,
          default: 200,
          description: 'traces per run (two runs)',
        }),
        threshold: Type.Number({
          exclusiveMinimum: 0,
          maximum: 1000,
          default: 4.5,
          description: '|t| threshold',
        }),
      },
      { default: {}, additionalProperties: false },
    ),
    ntt: Type.Optional(
      Type.Object(
        {
          ...CheckSwitch,
          operation: OperationName,
          variant: Type.Enum(['kyber', 'dilithium']),
          input: Type.String({ maxLength: 256, description: 'the input port of the polynomial' }),
          output: Type.String({ maxLength: 256, description: 'the output port of its transform' }),
          ordering: Type.Enum(['bit-reversed', 'natural'], {
            default: 'bit-reversed',
            description: "bit-reversed: the FIPS 203/204 algorithm's own output order",
          }),
          montgomery: Type.Boolean({
            default: false,
            description: 'outputs are multiplied by R (2^16 or 2^32) mod q',
          }),
          vectors: Type.Integer({ minimum: 1, maximum: 1000, default: 8 }),
        },
        { additionalProperties: false },
      ),
    ),
    kat: Type.Optional(
      Type.Object(
        {
          ...CheckSwitch,
          operation: OperationName,
          algorithm: Type.String({ minLength: 1, maxLength: 64, description: 'the ACVP algorithm name' }),
          vectors: Type.Optional(
            Type.String({ minLength: 1, maxLength: 1024, description: 'an ACVP vector file of the project' }),
          ),
          expected_results: Type.Optional(
            Type.String({
              minLength: 1,
              maxLength: 1024,
              description: "the ACVP expectedResults file, when `vectors` is the set's prompt file",
            }),
          ),
          groups: Type.Record(
            Type.String({ maxLength: 64 }),
            Type.Union([Type.String(), Type.Number(), Type.Boolean()]),
            {
              default: {},
              description: 'run only the test groups with these properties (`{"direction": "encrypt"}`)',
            },
          ),
          inputs: Type.Record(Type.String({ maxLength: 64 }), Type.String({ maxLength: 256 }), {
            description: 'ACVP test field to input port',
          }),
          outputs: Type.Record(Type.String({ maxLength: 64 }), Type.String({ maxLength: 256 }), {
            description: 'ACVP expected field to output port',
          }),
          byte_order: Type.Enum(['little-endian', 'big-endian'], { default: 'big-endian' }),
        },
        { additionalProperties: false },
      ),
    ),
    entropy: Type.Optional(
      Type.Object(
        {
          ...CheckSwitch,
          operation: OperationName,
          output: Type.String({ maxLength: 256 }),
          bits_per_sample: Type.Integer({ minimum: 1, maximum: 8, default: 1 }),
          samples: Type.Integer({ minimum: 1000, maximum: 1_000_000, default: 20_000 }),
          min_entropy_claim: Type.Number({ exclusiveMinimum: 0, maximum: 8, description: 'bits per sample' }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { default: {}, additionalProperties: false },
);

/** Regressions: the runs a `simulation.tests` list may expand to, and the seeds' range (a positive `integer`). */
export const MAX_REGRESSION_RUNS = 1000;
export const MAX_SEED = 0x7fff_ffff;

const Seed = (description: string) => Type.Integer({ minimum: 1, maximum: MAX_SEED, description });
const ParameterName = Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,255}$' });

const RegressionTestSchema = Type.Object(
  {
    name: Type.String({
      pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$',
      description:
        'the test, unique in the list (with `count` above 1, its runs are `<name>.1`, `<name>.2`, ...)',
    }),
    seed: Type.Optional(
      Seed('the seed of the run (of the first run with `count`, the next ones +1 each); default: drawn'),
    ),
    count: Type.Integer({
      minimum: 1,
      maximum: MAX_REGRESSION_RUNS,
      default: 1,
      description: 'runs of the test',
    }),
    parameters: Type.Record(
      ParameterName,
      Type.String({
        pattern:
          "^(?:-?[0-9]+|[0-9]*'[sS]?(?:[bB][01xXzZ_]+|[oO][0-7xXzZ_]+|[dD][0-9_]+|[hH][0-9a-fA-F_xXzZ]+))$",
        description: "a Verilog integer literal: 42, -3, 8'hFF",
      }),
      {
        default: {},
        propertyNames: ParameterName,
        maxProperties: 64,
        description: "overrides of the testbench top's parameters (Verilator -G, Icarus -P)",
      },
    ),
    plusargs: Type.Array(Type.String({ pattern: '^\\+', maxLength: 1024 }), {
      default: [],
      maxItems: 100,
      description: "the test's plusargs, after simulation.plusargs (`+seed=` is the platform's)",
    }),
  },
  { additionalProperties: false },
);

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
        exclude: Type.Array(Type.String({ minLength: 1, maxLength: 1024 }), {
          default: [],
          maxItems: 1000,
          description: 'design sources lint leaves out, paths or globs (formal-only files: `formal/*.sv`)',
        }),
        waivers: Type.Array(Type.String({ minLength: 1, maxLength: 1024, pattern: '\\.vlt$' }), {
          default: [],
          maxItems: 100,
          description: 'Verilator configuration files (`lint_off` waivers, `.vlt`) given to lint',
        }),
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
        pass_pattern: PassPatternSchema,
        fail_pattern: FailPatternSchema,
        plusargs: Type.Array(Type.String({ maxLength: 1024 }), { default: [], maxItems: 100 }),
        cocotb: Type.Optional(CocotbConfigSchema),
        tests: Type.Array(RegressionTestSchema, {
          default: [],
          maxItems: MAX_REGRESSION_RUNS,
          description: 'a regression: tests run in parallel, each with its seed, parameters and plusargs',
        }),
        seed: Type.Optional(
          Seed("the regression's seed, from which each test's own is drawn (default: drawn per job)"),
        ),
        timeout_seconds: Timeout(300),
      },
      { default: {}, additionalProperties: false },
    ),
    formal: FormalConfigSchema,
    crypto: CryptoSchema,
  },
  { additionalProperties: false, $id: 'VerifyConfig', description: 'the verify.json file of a project' },
);
export type VerifyConfig = Static<typeof VerifyConfigSchema>;

/**
 * A verify.json value with the schema's defaults filled in. TypeBox does not descend into the
 * values of a record whose keys have a pattern, so the operations get theirs one by one.
 */
export function withConfigDefaults(raw: unknown): unknown {
  const config = Value.Default(VerifyConfigSchema, raw) as { crypto?: { operations?: unknown } };
  const operations = config.crypto?.operations;
  if (operations !== null && typeof operations === 'object' && !Array.isArray(operations)) {
    for (const [name, operation] of Object.entries(operations)) {
      (operations as Record<string, unknown>)[name] = Value.Default(CryptoOperationSchema, operation);
    }
  }
  return config;
}

/** What a stage is given: every default applied, every file list resolved to existing files. */
export interface ResolvedConfig {
  top_module: string;
  /** Paths relative to the job's source directory. */
  sources: string[];
  include_dirs: string[];
  defines: Record<string, string>;
  lint: {
    enabled: boolean;
    warnings_as_errors: boolean;
    /** The design sources lint leaves out, resolved to files. */
    exclude: string[];
    /** Verilator configuration files of the project, resolved. */
    waivers: string[];
    timeout_seconds: number;
  };
  simulation: {
    enabled: boolean;
    simulator: 'verilator' | 'icarus';
    testbench: string[];
    testbench_top: string | null;
    coverage: boolean;
    trace: boolean;
    junit: string | null;
    /** Lines that mean the testbench passed or failed, when it prints no TEST line (output-conventions.ts). */
    pass_pattern: string;
    fail_pattern: string;
    plusargs: string[];
    /** A cocotb test module run instead of the HDL testbench, or null. */
    cocotb: ResolvedCocotbConfig | null;
    tests: RegressionTest[];
    seed: number | null;
    timeout_seconds: number;
  };
  formal: ResolvedFormalConfig;
  crypto: ResolvedCryptoConfig;
}

export type RegressionTest = Static<typeof RegressionTestSchema>;
type CryptoSettings = Static<typeof CryptoSchema>;
export type CryptoOperation = Static<typeof CryptoOperationSchema>;
export type CryptoInputPort = Static<typeof CryptoInputPortSchema>;
export type CryptoOutputPort = Static<typeof CryptoOutputPortSchema>;

/** The crypto section with its harness files resolved (empty when none is declared). */
export type ResolvedCryptoConfig = Omit<CryptoSettings, 'harness' | 'harness_top'> & {
  harness: string[];
  harness_top: string | null;
};
