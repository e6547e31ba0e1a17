/**
 * Conversion between this package's `Circuit` and a circuit of the npm package `quantum-circuit`
 * (0.9.x, an optional peer dependency: only this entry, `qcirc/adapters/quantum-circuit`, loads it).
 *
 * Exact both ways: each quantum-circuit gate becomes the model gate with the same matrix, global
 * phase included, or its exact decomposition into model gates (`xx`, `yy`, `zz`, `xy`, `iswap`,
 * `srswap`, `ms` have no model gate); each model gate with modifiers is rewritten as the OpenQASM
 * 2.0 exporter rewrites it (quantum-circuit has qelib1's gates and no modifiers), and what has no
 * exact rewrite is refused with `CANNOT_EXPORT` naming the operation. A global phase that would be
 * lost (the model's `u2`, `u3`, `cu` and `gphase` carry one) is written as `rz(-2γ)` then `u1(2γ)` on
 * one qubit, whose product is `e^{iγ}` times the identity.
 *
 * quantum-circuit lays gates out in columns; its simulator runs them column by column, wire by
 * wire within a column, and so does the import. Classical registers map to its `cregs` in order,
 * a condition to its `condition: {creg, value}` (one whole register), custom gates to its
 * `registerGate` subcircuits, symbolic parameters to its math.js parameter strings.
 */
import { createRequire } from 'node:module';
import {
  Circuit,
  ctrl,
  describeGate,
  inv,
  type Condition,
  type GateOperation,
  type Modifier,
  type Register,
} from '../circuit/circuit.js';
import {
  add,
  call,
  div,
  evaluate,
  freeParameters,
  mul,
  neg,
  sub,
  type Expr,
  type MathFunction,
  type ParamValue,
} from '../circuit/expr.js';
import { QuantumErrors } from '../errors.js';
import { rewriteForQelib, type QelibCall } from '../qasm/export-qelib.js';

/** Options of one quantum-circuit gate cell: angles by name, the measured bit, the condition. */
export interface QuantumCircuitGateOptions {
  params?: Record<string, string | number>;
  creg?: { name: string; bit: number | string };
  condition?: { creg?: string; value?: number };
}

/** A gate as `getGateAt` returns it: `connector` 0 is its first wire. */
export interface QuantumCircuitGate {
  name: string;
  connector: number;
  wires: number[];
  options?: QuantumCircuitGateOptions;
}

/** What `save()` returns and `registerGate` takes: a circuit as plain data. */
export interface QuantumCircuitData {
  numQubits: number;
  params?: string[];
  customGates?: Record<string, QuantumCircuitData>;
}

/** A math.js expression tree, as quantum-circuit's `parseMathString` returns it. */
interface MathNode {
  type: string;
  value?: unknown;
  name?: string;
  op?: string;
  fn?: string | { name?: string };
  args?: MathNode[];
  content?: MathNode;
}

/** The members of a quantum-circuit `QuantumCircuit` this adapter uses. */
export interface QuantumCircuit {
  numQubits: number;
  params: string[];
  cregs: Record<string, number[]>;
  customGates: Record<string, QuantumCircuitData>;
  basicGates: Record<string, { params?: string[] }>;
  numCols(): number;
  getGateAt(column: number, wire: number): QuantumCircuitGate | null;
  appendGate(name: string, wires: number | number[], options?: QuantumCircuitGateOptions): string;
  createCreg(name: string, size: number): void;
  registerGate(name: string, circuit: QuantumCircuitData): void;
  save(): QuantumCircuitData;
  load(data: QuantumCircuitData): void;
  parseMathString(expression: string): { node: MathNode };
  evalMathString(expression: string): unknown;
}

type QuantumCircuitConstructor = new (qubits?: number) => QuantumCircuit;

const FORMAT = 'quantum-circuit';

// ---------------------------------------------------------------- import

