/**
 * The erasure noise model, sampled as quantum trajectories.
 *
 * After every cycle each live qubit (see schedule.ts) suffers, independently:
 * - with probability `loss`, a heralded erasure: the shot records a herald for that qubit and the
 *   qubit is replaced by the maximally mixed state, i.e. a uniformly random I, X, Y or Z;
 * - otherwise with probability `pauli`, a silent error: a uniformly random X, Y or Z, unrecorded.
 * By default `pauli = loss × (1 − η) / η` with erasure fraction η = 0.98: erasure conversion
 * turns most errors into detectable ones (Wu, Kolkowitz, Puri and Thompson, 2022).
 *
 * A shot's errors are drawn before any simulation (with a geometric skip to the next error, so
 * the cost is per error, not per slot), and shots with the same errors share one trajectory.
 */
import { QuantumErrors } from '../errors.js';
import type { Rng } from './rng.js';
import type { Schedule } from './schedule.js';

export interface NoiseOptions {
  /** Heralded erasure probability per live qubit per cycle, 0 to 1. Default 0.005. */
  readonly loss?: number;
  /** Silent Pauli error probability per live qubit per cycle. Default loss × (1 − η) / η. */
  readonly pauli?: number;
  /** η, the fraction of errors converted to erasures, used for the default `pauli`. Default 0.98. */
  readonly erasureFraction?: number;
}

export interface NoiseModel {
  readonly loss: number;
  readonly pauli: number;
  readonly erasureFraction: number;
}

export const DEFAULT_LOSS = 0.005;
export const DEFAULT_ERASURE_FRACTION = 0.98;

export function resolveNoise(options: NoiseOptions | undefined): NoiseModel {
  const loss = options?.loss ?? DEFAULT_LOSS;
  const erasureFraction = options?.erasureFraction ?? DEFAULT_ERASURE_FRACTION;
  check('noise.loss', loss, 0, 1);
  check('noise.erasureFraction', erasureFraction, Number.MIN_VALUE, 1);
  const pauli = options?.pauli ?? (loss * (1 - erasureFraction)) / erasureFraction;
  check('noise.pauli', pauli, 0, 1);
  if (loss + pauli > 1) {
    throw QuantumErrors.invalidRunOptions(
      { field: 'noise', reason: 'loss + pauli must not exceed 1' },
      { details: { field: 'noise' } },
    );
  }
  return { loss, pauli, erasureFraction };
}

function check(field: string, value: number, min: number, max: number): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw QuantumErrors.invalidRunOptions(
      { field, reason: `must be a number from ${min} to ${max}, got ${String(value)}` },
      { details: { field } },
    );
  }
}

/** One error of a shot: Pauli 0..3 (I, X, Y, Z) on `qubit` after `cycle`. */
export interface ErrorEvent {
  readonly cycle: number;
  readonly qubit: number;
  readonly pauli: number;
}

export interface ShotErrors {
  /** Errors that change the state (Pauli not I), in cycle order. */
  readonly events: readonly ErrorEvent[];
  /** Qubits with a herald in this shot (one entry per herald). */
  readonly heralds: readonly number[];
}

/** The live slots in (cycle, qubit) order, so a slot number names one place an error can happen. */
export function liveSlots(sched: Schedule): { cycle: Int32Array; qubit: Int32Array } {
  const count = sched.liveSlots;
  const cycle = new Int32Array(count);
  const qubit = new Int32Array(count);
  let k = 0;
  for (let c = 0; c < sched.depth; c += 1) {
    for (let q = 0; q < sched.liveFrom.length; q += 1) {
      if (c >= sched.liveFrom[q]! && c < sched.liveTo[q]!) {
        cycle[k] = c;
        qubit[k] = q;
        k += 1;
      }
    }
  }
  return { cycle, qubit };
}

const NO_ERRORS: ShotErrors = { events: [], heralds: [] };

/** Draws one shot's errors. */
export function sampleShotErrors(
  model: NoiseModel,
  slots: { cycle: Int32Array; qubit: Int32Array },
  rng: Rng,
): ShotErrors {
  const p = model.loss + model.pauli;
  const count = slots.cycle.length;
  if (p === 0 || count === 0) return NO_ERRORS;
  const events: ErrorEvent[] = [];
  const heralds: number[] = [];
  const logq = Math.log1p(-p);
  // Geometric skip: the gap to the next error slot, then what kind of error it is.
  for (let s = p === 1 ? 0 : Math.floor(Math.log(1 - rng.next()) / logq); s < count;) {
    const cycle = slots.cycle[s]!;
    const qubit = slots.qubit[s]!;
    const erased = rng.next() * p < model.loss;
    const pauli = erased ? Math.floor(rng.next() * 4) : 1 + Math.floor(rng.next() * 3);
    if (erased) heralds.push(qubit);
    if (pauli !== 0) events.push({ cycle, qubit, pauli });
    s += 1 + (p === 1 ? 0 : Math.floor(Math.log(1 - rng.next()) / logq));
  }
  return events.length === 0 && heralds.length === 0 ? NO_ERRORS : { events, heralds };
}

/** A key equal for shots whose errors act the same on the state. */
export function patternKey(events: readonly ErrorEvent[]): string {
  return events.map((e) => `${e.cycle}.${e.qubit}.${e.pauli}`).join(',');
}
