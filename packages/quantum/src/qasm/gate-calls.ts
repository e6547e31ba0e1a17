/**
 * The checks and shape of one gate call: how many parameters and qubits a gate (with its
 * modifiers' controls) takes, broadcasting over registers (operands that are registers or
 * slices must have equal lengths; single qubits are repeated), and that no call uses a qubit
 * twice. Every error points at the gate name or the offending operand.
 */
import type { ParamValue } from '../circuit/expr.js';
import type { Span } from './ast.js';
import { qasmError } from './diagnostics.js';
import type { GateBinding } from './scope.js';

/** A resolved qubit operand: its qubits, whether it is a single qubit, and how to name each. */
export interface QubitList {
  readonly qubits: readonly number[];
  readonly scalar: boolean;
  readonly span: Span | undefined;
  /** The operand as written (`q`, `q[1:2]`). */
  readonly text: string;
  readonly label: (qubit: number) => string;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Throws unless the call passes as many parameters as the gate takes. */
export function checkParameterCount(
  name: string,
  binding: GateBinding,
  got: number,
  at: Span | undefined,
): void {
  if (got !== binding.params) {
    throw qasmError(at, `gate '${name}' takes ${plural(binding.params, 'parameter')}, got ${got}`, {
      found: String(got),
      expected: String(binding.params),
    });
  }
}

/** Throws unless the call has one operand per qubit of the gate plus one per control. */
export function checkQubitCount(
  name: string,
  binding: GateBinding,
  controls: number,
  got: number,
  at: Span | undefined,
): void {
  const expected = binding.qubits + controls;
  if (got === expected) return;
  const detail =
    controls === 0 ? '' : ` (${plural(controls, 'control')} and ${binding.qubits} for '${name}')`;
  throw qasmError(at, `gate '${name}' takes ${plural(expected, 'qubit')}${detail}, got ${got}`, {
    found: String(got),
    expected: String(expected),
  });
}

/** The qubit tuples of a broadcast call, each checked for a qubit used twice. */
export function broadcast(operands: readonly QubitList[], at: Span | undefined): number[][] {
  const registers = operands.filter((o) => !o.scalar);
  const length = registers[0]?.qubits.length ?? 1;
  for (const operand of registers) {
    if (operand.qubits.length !== length) {
      throw qasmError(
        operand.span ?? at,
        `'${operand.text}' has ${plural(operand.qubits.length, 'qubit')} but '${registers[0]!.text}' has ` +
          `${length}: operands broadcast only over registers of equal size`,
      );
    }
  }
  const calls: number[][] = [];
  for (let i = 0; i < length; i += 1) {
    const qubits = operands.map((o) => (o.scalar ? o.qubits[0]! : o.qubits[i]!));
    qubits.forEach((q, j) => {
      const first = qubits.indexOf(q);
      if (first !== j) {
        const operand = operands[j]!;
        throw qasmError(
          operand.span ?? at,
          `qubit ${operand.label(q)} is used twice in this gate call (operands ${first + 1} and ${j + 1})`,
        );
      }
    });
    calls.push(qubits);
  }
  return calls;
}

/** The circuit gate a binding lowers to; an opaque gate cannot be applied. */
export function lowerBinding(
  name: string,
  binding: GateBinding,
  params: readonly ParamValue[],
  at: Span | undefined,
): { name: string; params: ParamValue[] } {
  switch (binding.kind) {
    case 'standard':
      return binding.lower(params);
    case 'custom':
      return { name: binding.circuitName, params: [...params] };
    case 'opaque':
      throw qasmError(
        at,
        `gate '${name}' is opaque: it has no definition, so it cannot be simulated (define it with a gate body)`,
      );
  }
}