/** A model gate call: what one quantum-circuit gate becomes (one or several of these). */
interface Step {
  readonly name: string;
  readonly qubits: readonly number[];
  readonly params: readonly ParamValue[];
  readonly modifiers?: readonly Modifier[];
}

const step = (
  name: string,
  qubits: readonly number[],
  params: readonly ParamValue[] = [],
  modifiers?: Modifier[],
): Step => (modifiers === undefined ? { name, qubits, params } : { name, qubits, params, modifiers });

const PI = Math.PI;
const plus = (a: ParamValue, b: ParamValue): ParamValue =>
  typeof a === 'number' && typeof b === 'number' ? a + b : add(a, b);
const minus = (a: ParamValue, b: ParamValue): ParamValue =>
  typeof a === 'number' && typeof b === 'number' ? a - b : sub(a, b);
const times = (k: number, v: ParamValue): ParamValue => (typeof v === 'number' ? k * v : mul(k, v));
const negate = (v: ParamValue): ParamValue => (typeof v === 'number' ? (v === 0 ? 0 : -v) : neg(v));

/** exp(-iθ Z⊗Z) on a, b. */
const zzSteps = (a: number, b: number, theta: ParamValue): Step[] => [
  step('cx', [a, b]),
  step('rz', [b], [times(2, theta)]),
  step('cx', [a, b]),
];
/** exp(-iθ X⊗X): Z⊗Z seen through H on both qubits. */
const xxSteps = (a: number, b: number, theta: ParamValue): Step[] => [
  step('h', [a]),
  step('h', [b]),
  ...zzSteps(a, b, theta),
  step('h', [a]),
  step('h', [b]),
];
/** exp(-iθ Y⊗Y): Z⊗Z seen through S·H (which takes Z to Y) on both qubits. */
const yySteps = (a: number, b: number, theta: ParamValue): Step[] => [
  step('sdg', [a]),
  step('h', [a]),
  step('sdg', [b]),
  step('h', [b]),
  ...zzSteps(a, b, theta),
  step('h', [a]),
  step('s', [a]),
  step('h', [b]),
  step('s', [b]),
];
/** xy(φ) = exp(iφ/4 (X⊗X + Y⊗Y)); the two terms commute. */
const xySteps = (a: number, b: number, phi: ParamValue): Step[] => [
  ...xxSteps(a, b, times(-0.25, phi)),
  ...yySteps(a, b, times(-0.25, phi)),
];
/** √SWAP = cx(a,b) · (√X on a controlled by b) · cx(a,b), as SWAP = cx(a,b) · cx(b,a) · cx(a,b). */
const srswapSteps = (a: number, b: number): Step[] => [
  step('cx', [a, b]),
  step('sx', [b, a], [], [ctrl()]),
  step('cx', [a, b]),
];
/**
 * Controlled √SWAP: the same with √X = H S H controlled by c and b, that doubly controlled S
 * written with cp and cx (phase π/2·bc = π/4·(b + c - b⊕c)), so each piece has a quantum-circuit gate.
 */
const csrswapSteps = (c: number, a: number, b: number): Step[] => [
  step('cx', [a, b]),
  step('h', [a]),
  step('cp', [b, a], [PI / 4]),
  step('cx', [c, b]),
  step('cp', [b, a], [-PI / 4]),
  step('cx', [c, b]),
  step('cp', [c, a], [PI / 4]),
  step('h', [a]),
  step('cx', [a, b]),
];

/** Gates with the same name, parameters and matrix on both sides. */
const SAME_GATES = 'id x y z h s sdg t tdg rx ry rz u1 cx cy cz ch swap ccx cswap crx cry crz'.split(' ');

