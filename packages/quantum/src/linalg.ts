/**
 * Small dense complex matrices: gate matrices, modifiers (ctrl, inv, pow) and the checks the
 * noise model needs. A matrix is row-major with interleaved real and imaginary parts.
 *
 * Qubit order inside a matrix is little-endian: a gate applied to qubits (a0, a1, ...) reads
 * argument j from bit j of the row and column index, as Qiskit does.
 */
export interface Matrix {
  readonly dim: number;
  readonly data: Float64Array;
}

export type Complex = readonly [re: number, im: number];

export function zeros(dim: number): Matrix {
  return { dim, data: new Float64Array(2 * dim * dim) };
}

export function identity(dim: number): Matrix {
  const m = zeros(dim);
  for (let i = 0; i < dim; i += 1) m.data[2 * (i * dim + i)] = 1;
  return m;
}

/** Builds a matrix from rows of complex entries; a plain number is a real entry. */
export function matrix(rows: readonly (readonly (number | Complex)[])[]): Matrix {
  const dim = rows.length;
  const m = zeros(dim);
  rows.forEach((row, r) => {
    if (row.length !== dim) throw new RangeError('matrix rows must be square');
    row.forEach((entry, c) => {
      const [re, im] = typeof entry === 'number' ? [entry, 0] : entry;
      m.data[2 * (r * dim + c)] = re;
      m.data[2 * (r * dim + c) + 1] = im;
    });
  });
  return m;
}

export function diagonal(entries: readonly Complex[]): Matrix {
  const dim = entries.length;
  const m = zeros(dim);
  entries.forEach(([re, im], i) => {
    m.data[2 * (i * dim + i)] = re;
    m.data[2 * (i * dim + i) + 1] = im;
  });
  return m;
}

/** e^{iθ} */
export function expi(theta: number): Complex {
  return [Math.cos(theta), Math.sin(theta)];
}

export function multiply(a: Matrix, b: Matrix): Matrix {
  const n = a.dim;
  const out = zeros(n);
  const A = a.data;
  const B = b.data;
  const C = out.data;
  for (let r = 0; r < n; r += 1) {
    for (let k = 0; k < n; k += 1) {
      const ar = A[2 * (r * n + k)]!;
      const ai = A[2 * (r * n + k) + 1]!;
      if (ar === 0 && ai === 0) continue;
      for (let c = 0; c < n; c += 1) {
        const br = B[2 * (k * n + c)]!;
        const bi = B[2 * (k * n + c) + 1]!;
        const at = 2 * (r * n + c);
        C[at] = C[at]! + ar * br - ai * bi;
        C[at + 1] = C[at + 1]! + ar * bi + ai * br;
      }
    }
  }
  return out;
}

export function dagger(a: Matrix): Matrix {
  const n = a.dim;
  const out = zeros(n);
  for (let r = 0; r < n; r += 1) {
    for (let c = 0; c < n; c += 1) {
      out.data[2 * (c * n + r)] = a.data[2 * (r * n + c)]!;
      out.data[2 * (c * n + r) + 1] = -a.data[2 * (r * n + c) + 1]!;
    }
  }
  return out;
}

export function scale(a: Matrix, [sr, si]: Complex): Matrix {
  const out = zeros(a.dim);
  for (let i = 0; i < a.data.length; i += 2) {
    const re = a.data[i]!;
    const im = a.data[i + 1]!;
    out.data[i] = re * sr - im * si;
    out.data[i + 1] = re * si + im * sr;
  }
  return out;
}

/**
 * The controlled form of `u`: the control qubits are the low bits (they come first in the
 * argument list, as in `ctrl @ x c, t`); `u` acts on the bits above them when every control
 * matches its state (true = ctrl, on |1>; false = negctrl, on |0>).
 */
export function controlled(u: Matrix, controls: readonly boolean[]): Matrix {
  const nc = controls.length;
  const dim = u.dim << nc;
  const out = identity(dim);
  let pattern = 0;
  controls.forEach((on, i) => {
    if (on) pattern |= 1 << i;
  });
  const mask = (1 << nc) - 1;
  for (let r = 0; r < dim; r += 1) {
    if ((r & mask) !== pattern) continue;
    for (let c = 0; c < dim; c += 1) {
      if ((c & mask) !== pattern) continue;
      const ur = r >> nc;
      const uc = c >> nc;
      out.data[2 * (r * dim + c)] = u.data[2 * (ur * u.dim + uc)]!;
      out.data[2 * (r * dim + c) + 1] = u.data[2 * (ur * u.dim + uc) + 1]!;
    }
  }
  return out;
}

