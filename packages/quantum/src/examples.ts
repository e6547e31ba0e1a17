/**
 * The built-in starter examples (`qcirc examples`, `qcirc run example:NAME`): OpenQASM 3 files
 * shipped in the package's `examples/` directory, so users can also open and copy them.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { QuantumErrors } from './errors.js';

export interface Example {
  readonly name: string;
  readonly description: string;
}

/** In the order `qcirc examples` lists them: from two qubits up to the textbook algorithms. */
export const EXAMPLES: readonly Example[] = [
  { name: 'bell', description: 'Bell pair: two entangled qubits that always agree (00 or 11)' },
  { name: 'ghz', description: 'Five-qubit GHZ state built with a for loop of CNOTs' },
  { name: 'qft', description: 'Fourier state of 6 turned back by the inverse QFT (a def with loops)' },
  { name: 'grover', description: 'Grover search for 101 among 8 items, two iterations (custom gates)' },
  { name: 'teleport', description: 'Teleportation with mid-circuit measurement and feed-forward if' },
  {
    name: 'bernstein-vazirani',
    description: 'Bernstein-Vazirani: one oracle query reveals the secret 1011',
  },
  { name: 'deutsch-jozsa', description: 'Deutsch-Jozsa on a balanced 3-bit parity oracle' },
  {
    name: 'phase-estimation',
    description: 'Phase estimation of p(2 pi 5/16) with ctrl @ pow(2^j) @ modifiers',
  },
];

const EXAMPLES_DIR = new URL('../examples/', import.meta.url);

/** Path of an example's file. */
export function exampleFile(name: string): string {
  return fileURLToPath(new URL(`${findExample(name).name}.qasm`, EXAMPLES_DIR));
}

/** The OpenQASM 3 text of an example. */
export function exampleSource(name: string): string {
  return readFileSync(exampleFile(name), 'utf8');
}

function findExample(name: string): Example {
  const example = EXAMPLES.find((e) => e.name === name);
  if (example === undefined) {
    throw QuantumErrors.exampleNotFound(
      { name, known: EXAMPLES.map((e) => e.name) },
      { details: { name, known: EXAMPLES.map((e) => e.name) } },
    );
  }
  return example;
}
