/**
 * Rewriting a gate call with modifiers into OpenQASM 2.0, which has no modifiers: the exact
 * equivalents that qelib1.inc offers (`ctrl @ x` is `cx`, `inv @ s` is `sdg`, `pow(3) @ rx(a)`
 * is `rx(3*a)`, `negctrl` is `x` around a control). "Exact" means the same unitary, global phase
 * included where it would become observable under a control; a call with no such rewrite is
 * refused with the reason.
 *
 * Modifiers apply innermost (last) first, on a sequence of calls: `inv` reverses and inverts it,
 * an integer `pow` repeats it, a control is added to every call of it.
 */
import type { Modifier } from '../circuit/circuit.js';
import { add, div, evaluate, freeParameters, mul, neg, type ParamValue } from '../circuit/expr.js';
import { STANDARD_GATES } from '../circuit/gates.js';

/** A gate call in 2.0 terms: a qelib1.inc gate, `U`, `CX`, `gphase` (handled by the caller) or a custom gate. */
export interface QelibCall {
  readonly name: string;
  readonly qubits: readonly number[];
  readonly params: readonly ParamValue[];
  /** A circuit's own gate, named as in the circuit: the caller renames it. */
  readonly custom?: true;
}

export interface ModifiedCall {
  readonly name: string;
  readonly qubits: readonly number[];
  readonly params: readonly ParamValue[];
  readonly modifiers: readonly Modifier[];
}

/** Largest |k| for which `pow(k)` is written out as k copies. */
export const MAX_POW_REPEAT = 16;

/** Model names that qelib1.inc spells differently. */
const QELIB_NAME: Partial<Record<string, string>> = { phase: 'p', cphase: 'cp' };

const SELF_INVERSE = new Set([
  'x',
  'y',
  'z',
  'h',
  'cx',
  'CX',
  'cy',
  'cz',
  'ch',
  'swap',
  'ccx',
  'cswap',
  'id',
]);
const INVERSE_NAME: Partial<Record<string, string>> = {
  s: 'sdg',
  sdg: 's',
  t: 'tdg',
  tdg: 't',
  sx: 'sxdg',
  sxdg: 'sx',
};
/** One-angle gates with gate(a)^k = gate(k*a) exactly, for every real k. */
const ANGLE_GATES = new Set([
  'rx',
  'ry',
  'rz',
  'p',
  'phase',
  'u1',
  'crx',
  'cry',
  'crz',
  'cp',
  'cphase',
  'gphase',
]);
/** Gates that become one controlled qelib1 gate with the same parameters. */
const CONTROLLED_NAME: Partial<Record<string, string>> = {
  x: 'cx',
  cx: 'ccx',
  CX: 'ccx',
  y: 'cy',
  z: 'cz',
  h: 'ch',
  swap: 'cswap',
  rx: 'crx',
  ry: 'cry',
  rz: 'crz',
  p: 'cp',
  phase: 'cp',
  u1: 'cp',
  sx: 'csx',
  U: 'cu3',
};
/** Fixed phase gates, controlled as `cp(angle)`. */
const PHASE_ANGLE: Partial<Record<string, number>> = {
  s: Math.PI / 2,
  sdg: -Math.PI / 2,
  t: Math.PI / 4,
  tdg: -Math.PI / 4,
};

const negate = (v: ParamValue): ParamValue => (typeof v === 'number' ? (v === 0 ? 0 : -v) : neg(v));
const times = (k: number, v: ParamValue): ParamValue => (typeof v === 'number' ? k * v : mul(k, v));
/** -(φ + λ)/2: the global phase of u2 and u3 relative to U. */
const u3Phase = (phi: ParamValue, lambda: ParamValue): ParamValue =>
  typeof phi === 'number' && typeof lambda === 'number' ? -(phi + lambda) / 2 : neg(div(add(phi, lambda), 2));

const param = (call: QelibCall, i: number): ParamValue => call.params[i]!;

/**
 * The calls that implement `call` with its modifiers in OpenQASM 2.0, or a `fail(reason)`.
 * Custom gates pass through by name; they accept only integer powers.
 */
export function rewriteForQelib(call: ModifiedCall, fail: (reason: string) => never): QelibCall[] {
  const controlCount = call.modifiers.reduce(
    (n, m) => n + (m.kind === 'ctrl' || m.kind === 'negctrl' ? m.count : 0),
    0,
  );
  let sequence: QelibCall[] = [
    {
      name: call.name,
      qubits: call.qubits.slice(controlCount),
      params: call.params,
      ...(STANDARD_GATES.has(call.name) ? {} : { custom: true as const }),
    },
  ];
  // Controls are listed outermost first; the innermost modifier owns the last ones.
  let nextControl = controlCount;
  for (let i = call.modifiers.length - 1; i >= 0; i -= 1) {
    const m = call.modifiers[i]!;
    if (m.kind === 'inv') {
      sequence = invertSequence(sequence, fail);
    } else if (m.kind === 'pow') {
      sequence = power(sequence, exponentOf(m.exponent, fail), fail);
    } else {
      const controls = call.qubits.slice(nextControl - m.count, nextControl);
      nextControl -= m.count;
      sequence = addControls(sequence, controls, m.kind === 'negctrl', fail);
    }
  }
  return sequence.map((c) => (c.custom ? c : { ...c, name: QELIB_NAME[c.name] ?? c.name }));
}

