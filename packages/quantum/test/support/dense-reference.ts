/**
 * An independent dense reference simulator for the tests. Nothing here calls the library's
 * kernels, linear algebra or lowering: gate matrices are written from OpenQASM 3's stdgates.inc,
 * every gate becomes a full 2^n x 2^n matrix (Kronecker product with the identity, then a
 * permutation of qubits), and the state is multiplied by it. Modifiers act on whole matrices
 * (custom gates are first multiplied out from their bodies), and non-integer powers come from a
 * complex Schur decomposition by shifted QR, not from the library's Jacobi method.
 *
 * Conventions, as in the library: qubit q is bit q of a basis index; a gate on qubits
 * (a0, a1, ...) reads argument j from bit j of its matrix index; controls come first.
 */
import type { Circuit, GateDefinition, Modifier } from '../../src/circuit/circuit.js';
import type { ParamValue } from '../../src/circuit/expr.js';

/** A square complex matrix, row-major, real and imaginary parts apart. */
export interface CMat {
  readonly n: number;
  readonly re: Float64Array;
  readonly im: Float64Array;
}

export type C = readonly [number, number];

export function cmat(n: number): CMat {
  return { n, re: new Float64Array(n * n), im: new Float64Array(n * n) };
}

export function ident(n: number): CMat {
  const m = cmat(n);
  for (let i = 0; i < n; i += 1) m.re[i * n + i] = 1;
  return m;
}

export function fromRows(rows: readonly (readonly (number | C)[])[]): CMat {
  const n = rows.length;
  const m = cmat(n);
  rows.forEach((row, r) =>
    row.forEach((v, c) => {
      const [re, im] = typeof v === 'number' ? [v, 0] : v;
      m.re[r * n + c] = re;
      m.im[r * n + c] = im;
    }),
  );
  return m;
}

export const cis = (t: number): C => [Math.cos(t), Math.sin(t)];

export function matmul(a: CMat, b: CMat): CMat {
  const n = a.n;
  const out = cmat(n);
  for (let i = 0; i < n; i += 1) {
    for (let j = 0; j < n; j += 1) {
      let re = 0;
      let im = 0;
      for (let k = 0; k < n; k += 1) {
        const ar = a.re[i * n + k]!;
        const ai = a.im[i * n + k]!;
        const br = b.re[k * n + j]!;
        const bi = b.im[k * n + j]!;
        re += ar * br - ai * bi;
        im += ar * bi + ai * br;
      }
      out.re[i * n + j] = re;
      out.im[i * n + j] = im;
    }
  }
  return out;
}

export function adjoint(a: CMat): CMat {
  const n = a.n;
  const out = cmat(n);
  for (let i = 0; i < n; i += 1) {
    for (let j = 0; j < n; j += 1) {
      out.re[j * n + i] = a.re[i * n + j]!;
      out.im[j * n + i] = -a.im[i * n + j]!;
    }
  }
  return out;
}

export function scaled(a: CMat, [sr, si]: C): CMat {
  const out = cmat(a.n);
  for (let i = 0; i < a.re.length; i += 1) {
    out.re[i] = a.re[i]! * sr - a.im[i]! * si;
    out.im[i] = a.re[i]! * si + a.im[i]! * sr;
  }
  return out;
}

export function matDiff(a: CMat, b: CMat): number {
  if (a.n !== b.n) return Infinity;
  let max = 0;
  for (let i = 0; i < a.re.length; i += 1) {
    max = Math.max(max, Math.abs(a.re[i]! - b.re[i]!), Math.abs(a.im[i]! - b.im[i]!));
  }
  return max;
}

export function entry(a: CMat, r: number, c: number): C {
  return [a.re[r * a.n + c]!, a.im[r * a.n + c]!];
}

/** From the library's interleaved layout (for comparing its matrices). */
export function fromInterleaved(dim: number, data: Float64Array): CMat {
  const m = cmat(dim);
  for (let i = 0; i < dim * dim; i += 1) {
    m.re[i] = data[2 * i]!;
    m.im[i] = data[2 * i + 1]!;
  }
  return m;
}

