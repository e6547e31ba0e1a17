import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mergeModuleCopies, parseFsmInfo } from '../../src/engine/fsm/fsm-info.js';

// Yosys 0.23's fsm_info on the traffic light rewritten with a synchronous reset, instantiated
// twice (once with GREEN_CYCLES=3, so Yosys makes a parameterised copy of the module).
const SYNC_RESET = readFileSync(
  new URL('fixtures/fsm/fsm-info-sync-reset.txt', import.meta.url),
  'utf8',
).split('\n');

// GREEN=00, YELLOW=01, RED=10, WALK=11.
const TRAFFIC_LIGHT_TRANSITIONS = [
  { from: '00', to: '01' },
  { from: '01', to: '10' },
  { from: '10', to: '00' },
  { from: '10', to: '11' },
  { from: '11', to: '00' },
];
const byPair = (a: { from: string; to: string }, b: { from: string; to: string }) =>
  a.from.localeCompare(b.from) || a.to.localeCompare(b.to);

describe('parseFsmInfo', () => {
  it('reads each machine, naming a parameterised copy by its module', () => {
    const machines = parseFsmInfo(SYNC_RESET);
    expect(machines).toHaveLength(2);
    for (const fsm of machines) {
      expect(fsm).toMatchObject({ module: 'traffic_light', register: 'state', width: 2, resetState: '00' });
      expect(fsm.states).toEqual(['00', '10', '01', '11']);
    }
  });

  it('leaves out self-loops and the synchronous reset arcs, keeping a pair reached otherwise too', () => {
    const [fsm] = parseFsmInfo(SYNC_RESET);
    // The reset rows (input pattern --1) lead every state to GREEN. YELLOW -> GREEN happens only
    // on reset and is left out; RED -> GREEN also happens without a request, and stays.
    expect([...fsm!.transitions].sort(byPair)).toEqual(TRAFFIC_LIGHT_TRANSITIONS);
  });

  it('merges the copies of one module into one machine', () => {
    const merged = mergeModuleCopies(parseFsmInfo(SYNC_RESET));
    expect(merged).toHaveLength(1);
    expect(merged[0]?.transitions).toHaveLength(TRAFFIC_LIGHT_TRANSITIONS.length);
  });

  it('answers no machine for output without one', () => {
    expect(
      parseFsmInfo(['7. Executing FSM_INFO pass (dumping all available information on FSM cells).', '']),
    ).toEqual([]);
  });
});
