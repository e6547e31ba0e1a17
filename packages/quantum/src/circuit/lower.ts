/**
 * Lowering: a circuit with bound parameters becomes a flat list of instructions the engine
 * runs, where every gate is a dense unitary on explicit qubits.
 *
 * Custom gates are expanded into their bodies. Modifiers on a custom gate are pushed into the
 * body (ctrl distributes over a product, inv reverses it, an integer pow repeats it); only a
 * non-integer pow needs the body's matrix. Modifiers on a standard gate act on its matrix.
 */
import { invalidOperation } from '../errors.js';
import { controlled, dagger, identity, isDiagonal, multiply, unitaryPower, type Matrix } from '../linalg.js';
import type { Circuit, Condition, GateDefinition, GateOperation, Operation } from './circuit.js';
import { describeGate } from './circuit.js';
import { evaluate, type Bindings } from './expr.js';
import { STANDARD_GATES } from './gates.js';

/** A gate as it runs: a dense unitary on explicit qubits. */
export interface UnitaryInstruction {
  readonly kind: 'unitary';
  /** Gate arguments in order; argument j is bit j of the matrix index. */
  readonly qubits: readonly number[];
  readonly matrix: Matrix;
  readonly diagonal: boolean;
  /** The standard gate it came from, with its modifiers: `h`, `ctrl @ rz`. */
  readonly name: string;
  readonly condition?: Condition;
}

/** What the engine runs: unitaries, and the circuit's measure, reset and barrier as they are. */
export type Instruction = UnitaryInstruction | Exclude<Operation, GateOperation>;

/** Largest custom gate whose matrix is built for a non-integer pow (2^8 x 2^8 entries). */
export const MAX_DENSE_GATE_QUBITS = 8;

/** A gate use with numbers for parameters and absolute qubits. */
interface Call {
  readonly name: string;
  readonly qubits: readonly number[];
  readonly params: readonly number[];
  readonly modifiers: readonly NumericModifier[];
}
type NumericModifier =
  | { readonly kind: 'ctrl' | 'negctrl'; readonly count: number }
  | { readonly kind: 'inv' }
  | { readonly kind: 'pow'; readonly exponent: number };

export function lowerCircuit(circuit: Circuit, bindings: Bindings = new Map()): Instruction[] {
  const out: Instruction[] = [];
  const definitions = circuit.gateDefinitions;
  circuit.operations.forEach((op, index) => {
    if (op.kind !== 'gate') {
      out.push(op);
      return;
    }
    const call = numericCall(op, bindings, `operation #${index}`);
    const condition = op.condition;
    for (const instr of lowerCall(call, definitions))
      out.push(condition === undefined ? instr : { ...instr, condition });
  });
  return out;
}

function numericCall(op: GateOperation, bindings: Bindings, where: string): Call {
  const params = op.params.map((p) => evaluate(p, bindings));
  const modifiers = op.modifiers.map((m): NumericModifier =>
    m.kind === 'pow' ? { kind: 'pow', exponent: evaluate(m.exponent, bindings) } : m,
  );
  const bad = params.findIndex((p) => !Number.isFinite(p));
  const badPow = modifiers.find((m) => m.kind === 'pow' && !Number.isFinite(m.exponent));
  if (bad >= 0 || badPow !== undefined) {
    const operation = `${where} ${describeGate(op.name, op.qubits, op.params, op.modifiers)}`;
    const reason =
      bad >= 0
        ? `parameter ${bad} evaluates to ${params[bad]}, not a finite number`
        : 'the pow exponent is not a finite number';
    throw invalidOperation(operation, reason);
  }
  return { name: op.name, qubits: op.qubits, params, modifiers };
}

function lowerCall(call: Call, definitions: ReadonlyMap<string, GateDefinition>): UnitaryInstruction[] {
  const standard = STANDARD_GATES.get(call.name);
  if (standard !== undefined) {
    let m = standard.matrix(call.params);
    for (let i = call.modifiers.length - 1; i >= 0; i -= 1) m = applyModifier(m, call.modifiers[i]!);
    return [unitary(call.qubits, m, modifierPrefix(call.modifiers) + call.name)];
  }
  const definition = definitions.get(call.name);
  if (definition === undefined) throw new TypeError(`unknown gate '${call.name}' reached lowering`);
  // The call's qubits list every modifier's controls first, outermost first; attach them.
  let next = 0;
  const modifiers = call.modifiers.map((m): BoundModifier => {
    if (m.kind === 'inv' || m.kind === 'pow') return m;
    const controls = call.qubits.slice(next, next + m.count);
    next += m.count;
    return { ...m, controls };
  });
  return lowerSequence(expandBody(definition, call), modifiers, definitions);
}

/** A modifier of a custom gate call, with the control qubits it owns. */
type BoundModifier =
  | { readonly kind: 'ctrl' | 'negctrl'; readonly count: number; readonly controls: readonly number[] }
  | { readonly kind: 'inv' }
  | { readonly kind: 'pow'; readonly exponent: number };

