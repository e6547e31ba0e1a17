/**
 * One state machine instance's coverage from the values its state register took in a trace.
 *
 * The register's changes are sampled in time order, the last value at each time standing for
 * that time (delta-cycle glitches are not states). A state is visited when the register holds
 * its code at some time; a transition A -> B is taken when B is the next distinct value after
 * A. The register of a synchronous design only changes at clock edges, so successive distinct
 * values are the transitions made at those edges; a self-loop (staying in A) cannot be seen
 * this way, which is why the machine's transitions never include one (see fsm-info.ts). A value
 * that is not a state code (x, z, an unused encoding) breaks the sequence: no transition is
 * counted into or out of it.
 */
import type { ExtractedFsm } from './fsm-info.js';
import type { ValueChange } from './trace.js';

export interface FsmStateCoverage {
  value: number;
  name?: string;
  visited: boolean;
}

export interface FsmTransitionCoverage {
  from: number;
  to: number;
  taken: boolean;
}

export interface FsmMachine {
  /** The module the machine is written in. */
  module: string;
  /** The instance's hierarchical path in the trace (`tb_traffic_light.dut`). */
  instance: string;
  register: string;
  states: FsmStateCoverage[];
  transitions: FsmTransitionCoverage[];
  /** Percent of the states visited. */
  state_coverage: number;
  /** Percent of the transitions taken; null for a machine without transitions. */
  transition_coverage: number | null;
}

/** A percentage with two decimals; null when there is nothing to cover. */
export function percentOf(covered: number, total: number): number | null {
  return total === 0 ? null : Math.round((covered / total) * 10_000) / 100;
}

/** The value at each distinct time, in time order. */
function settledValues(changes: readonly ValueChange[]): string[] {
  const byTime = new Map<number, string>();
  for (const change of [...changes].sort((a, b) => a.time - b.time)) byTime.set(change.time, change.value);
  return [...byTime.values()];
}

export function machineCoverage(
  fsm: ExtractedFsm,
  instance: string,
  changes: readonly ValueChange[],
  names: ReadonlyMap<string, string>,
): FsmMachine {
  const codes = new Set(fsm.states);
  const visited = new Set<string>();
  const taken = new Set<string>();
  let previous: string | null = null;
  for (const value of settledValues(changes)) {
    if (!codes.has(value)) {
      previous = null;
      continue;
    }
    visited.add(value);
    if (previous !== null && previous !== value) taken.add(`${previous}>${value}`);
    previous = value;
  }
  const number = (code: string) => parseInt(code, 2);
  const states = fsm.states.map((code) => {
    const name = names.get(code);
    return { value: number(code), ...(name === undefined ? {} : { name }), visited: visited.has(code) };
  });
  const transitions = fsm.transitions
    .map((t) => ({ from: number(t.from), to: number(t.to), taken: taken.has(`${t.from}>${t.to}`) }))
    .sort((a, b) => a.from - b.from || a.to - b.to);
  return {
    module: fsm.module,
    instance,
    register: fsm.register,
    states: states.sort((a, b) => a.value - b.value),
    transitions,
    state_coverage: percentOf(visited.size, states.length) ?? 0,
    transition_coverage: percentOf(transitions.filter((t) => t.taken).length, transitions.length),
  };
}
