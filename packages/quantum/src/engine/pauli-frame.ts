/**
 * Pauli frames: an error P before a gate U equals the error U P U† after it, and when U P U† is
 * again a Pauli (U Clifford, or U commuting with P) the error can be carried forward without
 * touching the state. Carried to the end, an X or Y on a measured qubit just flips its bit. The
 * noise executor uses this to simulate a trajectory only from where its errors stop being Paulis.
 *
 * Single-qubit Paulis are 0..3 = I, X, Y, Z, as (x, z) bits 00, 10, 11, 01; phases are dropped.
 */
import type { Matrix } from '../linalg.js';

const X_BIT = [0, 1, 1, 0];
const Z_BIT = [0, 0, 1, 1];
const FROM_XZ = [
  [0, 3],
  [1, 2],
];

/** The product of two single-qubit Paulis, up to phase. */
export function multiplyPaulis(a: number, b: number): number {
  return FROM_XZ[X_BIT[a]! ^ X_BIT[b]!]![Z_BIT[a]! ^ Z_BIT[b]!]!;
}

/** True when the Pauli flips a Z-basis measurement (X or Y). */
export const flipsMeasurement = (p: number): boolean => X_BIT[p] === 1;

/** Widest gate whose conjugation table is computed (4^5 Pauli strings). */
const MAX_WIDTH = 5;
const UNKNOWN = -2;
const NOT_PAULI = -1;

/**
 * Conjugates Pauli strings through one gate, caching per gate. A string on the gate's arguments
 * is the number Σ p_j · 4^j; the result is another such number, or -1 when U P U† is no Pauli.
 */
export class ConjugationTable {
  private readonly table: Int16Array;

  constructor(private readonly gate: Matrix) {
    const width = Math.log2(gate.dim);
    this.table = new Int16Array(width <= MAX_WIDTH ? 4 ** width : 0).fill(UNKNOWN);
  }

  conjugate(pauli: number): number {
    if (pauli === 0) return 0;
    if (this.table.length === 0) return NOT_PAULI;
    let result = this.table[pauli]!;
    if (result === UNKNOWN) {
      result = conjugateDense(this.gate, pauli);
      this.table[pauli] = result;
    }
    return result;
  }
}

/** Entry (r, c) of the Pauli string `pauli`, as [re, im]; non-zero only where r = c xor xmask. */
function pauliEntry(pauli: number, width: number, column: number): [number, number, number] {
  let re = 1;
  let im = 0;
  let row = column;
  for (let j = 0; j < width; j += 1) {
    const p = (pauli >> (2 * j)) & 3;
    const bit = (column >> j) & 1;
    if (X_BIT[p]) row ^= 1 << j;
    // X|b> = |1-b>, Z|b> = (-1)^b |b>, Y|b> = i(-1)^b |1-b>
    let fr = 1;
    let fi = 0;
    if (p === 3 && bit === 1) fr = -1;
    if (p === 2) [fr, fi] = bit === 0 ? [0, 1] : [0, -1];
    [re, im] = [re * fr - im * fi, re * fi + im * fr];
  }
  return [row, re, im];
}

function conjugateDense(u: Matrix, pauli: number): number {
  const d = u.dim;
  const width = Math.log2(d);
  // M = U P U†, computed column by column: column c of P U† is P applied to column c of U†.
  const m = new Float64Array(2 * d * d);
  for (let c = 0; c < d; c += 1) {
    // (U†)[k][c] = conj(U[c][k]); (P U†)[r][c] = P[r][k] (U†)[k][c] with r = k xor x.
    const pu = new Float64Array(2 * d);
    for (let k = 0; k < d; k += 1) {
      const [row, pr, pi] = pauliEntry(pauli, width, k);
      const ar = u.data[2 * (c * d + k)]!;
      const ai = -u.data[2 * (c * d + k) + 1]!;
      pu[2 * row] = pr * ar - pi * ai;
      pu[2 * row + 1] = pr * ai + pi * ar;
    }
    for (let r = 0; r < d; r += 1) {
      let re = 0;
      let im = 0;
      for (let k = 0; k < d; k += 1) {
        const ur = u.data[2 * (r * d + k)]!;
        const ui = u.data[2 * (r * d + k) + 1]!;
        re += ur * pu[2 * k]! - ui * pu[2 * k + 1]!;
        im += ur * pu[2 * k + 1]! + ui * pu[2 * k]!;
      }
      m[2 * (r * d + c)] = re;
      m[2 * (r * d + c) + 1] = im;
    }
  }
  // M is a Pauli string Q (times a phase) iff column 0 has one entry of modulus 1, at row x, and
  // every column c has its entry at row c xor x with M[c^x][c] / M[x][0] = (-1)^(z·c).
  const TOL = 1e-9;
  let x = -1;
  for (let r = 0; r < d; r += 1) if (Math.hypot(m[2 * r * d]!, m[2 * r * d + 1]!) > 1 - TOL) x = r;
  if (x < 0) return NOT_PAULI;
  const br = m[2 * x * d]!;
  const bi = m[2 * x * d + 1]!;
  let z = 0;
  for (let c = 1; c < d; c += 1) {
    const r = c ^ x;
    const er = m[2 * (r * d + c)]!;
    const ei = m[2 * (r * d + c) + 1]!;
    // ratio = M[r][c] / M[x][0], which must be ±1
    const ratioRe = er * br + ei * bi;
    const ratioIm = ei * br - er * bi;
    if (Math.abs(ratioIm) > TOL || Math.abs(Math.abs(ratioRe) - 1) > TOL) return NOT_PAULI;
    const sign = ratioRe < 0 ? 1 : 0;
    if ((c & (c - 1)) === 0) z |= sign * c;
    else {
      let parity = 0;
      for (let v = z & c; v !== 0; v &= v - 1) parity ^= 1;
      if (parity !== sign) return NOT_PAULI;
    }
  }
  let out = 0;
  for (let j = 0; j < width; j += 1) out |= FROM_XZ[(x >> j) & 1]![(z >> j) & 1]! << (2 * j);
  return out;
}
