/**
 * Predicates over measured classical bits, lowered to the circuit model's conditions.
 *
 * The model conditions an operation on one `{clbits, value}` equality. A predicate here is a
 * list of disjoint cubes (partial assignments of clbits): it holds when the bits match one of
 * them, and at most one can match. A branch is emitted once per cube with that cube as its
 * condition, so exactly one copy runs when the predicate holds and none otherwise. Equalities,
 * single bits, `!`, `&&` and `||` build cubes directly (a cube's negation is a few disjoint
 * cubes); any other predicate is expanded by evaluating it on every assignment of the bits it
 * reads, up to `MAX_CONDITION_BITS` bits and `MAX_CONDITION_COPIES` copies.
 */
import type { Condition } from '../circuit/circuit.js';
import type { Span } from './ast.js';
import { qasmError, unsupportedConstruct } from './diagnostics.js';

/** Most distinct classical bits a predicate may read when it has to be expanded by enumeration. */
export const MAX_CONDITION_BITS = 12;
/** Most copies one conditioned branch or operation may be emitted as. */
export const MAX_CONDITION_COPIES = 1024;

/** A clbit as it was at one moment: `generation` counts the measurements into it before. */
export interface Read {
  readonly clbit: number;
  readonly generation: number;
  /** How the program names it, for messages: `c[0]`. */
  readonly label: string;
}

/** Values of some clbits; a predicate's cube holds when every listed bit has its value. */
export type Cube = ReadonlyMap<number, 0 | 1>;
/** Clbit values during an expansion. */
export type Env = ReadonlyMap<number, 0 | 1>;

/** Both hold: pairwise intersections (still disjoint). `undefined` past the copy limit. */
export function andCubes(a: readonly Cube[], b: readonly Cube[]): Cube[] | undefined {
  const out: Cube[] = [];
  for (const x of a) {
    for (const y of b) {
      const merged = mergeCubes(x, y);
      if (merged === undefined) continue;
      out.push(merged);
      if (out.length > MAX_CONDITION_COPIES) return undefined;
    }
  }
  return out;
}

export function mergeCubes(x: Cube, y: Cube): Cube | undefined {
  const merged = new Map(x);
  for (const [bit, value] of y) {
    const existing = merged.get(bit);
    if (existing !== undefined && existing !== value) return undefined;
    merged.set(bit, value);
  }
  return merged;
}

/** The complement, as disjoint cubes: ¬(b1=v1 ∧ b2=v2 ...) = (b1≠v1) ∨ (b1=v1 ∧ b2≠v2) ∨ ... */
export function notCubes(a: readonly Cube[]): Cube[] | undefined {
  let result: Cube[] | undefined = [new Map()];
  for (const cube of a) {
    const negation: Cube[] = [];
    const prefix = new Map<number, 0 | 1>();
    for (const [bit, value] of cube) {
      negation.push(new Map([...prefix, [bit, value === 1 ? 0 : 1]]));
      prefix.set(bit, value);
    }
    result = andCubes(result, negation);
    if (result === undefined) return undefined;
  }
  return result;
}

/** Either holds: a ∨ (b ∧ ¬a), disjoint. */
export function orCubes(a: readonly Cube[], b: readonly Cube[]): Cube[] | undefined {
  const notA = notCubes(a);
  if (notA === undefined) return undefined;
  const rest = andCubes(b, notA);
  if (rest === undefined || a.length + rest.length > MAX_CONDITION_COPIES) return undefined;
  return [...a, ...rest];
}

/** The model's condition for a cube; none for the empty cube (always true). */
export function cubeCondition(cube: Cube): Condition | undefined {
  if (cube.size === 0) return undefined;
  const clbits = [...cube.keys()].sort((x, y) => x - y);
  const value = clbits.reduce((acc, bit, i) => acc + (cube.get(bit) ?? 0) * 2 ** i, 0);
  return { clbits, value };
}

/** Throws when a read is older than its clbit's latest measurement. */
export function checkFresh(
  reads: readonly Read[],
  generationOf: (clbit: number) => number,
  at: Span | undefined,
): void {
  for (const read of reads) {
    if (generationOf(read.clbit) !== read.generation) {
      throw unsupportedConstruct(
        at,
        "a bit's value from before it was measured again",
        `this uses the value ${read.label} had before it was measured again; ` +
          'the circuit model keeps only the latest measurement of a bit (read it into another bit first)',
      );
    }
  }
}

/**
 * Splits `evaluate` into cases by the clbits it depends on: each case is a cube over the bits
 * that matter and the value it gives there. `what` describes the construct for the limit error.
 */
export function enumerateCases<T>(
  reads: readonly Read[],
  evaluate: (env: Env) => T,
  same: (a: T, b: T) => boolean,
  at: Span | undefined,
  what: string,
): { cube: Cube; value: T }[] {
  const bits = [...new Set(reads.map((r) => r.clbit))].sort((x, y) => x - y);
  if (bits.length > MAX_CONDITION_BITS) {
    throw qasmError(
      at,
      `${what} is too complex: it depends on ${bits.length} measured bits, and at most ` +
        `${MAX_CONDITION_BITS} can be expanded into conditions (compare whole registers with ==, or split it)`,
    );
  }
  const table: T[] = [];
  for (let assignment = 0; assignment < 2 ** bits.length; assignment += 1) {
    table.push(evaluate(envOf(bits, assignment)));
  }
  const relevant = bits.filter((_, j) =>
    table.some((value, assignment) => !same(value, table[assignment ^ (1 << j)]!)),
  );
  const relevantMask = bits.reduce((mask, bit, j) => (relevant.includes(bit) ? mask | (1 << j) : mask), 0);
  const cases: { cube: Cube; value: T }[] = [];
  table.forEach((value, assignment) => {
    if ((assignment & ~relevantMask) !== 0) return;
    const cube = new Map<number, 0 | 1>();
    bits.forEach((bit, j) => {
      if ((relevantMask >> j) & 1) cube.set(bit, ((assignment >> j) & 1) as 0 | 1);
    });
    cases.push({ cube, value });
  });
  return cases;
}

function envOf(bits: readonly number[], assignment: number): Env {
  return new Map(bits.map((bit, j) => [bit, ((assignment >> j) & 1) as 0 | 1]));
}

/** Refuses more copies than the limit. */
export function checkCopies(count: number, at: Span | undefined, what: string): void {
  if (count > MAX_CONDITION_COPIES) {
    throw qasmError(
      at,
      `${what} is too complex: it would be emitted as ${count} conditioned copies (at most ${MAX_CONDITION_COPIES})`,
    );
  }
}
