/** What a simulator is asked to build and run, and the commands it answers with. */

export interface SimulationPlan {
  /** The project's files; the build runs here, so tool messages and coverage name relative paths. */
  sourceDir: string;
  /** The stage's own directory, for generated and built files. */
  workDir: string;
  /** The service's shared cache directory (compiled objects through ccache). */
  cacheDir: string;
  /** Where the simulation runs: the testbench's relative paths (JUnit, trace) resolve here. */
  runDir: string;
  /** Relative to sourceDir. */
  designFiles: readonly string[];
  testbenchFiles: readonly string[];
  includeDirs: readonly string[];
  defines: Readonly<Record<string, string>>;
  testbenchTop: string;
  coverage: boolean;
  trace: boolean;
  plusargs: readonly string[];
}

export interface ToolStep {
  command: string;
  args: string[];
  cwd: string;
  /** The environment, when it differs from the service's. */
  env?: NodeJS.ProcessEnv;
}

export interface SimulatorSteps {
  build: ToolStep;
  run: ToolStep;
  /** The coverage.dat the run writes into the run directory, or why there is none. */
  coverage: { file: string } | { reason: string };
}

/** The files a run writes into the run directory. */
export const TRACE_FILE = 'trace.fst';
export const COVERAGE_FILE = 'coverage.dat';

/** What both simulators print when the testbench ran out of events without calling $finish. */
export const NO_FINISH_MESSAGE = 'the simulation ran out of events without calling $finish';

export function defineArgs(defines: Readonly<Record<string, string>>): string[] {
  return Object.entries(defines).map(([name, value]) => `-D${name}=${value}`);
}
