/** As-soon-as-possible scheduling into cycles, and the live (qubit, cycle) slots of the noise model. */
import { describe, expect, it } from 'vitest';
import { Circuit, ctrl } from '../../src/circuit/circuit.js';
import { lowerCircuit } from '../../src/circuit/lower.js';
import { liveSlots } from '../../src/engine/noise.js';
import { schedule } from '../../src/engine/schedule.js';

const scheduleOf = (c: Circuit) => schedule(lowerCircuit(c), c.numQubits, c.numClbits);
const cycles = (c: Circuit): number[] => [...scheduleOf(c).cycles];

describe('schedule', () => {
  it('starts each instruction one cycle after the last on any of its qubits', () => {
    const c = new Circuit(4).h(0).h(1).cx(0, 1).x(2).cx(1, 2).h(0).ccx(0, 2, 3);
    expect(cycles(c)).toEqual([0, 0, 1, 0, 2, 2, 3]);
    expect(scheduleOf(c).depth).toBe(4);
  });

  it('a barrier takes no cycle and lines its qubits up at the latest of them', () => {
    const c = new Circuit(3).h(0).h(0).barrier(0, 1).h(1).h(2);
    expect(cycles(c)).toEqual([0, 1, -1, 2, 0]);
    // a barrier over qubits never used changes nothing
    expect(cycles(new Circuit(2).barrier().h(1))).toEqual([-1, 0]);
  });

  it('measurement and reset take a cycle like a gate', () => {
    const c = new Circuit(2, 1).x(0).measure(0, 0).reset(0).h(0).reset(1);
    expect(cycles(c)).toEqual([0, 1, 2, 3, 0]);
    expect(scheduleOf(c).depth).toBe(4);
  });

  it('a conditioned instruction waits for the measurement of its bits', () => {
    const c = new Circuit(3, 2).h(0).measure(0, 0);
    c.ifBits({ clbits: [0], value: 1 }, (k) => k.x(1));
    c.ifBits({ clbits: [1], value: 0 }, (k) => k.x(2));
    expect(cycles(c)).toEqual([0, 1, 2, 0]);
    // a conditioned measurement waits too
    const d = new Circuit(2, 2).h(0).h(0).measure(0, 0);
    d.ifBits({ clbits: [0], value: 1 }, (k) => k.measure(1, 1));
    expect(cycles(d)).toEqual([0, 1, 2, 3]);
  });

  it('a measurement waits for earlier writes and reads of its bit', () => {
    const writes = new Circuit(2, 1).h(0).measure(0, 0).measure(1, 0);
    expect(cycles(writes)).toEqual([0, 1, 2]);
    const reads = new Circuit(3, 1).h(0).measure(0, 0);
    reads.ifBits({ clbits: [0], value: 1 }, (k) => k.x(1));
    reads.measure(2, 0);
    expect(cycles(reads)).toEqual([0, 1, 2, 3]);
  });

  it('a bare global phase takes no cycle; a controlled one does', () => {
    const c = new Circuit(1)
      .gphase(0.3)
      .h(0)
      .gate('gphase', [0], [0.2], { modifiers: [ctrl()] });
    expect(cycles(c)).toEqual([-1, 0, 1]);
  });

  it('orders instructions by cycle, then as written', () => {
    const c = new Circuit(2).h(0).h(0).h(1).barrier().cx(0, 1);
    expect(scheduleOf(c).order).toEqual([0, 2, 3, 1, 4]);
  });

  it('a qubit is live from its first instruction to its final measurement, or else to the end', () => {
    // q0: h(0) measure(1) -> live [0, 1); q1: h(0) cx(2) -> measured? no, live [0, depth);
    // q2: first used at cycle 2, measured at 3 -> [2, 3); q3 unused.
    const c = new Circuit(4, 2).h(0).h(1).measure(0, 0).h(1).cx(1, 2).measure(2, 1);
    const s = scheduleOf(c);
    expect(cycles(c)).toEqual([0, 0, 1, 1, 2, 3]);
    expect(s.depth).toBe(4);
    expect([...s.liveFrom]).toEqual([0, 0, 2, 0]);
    expect([...s.liveTo]).toEqual([1, 4, 3, 0]);
    expect(s.liveSlots).toBe(1 + 4 + 1);
  });

  it('a qubit measured and then used again stays live to the end', () => {
    const c = new Circuit(1, 1).h(0).measure(0, 0).x(0);
    const s = scheduleOf(c);
    expect([...s.liveFrom, ...s.liveTo]).toEqual([0, 3]);
    expect(s.liveSlots).toBe(3);
  });

  it('liveSlots lists the slots in (cycle, qubit) order', () => {
    const c = new Circuit(3, 3).h(0).h(2).cx(0, 1).measure([0, 1, 2], [0, 1, 2]);
    const s = scheduleOf(c);
    // q0 live [0, 2), q1 [1, 2), q2 [0, 1)
    const slots = liveSlots(s);
    expect([...slots.cycle]).toEqual([0, 0, 1, 1]);
    expect([...slots.qubit]).toEqual([0, 2, 0, 1]);
    expect(slots.cycle.length).toBe(s.liveSlots);
  });

  it('an empty circuit has no cycles and no slots', () => {
    const s = scheduleOf(new Circuit(3));
    expect(s.depth).toBe(0);
    expect(s.liveSlots).toBe(0);
  });
});