/** A ⊗ B with B on the low bits of the index. */
export function kron(a: CMat, b: CMat): CMat {
  const n = a.n * b.n;
  const out = cmat(n);
  for (let ar = 0; ar < a.n; ar += 1) {
    for (let ac = 0; ac < a.n; ac += 1) {
      const xr = a.re[ar * a.n + ac]!;
      const xi = a.im[ar * a.n + ac]!;
      if (xr === 0 && xi === 0) continue;
      for (let br = 0; br < b.n; br += 1) {
        for (let bc = 0; bc < b.n; bc += 1) {
          const yr = b.re[br * b.n + bc]!;
          const yi = b.im[br * b.n + bc]!;
          const at = (ar * b.n + br) * n + (ac * b.n + bc);
          out.re[at] = xr * yr - xi * yi;
          out.im[at] = xr * yi + xi * yr;
        }
      }
    }
  }
  return out;
}

/**
 * The full matrix of `g` applied to qubits `positions` of an `width`-qubit register:
 * I ⊗ g (g on the low bits), conjugated by the permutation that moves arranged bit j to
 * qubit positions[j] and the remaining bits to the other qubits in ascending order.
 */
export function expand(g: CMat, positions: readonly number[], width: number): CMat {
  const k = positions.length;
  if (g.n !== 2 ** k) throw new Error(`a ${g.n}x${g.n} matrix does not act on ${k} qubits`);
  if (new Set(positions).size !== k || positions.some((p) => p < 0 || p >= width))
    throw new Error('bad positions');
  const arranged = kron(ident(2 ** (width - k)), g);
  const order = [
    ...positions,
    ...Array.from({ length: width }, (_, q) => q).filter((q) => !positions.includes(q)),
  ];
  const toActual = (index: number): number =>
    order.reduce((acc, q, bit) => acc | (((index >> bit) & 1) << q), 0);
  const dim = 2 ** width;
  const perm = Array.from({ length: dim }, (_, i) => toActual(i));
  const out = cmat(dim);
  for (let r = 0; r < dim; r += 1) {
    for (let c = 0; c < dim; c += 1) {
      out.re[perm[r]! * dim + perm[c]!] = arranged.re[r * dim + c]!;
      out.im[perm[r]! * dim + perm[c]!] = arranged.im[r * dim + c]!;
    }
  }
  return out;
}

/** `ctrl @ g` (on = true) or `negctrl @ g`: the new control is argument 0, g's arguments follow. */
export function addControl(g: CMat, on: boolean): CMat {
  const n = 2 * g.n;
  const out = cmat(n);
  const active = on ? 1 : 0;
  for (let r = 0; r < n; r += 1) {
    for (let c = 0; c < n; c += 1) {
      if ((r & 1) !== (c & 1)) continue;
      if ((r & 1) === active) {
        out.re[r * n + c] = g.re[(r >> 1) * g.n + (c >> 1)]!;
        out.im[r * n + c] = g.im[(r >> 1) * g.n + (c >> 1)]!;
      } else if (r === c) {
        out.re[r * n + c] = 1;
      }
    }
  }
  return out;
}

// ---- gates, from OpenQASM 3's stdgates.inc ----

/** U(θ, φ, λ) = [[cos(θ/2), -e^{iλ} sin(θ/2)], [e^{iφ} sin(θ/2), e^{i(φ+λ)} cos(θ/2)]] */
export function refU(theta: number, phi: number, lambda: number): CMat {
  const c = Math.cos(theta / 2);
  const s = Math.sin(theta / 2);
  const [lr, li] = cis(lambda);
  const [pr, pi] = cis(phi);
  const [plr, pli] = cis(phi + lambda);
  return fromRows([
    [c, [-lr * s, -li * s]],
    [
      [pr * s, pi * s],
      [plr * c, pli * c],
    ],
  ]);
}

