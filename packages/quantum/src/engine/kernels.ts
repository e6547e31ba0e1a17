/**
 * Statevector kernels. They work on raw amplitude arrays (interleaved re/im doubles, split into
 * chunks of 2^chunkBits amplitudes) and know nothing of gates: a kernel applies a dense or
 * diagonal 2^m x 2^m matrix to m qubits, in place, with no allocation per call.
 *
 * Work is cut into "groups": a group is the 2^m amplitudes a matrix mixes, and group g's base
 * index is g with zero bits inserted at the gate's qubit positions. Consecutive groups have
 * consecutive bases for 2^(lowest gate qubit) steps, so the kernels run over such runs with the
 * member addresses computed once per run; a range [start, end) of groups is a unit of parallel
 * work.
 */

export interface Amplitudes {
  readonly numQubits: number;
  readonly chunkBits: number;
  readonly chunks: readonly Float64Array[];
}

/** A matrix ready for the kernels: qubits in argument order, matrix row-major interleaved. */
export interface KernelOp {
  readonly qubits: readonly number[];
  readonly matrix: Float64Array;
  readonly diagonal: boolean;
}

const MAX_MEMBERS = 32;
const scratchArrays: Float64Array[] = new Array<Float64Array>(MAX_MEMBERS);
const scratchOffsets = new Int32Array(MAX_MEMBERS);
const scratchRe = new Float64Array(MAX_MEMBERS);
const scratchIm = new Float64Array(MAX_MEMBERS);

/** An op with its index arithmetic worked out once, before the passes over the state. */
export interface PreparedOp {
  readonly width: number;
  readonly diagonal: boolean;
  readonly matrix: Float64Array;
  /** Gate qubits in ascending order, where zero bits are inserted into a group index. */
  readonly sorted: readonly number[];
  /** Offset of member j from its group's base index. */
  readonly members: readonly number[];
  readonly groups: number;
  /** How many consecutive groups have consecutive base indices. */
  readonly run: number;
}

export function prepareOp(numQubits: number, chunkBits: number, op: KernelOp): PreparedOp {
  const m = op.qubits.length;
  const members: number[] = [];
  for (let j = 0; j < 1 << m; j += 1) {
    let off = 0;
    for (let b = 0; b < m; b += 1) if ((j >> b) & 1) off += 2 ** op.qubits[b]!;
    members.push(off);
  }
  const lowest = Math.min(numQubits, ...op.qubits);
  return {
    width: m,
    diagonal: op.diagonal,
    matrix: op.matrix,
    sorted: [...op.qubits].sort((a, b) => a - b),
    members,
    groups: 2 ** (numQubits - m),
    run: 2 ** Math.min(lowest, chunkBits, numQubits - m),
  };
}

/** Applies `op` to groups [start, end); `start` is a multiple of `op.run`. */
export function applyRange(state: Amplitudes, op: PreparedOp, start: number, end: number): void {
  const m = op.width;
  if (m === 0) {
    scaleRange(state, op.matrix[0]!, op.matrix[1]!, start, end);
    return;
  }
  const d = 1 << m;
  const { sorted, members, run } = op;
  const chunkSize = 2 ** state.chunkBits;
  const chunks = state.chunks;
  for (let g = start; g < end; g += run) {
    const len = Math.min(run, end - g);
    // Insert a zero bit at each gate qubit, lowest first. Indices may exceed 2^31: plain arithmetic.
    let base = g;
    for (const q of sorted) {
      const low = base % 2 ** q;
      base = (base - low) * 2 + low;
    }
    for (let j = 0; j < d; j += 1) {
      const index = base + members[j]!;
      const chunk = Math.floor(index / chunkSize);
      scratchArrays[j] = chunks[chunk]!;
      scratchOffsets[j] = 2 * (index - chunk * chunkSize);
    }
    if (op.diagonal) diagonalRun(d, op.matrix, len);
    else if (m === 1) dense1Run(op.matrix, len);
    else if (m === 2) dense2Run(op.matrix, len);
    else denseRun(d, op.matrix, len);
  }
}

function dense1Run(u: Float64Array, len: number): void {
  const a0 = scratchArrays[0]!;
  const a1 = scratchArrays[1]!;
  let i0 = scratchOffsets[0]!;
  let i1 = scratchOffsets[1]!;
  const u00r = u[0]!, u00i = u[1]!, u01r = u[2]!, u01i = u[3]!;
  const u10r = u[4]!, u10i = u[5]!, u11r = u[6]!, u11i = u[7]!;
  for (let k = 0; k < len; k += 1, i0 += 2, i1 += 2) {
    const xr = a0[i0]!, xi = a0[i0 + 1]!;
    const yr = a1[i1]!, yi = a1[i1 + 1]!;
    a0[i0] = u00r * xr - u00i * xi + u01r * yr - u01i * yi;
    a0[i0 + 1] = u00r * xi + u00i * xr + u01r * yi + u01i * yr;
    a1[i1] = u10r * xr - u10i * xi + u11r * yr - u11i * yi;
    a1[i1 + 1] = u10r * xi + u10i * xr + u11r * yi + u11i * yr;
  }
}