/** Each quantum-circuit gate as model gates with the same matrix; `p` are its angles in its order. */
const FROM_QC: Readonly<Record<string, (q: readonly number[], p: readonly ParamValue[]) => Step[]>> = {
  ...Object.fromEntries(
    SAME_GATES.map((name) => [name, (q: readonly number[], p: readonly ParamValue[]) => [step(name, q, p)]]),
  ),
  srn: (q) => [step('sx', q)],
  srndg: (q) => [step('sx', q, [], [inv()])],
  r2: (q) => [step('s', q)],
  r4: (q) => [step('t', q)],
  r8: (q) => [step('p', q, [PI / 8])],
  vz: (q, p) => [step('rz', q, p)],
  // quantum-circuit's u2 and u3 have no global phase: they are OpenQASM 3's U.
  u2: (q, p) => [step('U', q, [PI / 2, p[0]!, p[1]!])],
  u3: (q, p) => [step('U', q, p)],
  // gpi(φ) = [[0, e^{-iφ}], [e^{iφ}, 0]] = U(π, φ, π - φ); gpi2(φ) = U(π/2, φ - π/2, π/2 - φ).
  gpi: (q, p) => [step('U', q, [PI, p[0]!, minus(PI, p[0]!)])],
  gpi2: (q, p) => [step('U', q, [PI / 2, minus(p[0]!, PI / 2), minus(PI / 2, p[0]!)])],
  csrn: (q) => [step('sx', q, [], [ctrl()])],
  srswap: (q) => srswapSteps(q[0]!, q[1]!),
  iswap: (q) => xySteps(q[0]!, q[1]!, PI),
  // quantum-circuit's xx(θ) and yy(θ) are exp(-iθ P⊗P) (cos θ on the diagonal); zz(θ) is exp(-iθ/2 Z⊗Z).
  xx: (q, p) => xxSteps(q[0]!, q[1]!, p[0]!),
  yy: (q, p) => yySteps(q[0]!, q[1]!, p[0]!),
  zz: (q, p) => zzSteps(q[0]!, q[1]!, times(0.5, p[0]!)),
  xy: (q, p) => xySteps(q[0]!, q[1]!, p[0]!),
  // ms(φ0, φ1) = exp(-iπ/4 σ(φ0)⊗σ(φ1)), σ(φ) = rz(φ) X rz(-φ).
  ms: (q, p) => [
    step('rz', [q[0]!], [negate(p[0]!)]),
    step('rz', [q[1]!], [negate(p[1]!)]),
    ...xxSteps(q[0]!, q[1]!, PI / 4),
    step('rz', [q[0]!], [p[0]!]),
    step('rz', [q[1]!], [p[1]!]),
  ],
  cr2: (q) => [step('cp', q, [PI / 2])],
  cr4: (q) => [step('cp', q, [PI / 4])],
  cr8: (q) => [step('cp', q, [PI / 8])],
  cu1: (q, p) => [step('cp', q, p)],
  cu2: (q, p) => [step('cu', q, [PI / 2, p[0]!, p[1]!, 0])],
  cu3: (q, p) => [step('cu', q, [...p, 0])],
  cs: (q) => [step('s', q, [], [ctrl()])],
  ct: (q) => [step('t', q, [], [ctrl()])],
  csdg: (q) => [step('sdg', q, [], [ctrl()])],
  ctdg: (q) => [step('tdg', q, [], [ctrl()])],
  csrswap: (q) => csrswapSteps(q[0]!, q[1]!, q[2]!),
};

/** quantum-circuit (math.js) function names and the model's. */
const MATH_FROM_QC: Readonly<Record<string, MathFunction>> = {
  sin: 'sin',
  cos: 'cos',
  tan: 'tan',
  asin: 'arcsin',
  acos: 'arccos',
  atan: 'arctan',
  exp: 'exp',
  log: 'log',
  sqrt: 'sqrt',
};
const MATH_TO_QC: Readonly<Record<MathFunction, string>> = {
  sin: 'sin',
  cos: 'cos',
  tan: 'tan',
  arcsin: 'asin',
  arccos: 'acos',
  arctan: 'atan',
  exp: 'exp',
  log: 'log',
  sqrt: 'sqrt',
};
const lift = (v: ParamValue): Expr => (typeof v === 'number' ? { kind: 'number', value: v } : v);
const BINARY_FROM_QC: Readonly<Record<string, (a: ParamValue, b: ParamValue) => Expr>> = {
  add,
  subtract: sub,
  multiply: mul,
  divide: div,
  pow: (a, b) => ({ kind: 'binary', op: '**', left: lift(a), right: lift(b) }),
};