const PI = Math.PI;
const gphaseMat = (gamma: number): CMat => fromRows([[cis(gamma)]]);
const refP = (lambda: number): CMat => addControl(gphaseMat(lambda), true); // ctrl @ gphase(λ)
const refX = (): CMat => refU(PI, 0, PI);
const refY = (): CMat => refU(PI, PI / 2, PI / 2);
const refZ = (): CMat => refP(PI);
const refH = (): CMat => refU(PI / 2, 0, PI);
const refS = (): CMat =>
  fromRows([
    [1, 0],
    [0, [0, 1]],
  ]); // pow(1/2) @ z
const refT = (): CMat =>
  fromRows([
    [1, 0],
    [0, cis(PI / 4)],
  ]); // pow(1/2) @ s
const refSX = (): CMat =>
  fromRows([
    [
      [0.5, 0.5],
      [0.5, -0.5],
    ],
    [
      [0.5, -0.5],
      [0.5, 0.5],
    ],
  ]);
const refRX = (t: number): CMat => refU(t, -PI / 2, PI / 2);
const refRY = (t: number): CMat => refU(t, 0, 0);
const refRZ = (l: number): CMat => scaled(refU(0, 0, l), cis(-l / 2)); // gphase(-λ/2); U(0, 0, λ)
const ctl = (g: CMat): CMat => addControl(g, true);

/** The product of gates applied in order, each on `positions` of a `width`-qubit space. */
function sequence(width: number, steps: readonly (readonly [CMat, readonly number[]])[]): CMat {
  let m = ident(2 ** width);
  for (const [g, pos] of steps) m = matmul(expand(g, pos, width), m);
  return m;
}

const refSwap = (): CMat =>
  sequence(2, [
    [ctl(refX()), [0, 1]],
    [ctl(refX()), [1, 0]],
    [ctl(refX()), [0, 1]],
  ]);

/** name -> [qubits, parameter count, matrix]. */
export const REFERENCE_GATES: Readonly<
  Record<string, readonly [number, number, (p: readonly number[]) => CMat]>
> = {
  U: [1, 3, (p) => refU(p[0]!, p[1]!, p[2]!)],
  gphase: [0, 1, (p) => gphaseMat(p[0]!)],
  p: [1, 1, (p) => refP(p[0]!)],
  x: [1, 0, refX],
  y: [1, 0, refY],
  z: [1, 0, refZ],
  h: [1, 0, refH],
  s: [1, 0, refS],
  sdg: [1, 0, () => adjoint(refS())],
  t: [1, 0, refT],
  tdg: [1, 0, () => adjoint(refT())],
  sx: [1, 0, refSX],
  rx: [1, 1, (p) => refRX(p[0]!)],
  ry: [1, 1, (p) => refRY(p[0]!)],
  rz: [1, 1, (p) => refRZ(p[0]!)],
  cx: [2, 0, () => ctl(refX())],
  cy: [2, 0, () => ctl(refY())],
  cz: [2, 0, () => ctl(refZ())],
  cp: [2, 1, (p) => ctl(refP(p[0]!))],
  crx: [2, 1, (p) => ctl(refRX(p[0]!))],
  cry: [2, 1, (p) => ctl(refRY(p[0]!))],
  crz: [2, 1, (p) => ctl(refRZ(p[0]!))],
  ch: [2, 0, () => ctl(refH())],
  swap: [2, 0, refSwap],
  ccx: [3, 0, () => ctl(ctl(refX()))],
  cswap: [3, 0, () => ctl(refSwap())],
  // gate cu(θ, φ, λ, γ) a, b { p(γ) a; ctrl @ U(θ, φ, λ) a, b; }
  cu: [
    2,
    4,
    (p) =>
      sequence(2, [
        [refP(p[3]!), [0]],
        [ctl(refU(p[0]!, p[1]!, p[2]!)), [0, 1]],
      ]),
  ],
  CX: [2, 0, () => ctl(refU(PI, 0, PI))],
  phase: [1, 1, (p) => refU(0, 0, p[0]!)],
  cphase: [2, 1, (p) => ctl(refU(0, 0, p[0]!))],
  id: [1, 0, () => refU(0, 0, 0)],
  u1: [1, 1, (p) => refU(0, 0, p[0]!)],
  u2: [1, 2, (p) => scaled(refU(PI / 2, p[0]!, p[1]!), cis(-(p[0]! + p[1]!) / 2))],
  u3: [1, 3, (p) => scaled(refU(p[0]!, p[1]!, p[2]!), cis(-(p[1]! + p[2]!) / 2))],
};

