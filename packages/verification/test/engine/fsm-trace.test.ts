import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtractedFsm } from '../../src/engine/fsm/fsm-info.js';
import { machineCoverage } from '../../src/engine/fsm/machine-coverage.js';
import { VcdReader } from '../../src/engine/fsm/vcd-reader.js';

// A hand-written trace: a 2-bit state register under tb.dut, with what a VCD may hold besides:
// a multi-line comment, a $dumpvars block, a real variable, vectors shorter than their variable
// (`b1` is 01), an x, and two values at one time (the last one stands).
const VCD = `$date today $end
$version hand-written $end
$timescale 1ns $end
$scope module tb $end
$var wire 1 ! clk $end
$var real 64 % temperature $end
$scope module dut $end
$var reg 2 " state [1:0] $end
$var wire 1 ! clk $end
$upscope $end
$upscope $end
$enddefinitions $end
$comment
  b11 " is not a value change here
$end
#0
$dumpvars
bx "
0!
r21.5 %
$end
#5
1!
b0 "
#15
b1 "
#25
b11 "
b10 "
#35
bx "
#45
b0 "
`;

// The traffic light's machine: GREEN=00, YELLOW=01, RED=10, WALK=11.
const TRAFFIC_LIGHT: ExtractedFsm = {
  module: 'traffic_light',
  register: 'state',
  width: 2,
  states: ['00', '10', '01', '11'],
  resetState: '00',
  transitions: [
    { from: '00', to: '01' },
    { from: '01', to: '10' },
    { from: '10', to: '00' },
    { from: '10', to: '11' },
    { from: '11', to: '00' },
  ],
};

let dir: string;
let reader: VcdReader;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fsm-trace-'));
  await writeFile(join(dir, 'trace.vcd'), VCD);
  reader = new VcdReader(join(dir, 'trace.vcd'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('VcdReader', () => {
  it('reads the scopes and their variables', async () => {
    expect(await reader.scopes()).toEqual([
      {
        path: ['tb'],
        component: null,
        variables: [
          { name: 'clk', width: 1, id: '!' },
          { name: 'temperature', width: 64, id: '%' },
        ],
      },
      {
        path: ['tb', 'dut'],
        component: null,
        variables: [
          { name: 'state', width: 2, id: '"' },
          { name: 'clk', width: 1, id: '!' },
        ],
      },
    ]);
  });

  it('reads the value changes of the variables asked for, extended to their width', async () => {
    const changes = await reader.changes(['"']);
    expect([...changes.keys()]).toEqual(['"']);
    expect(changes.get('"')).toEqual([
      { time: 0, value: 'xx' },
      { time: 5, value: '00' },
      { time: 15, value: '01' },
      { time: 25, value: '11' },
      { time: 25, value: '10' },
      { time: 35, value: 'xx' },
      { time: 45, value: '00' },
    ]);
  });
});

describe('machineCoverage', () => {
  it('counts visited states and transitions taken between successive settled values', async () => {
    const changes = (await reader.changes(['"'])).get('"') ?? [];
    const names = new Map([['10', 'RED']]);
    const machine = machineCoverage(TRAFFIC_LIGHT, 'tb.dut', changes, names);
    // 00 -> 01 -> 10 (11 at time 25 is overridden) -> x -> 00: the x breaks RED -> GREEN.
    expect(machine).toEqual({
      module: 'traffic_light',
      instance: 'tb.dut',
      register: 'state',
      states: [
        { value: 0, visited: true },
        { value: 1, visited: true },
        { value: 2, name: 'RED', visited: true },
        { value: 3, visited: false },
      ],
      transitions: [
        { from: 0, to: 1, taken: true },
        { from: 1, to: 2, taken: true },
        { from: 2, to: 0, taken: false },
        { from: 2, to: 3, taken: false },
        { from: 3, to: 0, taken: false },
      ],
      state_coverage: 75,
      transition_coverage: 40,
    });
  });
});