function refuseImport(where: string, reason: string): never {
  const message = `quantum-circuit ${where}: ${reason}`;
  throw QuantumErrors.invalidCircuit(
    { reason: message },
    { details: { format: FORMAT, operation: where, reason } },
  );
}

/** Reads a quantum-circuit circuit into `target`, defining its custom gates on first use. */
class Reader {
  /** The custom gates defined in the target so far. */
  private readonly defined = new Set<string>();

  constructor(
    private readonly qc: QuantumCircuit,
    private readonly target: Circuit,
  ) {}

  /** A gate angle: a number, or a math.js string over the scope's parameters. */
  private param(value: string | number | undefined, scope: ReadonlySet<string>, where: string): ParamValue {
    if (typeof value === 'number') return value;
    if (value === undefined) refuseImport(where, 'an angle is missing');
    let node: MathNode;
    try {
      node = this.qc.parseMathString(value).node;
    } catch (error) {
      return refuseImport(where, `angle '${value}' is not an expression: ${String(error)}`);
    }
    const expr = this.expr(node, scope, where, value);
    return freeParameters(expr).size === 0 ? evaluate(expr, new Map()) : expr;
  }

  private expr(node: MathNode, scope: ReadonlySet<string>, where: string, text: string): ParamValue {
    const unsupported = (what: string): never =>
      refuseImport(where, `angle '${text}': ${what} has no model form`);
    switch (node.type) {
      case 'ConstantNode':
        return typeof node.value === 'number'
          ? node.value
          : unsupported(`the constant ${String(node.value)}`);
      case 'ParenthesisNode':
        return this.expr(node.content!, scope, where, text);
      case 'SymbolNode': {
        const name = node.name ?? '';
        // math.js reads the scope first, then its own constants (pi, e, tau, phi...).
        if (scope.has(name)) return { kind: 'parameter', name };
        const constant = this.constant(name);
        return constant ?? { kind: 'parameter', name };
      }
      case 'OperatorNode': {
        const fn = typeof node.fn === 'string' ? node.fn : '';
        const args = (node.args ?? []).map((a) => this.expr(a, scope, where, text));
        if (fn === 'unaryMinus' && args.length === 1) return negate(args[0]!);
        if (fn === 'unaryPlus' && args.length === 1) return args[0]!;
        const binary = BINARY_FROM_QC[fn];
        if (binary !== undefined && args.length === 2) return binary(args[0]!, args[1]!);
        return unsupported(`operator '${node.op ?? fn}'`);
      }
      case 'FunctionNode': {
        const name = typeof node.fn === 'object' ? (node.fn.name ?? '') : (node.name ?? '');
        const fn = MATH_FROM_QC[name];
        if (fn === undefined || node.args?.length !== 1) return unsupported(`function '${name}'`);
        return call(fn, this.expr(node.args[0]!, scope, where, text));
      }
    }
    return unsupported(`a ${node.type}`);
  }

  /** The value of a math.js constant (`pi`, `e`, ...), or undefined for a free name. */
  private constant(name: string): number | undefined {
    try {
      const value = this.qc.evalMathString(name);
      return typeof value === 'number' ? value : undefined;
    } catch {
      return undefined;
    }
  }

