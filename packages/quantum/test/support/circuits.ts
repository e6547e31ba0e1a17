/** Circuits the tests share, and fast-check arbitraries for random ones. */
import fc from 'fast-check';
import {
  Circuit,
  ctrl,
  inv,
  negctrl,
  pow,
  type GateBuilder,
  type Modifier,
} from '../../src/circuit/circuit.js';
import { STANDARD_GATES } from '../../src/circuit/gates.js';

export function bell(): Circuit {
  return new Circuit(2, 2).h(0).cx(0, 1).measure([0, 1], [0, 1]);
}

export function ghz(n: number): Circuit {
  const c = new Circuit(n);
  c.h(0);
  for (let q = 1; q < n; q += 1) c.cx(q - 1, q);
  return c;
}

/** QFT on qubits 0..n-1 (qubit q = bit q): |j> -> N^{-1/2} Σ_k e^{2πi jk/N} |k>, from h, cp and swap. */
export function appendQft<T extends GateBuilder>(c: T, n: number): T {
  for (let j = n - 1; j >= 0; j -= 1) {
    c.h(j);
    for (let k = j - 1; k >= 0; k -= 1) c.cp(Math.PI / 2 ** (j - k), k, j);
  }
  for (let i = 0; i < Math.floor(n / 2); i += 1) c.swap(i, n - 1 - i);
  return c;
}

/** Z on the n-qubit basis state `marked` only (x on its zero bits around a multi-controlled z). */
function phaseFlip(c: Circuit, n: number, marked: number): void {
  const zeros = Array.from({ length: n }, (_, q) => q).filter((q) => ((marked >> q) & 1) === 0);
  zeros.forEach((q) => c.x(q));
  c.gate(
    'z',
    Array.from({ length: n }, (_, q) => q),
    [],
    { modifiers: [ctrl(n - 1)] },
  );
  zeros.forEach((q) => c.x(q));
}

export function groverIterations(n: number): number {
  return Math.floor(Math.PI / (4 * Math.asin(2 ** (-n / 2))));
}

/** Grover search for `marked` on n qubits, with the optimal number of iterations. */
export function grover(n: number, marked: number, iterations = groverIterations(n)): Circuit {
  const c = new Circuit(n);
  for (let q = 0; q < n; q += 1) c.h(q);
  for (let i = 0; i < iterations; i += 1) {
    phaseFlip(c, n, marked);
    for (let q = 0; q < n; q += 1) c.h(q);
    phaseFlip(c, n, 0);
    for (let q = 0; q < n; q += 1) c.h(q);
  }
  return c;
}

/** Teleports ry(θ)|0> from qubit 0 to qubit 2; c[0], c[1] hold the Bell measurement, c[2] the result. */
export function teleport(theta: number): Circuit {
  const c = new Circuit(3, 3);
  c.ry(theta, 0);
  c.h(1).cx(1, 2);
  c.cx(0, 1).h(0);
  c.measure(0, 0).measure(1, 1);
  c.ifBits({ clbits: [1], value: 1 }, (k) => k.x(2));
  c.ifBits({ clbits: [0], value: 1 }, (k) => k.z(2));
  c.measure(2, 2);
  return c;
}

// ---- random circuits ----

export interface GateSpec {
  readonly name: string;
  readonly qubits: readonly number[];
  readonly params: readonly number[];
  readonly modifiers: readonly Modifier[];
}

export const angle = fc.double({ min: -2 * Math.PI, max: 2 * Math.PI, noNaN: true });

/** A modifier: ctrl or negctrl of 1 or 2, inv, integer pow (-3..3) or real pow (-2..2). */
export const modifierArb: fc.Arbitrary<Modifier> = fc.oneof(
  fc.integer({ min: 1, max: 2 }).map((n) => ctrl(n)),
  fc.integer({ min: 1, max: 2 }).map((n) => negctrl(n)),
  fc.constant(inv()),
  fc.integer({ min: -3, max: 3 }).map((k) => pow(k)),
  fc.double({ min: -2, max: 2, noNaN: true }).map((k) => pow(k)),
);

const controlCount = (mods: readonly Modifier[]): number =>
  mods.reduce((n, m) => n + (m.kind === 'ctrl' || m.kind === 'negctrl' ? m.count : 0), 0);

/**
 * A random gate on an n-qubit register: a standard gate with random angles, up to
 * `maxModifiers` random modifiers (dropped from the outside in while the gate would be wider
 * than `maxWidth`), on random distinct qubits in random order.
 */
export function gateArb(
  n: number,
  options: { maxModifiers?: number; maxWidth?: number; names?: readonly string[] } = {},
): fc.Arbitrary<GateSpec> {
  const maxWidth = Math.min(n, options.maxWidth ?? 5);
  const names = (options.names ?? [...STANDARD_GATES.keys()]).filter(
    (name) => STANDARD_GATES.get(name)!.qubits <= maxWidth,
  );
  return fc
    .record({
      name: fc.constantFrom(...names),
      params: fc.array(angle, { minLength: 4, maxLength: 4 }),
      modifiers: fc.array(modifierArb, { maxLength: options.maxModifiers ?? 2 }),
      keys: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: n, maxLength: n }),
    })
    .map(({ name, params, modifiers, keys }) => {
      const gate = STANDARD_GATES.get(name)!;
      let mods = modifiers;
      while (mods.length > 0 && gate.qubits + controlCount(mods) > maxWidth) mods = mods.slice(1);
      const width = gate.qubits + controlCount(mods);
      const order = Array.from({ length: n }, (_, q) => q).sort((a, b) => keys[a]! - keys[b]! || a - b);
      return {
        name,
        qubits: order.slice(0, width),
        params: params.slice(0, gate.params.length),
        modifiers: mods,
      };
    });
}

export function circuitArb(
  options: {
    minQubits?: number;
    maxQubits?: number;
    maxGates?: number;
    maxModifiers?: number;
    maxWidth?: number;
  } = {},
): fc.Arbitrary<{ n: number; gates: GateSpec[] }> {
  return fc.integer({ min: options.minQubits ?? 1, max: options.maxQubits ?? 8 }).chain((n) =>
    fc.record({
      n: fc.constant(n),
      gates: fc.array(gateArb(n, options), { minLength: 1, maxLength: options.maxGates ?? 16 }),
    }),
  );
}

export function buildCircuit(n: number, gates: readonly GateSpec[]): Circuit {
  const c = new Circuit(n);
  for (const g of gates) c.gate(g.name, g.qubits, g.params, { modifiers: g.modifiers });
  return c;
}