export function referenceGate(name: string, params: readonly number[]): CMat {
  const def = REFERENCE_GATES[name];
  if (def === undefined) throw new Error(`the reference has no gate '${name}'`);
  if (params.length !== def[1]) throw new Error(`${name} takes ${def[1]} parameters`);
  return def[2](params);
}

// ---- matrix powers through a complex Schur decomposition ----

function csqrt(re: number, im: number): C {
  const r = Math.hypot(re, im);
  const a = Math.sqrt((r + re) / 2);
  const b = Math.sqrt(Math.max(0, (r - re) / 2));
  return [a, im < 0 ? -b : b];
}

/**
 * Eigenvalues and eigenvectors of a normal matrix: shifted QR iterations (Wilkinson shifts,
 * Givens rotations, deflation) reduce it to its Schur form, which for a normal matrix is
 * diagonal, so the accumulated unitary holds the eigenvectors.
 */
export function normalEigen(a: CMat): { values: C[]; vectors: CMat } {
  const n = a.n;
  let t: CMat = { n, re: a.re.slice(), im: a.im.slice() };
  let q = ident(n);
  let m = n;
  let iterations = 0;
  while (m > 1) {
    let off = 0;
    for (let j = 0; j < m - 1; j += 1) {
      off += t.re[(m - 1) * n + j]! ** 2 + t.im[(m - 1) * n + j]! ** 2;
      off += t.re[j * n + m - 1]! ** 2 + t.im[j * n + m - 1]! ** 2;
    }
    if (off < 1e-28) {
      m -= 1;
      iterations = 0;
      continue;
    }
    iterations += 1;
    if (iterations > 1000) throw new Error('QR iteration did not converge');
    // Wilkinson shift: the eigenvalue of the trailing 2x2 block nearer its last entry.
    const [a11r, a11i] = entry(t, m - 2, m - 2);
    const [a12r, a12i] = entry(t, m - 2, m - 1);
    const [a21r, a21i] = entry(t, m - 1, m - 2);
    const [a22r, a22i] = entry(t, m - 1, m - 1);
    const hr = (a11r - a22r) / 2;
    const hi = (a11i - a22i) / 2;
    const [dr, di] = csqrt(
      hr * hr - hi * hi + a12r * a21r - a12i * a21i,
      2 * hr * hi + a12r * a21i + a12i * a21r,
    );
    const mr = (a11r + a22r) / 2;
    const mi = (a11i + a22i) / 2;
    let [sr, si] =
      Math.hypot(mr + dr - a22r, mi + di - a22i) < Math.hypot(mr - dr - a22r, mi - di - a22i)
        ? [mr + dr, mi + di]
        : [mr - dr, mi - di];
    if (iterations % 20 === 0)
      [sr, si] = [a22r + 0.3 * Math.cos(iterations), a22i + 0.3 * Math.sin(iterations)];
    // Givens QR of the active block of (T - shift I): G (T - s) = R, G the product of rotations.
    const b: CMat = cmat(m);
    for (let r = 0; r < m; r += 1) {
      for (let c = 0; c < m; c += 1) {
        b.re[r * m + c] = t.re[r * n + c]! - (r === c ? sr : 0);
        b.im[r * m + c] = t.im[r * n + c]! - (r === c ? si : 0);
      }
    }
    const g = ident(n);
    const rotate = (
      x: CMat,
      width: number,
      i: number,
      ar: number,
      ai: number,
      br: number,
      bi: number,
      norm: number,
    ): void => {
      // rows (i-1, i) <- [[conj(a), conj(b)], [-b, a]] / norm applied to them
      for (let c = 0; c < width; c += 1) {
        const ur = x.re[(i - 1) * width + c]!;
        const ui = x.im[(i - 1) * width + c]!;
        const vr = x.re[i * width + c]!;
        const vi = x.im[i * width + c]!;
        x.re[(i - 1) * width + c] = (ar * ur + ai * ui + br * vr + bi * vi) / norm;
        x.im[(i - 1) * width + c] = (ar * ui - ai * ur + br * vi - bi * vr) / norm;
        x.re[i * width + c] = (-br * ur + bi * ui + ar * vr - ai * vi) / norm;
        x.im[i * width + c] = (-br * ui - bi * ur + ar * vi + ai * vr) / norm;
      }
    };
    for (let c = 0; c < m - 1; c += 1) {
      for (let r = m - 1; r > c; r -= 1) {
        const [ar, ai] = entry(b, r - 1, c);
        const [br, bi] = entry(b, r, c);
        const norm = Math.hypot(ar, ai, br, bi);
        if (Math.hypot(br, bi) === 0 || norm === 0) continue;
        rotate(b, m, r, ar, ai, br, bi, norm);
        rotate(g, n, r, ar, ai, br, bi, norm);
      }
    }
    t = matmul(matmul(g, t), adjoint(g));
    q = matmul(q, adjoint(g));
  }
  const values = Array.from({ length: n }, (_, i): C => entry(t, i, i));
  return { values, vectors: q };
}