  /** Defines the custom gate `name` (and first the custom gates its body uses) in the target. */
  private defineCustom(name: string, gates: Record<string, QuantumCircuitData>, where: string): void {
    if (this.defined.has(name)) return;
    const data = gates[name];
    if (data === undefined)
      refuseImport(where, `gate '${name}' is neither a quantum-circuit gate nor a registered one`);
    const body = new (this.qc.constructor as QuantumCircuitConstructor)();
    body.load(data);
    const nested = { ...gates, ...(data.customGates ?? {}) };
    const params = [...(data.params ?? [])];
    const scope = new Set(params);
    const ops: Step[] = [];
    forEachGate(body, (gate, column) => {
      const at = `gate '${name}', column ${column} ${gate.name}`;
      if (gate.name === 'measure' || gate.name === 'reset')
        refuseImport(at, 'a custom gate body holds gates only');
      if (gate.options?.condition?.creg !== undefined)
        refuseImport(at, 'a custom gate body has no conditions');
      if (gate.name === 'barrier') return;
      if (FROM_QC[gate.name] === undefined) this.defineCustom(gate.name, nested, at);
      ops.push(...this.steps(gate, body, scope, at));
    });
    this.defined.add(name);
    this.target.defineGate(name, { params, qubits: body.numQubits }, (g) => {
      for (const s of ops)
        g.gate(s.name, s.qubits, s.params, s.modifiers === undefined ? {} : { modifiers: s.modifiers });
    });
  }

  /** The model calls for one gate of `owner` (whose `basicGates` name the angles). */
  private steps(
    gate: QuantumCircuitGate,
    owner: QuantumCircuit,
    scope: ReadonlySet<string>,
    where: string,
  ): Step[] {
    const values = gate.options?.params ?? {};
    const basic = FROM_QC[gate.name];
    if (basic === undefined) {
      const custom = owner.customGates[gate.name] ?? this.qc.customGates[gate.name];
      const names = custom?.params ?? [];
      return [
        step(
          gate.name,
          gate.wires,
          names.map((n) => this.param(values[n], scope, `${where} ${n}`)),
        ),
      ];
    }
    const names = owner.basicGates[gate.name]?.params ?? [];
    return basic(
      gate.wires,
      names.map((n) => this.param(values[n], scope, `${where} ${n}`)),
    );
  }

  read(): void {
    const { qc, target } = this;
    const starts = new Map<string, Register>();
    for (const [name, bits] of Object.entries(qc.cregs))
      starts.set(name, target.addClassicalRegister(name, bits.length));
    const scope = new Set(qc.params);
    forEachGate(qc, (gate, column) => {
      const where = `column ${column} ${gate.name} [${gate.wires.join(', ')}]`;
      const condition = this.condition(gate, starts, where);
      const options = condition === undefined ? {} : { condition };
      switch (gate.name) {
        case 'measure': {
          const creg = gate.options?.creg;
          const register = creg === undefined ? undefined : starts.get(creg.name);
          if (creg === undefined || register === undefined)
            refuseImport(where, 'a measurement needs a classical register');
          const bit = Number(creg.bit);
          if (!Number.isInteger(bit) || bit < 0 || bit >= register.size)
            refuseImport(
              where,
              `bit ${String(creg.bit)} is not in register '${creg.name}' of ${register.size}`,
            );
          if (condition === undefined) target.measure(gate.wires[0]!, register.start + bit);
          else target.ifBits(condition, (c) => c.measure(gate.wires[0]!, register.start + bit));
          return;
        }
        case 'reset':
          if (condition === undefined) target.reset(gate.wires[0]!);
          else target.ifBits(condition, (c) => c.reset(gate.wires[0]!));
          return;
        case 'barrier':
          target.barrier(...gate.wires);
          return;
      }
      if (FROM_QC[gate.name] === undefined) this.defineCustom(gate.name, qc.customGates, where);
      for (const s of this.steps(gate, qc, scope, where)) {
        target.gate(s.name, s.qubits, s.params, {
          ...options,
          ...(s.modifiers === undefined ? {} : { modifiers: s.modifiers }),
        });
      }
    });
  }

