/**
 * Predicates as disjoint cubes: the algebra checked exhaustively against truth tables, the
 * conditions cubes become, expansion by enumeration with its limits, and stale reads.
 */
import { describe, expect, it } from 'vitest';
import {
  andCubes,
  checkCopies,
  checkFresh,
  cubeCondition,
  enumerateCases,
  MAX_CONDITION_BITS,
  MAX_CONDITION_COPIES,
  notCubes,
  orCubes,
  type Cube,
} from '../../src/qasm/conditions.js';
import { expectAppError } from '@lab/server-kit/testing';

const BITS = 4;
const cube = (entries: Record<number, 0 | 1>): Cube =>
  new Map(Object.entries(entries).map(([k, v]) => [Number(k), v]));
const holds = (c: Cube, assignment: number) => [...c].every(([bit, v]) => ((assignment >> bit) & 1) === v);
/** How many cubes hold at each assignment of BITS bits. */
const coverage = (cubes: readonly Cube[]) =>
  Array.from({ length: 2 ** BITS }, (_, a) => cubes.filter((c) => holds(c, a)).length);

/** A deterministic sample of cube lists over BITS bits. */
function sampleLists(): Cube[][] {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: 60 }, () =>
    Array.from({ length: 1 + Math.floor(next() * 3) }, () => {
      const c = new Map<number, 0 | 1>();
      for (let bit = 0; bit < BITS; bit += 1) if (next() < 0.5) c.set(bit, next() < 0.5 ? 0 : 1);
      return c;
    }),
  );
}
/** Makes a list disjoint the way the importer does (a ∨ b = a ∨ (b ∧ ¬a)). */
const disjoint = (list: Cube[]) => list.reduce<Cube[]>((acc, c) => orCubes(acc, [c])!, []);

describe('cube algebra', () => {
  const lists = sampleLists().map(disjoint);

  it('keeps lists disjoint: no assignment matches two cubes', () => {
    for (const a of lists) expect(Math.max(...coverage(a))).toBeLessThanOrEqual(1);
  });

  it('negates, intersects and unites exactly, staying disjoint', () => {
    for (const [i, a] of lists.entries()) {
      const b = lists[(i * 7 + 3) % lists.length]!;
      const [ca, cb] = [coverage(a), coverage(b)];
      expect(coverage(notCubes(a)!)).toEqual(ca.map((x) => (x === 0 ? 1 : 0)));
      expect(coverage(andCubes(a, b)!)).toEqual(ca.map((x, k) => (x && cb[k] ? 1 : 0)));
      expect(coverage(orCubes(a, b)!)).toEqual(ca.map((x, k) => (x || cb[k] ? 1 : 0)));
    }
  });

  it('negates a cube of k bits into k cubes', () => {
    expect(notCubes([cube({ 0: 1, 2: 0, 3: 1 })])).toHaveLength(3);
    expect(notCubes([new Map()])).toEqual([]);
  });

  it('gives up (undefined) past the copy limit', () => {
    const list = (n: number, offset: number) =>
      Array.from({ length: n }, (_, i) => cube({ [offset + i]: 1 }));
    expect(andCubes(list(32, 0), list(32, 100))).toHaveLength(MAX_CONDITION_COPIES);
    expect(andCubes(list(33, 0), list(32, 100))).toBeUndefined();
    expect(
      notCubes(Array.from({ length: 12 }, (_, i) => cube({ [2 * i]: 1, [2 * i + 1]: 1 }))),
    ).toBeUndefined();
  });
});

describe('conditions', () => {
  it('orders clbits ascending, the first least significant', () => {
    expect(cubeCondition(cube({ 5: 1, 2: 0, 7: 1 }))).toEqual({ clbits: [2, 5, 7], value: 0b110 });
    expect(cubeCondition(new Map())).toBeUndefined();
  });
});

describe('enumeration', () => {
  const reads = [0, 1, 2].map((clbit) => ({ clbit, generation: 1, label: `c[${clbit}]` }));

  it('keeps only the bits the value depends on', () => {
    const cases = enumerateCases(
      reads,
      (env) => (env.get(2) ?? 0) === 1,
      (a, b) => a === b,
      undefined,
      'x',
    );
    expect(cases.map((c) => [cubeCondition(c.cube), c.value])).toEqual([
      [{ clbits: [2], value: 0 }, false],
      [{ clbits: [2], value: 1 }, true],
    ]);
  });

  it('gives one case per value of the bits that matter', () => {
    const cases = enumerateCases(
      reads,
      (env) => (env.get(0) ?? 0) + (env.get(1) ?? 0),
      (a, b) => a === b,
      undefined,
      'x',
    );
    expect(cases).toHaveLength(4);
    expect(cases.map((c) => c.value)).toEqual([0, 1, 1, 2]);
  });

  it(`refuses more than ${MAX_CONDITION_BITS} bits, and more than ${MAX_CONDITION_COPIES} copies`, () => {
    const many = Array.from({ length: MAX_CONDITION_BITS + 1 }, (_, clbit) => ({
      clbit,
      generation: 0,
      label: `c[${clbit}]`,
    }));
    expectAppError(
      () =>
        enumerateCases(
          many,
          () => true,
          (a, b) => a === b,
          undefined,
          'this condition',
        ),
      'INVALID_QASM',
      'this condition is too complex',
      `${MAX_CONDITION_BITS + 1} measured bits`,
    );
    expect(() => checkCopies(MAX_CONDITION_COPIES, undefined, 'x')).not.toThrow();
    expectAppError(
      () => checkCopies(MAX_CONDITION_COPIES + 1, undefined, 'this condition'),
      'INVALID_QASM',
      `${MAX_CONDITION_COPIES + 1} conditioned copies`,
    );
  });
});

describe('freshness', () => {
  it('refuses a read older than its clbit’s latest measurement, naming the bit', () => {
    const reads = [{ clbit: 3, generation: 1, label: 'c[3]' }];
    expect(() => checkFresh(reads, () => 1, undefined)).not.toThrow();
    expectAppError(
      () => checkFresh(reads, () => 2, { line: 4, column: 2, endLine: 4, endColumn: 3 }),
      'UNSUPPORTED_QASM_FEATURE',
      '<input>:4:2',
      'c[3] had before it was measured again',
    );
  });
});
