/**
 * The circuit model: qubits and classical bits in named registers, and an ordered list of
 * operations (gates with modifiers, measure, reset, barrier), each optionally conditioned on
 * classical bits. Every append is checked at once, so a wrong circuit fails where it is built,
 * with an error naming the operation and the reason.
 *
 *     const bell = new Circuit(2).h(0).cx(0, 1).measureAll();
 */
import { failingAt, QuantumErrors } from '../errors.js';
import { formatExpr, freeParameters, type ParamValue } from './expr.js';
import { STANDARD_GATES } from './gates.js';

export type Modifier =
  | { readonly kind: 'ctrl'; readonly count: number }
  | { readonly kind: 'negctrl'; readonly count: number }
  | { readonly kind: 'inv' }
  | { readonly kind: 'pow'; readonly exponent: ParamValue };

export const ctrl = (count = 1): Modifier => ({ kind: 'ctrl', count });
export const negctrl = (count = 1): Modifier => ({ kind: 'negctrl', count });
export const inv = (): Modifier => ({ kind: 'inv' });
export const pow = (exponent: ParamValue): Modifier => ({ kind: 'pow', exponent });

/** True when the integer read from `clbits` (clbits[0] least significant) equals `value`. */
export interface Condition {
  readonly clbits: readonly number[];
  readonly value: number;
}

/** True when both are absent, or both read the same bits in the same order for the same value. */
export function sameCondition(a: Condition | undefined, b: Condition | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return (
    a.value === b.value &&
    a.clbits.length === b.clbits.length &&
    a.clbits.every((bit, i) => bit === b.clbits[i])
  );
}

export interface GateOperation {
  readonly kind: 'gate';
  readonly name: string;
  /** Control qubits (one per ctrl/negctrl, outermost first), then the gate's own qubits. */
  readonly qubits: readonly number[];
  readonly params: readonly ParamValue[];
  readonly modifiers: readonly Modifier[];
  readonly condition?: Condition;
}

export type Operation =
  | GateOperation
  | {
      readonly kind: 'measure';
      readonly qubit: number;
      readonly clbit: number;
      readonly condition?: Condition;
    }
  | { readonly kind: 'reset'; readonly qubit: number; readonly condition?: Condition }
  | { readonly kind: 'barrier'; readonly qubits: readonly number[] };

/** Names of the free parameters a gate use reads: in its parameters and in a `pow` exponent. */
export function gateParameters(
  op: Pick<GateOperation, 'params' | 'modifiers'>,
  into: Set<string> = new Set(),
): Set<string> {
  op.params.forEach((p) => freeParameters(p, into));
  op.modifiers.forEach((m) => m.kind === 'pow' && freeParameters(m.exponent, into));
  return into;
}

/** A custom gate: `gate name(params) q0, q1 { body }`; body qubits are 0..qubits-1. */
export interface GateDefinition {
  readonly name: string;
  readonly params: readonly string[];
  readonly qubits: number;
  readonly body: readonly GateOperation[];
}

export interface Register {
  readonly name: string;
  readonly start: number;
  readonly size: number;
}

export interface GateOptions {
  readonly modifiers?: readonly Modifier[];
  readonly condition?: Condition;
}

/** Describes a gate use the way an error message should show it: `ctrl @ rx(0.5) [0, 1]`. */
export function describeGate(
  name: string,
  qubits: readonly number[],
  params: readonly ParamValue[],
  modifiers: readonly Modifier[],
): string {
  const mods = modifiers
    .map((m) =>
      m.kind === 'pow'
        ? `pow(${formatExpr(m.exponent)}) @ `
        : m.kind === 'inv'
          ? 'inv @ '
          : `${m.kind}${m.count === 1 ? '' : `(${m.count})`} @ `,
    )
    .join('');
  const args = params.length > 0 ? `(${params.map(formatExpr).join(', ')})` : '';
  return `${mods}${name}${args} [${qubits.join(', ')}]`;
}

/**
 * The gate methods shared by circuits and custom gate bodies. Parameters come first and qubits
 * last, as in OpenQASM (`rx(θ) q`) and Qiskit (`rx(theta, qubit)`).
 */
