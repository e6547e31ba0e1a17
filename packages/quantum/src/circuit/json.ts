/**
 * Conversions between circuits and their JSON form (schema: `json-schema.ts`).
 *
 * `circuitFromJson` builds the circuit through the library API, so every model check applies;
 * a failure becomes INVALID_OPERATION or INVALID_CIRCUIT whose `details.field` is the JSON
 * pointer of the offending field (`/operations/3/qubits/1`).
 */
import { AppError } from '@lab/server-kit/errors';
import { QuantumErrors } from '../errors.js';
import { Circuit, sameCondition, type Condition, type GateBuilder, type Modifier } from './circuit.js';
import { freeParameters, type Expr, type ParamValue } from './expr.js';
import { STANDARD_GATES } from './gates.js';
import type {
  CircuitJson,
  GateBodyJson,
  GateOperationJson,
  ModifierJson,
  OperationJson,
  ParamJson,
} from './json-schema.js';

/** INVALID_CIRCUIT naming `field` (a JSON pointer) and what it should be. */
export function invalidField(field: string, expected: string): AppError {
  return QuantumErrors.invalidCircuit(
    { reason: `${field === '' ? 'the circuit' : field} ${expected}` },
    { details: { field, expected } },
  );
}

// ---------------------------------------------------------------- JSON to circuit

/** Builds a circuit from its JSON form; errors name the offending field as a JSON pointer. */
export function circuitFromJson(json: CircuitJson): Circuit {
  const circuit = new Circuit(0, 0, json.name === undefined ? {} : { name: json.name });
  const quantum = json.registers?.quantum ?? [{ name: 'q', size: json.qubits }];
  const classical = json.registers?.classical ?? (json.clbits > 0 ? [{ name: 'c', size: json.clbits }] : []);
  addRegisters(quantum, json.qubits, '/registers/quantum', 'qubits', (r) =>
    circuit.addQuantumRegister(r.name, r.size),
  );
  addRegisters(classical, json.clbits, '/registers/classical', 'clbits', (r) =>
    circuit.addClassicalRegister(r.name, r.size),
  );

  (json.gates ?? []).forEach((gate, j) => {
    const base = `/gates/${j}`;
    let current = -1;
    try {
      circuit.defineGate(gate.name, { params: gate.params ?? [], qubits: gate.qubits }, (body) =>
        gate.body.forEach((op, k) => {
          current = k;
          appendGate(body, op);
        }),
      );
    } catch (error) {
      const op = gate.body[current];
      if (op === undefined || !QuantumErrors.invalidOperation.is(error)) {
        throw relocate(error, definitionField(gate, base, circuit), base);
      }
      const at = `${base}/body/${current}`;
      throw relocate(
        error,
        locateGate(op, at, gate.qubits, (name) => lookupGate(circuit, name)),
        at,
      );
    }
  });

  json.operations.forEach((op, i) => {
    const base = `/operations/${i}`;
    try {
      appendOperation(circuit, op);
    } catch (error) {
      throw relocate(error, locateOperation(circuit, op, base), base);
    }
  });
  return circuit;
}

function addRegisters(
  registers: readonly { name: string; size: number }[],
  total: number,
  base: string,
  totalField: string,
  add: (r: { name: string; size: number }) => unknown,
): void {
  const sum = registers.reduce((n, r) => n + r.size, 0);
  if (sum !== total) {
    throw invalidField(base, `sizes add up to ${sum}, but ${totalField} is ${total}`);
  }
  registers.forEach((r, i) => {
    try {
      add(r);
    } catch (error) {
      throw relocate(error, `${base}/${i}/name`, `${base}/${i}`);
    }
  });
}

function appendOperation(circuit: Circuit, op: OperationJson): void {
  const append = (target: Circuit) => {
    switch (op.op) {
      case 'gate':
        appendGate(target, op);
        break;
      case 'measure':
        target.measure(op.qubits, op.clbits);
        break;
      case 'reset':
        op.qubits.forEach((q) => target.reset(q));
        break;
      case 'barrier':
        target.barrier(...(op.qubits ?? []));
        break;
    }
  };
  const condition = op.op === 'barrier' ? undefined : op.condition;
  // ifBits checks that the value fits the bits, which a gate's own condition option does not.
  if (condition === undefined) append(circuit);
  else circuit.ifBits(condition, append);
}

function appendGate(target: GateBuilder, op: GateBodyJson): void {
  target.gate(op.name, op.qubits, (op.params ?? []).map(paramFromJson), {
    modifiers: (op.modifiers ?? []).map(modifierFromJson),
  });
}

