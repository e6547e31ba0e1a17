/**
 * The state layer: owns the amplitudes of one simulation and offers what the executor needs
 * (apply an op, measure, reset, sample, copy). Passes over large states are split across the
 * worker pool; everything else runs on the calling thread.
 */
import { QuantumErrors } from '../errors.js';
import { applyRange, prepareOp, type Amplitudes, type KernelOp, type PreparedOp } from './kernels.js';
import { readyPool, type ParallelPool } from './parallel.js';

/** 2^26 amplitudes (1 GiB) per chunk: indices inside a chunk stay below 2^31. */
export const DEFAULT_CHUNK_BITS = 26;
export const BYTES_PER_AMPLITUDE = 16;

export interface StateOptions {
  readonly chunkBits?: number;
  /** Threads for passes; 1 keeps everything on the calling thread. */
  readonly threads?: number;
}

export function stateBytes(numQubits: number): number {
  return BYTES_PER_AMPLITUDE * 2 ** numQubits;
}

/** Refuses, before any allocation, `states` states of `numQubits` qubits that exceed `limit` bytes. */
export function checkStateMemory(numQubits: number, states: number, limit: number): void {
  const bytesNeeded = states * stateBytes(numQubits);
  if (bytesNeeded > limit) {
    const maxQubits = Math.max(0, Math.floor(Math.log2(limit / states / BYTES_PER_AMPLITUDE)));
    throw QuantumErrors.circuitTooLarge(
      { qubits: numQubits, states, bytesNeeded, bytesAllowed: limit, maxQubits },
      {
        details: {
          qubits: numQubits,
          states,
          bytes_needed: bytesNeeded,
          bytes_allowed: limit,
          max_qubits: maxQubits,
        },
      },
    );
  }
}

export class StateVector implements Amplitudes {
  readonly numQubits: number;
  readonly chunkBits: number;
  readonly chunks: Float64Array[];
  private readonly pool: ParallelPool | undefined;

  private constructor(
    numQubits: number,
    chunkBits: number,
    chunks: Float64Array[],
    pool: ParallelPool | undefined,
  ) {
    this.numQubits = numQubits;
    this.chunkBits = chunkBits;
    this.chunks = chunks;
    this.pool = pool;
  }

  /**
   * |0...0>, in shared memory when more than one thread will work on it. The pool for `threads`
   * must have been started (`startPool`); without it the state is swept by this thread alone.
   */
  static zero(numQubits: number, options: StateOptions = {}): StateVector {
    const pool = (options.threads ?? 1) > 1 ? readyPool(options.threads!) : undefined;
    const threads = pool === undefined ? 1 : options.threads!;
    const chunkBits = Math.min(numQubits, options.chunkBits ?? DEFAULT_CHUNK_BITS);
    const chunkCount = 2 ** (numQubits - chunkBits);
    const chunkBytes = BYTES_PER_AMPLITUDE * 2 ** chunkBits;
    const chunks = Array.from(
      { length: chunkCount },
      () => new Float64Array(threads > 1 ? new SharedArrayBuffer(chunkBytes) : new ArrayBuffer(chunkBytes)),
    );
    chunks[0]![0] = 1;
    pool?.attach({ numQubits, chunkBits, chunks });
    return new StateVector(numQubits, chunkBits, chunks, pool);
  }

  /** A state with the given amplitudes (interleaved re/im), for tests and small simulations. */
  static fromAmplitudes(amplitudes: Float64Array, options: StateOptions = {}): StateVector {
    const numQubits = Math.log2(amplitudes.length / 2);
    if (!Number.isInteger(numQubits))
      throw QuantumErrors.invalidCircuit({ reason: 'the amplitude count must be a power of two' });
    const state = StateVector.zero(numQubits, options);
    state.chunks.forEach((chunk, i) =>
      chunk.set(amplitudes.subarray(i * chunk.length, (i + 1) * chunk.length)),
    );
    return state;
  }