  private condition(
    gate: QuantumCircuitGate,
    starts: ReadonlyMap<string, Register>,
    where: string,
  ): Condition | undefined {
    const condition = gate.options?.condition;
    if (condition?.creg === undefined) return undefined;
    const register = starts.get(condition.creg);
    if (register === undefined)
      refuseImport(where, `the condition reads unknown register '${condition.creg}'`);
    const clbits = Array.from({ length: register.size }, (_, i) => register.start + i);
    return { clbits, value: Number(condition.value ?? 0) };
  }
}

/** Calls `visit` for each gate in the order quantum-circuit's simulator applies them. */
function forEachGate(qc: QuantumCircuit, visit: (gate: QuantumCircuitGate, column: number) => void): void {
  const columns = qc.numCols();
  for (let column = 0; column < columns; column += 1) {
    for (let wire = 0; wire < qc.numQubits; wire += 1) {
      const gate = qc.getGateAt(column, wire);
      if (gate !== null && gate.connector === 0) visit(gate, column);
    }
  }
}

/**
 * The model circuit of a quantum-circuit circuit: its wires as register `q`, its classical
 * registers in order, its custom gates as gate definitions. A gate it cannot read (an unknown
 * name, an angle using a math.js function the model lacks, a measurement inside a custom gate) is
 * refused with `INVALID_CIRCUIT` naming the column and gate.
 */
export function fromQuantumCircuit(qc: QuantumCircuit, options: { name?: string } = {}): Circuit {
  const circuit = new Circuit(qc.numQubits, 0, options.name === undefined ? {} : { name: options.name });
  new Reader(qc, circuit).read();
  return circuit;
}

// ---------------------------------------------------------------- export

let constructorCache: QuantumCircuitConstructor | undefined;

function loadQuantumCircuit(): QuantumCircuitConstructor {
  if (constructorCache !== undefined) return constructorCache;
  try {
    constructorCache = createRequire(import.meta.url)('quantum-circuit') as QuantumCircuitConstructor;
    return constructorCache;
  } catch (error) {
    throw QuantumErrors.cannotExport(
      {
        format: FORMAT,
        operation: 'the circuit',
        reason: 'the package quantum-circuit is not installed (npm install quantum-circuit)',
      },
      {
        details: { format: FORMAT, operation: 'the circuit', reason: 'quantum-circuit is not installed' },
        cause: error,
      },
    );
  }
}

function refuseExport(operation: string, reason: string): never {
  throw QuantumErrors.cannotExport(
    { format: FORMAT, operation, reason },
    { details: { format: FORMAT, operation, reason } },
  );
}

/** Names in the OpenQASM 2.0 rewrite whose quantum-circuit gate has the same matrix. */
const SAME_MATRIX: Readonly<Record<string, string>> = {
  ...Object.fromEntries(SAME_GATES.map((name) => [name, name])),
  sx: 'srn',
  sxdg: 'srndg',
  csx: 'csrn',
  p: 'u1',
  U: 'u3',
  CX: 'cx',
  cp: 'cu1',
  cu3: 'cu3',
};

/** A math.js string for a model angle: numbers exactly (shortest round-trip form), names as they are. */
function mathString(value: ParamValue): string {
  if (typeof value === 'number') return String(value);
  switch (value.kind) {
    case 'number':
      return `(${value.value})`;
    case 'parameter':
      return value.name;
    case 'unary':
      return `(-${mathString(value.operand)})`;
    case 'binary':
      return `(${mathString(value.left)} ${value.op === '**' ? '^' : value.op} ${mathString(value.right)})`;
    case 'call':
      return `${MATH_TO_QC[value.fn]}(${value.args.map(mathString).join(', ')})`;
  }
}

/** Writes model operations into one quantum-circuit circuit (the top level or a gate body). */
class Writer {
  /** The global phase gathered from unconditioned gates since it was last written. */
  private phase: ParamValue = 0;

  constructor(
    private readonly qc: QuantumCircuit,
    private readonly custom: ReadonlyMap<string, readonly string[]>,
  ) {}

