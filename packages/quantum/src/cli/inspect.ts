/** `qcirc estimate` and `qcirc draw`: look at a circuit without running it. */
import type { Command } from 'commander';
import { drawCircuit } from '../circuit/draw.js';
import { getBackend } from '../backends/registry.js';
import { integerOption, inputOption, probabilityOption } from './options.js';
import { formatEstimates } from './report.js';
import type { SourceLoader } from './source.js';
import { printWarnings } from './warnings.js';

export function addEstimateCommand(program: Command, sources: SourceLoader): void {
  program
    .command('estimate')
    .description('Resource estimates of a circuit on a backend, without running it')
    .argument('<source>', 'file, -, or example:NAME')
    .option('-s, --shots <n>', 'shots the estimate assumes', integerOption)
    .option('--loss <p>', 'heralded erasure probability per qubit per cycle', probabilityOption)
    .option('-b, --backend <name>', 'backend to estimate for', 'local_simulator')
    .option('-i, --input <name=value>', 'value of an input declaration (repeatable)', inputOption)
    .option('--json', 'print the estimates as JSON')
    .action(
      (
        source: string,
        flags: {
          shots?: number;
          loss?: number;
          backend: string;
          input?: Record<string, number | boolean>;
          json?: boolean;
        },
      ) => {
        const loaded = sources.load(source, flags.input);
        printWarnings(loaded.warnings);
        const estimates = getBackend(flags.backend).estimate(loaded.circuit, {
          ...(flags.shots === undefined ? {} : { shots: flags.shots }),
          ...(flags.loss === undefined ? {} : { noise: { loss: flags.loss } }),
        });
        process.stdout.write(
          flags.json === true ? `${JSON.stringify(estimates)}\n` : `${formatEstimates(estimates)}\n`,
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