/** The body of a custom gate for one call: parameters bound, body qubits mapped to the call's. */
function expandBody(definition: GateDefinition, call: Call): Call[] {
  const ownQubits = call.qubits.slice(call.qubits.length - definition.qubits);
  const local = new Map(definition.params.map((name, i) => [name, call.params[i]!]));
  // Checked like a circuit's own gates: a body angle such as 1/θ may not be finite for this call.
  return definition.body.map((op, index) => ({
    ...numericCall(op, local, `gate ${definition.name}, operation #${index}`),
    qubits: op.qubits.map((q) => ownQubits[q]!),
  }));
}

const invert = (sequence: readonly Call[]): Call[] =>
  [...sequence].reverse().map((c) => ({ ...c, modifiers: [{ kind: 'inv' }, ...c.modifiers] }));

/** Lowers `modifiers @ (sequence)`; the innermost (last) modifier applies first. */
function lowerSequence(
  sequence: Call[],
  modifiers: readonly BoundModifier[],
  definitions: ReadonlyMap<string, GateDefinition>,
): UnitaryInstruction[] {
  if (modifiers.length === 0) return sequence.flatMap((c) => lowerCall(c, definitions));
  const outer = modifiers.slice(0, -1);
  const innermost = modifiers[modifiers.length - 1]!;
  switch (innermost.kind) {
    case 'inv':
      return lowerSequence(invert(sequence), outer, definitions);
    case 'pow': {
      if (!Number.isInteger(innermost.exponent))
        return lowerDensePower(sequence, innermost.exponent, outer, definitions);
      const base = innermost.exponent < 0 ? invert(sequence) : sequence;
      return lowerSequence(
        Array.from({ length: Math.abs(innermost.exponent) }, () => base).flat(),
        outer,
        definitions,
      );
    }
    case 'ctrl':
    case 'negctrl': {
      const modifier: NumericModifier = { kind: innermost.kind, count: innermost.count };
      const controlledSequence = sequence.map((c) => ({
        ...c,
        qubits: [...innermost.controls, ...c.qubits],
        modifiers: [modifier, ...c.modifiers],
      }));
      return lowerSequence(controlledSequence, outer, definitions);
    }
  }
}

function lowerDensePower(
  sequence: Call[],
  exponent: number,
  outer: readonly BoundModifier[],
  definitions: ReadonlyMap<string, GateDefinition>,
): UnitaryInstruction[] {
  const instructions = sequence.flatMap((c) => lowerCall(c, definitions));
  const qubits = [...new Set(instructions.flatMap((i) => i.qubits))].sort((a, b) => a - b);
  if (qubits.length > MAX_DENSE_GATE_QUBITS) {
    const operation = describeGate(sequence[0]?.name ?? 'gate', qubits, [], [{ kind: 'pow', exponent }]);
    const reason = `a non-integer pow needs the gate's matrix, which is limited to ${MAX_DENSE_GATE_QUBITS} qubits`;
    throw invalidOperation(operation, reason);
  }
  let m = unitaryPower(composeOn(instructions, qubits), exponent);
  for (let i = outer.length - 1; i >= 0; i -= 1) m = applyModifier(m, outer[i]!);
  const controls = outer.flatMap((mod) =>
    mod.kind === 'ctrl' || mod.kind === 'negctrl' ? mod.controls : [],
  );
  return [unitary([...controls, ...qubits], m, `${modifierPrefix(outer)}pow @ gate`)];
}

/** The matrix of instructions acting on `qubits` (argument j = qubits[j]). */
export function composeOn(instructions: readonly UnitaryInstruction[], qubits: readonly number[]): Matrix {
  const dim = 1 << qubits.length;
  let total = identity(dim);
  for (const instr of instructions)
    total = multiply(
      embed(
        instr.matrix,
        instr.qubits.map((q) => qubits.indexOf(q)),
        qubits.length,
      ),
      total,
    );
  return total;
}

/** Expands a k-qubit matrix acting on `positions` of an m-qubit space to the whole space. */
export function embed(m: Matrix, positions: readonly number[], width: number): Matrix {
  const dim = 1 << width;
  const out = { dim, data: new Float64Array(2 * dim * dim) };
  let mask = 0;
  positions.forEach((p) => (mask |= 1 << p));
  const local = (index: number): number =>
    positions.reduce((acc, p, j) => acc | (((index >> p) & 1) << j), 0);
  for (let r = 0; r < dim; r += 1) {
    for (let c = 0; c < dim; c += 1) {
      if ((r & ~mask) !== (c & ~mask)) continue;
      const src = 2 * (local(r) * m.dim + local(c));
      out.data[2 * (r * dim + c)] = m.data[src]!;
      out.data[2 * (r * dim + c) + 1] = m.data[src + 1]!;
    }
  }
  return out;
}

function applyModifier(m: Matrix, modifier: NumericModifier | BoundModifier): Matrix {
  switch (modifier.kind) {
    case 'inv':
      return dagger(m);
    case 'pow':
      return unitaryPower(m, modifier.exponent);
    case 'ctrl':
      return controlled(m, Array<boolean>(modifier.count).fill(true));
    case 'negctrl':
      return controlled(m, Array<boolean>(modifier.count).fill(false));
  }
}

function modifierPrefix(modifiers: readonly { kind: string }[]): string {
  return modifiers.map((m) => `${m.kind} @ `).join('');
}

function unitary(qubits: readonly number[], matrix: Matrix, name: string): UnitaryInstruction {
  return { kind: 'unitary', qubits, matrix, diagonal: isDiagonal(matrix), name };
}