  gate(op: GateOperation, operation: string, options: QuantumCircuitGateOptions): void {
    const calls = rewriteForQelib(op, (reason) =>
      refuseExport(operation, `quantum-circuit has OpenQASM 2.0's gates and no modifiers, and ${reason}`),
    );
    for (const c of calls) this.call(c, operation, options);
  }

  private call(c: QelibCall, operation: string, options: QuantumCircuitGateOptions): void {
    const [a, b, d] = c.params;
    const phased = (name: string, params: readonly ParamValue[], phase: ParamValue): void => {
      this.append(name, c.qubits, params, options);
      this.addPhase(phase, options);
    };
    if (c.custom) {
      const names = this.custom.get(c.name)!;
      const params = Object.fromEntries(names.map((n, i) => [n, mathString(c.params[i]!)]));
      this.qc.appendGate(c.name, [...c.qubits], { ...options, params });
      return;
    }
    const same = SAME_MATRIX[c.name];
    if (same !== undefined) return this.append(same, c.qubits, c.params, options);
    switch (c.name) {
      // The model's u2 and u3 are e^{-i(φ+λ)/2} U; quantum-circuit's are U.
      case 'u2':
        return phased('u2', [a!, b!], times(-0.5, plus(a!, b!)));
      case 'u3':
        return phased('u3', [a!, b!, d!], times(-0.5, plus(b!, d!)));
      case 'gphase':
        return this.addPhase(a!, options);
      // cu(θ, φ, λ, γ) = p(γ) on the control, then cu3(θ, φ, λ).
      case 'cu':
        this.append('cu3', c.qubits, [a!, b!, d!], options);
        return this.append('u1', [c.qubits[0]!], [c.params[3]!], options);
    }
    return refuseExport(operation, `'${c.name}' has no quantum-circuit gate`);
  }

  append(
    name: string,
    qubits: readonly number[],
    params: readonly ParamValue[],
    options: QuantumCircuitGateOptions,
  ): void {
    const names = this.qc.basicGates[name]?.params ?? [];
    const values = Object.fromEntries(names.map((n, i) => [n, mathString(params[i]!)]));
    this.qc.appendGate(
      name,
      [...qubits],
      names.length === 0 ? { ...options } : { ...options, params: values },
    );
  }

  private addPhase(phase: ParamValue, options: QuantumCircuitGateOptions): void {
    if (options.condition === undefined) this.phase = plus(this.phase, phase);
    else this.writePhase(phase, options);
  }

  /** e^{iγ} I as rz(-2γ) then u1(2γ) on qubit 0. */
  private writePhase(phase: ParamValue, options: QuantumCircuitGateOptions): void {
    if (phase === 0) return;
    if (this.qc.numQubits === 0) refuseExport('gphase', 'a global phase needs a qubit in quantum-circuit');
    this.append('rz', [0], [times(-2, phase)], options);
    this.append('u1', [0], [times(2, phase)], options);
  }

  /** Writes the gathered phase: before a measurement, reset or condition, and at the end. */
  flushPhase(): void {
    this.writePhase(this.phase, {});
    this.phase = 0;
  }
}

/**
 * Names math.js resolves itself (pi, e, phi, gamma, sin...): quantum-circuit does not take them
 * for free parameters of a circuit or a gate, so a parameter so named would not stay one.
 */
function checkParameterNames(qc: QuantumCircuit, names: Iterable<string>, operation: string): void {
  for (const name of names) {
    let value: unknown;
    try {
      value = qc.evalMathString(name);
    } catch {
      continue;
    }
    // A unit (`b`, `m`...) is not one of math.js's names: the scope's value still wins.
    if ((value as { isUnit?: boolean } | undefined)?.isUnit === true) continue;
    refuseExport(operation, `parameter '${name}' is a math.js name in quantum-circuit; rename it`);
  }
}

function describe(op: Circuit['operations'][number], index: number): string {
  switch (op.kind) {
    case 'gate':
      return `operation #${index} ${describeGate(op.name, op.qubits, op.params, op.modifiers)}`;
    case 'measure':
      return `operation #${index} measure [${op.qubit}] -> [${op.clbit}]`;
    case 'reset':
      return `operation #${index} reset [${op.qubit}]`;
    case 'barrier':
      return `operation #${index} barrier`;
  }
}