/**
 * Principal-branch phase in (-π, π]; an eigenvalue at -1 (to rounding) counts as phase π.
 * "To rounding" means the QR iteration's accuracy (about 1e-14), no more: a wider band moves
 * genuine phases -π + δ to π, which changes U^k by about 2π|k| (a tolerance of 1e-9 once made
 * pow(-3.4e-11) @ U(-2π + 2e-9, 0, 0) differ from the library by 1.06e-10).
 */
export function principalPhase([re, im]: C): number {
  const phase = Math.atan2(im, re);
  return phase < -PI + 1e-13 ? PI : phase;
}

/** U^k: integer k by repeated products (of U† when negative), else Q diag(λ^k) Q†. */
export function refPower(u: CMat, k: number): CMat {
  if (Number.isInteger(k)) {
    const base = k < 0 ? adjoint(u) : u;
    let out = ident(u.n);
    for (let i = 0; i < Math.abs(k); i += 1) out = matmul(base, out);
    return out;
  }
  const { values, vectors } = normalEigen(u);
  const d = cmat(u.n);
  values.forEach((v, i) => {
    const mag = Math.hypot(v[0], v[1]) ** k;
    const phase = k * principalPhase(v);
    d.re[i * u.n + i] = mag * Math.cos(phase);
    d.im[i * u.n + i] = mag * Math.sin(phase);
  });
  return matmul(matmul(vectors, d), adjoint(vectors));
}

// ---- expressions and circuits ----

export type NumericModifier =
  | { readonly kind: 'ctrl' | 'negctrl'; readonly count: number }
  | { readonly kind: 'inv' }
  | { readonly kind: 'pow'; readonly exponent: number };

const MATH: Record<string, (x: number) => number> = {
  sin: Math.sin,
  cos: Math.cos,
  tan: Math.tan,
  arcsin: Math.asin,
  arccos: Math.acos,
  arctan: Math.atan,
  exp: Math.exp,
  log: Math.log,
  sqrt: Math.sqrt,
};

export function evalExpr(v: ParamValue, bindings: Readonly<Record<string, number>>): number {
  if (typeof v === 'number') return v;
  switch (v.kind) {
    case 'number':
      return v.value;
    case 'parameter': {
      const value = bindings[v.name];
      if (value === undefined) throw new Error(`reference: unbound parameter ${v.name}`);
      return value;
    }
    case 'unary':
      return -evalExpr(v.operand, bindings);
    case 'binary': {
      const l = evalExpr(v.left, bindings);
      const r = evalExpr(v.right, bindings);
      return v.op === '+'
        ? l + r
        : v.op === '-'
          ? l - r
          : v.op === '*'
            ? l * r
            : v.op === '/'
              ? l / r
              : l ** r;
    }
    case 'call':
      return MATH[v.fn]!(evalExpr(v.args[0]!, bindings));
  }
}

