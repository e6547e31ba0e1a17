/** `qcirc convert SOURCE --to qasm3|qasm2|json`: write a circuit in another format. */
import { writeFileSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { circuitToJson } from '../circuit/json.js';
import { toQasm2, toQasm3 } from '../qasm/export.js';
import { inputOption } from './options.js';
import type { SourceLoader } from './source.js';
import { printWarnings } from './warnings.js';

const FORMATS = ['qasm3', 'qasm2', 'json'] as const;
type Format = (typeof FORMATS)[number];

export function addConvertCommand(program: Command, sources: SourceLoader): void {
  program
    .command('convert')
    .description('Convert a circuit to OpenQASM 3, OpenQASM 2.0 or the JSON circuit form')
    .argument('<source>', 'file, -, or example:NAME')
    .addOption(new Option('-t, --to <format>', 'target format').choices(FORMATS).makeOptionMandatory())
    .option('-o, --output <file>', 'write to a file instead of standard output')
    .option('-i, --input <name=value>', 'value of an input declaration (repeatable)', inputOption)
    .action(
      (source: string, flags: { to: Format; output?: string; input?: Record<string, number | boolean> }) => {
        const loaded = sources.load(source, flags.input);
        printWarnings(loaded.warnings);
        const text =
          flags.to === 'json'
            ? `${JSON.stringify(circuitToJson(loaded.circuit), null, 2)}\n`
            : flags.to === 'qasm2'
              ? toQasm2(loaded.circuit)
              : toQasm3(loaded.circuit);
        if (flags.output === undefined) process.stdout.write(text);
        else writeFileSync(flags.output, text);
      },
    );
}