/** True when every off-diagonal entry is exactly zero (products of diagonal gates stay exact). */
export function isDiagonal(a: Matrix): boolean {
  const n = a.dim;
  for (let r = 0; r < n; r += 1) {
    for (let c = 0; c < n; c += 1) {
      if (r !== c && (a.data[2 * (r * n + c)] !== 0 || a.data[2 * (r * n + c) + 1] !== 0)) return false;
    }
  }
  return true;
}

export function maxDifference(a: Matrix, b: Matrix): number {
  let max = 0;
  for (let i = 0; i < a.data.length; i += 1) max = Math.max(max, Math.abs(a.data[i]! - b.data[i]!));
  return max;
}

/**
 * Eigen-decomposition of a Hermitian matrix by cyclic complex Jacobi rotations: returns real
 * eigenvalues and the unitary whose columns are the eigenvectors. Matrices here are at most
 * 64 x 64, where Jacobi is simple and accurate to machine precision.
 */
export function hermitianEigen(h: Matrix): { values: number[]; vectors: Matrix } {
  const n = h.dim;
  const a = new Float64Array(h.data);
  const v = identity(n).data;
  const re = (r: number, c: number): number => a[2 * (r * n + c)]!;
  const im = (r: number, c: number): number => a[2 * (r * n + c) + 1]!;
  for (let sweep = 0; sweep < 100; sweep += 1) {
    let off = 0;
    for (let p = 0; p < n; p += 1) for (let q = p + 1; q < n; q += 1) off += re(p, q) ** 2 + im(p, q) ** 2;
    if (off < 1e-30) break;
    for (let p = 0; p < n; p += 1) {
      for (let q = p + 1; q < n; q += 1) {
        const apqR = re(p, q);
        const apqI = im(p, q);
        const mag = Math.hypot(apqR, apqI);
        if (mag < 1e-300) continue;
        // Rotate in the (p, q) plane: phase e^{-iφ} makes a_pq real, then a real Jacobi rotation.
        const phR = apqR / mag;
        const phI = apqI / mag;
        const app = re(p, p);
        const aqq = re(q, q);
        const theta = 0.5 * Math.atan2(2 * mag, aqq - app);
        const c = Math.cos(theta);
        const s = Math.sin(theta);
        // Column transform with G: col p' = c*col p - s*e^{-iφ} col q ; col q' = s*e^{iφ} col p + c*col q
        const rotateColumns = (m: Float64Array): void => {
          for (let k = 0; k < n; k += 1) {
            const xpR = m[2 * (k * n + p)]!;
            const xpI = m[2 * (k * n + p) + 1]!;
            const xqR = m[2 * (k * n + q)]!;
            const xqI = m[2 * (k * n + q) + 1]!;
            // e^{-iφ} x_q
            const eqR = phR * xqR + phI * xqI;
            const eqI = phR * xqI - phI * xqR;
            // e^{iφ} x_p
            const epR = phR * xpR - phI * xpI;
            const epI = phR * xpI + phI * xpR;
            m[2 * (k * n + p)] = c * xpR - s * eqR;
            m[2 * (k * n + p) + 1] = c * xpI - s * eqI;
            m[2 * (k * n + q)] = s * epR + c * xqR;
            m[2 * (k * n + q) + 1] = s * epI + c * xqI;
          }
        };
        // Row transform with G^†: row p' = c*row p - s*e^{iφ} row q ; row q' = s*e^{-iφ} row p + c*row q
        const rotateRows = (m: Float64Array): void => {
          for (let k = 0; k < n; k += 1) {
            const xpR = m[2 * (p * n + k)]!;
            const xpI = m[2 * (p * n + k) + 1]!;
            const xqR = m[2 * (q * n + k)]!;
            const xqI = m[2 * (q * n + k) + 1]!;
            const eqR = phR * xqR - phI * xqI;
            const eqI = phR * xqI + phI * xqR;
            const epR = phR * xpR + phI * xpI;
            const epI = phR * xpI - phI * xpR;
            m[2 * (p * n + k)] = c * xpR - s * eqR;
            m[2 * (p * n + k) + 1] = c * xpI - s * eqI;
            m[2 * (q * n + k)] = s * epR + c * xqR;
            m[2 * (q * n + k) + 1] = s * epI + c * xqI;
          }
        };
        rotateColumns(a);
        rotateRows(a);
        rotateColumns(v);
      }
    }
  }
  const values = Array.from({ length: n }, (_, i) => re(i, i));
  return { values, vectors: { dim: n, data: v } };
}

