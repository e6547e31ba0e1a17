/**
 * Liveness checking as safety checking (Biere, Artho and Schuppan, 2002), on AIGER models.
 *
 * A justice property fails when some infinite trace (on which every fairness literal is true
 * infinitely often, and every constraint always holds) makes each of its literals true
 * infinitely often. A finite-state model has such a trace exactly when it has a lasso: a path to
 * a state, and a loop back to that state on which each of those literals is true at least once.
 * The safety model looks for the lasso: an oracle input `save` picks the loop's first state, a
 * `saved` latch remembers that it was picked, a shadow latch per latch holds the state picked,
 * and a `seen` latch per justice and fairness literal records that the literal was true since.
 * The one bad state is: saved, the state equal to the shadow, and every literal seen. A proof of
 * the safety model proves the justice property; a counterexample is a lasso, so it fails.
 *
 * The constraints are kept as the safety model's constraints; the other properties, outputs and
 * justice properties are left out. The model grows by 2 + L + |justice| + |fairness| latches
 * (its latches doubled) and about 4 gates a latch for the comparison and the capture.
 */
import { AigerError, type AigerModel } from './aiger.js';

export function liveToSafe(model: AigerModel, justiceIndex: number): AigerModel {
  const justice = model.justice[justiceIndex];
  if (justice === undefined) {
    throw new AigerError(`the model has no justice property ${justiceIndex}`);
  }
  const { inputs } = model;
  const latchCount = model.latches.length;
  const watched = [...justice, ...model.fairness];
  // New numbering: the inputs and `save`, the latches, then saved, the shadows and the seen latches.
  const addedLatches = 1 + latchCount + watched.length;
  const save = 2 * (inputs + 1);
  const latchLiteral = (index: number) => 2 * (inputs + 2 + index);
  const savedLiteral = latchLiteral(latchCount);
  const shadowLiteral = (index: number) => latchLiteral(latchCount + 1 + index);
  const seenLiteral = (index: number) => latchLiteral(2 * latchCount + 1 + index);
  const firstAnd = inputs + 1 + latchCount + addedLatches + 1;
  const renumber = (literal: number): number => {
    const variable = literal >> 1;
    const negated = literal & 1;
    if (variable === 0) return literal;
    if (variable <= inputs) return literal;
    if (variable <= inputs + latchCount) return latchLiteral(variable - inputs - 1) | negated;
    return (2 * (firstAnd + variable - inputs - latchCount - 1)) | negated;
  };

  const ands: [number, number][] = model.ands.map(([a, b]) => [renumber(a), renumber(b)]);
  const and = (a: number, b: number): number => {
    if (a === 0 || b === 0 || a === (b ^ 1)) return 0;
    if (a === 1 || a === b) return b;
    if (b === 1) return a;
    ands.push([a, b]);
    return 2 * (firstAnd + ands.length - 1);
  };
  const or = (a: number, b: number) => and(a ^ 1, b ^ 1) ^ 1;
  const equal = (a: number, b: number) => or(and(a, b), and(a ^ 1, b ^ 1));
  const all = (literals: readonly number[]) => literals.reduce((sum, literal) => and(sum, literal), 1);

  const saved = savedLiteral;
  const saving = and(save, saved ^ 1);
  // On the loop: from the step that saves the state, that step included.
  const onLoop = or(saved, saving);
  const latches = model.latches.map((latch, index) => ({
    next: renumber(latch.next),
    reset: latch.reset <= 1 ? latch.reset : latchLiteral(index),
  }));
  latches.push({ next: onLoop, reset: 0 });
  for (let index = 0; index < latchCount; index++) {
    const current = latchLiteral(index);
    latches.push({ next: or(and(saving, current), and(saving ^ 1, shadowLiteral(index))), reset: 0 });
  }
  watched.forEach((literal, index) => {
    latches.push({ next: or(seenLiteral(index), and(onLoop, renumber(literal))), reset: 0 });
  });
  const sameState = all(model.latches.map((_, index) => equal(latchLiteral(index), shadowLiteral(index))));
  const allSeen = all(watched.map((_, index) => seenLiteral(index)));
  const bad = and(saved, and(sameState, allSeen));
  return {
    inputs: inputs + 1,
    latches,
    outputs: [],
    bad: [bad],
    constraints: model.constraints.map(renumber),
    justice: [],
    fairness: [],
    ands,
  };
}