  get bytes(): number {
    return stateBytes(this.numQubits);
  }

  prepare(op: KernelOp): PreparedOp {
    return prepareOp(this.numQubits, this.chunkBits, op);
  }

  apply(op: PreparedOp): void {
    if (this.pool !== undefined) this.pool.run(this, op);
    else applyRange(this, op, 0, op.groups);
  }

  /** Releases the workers; the amplitudes stay readable. */
  release(): void {
    this.pool?.detach();
  }

  copyFrom(other: StateVector): void {
    this.chunks.forEach((chunk, i) => chunk.set(other.chunks[i]!));
  }

  /** A copy in the same kind of memory, attached to the same pool. */
  clone(): StateVector {
    const copy = StateVector.zero(this.numQubits, {
      chunkBits: this.chunkBits,
      threads: this.pool?.threads ?? 1,
    });
    copy.copyFrom(this);
    return copy;
  }

  /** All amplitudes in one array (interleaved re/im); meant for small states. */
  amplitudes(): Float64Array {
    const out = new Float64Array(2 * 2 ** this.numQubits);
    this.chunks.forEach((chunk, i) => out.set(chunk, i * chunk.length));
    return out;
  }

  /** Probability that `qubit` reads 1. */
  probabilityOfOne(qubit: number): number {
    let p = 0;
    this.forEachHalf(qubit, (chunk, from, to, bit) => {
      if (bit === 0) return;
      for (let i = 2 * from; i < 2 * to; i += 2) p += chunk[i]! * chunk[i]! + chunk[i + 1]! * chunk[i + 1]!;
    });
    return p;
  }

  /** Projects `qubit` onto `outcome` (whose probability is `probability`) and renormalises. */
  collapse(qubit: number, outcome: 0 | 1, probability: number): void {
    const factor = 1 / Math.sqrt(probability);
    this.forEachHalf(qubit, (chunk, from, to, bit) => {
      if (bit !== outcome) {
        chunk.fill(0, 2 * from, 2 * to);
        return;
      }
      for (let i = 2 * from; i < 2 * to; i += 1) chunk[i] = chunk[i]! * factor;
    });
  }

  /** Swaps the |0> and |1> halves of `qubit`: X, used by reset after a 1 is found. */
  flip(qubit: number): void {
    this.apply(this.prepare({ qubits: [qubit], matrix: X_MATRIX, diagonal: false }));
  }

  /**
   * Walks the probabilities of basis states in index order; `visit(index, p)` is called for each
   * non-zero one. Sampling uses this walk once for all shots.
   */
  forEachProbability(visit: (index: number, probability: number) => void): void {
    const size = 2 ** this.chunkBits;
    this.chunks.forEach((chunk, c) => {
      for (let i = 0, k = 0; k < size; i += 2, k += 1) {
        const p = chunk[i]! * chunk[i]! + chunk[i + 1]! * chunk[i + 1]!;
        if (p !== 0) visit(c * size + k, p);
      }
    });
  }

  /** Calls `visit` for each run of amplitudes [from, to) of a chunk in which `qubit` reads `bit`. */
  private forEachHalf(
    qubit: number,
    visit: (chunk: Float64Array, from: number, to: number, bit: number) => void,
  ): void {
    const size = 2 ** this.chunkBits;
    this.chunks.forEach((chunk, c) => {
      if (qubit >= this.chunkBits) {
        visit(chunk, 0, size, Math.floor(c / 2 ** (qubit - this.chunkBits)) % 2);
        return;
      }
      const half = 2 ** qubit;
      for (let base = 0; base < size; base += 2 * half) {
        visit(chunk, base, base + half, 0);
        visit(chunk, base + half, base + 2 * half, 1);
      }
    });
  }
}

const X_MATRIX = new Float64Array([0, 0, 1, 0, 1, 0, 0, 0]);