export abstract class GateBuilder {
  /** Appends a gate (standard or custom), checking it first. */
  gate(
    name: string,
    qubits: readonly number[],
    params: readonly ParamValue[] = [],
    options: GateOptions = {},
  ): this {
    const modifiers = options.modifiers ?? [];
    const where = `${this.describeNext()} ${describeGate(name, qubits, params, modifiers)}`;
    const fail = failingAt(where);
    const signature = this.lookupGate(name);
    if (signature === undefined) fail(`unknown gate '${name}'`);
    const { qubits: ownQubits, params: paramNames } = signature!;
    if (params.length !== paramNames.length) {
      fail(`takes ${paramNames.length} parameter${paramNames.length === 1 ? '' : 's'}, got ${params.length}`);
    }
    let controls = 0;
    for (const m of modifiers) {
      if (m.kind === 'ctrl' || m.kind === 'negctrl') {
        if (!Number.isInteger(m.count) || m.count < 1)
          fail(`${m.kind} count must be a positive integer, got ${m.count}`);
        controls += m.count;
      } else if (m.kind === 'pow') {
        checkFinite(m.exponent, 'pow exponent', fail);
      }
    }
    if (qubits.length !== ownQubits + controls) {
      fail(
        `acts on ${ownQubits + controls} qubit${ownQubits + controls === 1 ? '' : 's'}, got ${qubits.length}`,
      );
    }
    this.checkQubits(qubits, fail);
    params.forEach((p, i) => checkFinite(p, `parameter ${paramNames[i]}`, fail));
    this.push({
      kind: 'gate',
      name,
      qubits: [...qubits],
      params: [...params],
      modifiers: [...modifiers],
      ...this.conditionPart(options.condition, fail),
    });
    return this;
  }

  U(theta: ParamValue, phi: ParamValue, lambda: ParamValue, q: number): this {
    return this.gate('U', [q], [theta, phi, lambda]);
  }
  gphase(gamma: ParamValue): this {
    return this.gate('gphase', [], [gamma]);
  }
  p(lambda: ParamValue, q: number): this {
    return this.gate('p', [q], [lambda]);
  }
  x(q: number): this {
    return this.gate('x', [q]);
  }
  y(q: number): this {
    return this.gate('y', [q]);
  }
  z(q: number): this {
    return this.gate('z', [q]);
  }
  h(q: number): this {
    return this.gate('h', [q]);
  }
  s(q: number): this {
    return this.gate('s', [q]);
  }
  sdg(q: number): this {
    return this.gate('sdg', [q]);
  }
  t(q: number): this {
    return this.gate('t', [q]);
  }
  tdg(q: number): this {
    return this.gate('tdg', [q]);
  }
  sx(q: number): this {
    return this.gate('sx', [q]);
  }
  rx(theta: ParamValue, q: number): this {
    return this.gate('rx', [q], [theta]);
  }
  ry(theta: ParamValue, q: number): this {
    return this.gate('ry', [q], [theta]);
  }
  rz(lambda: ParamValue, q: number): this {
    return this.gate('rz', [q], [lambda]);
  }
  cx(control: number, target: number): this {
    return this.gate('cx', [control, target]);
  }
  cy(control: number, target: number): this {
    return this.gate('cy', [control, target]);
  }
  cz(control: number, target: number): this {
    return this.gate('cz', [control, target]);
  }
  cp(lambda: ParamValue, control: number, target: number): this {
    return this.gate('cp', [control, target], [lambda]);
  }
  crx(theta: ParamValue, control: number, target: number): this {
    return this.gate('crx', [control, target], [theta]);
  }
  cry(theta: ParamValue, control: number, target: number): this {
    return this.gate('cry', [control, target], [theta]);
  }
  crz(theta: ParamValue, control: number, target: number): this {
    return this.gate('crz', [control, target], [theta]);
  }
  ch(control: number, target: number): this {
    return this.gate('ch', [control, target]);
  }
  swap(a: number, b: number): this {
    return this.gate('swap', [a, b]);
  }
  ccx(c1: number, c2: number, target: number): this {
    return this.gate('ccx', [c1, c2, target]);
  }
  cswap(control: number, a: number, b: number): this {
    return this.gate('cswap', [control, a, b]);
  }
  cu(
    theta: ParamValue,
    phi: ParamValue,
    lambda: ParamValue,
    gamma: ParamValue,
    control: number,
    target: number,
  ): this {
    return this.gate('cu', [control, target], [theta, phi, lambda, gamma]);
  }
  CX(control: number, target: number): this {
    return this.gate('CX', [control, target]);
  }
  phase(lambda: ParamValue, q: number): this {
    return this.gate('phase', [q], [lambda]);
  }
  cphase(lambda: ParamValue, control: number, target: number): this {
    return this.gate('cphase', [control, target], [lambda]);
  }
  id(q: number): this {
    return this.gate('id', [q]);
  }
  u1(lambda: ParamValue, q: number): this {
    return this.gate('u1', [q], [lambda]);
  }
  u2(phi: ParamValue, lambda: ParamValue, q: number): this {
    return this.gate('u2', [q], [phi, lambda]);
  }
  u3(theta: ParamValue, phi: ParamValue, lambda: ParamValue, q: number): this {
    return this.gate('u3', [q], [theta, phi, lambda]);
  }