function numericModifiers(
  mods: readonly Modifier[],
  bindings: Readonly<Record<string, number>>,
): NumericModifier[] {
  return mods.map((m) => (m.kind === 'pow' ? { kind: 'pow', exponent: evalExpr(m.exponent, bindings) } : m));
}

/** Applies modifiers (outermost first in the list) to a gate's matrix, innermost first. */
export function withModifiers(g: CMat, modifiers: readonly NumericModifier[]): CMat {
  let m = g;
  for (let i = modifiers.length - 1; i >= 0; i -= 1) {
    const mod = modifiers[i]!;
    if (mod.kind === 'inv') m = adjoint(m);
    else if (mod.kind === 'pow') m = refPower(m, mod.exponent);
    else for (let c = 0; c < mod.count; c += 1) m = addControl(m, mod.kind === 'ctrl');
  }
  return m;
}

/**
 * The matrix of a gate call on its own arguments (controls first): a standard gate from the
 * reference table, a custom gate multiplied out from its body; modifiers on the result.
 */
export function callMatrix(
  name: string,
  params: readonly number[],
  modifiers: readonly NumericModifier[],
  definitions: ReadonlyMap<string, GateDefinition> = new Map(),
): CMat {
  const custom = definitions.get(name);
  let base: CMat;
  if (custom === undefined) {
    base = referenceGate(name, params);
  } else {
    const local = Object.fromEntries(custom.params.map((p, i) => [p, params[i]!]));
    base = ident(2 ** custom.qubits);
    for (const op of custom.body) {
      const m = callMatrix(
        op.name,
        op.params.map((p) => evalExpr(p, local)),
        numericModifiers(op.modifiers, local),
        definitions,
      );
      base = matmul(expand(m, op.qubits, custom.qubits), base);
    }
  }
  return withModifiers(base, modifiers);
}

/** Interleaved (re, im) amplitudes, as the library returns them. */
export type Amplitudes = Float64Array;

export function applyFull(state: Amplitudes, full: CMat): Amplitudes {
  const dim = full.n;
  const out = new Float64Array(2 * dim);
  for (let r = 0; r < dim; r += 1) {
    let re = 0;
    let im = 0;
    for (let c = 0; c < dim; c += 1) {
      const mr = full.re[r * dim + c]!;
      const mi = full.im[r * dim + c]!;
      if (mr === 0 && mi === 0) continue;
      const vr = state[2 * c]!;
      const vi = state[2 * c + 1]!;
      re += mr * vr - mi * vi;
      im += mr * vi + mi * vr;
    }
    out[2 * r] = re;
    out[2 * r + 1] = im;
  }
  return out;
}

/** Applies a gate matrix on `qubits` (argument j = qubits[j]) of an n-qubit state. */
export function applyGate(
  state: Amplitudes,
  g: CMat,
  qubits: readonly number[],
  numQubits: number,
): Amplitudes {
  return applyFull(state, expand(g, qubits, numQubits));
}

export function basisState(numQubits: number, index = 0): Amplitudes {
  const s = new Float64Array(2 * 2 ** numQubits);
  s[2 * index] = 1;
  return s;
}

/** The final state of a circuit of gates (no measurement), by dense matrices. */
export function referenceStatevector(
  circuit: Circuit,
  options: { initial?: Amplitudes; parameters?: Readonly<Record<string, number>> } = {},
): Amplitudes {
  const n = circuit.numQubits;
  const bindings = options.parameters ?? {};
  let state = options.initial === undefined ? basisState(n) : options.initial.slice();
  for (const op of circuit.operations) {
    if (op.kind === 'barrier') continue;
    if (op.kind !== 'gate' || op.condition !== undefined)
      throw new Error('reference statevector: gates only');
    const m = callMatrix(
      op.name,
      op.params.map((p) => evalExpr(p, bindings)),
      numericModifiers(op.modifiers, bindings),
      circuit.gateDefinitions,
    );
    state = applyGate(state, m, op.qubits, n);
  }
  return state;
}

