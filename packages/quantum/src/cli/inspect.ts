/** `qcirc estimate` and `qcirc draw`: look at a circuit without running it. */
import type { Command } from 'commander';
import { drawCircuit } from '../circuit/draw.js';
import { DEFAULT_SHOTS } from '../backends/local-simulator.js';
import { getBackend } from '../backends/registry.js';
import { estimatesToJSON } from '../backends/result.js';
import { addNoiseOptions, integerOption, inputOption, noiseOf, type NoiseFlags } from './options.js';
import { formatEstimates } from './report.js';
import type { SourceLoader } from './source.js';
import { printWarnings } from './warnings.js';

export function addEstimateCommand(program: Command, sources: SourceLoader): void {
  const command = program
    .command('estimate')
    .description('Resource estimates of a circuit on a backend, without running it')
    .argument('<source>', 'file, -, or example:NAME')
    .option('-s, --shots <n>', 'shots the estimate assumes', integerOption);
  addNoiseOptions(command)
    .option('-b, --backend <name>', 'backend to estimate for', 'local_simulator')
    .option('-i, --input <name=value>', 'value of an input declaration (repeatable)', inputOption)
    .option('--json', 'print the estimates as JSON, the record of POST /estimates')
    .action(
      (
        source: string,
        flags: NoiseFlags & {
          shots?: number;
          backend: string;
          input?: Record<string, number | boolean>;
          json?: boolean;
        },
      ) => {
        const loaded = sources.load(source, flags.input);
        printWarnings(loaded.warnings);
        const noise = noiseOf(flags);
        const shots = flags.shots ?? DEFAULT_SHOTS;
        const estimates = getBackend(flags.backend).estimate(loaded.circuit, {
          shots,
          ...(noise === undefined ? {} : { noise }),
        });
        const record = { backend: flags.backend, shots, estimates: estimatesToJSON(estimates) };
        process.stdout.write(
          flags.json === true ? `${JSON.stringify(record)}\n` : `${formatEstimates(estimates)}\n`,
        );
      },
    );
}

export function addDrawCommand(program: Command, sources: SourceLoader): void {
  program
    .command('draw')
    .description('Draw a circuit as text')
    .argument('<source>', 'file, -, or example:NAME')
    .option(
      '-w, --width <columns>',
      'wrap the drawing at this width (default: the terminal width, or 80)',
      integerOption,
    )
    .option('-i, --input <name=value>', 'value of an input declaration (repeatable)', inputOption)
    .action((source: string, flags: { width?: number; input?: Record<string, number | boolean> }) => {
      const loaded = sources.load(source, flags.input);
      printWarnings(loaded.warnings);
      const width = flags.width ?? process.stdout.columns ?? 80;
      process.stdout.write(`${drawCircuit(loaded.circuit, { width })}\n`);
    });
}