  protected abstract readonly qubitCount: number;
  protected abstract lookupGate(name: string): { qubits: number; params: readonly string[] } | undefined;
  protected abstract push(op: GateOperation): void;
  /** `operation #n` for circuits, `gate name, operation #n` for bodies: where an error points. */
  protected abstract describeNext(): string;
  protected conditionPart(
    condition: Condition | undefined,
    fail: (reason: string) => never,
  ): { condition?: Condition } {
    if (condition !== undefined) fail('a condition is not allowed here');
    return {};
  }

  protected checkQubits(qubits: readonly number[], fail: (reason: string) => never): void {
    const seen = new Set<number>();
    for (const q of qubits) {
      if (!Number.isInteger(q) || q < 0 || q >= this.qubitCount) {
        fail(
          `qubit ${q} is out of range (the ${this.qubitCount === 1 ? 'only qubit is 0' : `qubits are 0..${this.qubitCount - 1}`})`,
        );
      }
      if (seen.has(q)) fail(`qubit ${q} is used twice`);
      seen.add(q);
    }
  }
}

function checkFinite(value: ParamValue, what: string, fail: (reason: string) => never): void {
  if (typeof value === 'number' && !Number.isFinite(value))
    fail(`${what} must be a finite number, got ${value}`);
}

type GateLookup = (name: string) => { qubits: number; params: readonly string[] } | undefined;

/** Collects the body of a custom gate; it offers gates only (no measurement inside a gate). */
export class GateBody extends GateBuilder {
  readonly operations: GateOperation[] = [];
  protected readonly qubitCount: number;

  constructor(
    private readonly gateName: string,
    qubits: number,
    private readonly lookup: GateLookup,
  ) {
    super();
    this.qubitCount = qubits;
  }
  protected lookupGate(name: string) {
    return this.lookup(name);
  }
  protected push(op: GateOperation): void {
    this.operations.push(op);
  }
  protected describeNext(): string {
    return `gate ${this.gateName}, operation #${this.operations.length}`;
  }
}

export class Circuit extends GateBuilder {
  private readonly ops: Operation[] = [];
  private readonly definitions = new Map<string, GateDefinition>();
  private readonly quantumRegisters: Register[] = [];
  private readonly classicalRegisters: Register[] = [];
  private conditionStack: Condition[] = [];
  private qubitTotal = 0;
  private clbitTotal = 0;
  readonly name: string;

  /** `numQubits` qubits in register `q`, and `numClbits` bits in register `c` when above zero. */
  constructor(numQubits = 0, numClbits = 0, options: { name?: string } = {}) {
    super();
    this.name = options.name ?? 'circuit';
    if (numQubits > 0) this.addQuantumRegister('q', numQubits);
    if (numClbits > 0) this.addClassicalRegister('c', numClbits);
  }

