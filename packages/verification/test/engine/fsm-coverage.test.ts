import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeFsmCoverage, type FsmCoverageOptions } from '../../src/engine/fsm/coverage.js';
import { extractStateMachines } from '../../src/engine/fsm/extract.js';
import { toolPaths } from './stage-context.js';

const EXAMPLE = fileURLToPath(new URL('../../examples/traffic-light', import.meta.url));
// The example run by Verilator 5.006 (`--cc --exe --build --timing --trace-fst`, a main dumping
// every time step as the simulation stage's does): its scopes are TOP.tb_traffic_light.dut.
const VERILATOR_TRACE = fileURLToPath(new URL('fixtures/fsm/traffic-light.verilator.fst', import.meta.url));
const gate = requireTools(['verilator', 'yosys', 'iverilog', 'cc']);

// The testbench goes GREEN -> YELLOW -> RED -> WALK -> GREEN: every state, and four of the five
// transitions (RED -> GREEN is never taken). (4 + 4) / (4 + 5) = 88.89 %.
const TRAFFIC_LIGHT_COVERAGE = {
  module: 'traffic_light',
  register: 'state',
  states: [
    { value: 0, name: 'GREEN', visited: true },
    { value: 1, name: 'YELLOW', visited: true },
    { value: 2, name: 'RED', visited: true },
    { value: 3, name: 'WALK', visited: true },
  ],
  transitions: [
    { from: 0, to: 1, taken: true },
    { from: 1, to: 2, taken: true },
    { from: 2, to: 0, taken: false },
    { from: 2, to: 3, taken: true },
    { from: 3, to: 0, taken: true },
  ],
  state_coverage: 100,
  transition_coverage: 80,
};

let root: string;
let options: (overrides?: Partial<FsmCoverageOptions>) => FsmCoverageOptions;

/** The example run by Icarus with a harness dumping the testbench, as the simulation stage does. */
async function icarusTrace(format: 'fst' | 'vcd'): Promise<string> {
  const dir = join(root, `icarus-${format}`);
  await mkdir(dir);
  const harness = join(dir, 'harness.sv');
  await writeFile(
    harness,
    `module harness;\n  initial begin\n    $dumpfile("trace.${format}");\n    $dumpvars(0, tb_traffic_light);\n  end\nendmodule\n`,
  );
  const sources = ['rtl/traffic_light.sv', 'tb/tb_traffic_light.sv'].map((file) => join(EXAMPLE, file));
  execFileSync('iverilog', ['-g2012', '-o', join(dir, 'sim.vvp'), ...sources, harness]);
  execFileSync('vvp', ['-n', join(dir, 'sim.vvp'), ...(format === 'fst' ? ['-fst'] : [])], { cwd: dir });
  return join(dir, `trace.${format}`);
}

