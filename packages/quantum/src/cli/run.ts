/** `qcirc run SOURCE`: run a circuit and print its counts, erasures and estimates. */
import { Option, type Command } from 'commander';
import { memorySetting } from '../backends/memory.js';
import { createRegistry, getBackend } from '../backends/registry.js';
import { DEFAULT_SHOTS } from '../backends/local-simulator.js';
import { inputParameters } from '../qasm/inputs.js';
import { addNoiseOptions, integerOption, inputOption, noiseOf, type NoiseFlags } from './options.js';
import { createProgressBar } from './progress.js';
import { formatRunReport } from './report.js';
import { printWarnings } from './warnings.js';
import type { SourceLoader } from './source.js';

interface RunFlags extends NoiseFlags {
  shots: number;
  seed?: number;
  backend: string;
  json?: boolean;
  input?: Record<string, number | boolean>;
  progress?: boolean;
  maxMemory?: string;
}

export function addRunCommand(program: Command, sources: SourceLoader): void {
  const command = program
    .command('run')
    .description('Run a circuit: an OpenQASM file, a JSON circuit, - for standard input, or example:NAME')
    .argument('<source>', 'file, -, or example:NAME')
    .option(
      '-s, --shots <n>',
      `number of shots, 1 to 1000000 (default ${DEFAULT_SHOTS})`,
      integerOption,
      DEFAULT_SHOTS,
    )
    .option('--seed <n>', 'seed of every random draw, for a repeatable run', integerOption);
  addNoiseOptions(command)
    .option('-b, --backend <name>', 'backend to run on', 'local_simulator')
    .option(
      '-i, --input <name=value>',
      'value of an input declaration or circuit parameter (repeatable)',
      inputOption,
    )
    .option('--json', 'print one JSON object instead of the report')
    .option('--progress', 'draw a progress bar even when standard error is not a terminal')
    .option('--no-progress', 'never draw a progress bar')
    .addOption(
      new Option(
        '--max-memory <size>',
        'memory the run may hold, like 1.5G or 512M (default: a share of the cgroup limit or RAM, as serve)',
      ).env('QCIRC_MAX_MEMORY'),
    )
    .action(async (source: string, flags: RunFlags) => {
      // The setting is checked before the source is read, as serve checks its settings first.
      const backends =
        flags.maxMemory === undefined
          ? undefined
          : createRegistry({ memoryBudget: memorySetting(flags.maxMemory, '--max-memory') });
      const loaded = sources.load(source, flags.input);
      printWarnings(loaded.warnings);
      const backend = backends === undefined ? getBackend(flags.backend) : backends.get(flags.backend);
      const showProgress = flags.progress ?? process.stderr.isTTY === true;
      const progress = showProgress ? createProgressBar(process.stderr) : undefined;
      const noise = noiseOf(flags);
      const job = backend.run(loaded.circuit, {
        shots: flags.shots,
        ...(flags.seed === undefined ? {} : { seed: flags.seed }),
        ...(noise === undefined ? {} : { noise }),
        parameters: inputParameters(flags.input),
        ...(progress === undefined ? {} : { onProgress: (f: number) => progress.update(f) }),
      });
      let result;
      try {
        result = await job.result();
      } finally {
        progress?.done();
      }
      process.stdout.write(
        flags.json === true
          ? `${JSON.stringify({ source: loaded.label, ...result.toJSON(), warnings: loaded.warnings })}\n`
          : `${formatRunReport(loaded.label, result)}\n`,
      );
    });
}