/** quantum-circuit conditions compare one whole register with a value. */
function conditionOption(
  condition: Condition | undefined,
  cregs: readonly Register[],
  operation: string,
): QuantumCircuitGateOptions {
  if (condition === undefined) return {};
  const register = cregs.find(
    (r) => r.size === condition.clbits.length && condition.clbits.every((bit, i) => bit === r.start + i),
  );
  if (register === undefined) {
    refuseExport(
      operation,
      `quantum-circuit conditions compare one whole classical register, and bits [${condition.clbits.join(', ')}] are not one`,
    );
  }
  return { condition: { creg: register.name, value: condition.value } };
}

/**
 * A quantum-circuit circuit with the same unitary (global phase included) and the same
 * measurements, resets, barriers and conditions. Quantum registers become its wires (it has no
 * quantum registers), classical registers its `cregs`, custom gates registered subcircuits.
 * Refused with `CANNOT_EXPORT` naming the operation: a modifier with no exact OpenQASM 2.0 rewrite
 * (a non-integer `pow`, a controlled custom gate...), a condition on bits that are not one whole
 * register, a custom gate or parameter whose name quantum-circuit already uses.
 */
export function toQuantumCircuit(circuit: Circuit): QuantumCircuit {
  const QuantumCircuitClass = loadQuantumCircuit();
  const qc = new QuantumCircuitClass(circuit.numQubits);
  checkParameterNames(qc, circuit.parameters, 'the circuit');
  const custom = new Map<string, readonly string[]>();
  const saved = new Map<string, QuantumCircuitData>();
  for (const definition of circuit.gateDefinitions.values()) {
    const where = `gate definition '${definition.name}'`;
    if (qc.basicGates[definition.name] !== undefined)
      refuseExport(where, `quantum-circuit has a gate named '${definition.name}'`);
    checkParameterNames(qc, definition.params, where);
    const body = new QuantumCircuitClass(definition.qubits);
    const writer = new Writer(body, custom);
    const used = new Set<string>();
    definition.body.forEach((op, i) => {
      if (custom.has(op.name)) used.add(op.name);
      writer.gate(
        op,
        `${where}, operation #${i} ${describeGate(op.name, op.qubits, op.params, op.modifiers)}`,
        {},
      );
    });
    writer.flushPhase();
    for (const name of used) body.registerGate(name, saved.get(name)!);
    // save() lists only the parameters the body reads, in the order it reads them; a call names them.
    saved.set(definition.name, { ...body.save(), params: [...definition.params] });
    custom.set(definition.name, definition.params);
  }
  for (const [name, data] of saved) qc.registerGate(name, data);
  for (const r of circuit.cregs) qc.createCreg(r.name, r.size);
  const writer = new Writer(qc, custom);
  circuit.operations.forEach((op, i) => {
    const operation = describe(op, i);
    if (op.kind !== 'barrier' && (op.kind !== 'gate' || op.condition !== undefined)) writer.flushPhase();
    switch (op.kind) {
      case 'gate':
        return writer.gate(op, operation, conditionOption(op.condition, circuit.cregs, operation));
      case 'measure': {
        const register = circuit.cregs.find((r) => op.clbit >= r.start && op.clbit < r.start + r.size)!;
        qc.appendGate('measure', op.qubit, {
          ...conditionOption(op.condition, circuit.cregs, operation),
          creg: { name: register.name, bit: op.clbit - register.start },
        });
        return;
      }
      case 'reset':
        qc.appendGate('reset', op.qubit, conditionOption(op.condition, circuit.cregs, operation));
        return;
      case 'barrier':
        qc.appendGate('barrier', [...op.qubits]);
        return;
    }
  });
  writer.flushPhase();
  return qc;
}