describe.skipIf(gate.skip)(`FSM coverage${gate.skip ? ` (skipped: ${gate.reason})` : ''}`, () => {
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'fsm-coverage-'));
    await mkdir(join(root, 'work'));
    options = (overrides = {}) => ({
      sourceDir: EXAMPLE,
      sources: ['rtl/traffic_light.sv'],
      includeDirs: [],
      defines: {},
      top: 'traffic_light',
      tracePath: VERILATOR_TRACE,
      workDir: join(root, 'work'),
      cacheDir: join(root, 'cache'),
      tools: toolPaths(),
      signal: new AbortController().signal,
      ...overrides,
    });
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("extracts the traffic light's machine with Yosys", async () => {
    const machines = await extractStateMachines(options(), {
      yosys: toolPaths().yosys,
      workDir: join(root, 'work'),
      signal: new AbortController().signal,
    });
    expect(machines).toEqual([
      {
        module: 'traffic_light',
        register: 'state',
        width: 2,
        states: ['00', '10', '01', '11'],
        resetState: '00',
        transitions: expect.arrayContaining([
          { from: '00', to: '01' },
          { from: '01', to: '10' },
          { from: '10', to: '00' },
          { from: '10', to: '11' },
          { from: '11', to: '00' },
        ]),
      },
    ]);
    expect(machines[0]?.transitions).toHaveLength(5);
  });

  it('reads a Verilator FST trace through the fst-dump helper, built once', async () => {
    const report = await computeFsmCoverage(options());
    expect(report).toEqual({
      percent: 88.89,
      machines: [{ ...TRAFFIC_LIGHT_COVERAGE, instance: 'TOP.tb_traffic_light.dut' }],
    });
    const [build] = await readdir(join(root, 'cache'));
    expect(build).toMatch(/^fst-dump-[0-9a-f]{16}$/);
    const built = (await stat(join(root, 'cache', build!))).mtimeMs;
    await computeFsmCoverage(options());
    expect(await readdir(join(root, 'cache'))).toEqual([build]);
    expect((await stat(join(root, 'cache', build!))).mtimeMs).toBe(built);
  });

  it('gives the same coverage from Icarus FST and VCD traces', async () => {
    for (const format of ['fst', 'vcd'] as const) {
      const report = await computeFsmCoverage(
        options({ tracePath: await icarusTrace(format), testbenchTop: 'tb_traffic_light' }),
      );
      expect(report).toEqual({
        percent: 88.89,
        machines: [{ ...TRAFFIC_LIGHT_COVERAGE, instance: 'tb_traffic_light.dut' }],
      });
    }
  });

  it('counts no instance outside the testbench top it is given', async () => {
    const report = await computeFsmCoverage(options({ testbenchTop: 'another_bench' }));
    expect(report).toEqual({
      percent: null,
      reason: "the trace has no instance of traffic_light (2-bit 'state')",
      machines: [],
    });
  });

  it('answers null with the reason for a design without a state machine, or one Yosys cannot read', async () => {
    const sourceDir = join(root, 'designs');
    await mkdir(sourceDir);
    await writeFile(
      join(sourceDir, 'pipe.sv'),
      'module pipe (input logic clk, input logic [7:0] d, output logic [7:0] q);\n' +
        "  logic [7:0] stage;\n  always_ff @(posedge clk) begin\n    stage <= d;\n    q <= stage + 8'd1;\n  end\nendmodule\n",
    );
    await writeFile(
      join(sourceDir, 'broken.sv'),
      'module broken (input logic a);\n  assign = a;\nendmodule\n',
    );
    const design = { sourceDir, tracePath: join(root, 'absent.fst') };
    expect(await computeFsmCoverage(options({ ...design, sources: ['pipe.sv'], top: 'pipe' }))).toEqual({
      percent: null,
      reason: 'yosys finds no state machine in the design',
      machines: [],
    });
    const unreadable = await computeFsmCoverage(
      options({ ...design, sources: ['broken.sv'], top: 'broken' }),
    );
    expect(unreadable).toMatchObject({ percent: null, machines: [] });
    expect(unreadable.reason).toMatch(
      /^yosys, looking for state machines, failed \(exit code 1\): .*broken\.sv:2: ERROR/,
    );
  });

  it('finds a machine whose state register is an output port, which Yosys alone leaves out', async () => {
    const sourceDir = join(root, 'output-port');
    await mkdir(sourceDir);
    await writeFile(
      join(sourceDir, 'handshake.sv'),
      [
        'module handshake (input logic clk, input logic rst, input logic go, output logic [1:0] state);',
        "  localparam logic [1:0] IDLE = 2'd0, RUN = 2'd1, DONE = 2'd2;",
        '  always_ff @(posedge clk)',
        '    if (rst) state <= IDLE;',
        '    else case (state)',
        '      IDLE: if (go) state <= RUN;',
        '      RUN: state <= DONE;',
        '      default: state <= IDLE;',
        '    endcase',
        'endmodule',
        '',
      ].join('\n'),
    );
    await writeFile(
      join(sourceDir, 'tb_handshake.sv'),
      [
        'module tb_handshake;',
        "  logic clk = 1'b0, rst = 1'b1, go = 1'b0;",
        '  logic [1:0] state;',
        '  handshake dut (.clk(clk), .rst(rst), .go(go), .state(state));',
        '  always #5 clk = ~clk;',
        '  initial begin',
        '    $dumpfile("trace.vcd");',
        '    $dumpvars(0, tb_handshake);',
        "    repeat (2) @(negedge clk); rst = 1'b0; go = 1'b1;",
        '    repeat (4) @(negedge clk);',
        '    $finish;',
        '  end',
        'endmodule',
        '',
      ].join('\n'),
    );
    execFileSync('iverilog', ['-g2012', '-o', 'sim.vvp', 'handshake.sv', 'tb_handshake.sv'], {
      cwd: sourceDir,
    });
    execFileSync('vvp', ['-n', 'sim.vvp'], { cwd: sourceDir });

    // Yosys by itself: the register looks like a state register, but drives a port.
    const yosys = execFileSync(
      'yosys',
      ['-p', 'read_verilog -sv handshake.sv; proc; opt -nodffe -nosdff; fsm_detect; fsm_extract; fsm_info'],
      { cwd: sourceDir, encoding: 'utf8' },
    );
    expect(yosys).toContain('Not marking handshake.state as FSM state register:');
    expect(yosys).toContain('Register is connected to module port.');
    expect(yosys).not.toContain('Information on FSM');

    const report = await computeFsmCoverage(
      options({
        sourceDir,
        sources: ['handshake.sv'],
        top: 'handshake',
        tracePath: join(sourceDir, 'trace.vcd'),
        testbenchTop: 'tb_handshake',
      }),
    );
    expect(report).toEqual({
      percent: 100,
      machines: [
        {
          module: 'handshake',
          instance: 'tb_handshake.dut',
          register: 'state',
          states: [
            { value: 0, name: 'IDLE', visited: true },
            { value: 1, name: 'RUN', visited: true },
            { value: 2, name: 'DONE', visited: true },
          ],
          transitions: expect.arrayContaining([
            { from: 0, to: 1, taken: true },
            { from: 1, to: 2, taken: true },
            { from: 2, to: 0, taken: true },
          ]),
          state_coverage: 100,
          transition_coverage: 100,
        },
      ],
    });
    expect(report.machines[0]?.transitions).toHaveLength(3);
  });

  it('throws an AbortError when cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(computeFsmCoverage(options({ signal: controller.signal }))).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