/**
 * Mixing weights α for H + αK: α = tan β for three angles β π/3 apart. Two eigenvalues of U
 * whose phases sum to 2β (mod 2π) give H + αK equal eigenvalues, so one α cannot separate them
 * (U(θ, φ, λ) with φ + λ = 2β is such a gate); one of three angles π/3 apart always can.
 */
const MIX_WEIGHTS = [0, 1, 2].map((i) => Math.tan(Math.atan(Math.SQRT2 - 0.5) + (i * Math.PI) / 3));

/**
 * U^k for a unitary U and real k, on the principal branch (eigenphases in (-π, π]), as OpenQASM 3
 * defines `pow(k) @`. U is normal, so H = (U + U†)/2 and K = (U - U†)/2i commute and share U's
 * eigenvectors; diagonalising H + αK separates distinct eigenvalues unless two of them collide
 * for that α, so the eigenbasis kept is the one in which V† U V is most nearly diagonal.
 */
export function unitaryPower(u: Matrix, k: number): Matrix {
  if (Number.isInteger(k)) return integerPower(u, k);
  const n = u.dim;
  const ud = dagger(u);
  let best: { vectors: Matrix; d: Matrix; off: number } | undefined;
  for (const alpha of MIX_WEIGHTS) {
    const mix = zeros(n);
    for (let i = 0; i < u.data.length; i += 2) {
      const hR = (u.data[i]! + ud.data[i]!) / 2;
      const hI = (u.data[i + 1]! + ud.data[i + 1]!) / 2;
      // (U - U†) / 2i
      const kR = (u.data[i + 1]! - ud.data[i + 1]!) / 2;
      const kI = -(u.data[i]! - ud.data[i]!) / 2;
      mix.data[i] = hR + alpha * kR;
      mix.data[i + 1] = hI + alpha * kI;
    }
    const { vectors } = hermitianEigen(mix);
    // Eigenvalues of U from V† U V (diagonal when V holds U's eigenvectors).
    const d = multiply(multiply(dagger(vectors), u), vectors);
    let off = 0;
    for (let r = 0; r < n; r += 1) {
      for (let c = 0; c < n; c += 1)
        if (r !== c) off = Math.max(off, Math.hypot(d.data[2 * (r * n + c)]!, d.data[2 * (r * n + c) + 1]!));
    }
    if (best === undefined || off < best.off) best = { vectors, d, off };
    if (off < 1e-14) break;
  }
  // Then V diag(λ^k) V†.
  const { vectors, d } = best!;
  const powered = zeros(n);
  for (let i = 0; i < n; i += 1) {
    const lr = d.data[2 * (i * n + i)]!;
    const li = d.data[2 * (i * n + i) + 1]!;
    let phase = Math.atan2(li, lr);
    if (phase <= -Math.PI + 1e-15) phase = Math.PI;
    const mag = Math.hypot(lr, li) ** k;
    powered.data[2 * (i * n + i)] = mag * Math.cos(k * phase);
    powered.data[2 * (i * n + i) + 1] = mag * Math.sin(k * phase);
  }
  return multiply(multiply(vectors, powered), dagger(vectors));
}

function integerPower(u: Matrix, k: number): Matrix {
  let base = k < 0 ? dagger(u) : u;
  let e = Math.abs(k);
  let result = identity(u.dim);
  while (e > 0) {
    if (e & 1) result = multiply(result, base);
    base = multiply(base, base);
    e >>= 1;
  }
  return result;
}