function exponentOf(exponent: ParamValue, fail: (reason: string) => never): number {
  if (freeParameters(exponent).size > 0) fail('the pow exponent depends on a parameter');
  const k = evaluate(exponent, new Map());
  if (!Number.isInteger(k))
    fail(`pow(${k}) is not an integer power, and OpenQASM 2.0 can only repeat a gate`);
  if (Math.abs(k) > MAX_POW_REPEAT)
    fail(`pow(${k}) would be written as ${Math.abs(k)} copies; at most ${MAX_POW_REPEAT} are`);
  return k;
}

function power(sequence: QelibCall[], k: number, fail: (reason: string) => never): QelibCall[] {
  const only = sequence.length === 1 ? sequence[0]! : undefined;
  if (only !== undefined && only.custom === undefined && ANGLE_GATES.has(only.name))
    return [{ ...only, params: [times(k, param(only, 0))] }];
  const base = k < 0 ? invertSequence(sequence, fail) : sequence;
  return Array.from({ length: Math.abs(k) }, () => base).flat();
}

function invertSequence(sequence: readonly QelibCall[], fail: (reason: string) => never): QelibCall[] {
  return [...sequence].reverse().flatMap((c) => invertCall(c, fail));
}

function invertCall(call: QelibCall, fail: (reason: string) => never): QelibCall[] {
  const { name } = call;
  if (call.custom) fail(`custom gate '${name}' has no inverse in OpenQASM 2.0, which has no inv modifier`);
  const p = (i: number) => param(call, i);
  if (SELF_INVERSE.has(name)) return [call];
  const inverseName = INVERSE_NAME[name];
  if (inverseName !== undefined) return [{ ...call, name: inverseName }];
  if (ANGLE_GATES.has(name)) return [{ ...call, params: [negate(p(0))] }];
  switch (name) {
    // U(θ, φ, λ)^-1 = U(-θ, -λ, -φ), and the u3 phase -(φ+λ)/2 inverts with it.
    case 'U':
    case 'u3':
    case 'cu3':
      return [{ ...call, params: [negate(p(0)), negate(p(2)), negate(p(1))] }];
    case 'u2':
      return [{ ...call, name: 'u3', params: [-Math.PI / 2, negate(p(1)), negate(p(0))] }];
    case 'cu':
      return [{ ...call, params: [negate(p(0)), negate(p(2)), negate(p(1)), negate(p(3))] }];
    case 'csx':
      // csx = crx(π/2) with p(π/4) on the control, as sx = e^{iπ/4} rx(π/2).
      return [
        { name: 'crx', qubits: call.qubits, params: [-Math.PI / 2] },
        { name: 'p', qubits: [call.qubits[0]!], params: [-Math.PI / 4] },
      ];
  }
  return fail(`inv @ ${name} has no OpenQASM 2.0 form`);
}

function addControls(
  sequence: readonly QelibCall[],
  controls: readonly number[],
  negative: boolean,
  fail: (reason: string) => never,
): QelibCall[] {
  // The control nearest the gate is added first, so `ctrl(2) @ x a, b, t` becomes `ccx a, b, t`.
  let controlled = [...sequence];
  for (let i = controls.length - 1; i >= 0; i -= 1)
    controlled = controlled.flatMap((c) => controlCall(c, controls[i]!, fail));
  if (!negative) return controlled;
  const flips = controls.map((q): QelibCall => ({ name: 'x', qubits: [q], params: [] }));
  return [...flips, ...controlled, ...flips];
}

function controlCall(call: QelibCall, control: number, fail: (reason: string) => never): QelibCall[] {
  const { name, qubits, params } = call;
  if (call.custom)
    fail(`custom gate '${name}' cannot be controlled in OpenQASM 2.0, which has no ctrl modifier`);
  const target = qubits[qubits.length - 1]!;
  const p = (i: number) => param(call, i);
  const controlledName = CONTROLLED_NAME[name];
  if (controlledName !== undefined) return [{ name: controlledName, qubits: [control, ...qubits], params }];
  const angle = PHASE_ANGLE[name];
  if (angle !== undefined) return [{ name: 'cp', qubits: [control, target], params: [angle] }];
  const phaseOnControl = (phase: ParamValue): QelibCall => ({
    name: 'p',
    qubits: [control],
    params: [phase],
  });
  switch (name) {
    case 'id':
      return [call];
    case 'gphase':
      return [phaseOnControl(p(0))];
    case 'u3':
      return [{ name: 'cu3', qubits: [control, target], params }, phaseOnControl(u3Phase(p(1), p(2)))];
    case 'u2':
      return [
        { name: 'cu3', qubits: [control, target], params: [Math.PI / 2, p(0), p(1)] },
        phaseOnControl(u3Phase(p(0), p(1))),
      ];
    case 'sxdg':
      return [
        { name: 'crx', qubits: [control, target], params: [-Math.PI / 2] },
        phaseOnControl(-Math.PI / 4),
      ];
    // ccz and ccy from ccx: z = h x h and y = s x sdg on the target.
    case 'cz':
      return [
        { name: 'h', qubits: [target], params: [] },
        { name: 'ccx', qubits: [control, ...qubits], params: [] },
        { name: 'h', qubits: [target], params: [] },
      ];
    case 'cy':
      return [
        { name: 'sdg', qubits: [target], params: [] },
        { name: 'ccx', qubits: [control, ...qubits], params: [] },
        { name: 's', qubits: [target], params: [] },
      ];
  }
  return fail(`ctrl @ ${name} has no OpenQASM 2.0 form (qelib1.inc has no such controlled gate)`);
}