/**
 * True when a non-integer `pow` in the circuit acts on a matrix with eigenvalues near -1, the
 * branch cut, that are not -1 to rounding. Its power is ill-conditioned there: eigenvalues
 * d apart on either side of the cut take powers up to 2 apart, so an eigenvector error of
 * rounding/d (what QR gives) becomes an error of that size in U^k (5e-7 at d = 1e-8, 1e-11 at
 * d = 1e-4), and at d of a few 1e-16 whether an eigenvalue counts as -1 is rounding. No two
 * independent implementations can agree to 1e-10 there; U(2π - 1e-8, 0, 0) or u3(1e-15, 0, 2π)
 * are such gates (fast-check favours the bounds ±2π and tiny values), exactly U(2π, 0, 0) is not.
 */
export function powNearBranchCut(
  circuit: Circuit,
  parameters: Readonly<Record<string, number>> = {},
): boolean {
  for (const op of circuit.operations) {
    if (op.kind !== 'gate') continue;
    const params = op.params.map((p) => evalExpr(p, parameters));
    const modifiers = numericModifiers(op.modifiers, parameters);
    for (let i = 0; i < modifiers.length; i += 1) {
      const mod = modifiers[i]!;
      if (mod.kind !== 'pow' || Number.isInteger(mod.exponent)) continue;
      const base = callMatrix(op.name, params, modifiers.slice(i + 1), circuit.gateDefinitions);
      const { values, vectors } = normalEigen(base);
      const near = values.flatMap(([re, im], j) => (Math.hypot(re + 1, im) < 1e-4 ? [j] : []));
      // The matrix on those eigenvectors, compared with -I entry by entry.
      const restricted = matmul(adjoint(vectors), matmul(base, vectors));
      for (const r of near) {
        for (const c of near) {
          const [re, im] = entry(restricted, r, c);
          if (Math.hypot(re + (r === c ? 1 : 0), im) > 5e-16) return true;
        }
      }
    }
  }
  return false;
}

// ---- states ----

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random normalised state (Gaussian amplitudes, so uniform on the sphere). */
export function randomState(numQubits: number, random: () => number): Amplitudes {
  const s = new Float64Array(2 * 2 ** numQubits);
  for (let i = 0; i < s.length; i += 1) {
    const u = Math.max(random(), 1e-300);
    s[i] = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * PI * random());
  }
  const norm = Math.sqrt(s.reduce((acc, x) => acc + x * x, 0));
  return s.map((x) => x / norm);
}

export function stateDiff(a: Amplitudes, b: Amplitudes): number {
  if (a.length !== b.length) return Infinity;
  let max = 0;
  for (let i = 0; i < a.length; i += 1) max = Math.max(max, Math.abs(a[i]! - b[i]!));
  return max;
}

/** <a|b> */
export function inner(a: Amplitudes, b: Amplitudes): C {
  let re = 0;
  let im = 0;
  for (let i = 0; i < a.length; i += 2) {
    re += a[i]! * b[i]! + a[i + 1]! * b[i + 1]!;
    im += a[i]! * b[i + 1]! - a[i + 1]! * b[i]!;
  }
  return [re, im];
}

export function scaleState(a: Amplitudes, [sr, si]: C): Amplitudes {
  const out = new Float64Array(a.length);
  for (let i = 0; i < a.length; i += 2) {
    out[i] = a[i]! * sr - a[i + 1]! * si;
    out[i + 1] = a[i]! * si + a[i + 1]! * sr;
  }
  return out;
}

export function probabilities(a: Amplitudes): number[] {
  const out: number[] = [];
  for (let i = 0; i < a.length; i += 2) out.push(a[i]! ** 2 + a[i + 1]! ** 2);
  return out;
}

// ---- exact outcome distributions of dynamic circuits ----

