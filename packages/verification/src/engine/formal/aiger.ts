/**
 * AIGER 1.9 models (https://fmv.jku.at/aiger/FORMAT): read in the ASCII form Yosys writes
 * (`write_aiger -ascii`), written in the binary form, the only one yosys-abc reads.
 *
 * Variables are numbered as Yosys numbers them and as the binary form requires: inputs 1..I,
 * latches I+1..I+L, AND gates after them in order, each gate above its operands. A literal is
 * 2·variable, plus 1 when negated; 0 is false and 1 true. A model numbered otherwise is refused.
 */

export class AigerError extends Error {
  override name = 'AigerError';
}

export interface AigerLatch {
  next: number;
  /** 0, 1, or the latch's own literal: its initial value is free. */
  reset: number;
}

export interface AigerModel {
  inputs: number;
  latches: AigerLatch[];
  outputs: number[];
  /** Bad-state literals: a state where one is true violates a safety property. */
  bad: number[];
  /** Invariant constraints: only traces on which every one holds at every step count. */
  constraints: number[];
  /** Justice properties: each fails on an infinite trace where all its literals are true infinitely often. */
  justice: number[][];
  /** Fairness constraints: only infinite traces on which each is true infinitely often count. */
  fairness: number[];
  /** AND gates as their two operands; gate i is variable inputs + latches + i + 1. */
  ands: [number, number][];
}

/** Above this many variables a model is refused, before anything is built from it. */
export const MAX_AIGER_VARIABLES = 10_000_000;

export function maxVariable(model: AigerModel): number {
  return model.inputs + model.latches.length + model.ands.length;
}

/** Reads the ASCII form (`aag`); the symbol table and comments after the gates are ignored. */
export function readAsciiAiger(text: string): AigerModel {
  const lines = text.split('\n');
  let at = 0;
  const next = (what: string): number[] => {
    const line = lines[at++];
    if (line === undefined || (line.trim() === '' && at === lines.length))
      throw new AigerError(`the file ends where ${what} was expected`);
    const words = line.trim().split(/\s+/);
    if (!words.every((word) => /^\d+$/.test(word))) {
      throw new AigerError(`line ${at}: '${line}' is not ${what}`);
    }
    return words.map(Number);
  };
  const header = lines[at++]?.trim().split(/\s+/) ?? [];
  if (header[0] !== 'aag' || header.length < 6 || header.length > 10) {
    throw new AigerError('not an ASCII AIGER file (aag M I L O A [B C J F])');
  }
  const counts = header.slice(1).map(Number);
  if (!counts.every((count) => Number.isSafeInteger(count) && count >= 0)) {
    throw new AigerError(`header '${header.join(' ')}': the counts must be whole numbers`);
  }
  const [m = 0, i = 0, l = 0, o = 0, a = 0, b = 0, c = 0, j = 0, f = 0] = counts;
  if (m > MAX_AIGER_VARIABLES) throw new AigerError(`${m} variables: more than ${MAX_AIGER_VARIABLES}`);
  if (m !== i + l + a) throw new AigerError(`header: M = ${m} is not I + L + A = ${i + l + a}`);
  const literal = (value: number | undefined, what: string): number => {
    if (value === undefined || value > 2 * m + 1)
      throw new AigerError(`line ${at}: ${what} is not a literal`);
    return value;
  };
  for (let index = 1; index <= i; index++) {
    const [lhs] = next('an input');
    if (lhs !== 2 * index) throw new AigerError(`line ${at}: input ${index} is not numbered ${2 * index}`);
  }
  const latches: AigerLatch[] = [];
  for (let index = 1; index <= l; index++) {
    const [lhs, nextState, reset = 0] = next('a latch');
    const own = 2 * (i + index);
    if (lhs !== own) throw new AigerError(`line ${at}: latch ${index} is not numbered ${own}`);
    if (reset !== 0 && reset !== 1 && reset !== own) {
      throw new AigerError(`line ${at}: a latch's reset is 0, 1 or its own literal`);
    }
    latches.push({ next: literal(nextState, 'the next state'), reset });
  }
  const single = (what: string) => literal(next(what)[0], what);
  const list = (count: number, what: string) => Array.from({ length: count }, () => single(what));
  const outputs = list(o, 'an output');
  const bad = list(b, 'a bad-state literal');
  const constraints = list(c, 'a constraint');
  const sizes = list(j, 'a justice size');
  const justice = sizes.map((size) => list(size, 'a justice literal'));
  const fairness = list(f, 'a fairness literal');
  const ands: [number, number][] = [];
  for (let index = 1; index <= a; index++) {
    const [lhs, rhs0, rhs1] = next('an AND gate');
    const own = 2 * (i + l + index);
    if (lhs !== own) throw new AigerError(`line ${at}: AND gate ${index} is not numbered ${own}`);
    const left = literal(rhs0, 'an operand');
    const right = literal(rhs1, 'an operand');
    if (left >= own || right >= own) throw new AigerError(`line ${at}: a gate must come after its operands`);
    ands.push([left, right]);
  }
  return { inputs: i, latches, outputs, bad, constraints, justice, fairness, ands };
}

function headerCounts(model: AigerModel): number[] {
  const { bad, constraints, justice, fairness } = model;
  const tail = [bad.length, constraints.length, justice.length, fairness.length];
  const base = [
    maxVariable(model),
    model.inputs,
    model.latches.length,
    model.outputs.length,
    model.ands.length,
  ];
  return tail.some((count) => count > 0) ? [...base, ...tail] : base;
}

/** The literal lines after the latches: outputs, bad, constraints, justice sizes and literals, fairness. */
function propertyLines(model: AigerModel): number[] {
  return [
    ...model.outputs,
    ...model.bad,
    ...model.constraints,
    ...model.justice.map((property) => property.length),
    ...model.justice.flat(),
    ...model.fairness,
  ];
}

const latchLine = (latch: AigerLatch) =>
  latch.reset === 0 ? `${latch.next}` : `${latch.next} ${latch.reset}`;

/** The ASCII form, as readAsciiAiger reads it. */
export function writeAsciiAiger(model: AigerModel): string {
  const { inputs, latches } = model;
  const lines = [`aag ${headerCounts(model).join(' ')}`];
  for (let index = 1; index <= inputs; index++) lines.push(String(2 * index));
  latches.forEach((latch, index) => lines.push(`${2 * (inputs + index + 1)} ${latchLine(latch)}`));
  lines.push(...propertyLines(model).map(String));
  const first = inputs + latches.length;
  model.ands.forEach(([left, right], index) => lines.push(`${2 * (first + index + 1)} ${left} ${right}`));
  return `${lines.join('\n')}\n`;
}

/** The binary form: gates as two delta-encoded numbers each (larger operand first). */
export function writeBinaryAiger(model: AigerModel): Buffer {
  const text = [
    `aig ${headerCounts(model).join(' ')}`,
    ...model.latches.map(latchLine),
    ...propertyLines(model).map(String),
  ].join('\n');
  const bytes: number[] = [];
  const encode = (value: number) => {
    let rest = value;
    while (rest >= 0x80) {
      bytes.push((rest & 0x7f) | 0x80);
      rest = Math.floor(rest / 0x80);
    }
    bytes.push(rest);
  };
  const first = model.inputs + model.latches.length;
  model.ands.forEach(([a, b], index) => {
    const lhs = 2 * (first + index + 1);
    const [high, low] = a >= b ? [a, b] : [b, a];
    encode(lhs - high);
    encode(high - low);
  });
  return Buffer.concat([Buffer.from(`${text}\n`), Buffer.from(bytes)]);
}