function dense2Run(u: Float64Array, len: number): void {
  const a0 = scratchArrays[0]!, a1 = scratchArrays[1]!, a2 = scratchArrays[2]!, a3 = scratchArrays[3]!;
  let i0 = scratchOffsets[0]!, i1 = scratchOffsets[1]!, i2 = scratchOffsets[2]!, i3 = scratchOffsets[3]!;
  for (let k = 0; k < len; k += 1, i0 += 2, i1 += 2, i2 += 2, i3 += 2) {
    const v0r = a0[i0]!, v0i = a0[i0 + 1]!, v1r = a1[i1]!, v1i = a1[i1 + 1]!;
    const v2r = a2[i2]!, v2i = a2[i2 + 1]!, v3r = a3[i3]!, v3i = a3[i3 + 1]!;
    for (let r = 0; r < 4; r += 1) {
      const o = 8 * r;
      const m0r = u[o]!, m0i = u[o + 1]!, m1r = u[o + 2]!, m1i = u[o + 3]!;
      const m2r = u[o + 4]!, m2i = u[o + 5]!, m3r = u[o + 6]!, m3i = u[o + 7]!;
      const re = m0r * v0r - m0i * v0i + m1r * v1r - m1i * v1i + m2r * v2r - m2i * v2i + m3r * v3r - m3i * v3i;
      const im = m0r * v0i + m0i * v0r + m1r * v1i + m1i * v1r + m2r * v2i + m2i * v2r + m3r * v3i + m3i * v3r;
      if (r === 0) {
        a0[i0] = re;
        a0[i0 + 1] = im;
      } else if (r === 1) {
        a1[i1] = re;
        a1[i1 + 1] = im;
      } else if (r === 2) {
        a2[i2] = re;
        a2[i2 + 1] = im;
      } else {
        a3[i3] = re;
        a3[i3 + 1] = im;
      }
    }
  }
}

function denseRun(d: number, u: Float64Array, len: number): void {
  for (let k = 0; k < len; k += 1) {
    for (let j = 0; j < d; j += 1) {
      const at = scratchOffsets[j]! + 2 * k;
      scratchRe[j] = scratchArrays[j]![at]!;
      scratchIm[j] = scratchArrays[j]![at + 1]!;
    }
    for (let r = 0; r < d; r += 1) {
      let re = 0;
      let im = 0;
      let o = 2 * d * r;
      for (let c = 0; c < d; c += 1, o += 2) {
        const mr = u[o]!;
        const mi = u[o + 1]!;
        const vr = scratchRe[c]!;
        const vi = scratchIm[c]!;
        re += mr * vr - mi * vi;
        im += mr * vi + mi * vr;
      }
      const at = scratchOffsets[r]! + 2 * k;
      scratchArrays[r]![at] = re;
      scratchArrays[r]![at + 1] = im;
    }
  }
}

function diagonalRun(d: number, u: Float64Array, len: number): void {
  for (let j = 0; j < d; j += 1) {
    const dr = u[2 * (j * d + j)]!;
    const di = u[2 * (j * d + j) + 1]!;
    if (dr === 1 && di === 0) continue;
    const a = scratchArrays[j]!;
    let at = scratchOffsets[j]!;
    for (let k = 0; k < len; k += 1, at += 2) {
      const xr = a[at]!;
      const xi = a[at + 1]!;
      a[at] = dr * xr - di * xi;
      a[at + 1] = dr * xi + di * xr;
    }
  }
}

/** Multiplies amplitudes [start, end) by a scalar: a bare global phase. */
function scaleRange(state: Amplitudes, sr: number, si: number, start: number, end: number): void {
  const size = 2 ** state.chunkBits;
  for (let index = start; index < end; ) {
    const chunk = state.chunks[Math.floor(index / size)]!;
    const from = index % size;
    const to = Math.min(size, from + (end - index));
    for (let i = 2 * from; i < 2 * to; i += 2) {
      const xr = chunk[i]!;
      const xi = chunk[i + 1]!;
      chunk[i] = sr * xr - si * xi;
      chunk[i + 1] = sr * xi + si * xr;
    }
    index += to - from;
  }
}
