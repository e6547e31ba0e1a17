/** `qcirc examples [NAME]`: list the starter examples, or print one's OpenQASM 3. */
import type { Command } from 'commander';
import { EXAMPLES, exampleSource } from '../examples.js';

export function addExamplesCommand(program: Command): void {
  program
    .command('examples')
    .description('List the built-in starter examples, or print one (run it with: qcirc run example:NAME)')
    .argument('[name]', 'example to print')
    .action((name: string | undefined) => {
      if (name !== undefined) {
        process.stdout.write(exampleSource(name));
        return;
      }
      const width = Math.max(...EXAMPLES.map((e) => e.name.length));
      const lines = EXAMPLES.map((e) => `${e.name.padEnd(width)}  ${e.description}`);
      process.stdout.write(
        `${lines.join('\n')}\n\nqcirc examples NAME prints one; qcirc run example:NAME runs it.\n`,
      );
    });
}