  get numQubits(): number {
    return this.qubitTotal;
  }
  get numClbits(): number {
    return this.clbitTotal;
  }
  get operations(): readonly Operation[] {
    return this.ops;
  }
  get qregs(): readonly Register[] {
    return this.quantumRegisters;
  }
  get cregs(): readonly Register[] {
    return this.classicalRegisters;
  }
  get gateDefinitions(): ReadonlyMap<string, GateDefinition> {
    return this.definitions;
  }
  protected get qubitCount(): number {
    return this.qubitTotal;
  }

  /** Names of the circuit's free parameters, bound by `run(..., { parameters })`. */
  get parameters(): string[] {
    const names = new Set<string>();
    for (const op of this.ops) if (op.kind === 'gate') gateParameters(op, names);
    return [...names].sort();
  }

  addQuantumRegister(name: string, size: number): Register {
    const register = this.newRegister(name, size, this.qubitTotal, this.quantumRegisters);
    this.qubitTotal += size;
    return register;
  }

  addClassicalRegister(name: string, size: number): Register {
    const register = this.newRegister(name, size, this.clbitTotal, this.classicalRegisters);
    this.clbitTotal += size;
    return register;
  }

  /**
   * Defines a custom gate from other gates. `build` receives the body builder and one symbolic
   * parameter per name:
   *
   *     c.defineGate('rzz', { params: ['theta'], qubits: 2 }, (g, theta) => g.cx(0, 1).rz(theta, 1).cx(0, 1));
   */
  defineGate(
    name: string,
    shape: { params?: readonly string[]; qubits: number },
    build: (body: GateBody, ...params: ParamValue[]) => unknown,
  ): this {
    const params = shape.params ?? [];
    const fail = (reason: string): never => {
      throw QuantumErrors.invalidGateDefinition({ gate: name, reason }, { details: { gate: name, reason } });
    };
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) fail('the name must be an identifier');
    if (STANDARD_GATES.has(name) || this.definitions.has(name)) fail('a gate of this name already exists');
    if (!Number.isInteger(shape.qubits) || shape.qubits < 1) fail('a gate acts on at least one qubit');
    if (new Set(params).size !== params.length) fail('parameter names must be distinct');
    const body = new GateBody(name, shape.qubits, (n) => this.lookupGate(n));
    build(body, ...params.map((p): ParamValue => ({ kind: 'parameter', name: p })));
    for (const op of body.operations) {
      const free = new Set<string>();
      op.params.forEach((p) => freeParameters(p, free));
      const unknown = [...free].filter((p) => !params.includes(p));
      if (unknown.length > 0) fail(`the body uses undeclared parameter '${unknown[0]}'`);
    }
    this.definitions.set(name, { name, params: [...params], qubits: shape.qubits, body: body.operations });
    return this;
  }

  /** `measure q -> c`; with arrays, pairs them up in order. */
  measure(qubit: number | readonly number[], clbit: number | readonly number[]): this {
    const qubits = typeof qubit === 'number' ? [qubit] : qubit;
    const clbits = typeof clbit === 'number' ? [clbit] : clbit;
    const where = `${this.describeNext()} measure [${qubits.join(', ')}] -> [${clbits.join(', ')}]`;
    const fail = failingAt(where);
    if (qubits.length !== clbits.length) fail(`${qubits.length} qubits but ${clbits.length} classical bits`);
    qubits.forEach((q) => this.checkQubits([q], fail));
    this.checkClbits(clbits, fail);
    qubits.forEach((q, i) =>
      this.ops.push({ kind: 'measure', qubit: q, clbit: clbits[i]!, ...this.conditionPart(undefined, fail) }),
    );
    return this;
  }

  /** Adds register `meas` with one bit per qubit, a barrier, and measures qubit i into meas[i] (as Qiskit). */
  measureAll(): this {
    const meas = this.addClassicalRegister('meas', this.qubitTotal);
    this.barrier();
    const qubits = Array.from({ length: this.qubitTotal }, (_, i) => i);
    return this.measure(
      qubits,
      qubits.map((q) => meas.start + q),
    );
  }

  reset(qubit: number): this {
    const where = `${this.describeNext()} reset [${qubit}]`;
    const fail = failingAt(where);
    this.checkQubits([qubit], fail);
    this.ops.push({ kind: 'reset', qubit, ...this.conditionPart(undefined, fail) });
    return this;
  }

  /** A barrier over the given qubits, or over all of them when none are given. */
  barrier(...qubits: number[]): this {
    const where = `${this.describeNext()} barrier`;
    const fail = failingAt(where);
    const list = qubits.length > 0 ? qubits : Array.from({ length: this.qubitTotal }, (_, i) => i);
    this.checkQubits(list, fail);
    this.ops.push({ kind: 'barrier', qubits: list });
    return this;
  }

  /**
   * Operations appended inside `build` run only when the classical bits read `value`
   * (OpenQASM 2.0's `if (c == 3) x q[0];`):
   *
   *     c.ifBits({ clbits: [0], value: 1 }, (c) => c.x(1));
   */
  ifBits(condition: Condition, build: (circuit: this) => unknown): this {
    const where = `${this.describeNext()} if`;
    const fail = failingAt(where);
    if (condition.clbits.length === 0) fail('a condition needs at least one classical bit');
    this.checkClbits(condition.clbits, fail);
    if (
      !Number.isInteger(condition.value) ||
      condition.value < 0 ||
      condition.value >= 2 ** condition.clbits.length
    ) {
      fail(`value ${condition.value} does not fit in ${condition.clbits.length} bit(s)`);
    }
    if (this.conditionStack.length > 0) fail('conditions do not nest; combine the bits into one condition');
    this.conditionStack = [{ clbits: [...condition.clbits], value: condition.value }];
    try {
      build(this);
    } finally {
      this.conditionStack = [];
    }
    return this;
  }

  /** A copy of this circuit whose later appends do not affect the original. */
  copy(): Circuit {
    const clone = new Circuit(0, 0, { name: this.name });
    this.quantumRegisters.forEach((r) => clone.addQuantumRegister(r.name, r.size));
    this.classicalRegisters.forEach((r) => clone.addClassicalRegister(r.name, r.size));
    this.definitions.forEach((d, k) => clone.definitions.set(k, d));
    clone.ops.push(...this.ops);
    return clone;
  }

  protected lookupGate(name: string): { qubits: number; params: readonly string[] } | undefined {
    return STANDARD_GATES.get(name) ?? this.definitions.get(name);
  }
  protected push(op: GateOperation): void {
    this.ops.push(op);
  }
  protected describeNext(): string {
    return `operation #${this.ops.length}`;
  }
  protected override conditionPart(
    condition: Condition | undefined,
    fail: (reason: string) => never,
  ): { condition?: Condition } {
    if (condition !== undefined) {
      if (this.conditionStack.length > 0) fail('conditions do not nest; combine the bits into one condition');
      this.checkClbits(condition.clbits, fail);
      return { condition };
    }
    const active = this.conditionStack[0];
    return active === undefined ? {} : { condition: active };
  }

  private checkClbits(clbits: readonly number[], fail: (reason: string) => never): void {
    for (const b of clbits) {
      if (!Number.isInteger(b) || b < 0 || b >= this.clbitTotal) {
        fail(
          this.clbitTotal === 0
            ? `classical bit ${b} does not exist: the circuit has no classical bits`
            : `classical bit ${b} is out of range (the bits are 0..${this.clbitTotal - 1})`,
        );
      }
    }
  }

  private newRegister(name: string, size: number, start: number, list: Register[]): Register {
    const fail = (reason: string): never => {
      throw QuantumErrors.invalidCircuit(
        { reason: `register '${name}': ${reason}` },
        { details: { register: name, reason } },
      );
    };
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) fail('the name must be an identifier');
    if (!Number.isInteger(size) || size < 1) fail(`size must be a positive integer, got ${size}`);
    if ([...this.quantumRegisters, ...this.classicalRegisters].some((r) => r.name === name))
      fail('the name is taken');
    const register = { name, start, size };
    list.push(register);
    return register;
  }
}