const paramFromJson = (p: ParamJson): ParamValue => p;

function modifierFromJson(m: ModifierJson): Modifier {
  switch (m.kind) {
    case 'ctrl':
    case 'negctrl':
      return { kind: m.kind, count: m.count ?? 1 };
    case 'inv':
      return { kind: 'inv' };
    case 'pow':
      return { kind: 'pow', exponent: paramFromJson(m.exponent) };
  }
}

/** The error again, with `details.field` and the JSON location in its message. */
function relocate(error: unknown, field: string, where: string): unknown {
  if (!(error instanceof AppError)) return error;
  const reason = typeof error.details.reason === 'string' ? error.details.reason : error.message;
  const details = { ...error.details, field };
  if (QuantumErrors.invalidOperation.is(error)) {
    const what = typeof error.details.operation === 'string' ? stripOrdinal(error.details.operation) : '';
    const operation = what === '' ? where : `${where} ${what}`;
    return QuantumErrors.invalidOperation(
      { operation, reason },
      { details: { ...details, operation }, cause: error },
    );
  }
  return QuantumErrors.invalidCircuit({ reason: `${where}: ${reason}` }, { details, cause: error });
}

/** `operation #4 cx [0, 5]` -> `cx [0, 5]`: the model's numbering is not the document's. */
const stripOrdinal = (operation: string): string =>
  operation.replace(/^(gate \w+, )?operation #\d+ ?/, '').replace(/^if$/, '');

// Where a failed append went wrong. The library has already refused the operation; these
// checks only find which field to point at, in the library's order, defaulting to the operation.

type Lookup = (name: string) => { qubits: number; params: readonly string[] } | undefined;

function locateOperation(circuit: Circuit, op: OperationJson, base: string): string {
  if (op.op !== 'barrier' && op.condition !== undefined) {
    const { clbits, value } = op.condition;
    const bad = badIndex(clbits, circuit.numClbits, `${base}/condition/clbits`, false);
    if (bad !== undefined) return bad;
    if (value >= 2 ** clbits.length) return `${base}/condition/value`;
  }
  switch (op.op) {
    case 'gate':
      return locateGate(op, base, circuit.numQubits, (name) => lookupGate(circuit, name));
    case 'measure':
      if (op.qubits.length !== op.clbits.length) return `${base}/clbits`;
      return (
        badIndex(op.qubits, circuit.numQubits, `${base}/qubits`, false) ??
        badIndex(op.clbits, circuit.numClbits, `${base}/clbits`, false) ??
        base
      );
    case 'reset':
      return badIndex(op.qubits, circuit.numQubits, `${base}/qubits`, false) ?? base;
    case 'barrier':
      return badIndex(op.qubits ?? [], circuit.numQubits, `${base}/qubits`) ?? base;
  }
}

const lookupGate = (circuit: Circuit, name: string) =>
  STANDARD_GATES.get(name) ?? circuit.gateDefinitions.get(name);

function locateGate(op: GateBodyJson, base: string, qubitCount: number, lookup: Lookup): string {
  const signature = lookup(op.name);
  if (signature === undefined) return `${base}/name`;
  if ((op.params ?? []).length !== signature.params.length) return `${base}/params`;
  const controls = (op.modifiers ?? []).reduce(
    (n, m) => n + (m.kind === 'ctrl' || m.kind === 'negctrl' ? (m.count ?? 1) : 0),
    0,
  );
  if (op.qubits.length !== signature.qubits + controls) return `${base}/qubits`;
  return badIndex(op.qubits, qubitCount, `${base}/qubits`) ?? base;
}

/** The pointer of the first index out of range (or, with `unique`, repeated). */
function badIndex(indices: readonly number[], count: number, at: string, unique = true): string | undefined {
  const seen = new Set<number>();
  for (const [i, q] of indices.entries()) {
    if (q >= count || (unique && seen.has(q))) return `${at}/${i}`;
    seen.add(q);
  }
  return undefined;
}

/** Which field of a gate definition the model refused. */
function definitionField(
  gate: NonNullable<CircuitJson['gates']>[number],
  base: string,
  circuit: Circuit,
): string {
  if (STANDARD_GATES.has(gate.name) || circuit.gateDefinitions.has(gate.name)) return `${base}/name`;
  const params = gate.params ?? [];
  const repeated = params.findIndex((p, i) => params.indexOf(p) !== i);
  if (repeated >= 0) return `${base}/params/${repeated}`;
  for (const [k, op] of gate.body.entries()) {
    for (const [m, p] of (op.params ?? []).entries()) {
      if ([...freeParameters(paramFromJson(p))].some((n) => !params.includes(n)))
        return `${base}/body/${k}/params/${m}`;
    }
  }
  return base;
}

type ExprJson = Exclude<ParamJson, number>;

// ---------------------------------------------------------------- circuit to JSON

/**
 * The JSON form of a circuit. Registers and the name appear only when they differ from the
 * defaults; consecutive measurements (and resets) with the same condition share one entry.
 */
export function circuitToJson(circuit: Circuit): CircuitJson {
  const defaultRegisters =
    circuit.qregs.length === 1 &&
    circuit.qregs[0]!.name === 'q' &&
    (circuit.numClbits === 0 || (circuit.cregs.length === 1 && circuit.cregs[0]!.name === 'c'));
  const json: CircuitJson = {
    ...(circuit.name === 'circuit' ? {} : { name: circuit.name }),
    qubits: circuit.numQubits,
    clbits: circuit.numClbits,
    ...(defaultRegisters
      ? {}
      : {
          registers: {
            quantum: circuit.qregs.map((r) => ({ name: r.name, size: r.size })),
            classical: circuit.cregs.map((r) => ({ name: r.name, size: r.size })),
          },
        }),
    ...(circuit.gateDefinitions.size === 0
      ? {}
      : {
          gates: [...circuit.gateDefinitions.values()].map((d) => ({
            name: d.name,
            ...(d.params.length === 0 ? {} : { params: [...d.params] }),
            qubits: d.qubits,
            body: d.body.map((op) => gateToJson(op.name, op.qubits, op.params, op.modifiers)),
          })),
        }),
    operations: operationsToJson(circuit),
  };
  return json;
}

function operationsToJson(circuit: Circuit): OperationJson[] {
  const out: OperationJson[] = [];
  for (const op of circuit.operations) {
    const previous = out[out.length - 1];
    switch (op.kind) {
      case 'gate':
        out.push({
          ...gateToJson(op.name, op.qubits, op.params, op.modifiers),
          ...conditionToJson(op.condition),
        });
        break;
      case 'measure':
        if (previous?.op === 'measure' && sameCondition(previous.condition, op.condition)) {
          previous.qubits.push(op.qubit);
          previous.clbits.push(op.clbit);
        } else {
          out.push({
            op: 'measure',
            qubits: [op.qubit],
            clbits: [op.clbit],
            ...conditionToJson(op.condition),
          });
        }
        break;
      case 'reset':
        if (previous?.op === 'reset' && sameCondition(previous.condition, op.condition))
          previous.qubits.push(op.qubit);
        else out.push({ op: 'reset', qubits: [op.qubit], ...conditionToJson(op.condition) });
        break;
      case 'barrier':
        out.push(
          op.qubits.length === circuit.numQubits && op.qubits.every((q, i) => q === i)
            ? { op: 'barrier' }
            : { op: 'barrier', qubits: [...op.qubits] },
        );
        break;
    }
  }
  return out;
}

function gateToJson(
  name: string,
  qubits: readonly number[],
  params: readonly ParamValue[],
  modifiers: readonly Modifier[],
): GateOperationJson & GateBodyJson {
  return {
    op: 'gate',
    name,
    qubits: [...qubits],
    ...(params.length === 0 ? {} : { params: params.map(paramToJson) }),
    ...(modifiers.length === 0 ? {} : { modifiers: modifiers.map(modifierToJson) }),
  };
}

function modifierToJson(m: Modifier): ModifierJson {
  switch (m.kind) {
    case 'ctrl':
    case 'negctrl':
      return { kind: m.kind, count: m.count };
    case 'inv':
      return { kind: 'inv' };
    case 'pow':
      return { kind: 'pow', exponent: paramToJson(m.exponent) };
  }
}

function paramToJson(p: ParamValue): ParamJson {
  return typeof p === 'number' ? p : exprToJson(p);
}

function exprToJson(e: Expr): ExprJson {
  switch (e.kind) {
    case 'number':
    case 'parameter':
      return { ...e };
    case 'unary':
      return { kind: 'unary', op: '-', operand: exprToJson(e.operand) };
    case 'binary':
      return { kind: 'binary', op: e.op, left: exprToJson(e.left), right: exprToJson(e.right) };
    case 'call':
      return { kind: 'call', fn: e.fn, args: e.args.map(exprToJson) };
  }
}

function conditionToJson(condition: Condition | undefined): {
  condition?: { clbits: number[]; value: number };
} {
  return condition === undefined
    ? {}
    : { condition: { clbits: [...condition.clbits], value: condition.value } };
}