export type RefStep =
  | {
      readonly kind: 'gate';
      readonly matrix: CMat;
      readonly qubits: readonly number[];
      readonly condition?: RefCondition;
    }
  | {
      readonly kind: 'measure';
      readonly qubit: number;
      readonly clbit: number;
      readonly condition?: RefCondition;
    }
  | { readonly kind: 'reset'; readonly qubit: number; readonly condition?: RefCondition };

export interface RefCondition {
  readonly clbits: readonly number[];
  readonly value: number;
}

const PAULIS = [ident(2), refX(), refY(), refZ()];

/** A Pauli (0..3 = I, X, Y, Z) on one qubit, as a step. */
export const pauliStep = (qubit: number, pauli: number): RefStep => ({
  kind: 'gate',
  matrix: PAULIS[pauli]!,
  qubits: [qubit],
});

/**
 * The exact distribution of the classical record (keys: bit strings, highest bit first) of a
 * circuit with mid-circuit measurement, reset and conditions, by branching on every outcome.
 */
export function exactDistribution(
  numQubits: number,
  numClbits: number,
  steps: readonly RefStep[],
): Map<string, number> {
  const out = new Map<string, number>();
  const walk = (state: Amplitudes, from: number, bits: number[], weight: number): void => {
    if (weight < 1e-15) return;
    for (let i = from; i < steps.length; i += 1) {
      const step = steps[i]!;
      if (step.condition !== undefined) {
        const value = step.condition.clbits.reduce((acc, b, j) => acc + bits[b]! * 2 ** j, 0);
        if (value !== step.condition.value) continue;
      }
      if (step.kind === 'gate') {
        state = applyGate(state, step.matrix, step.qubits, numQubits);
        continue;
      }
      const p = probabilities(state);
      let p1 = 0;
      p.forEach((x, index) => ((index >> step.qubit) & 1 ? (p1 += x) : 0));
      for (const outcome of [0, 1] as const) {
        const po = outcome === 1 ? p1 : 1 - p1;
        if (po < 1e-15) continue;
        const next = new Float64Array(state.length);
        for (let index = 0; index < p.length; index += 1) {
          if (((index >> step.qubit) & 1) !== outcome) continue;
          const target = step.kind === 'reset' ? index & ~(1 << step.qubit) : index;
          next[2 * target] = state[2 * index]! / Math.sqrt(po);
          next[2 * target + 1] = state[2 * index + 1]! / Math.sqrt(po);
        }
        const nextBits = bits.slice();
        if (step.kind === 'measure') nextBits[step.clbit] = outcome;
        walk(next, i + 1, nextBits, weight * po);
      }
      return;
    }
    const key = bits
      .slice()
      .reverse()
      .map((b) => String(b))
      .join('');
    out.set(key, (out.get(key) ?? 0) + weight);
  };
  walk(basisState(numQubits), 0, Array<number>(numClbits).fill(0), 1);
  return out;
}

/** A circuit's operations (gates, measure, reset; barriers dropped) as reference steps. */
export function referenceSteps(
  circuit: Circuit,
  parameters: Readonly<Record<string, number>> = {},
): RefStep[] {
  const steps: RefStep[] = [];
  for (const op of circuit.operations) {
    const condition = op.kind !== 'barrier' && op.condition !== undefined ? { condition: op.condition } : {};
    if (op.kind === 'barrier') continue;
    if (op.kind === 'measure')
      steps.push({ kind: 'measure', qubit: op.qubit, clbit: op.clbit, ...condition });
    else if (op.kind === 'reset') steps.push({ kind: 'reset', qubit: op.qubit, ...condition });
    else {
      const matrix = callMatrix(
        op.name,
        op.params.map((p) => evalExpr(p, parameters)),
        numericModifiers(op.modifiers, parameters),
        circuit.gateDefinitions,
      );
      steps.push({ kind: 'gate', matrix, qubits: op.qubits, ...condition });
    }
  }
  return steps;
}

/** The exact distribution of a circuit's classical record. */
export function circuitDistribution(
  circuit: Circuit,
  parameters: Readonly<Record<string, number>> = {},
): Map<string, number> {
  return exactDistribution(circuit.numQubits, circuit.numClbits, referenceSteps(circuit, parameters));
}
