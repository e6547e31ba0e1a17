/** The .sby reader against SymbiYosys's own examples (docs/examples of YosysHQ/sby, ISC licence). */
import { describe, expect, it } from 'vitest';
import { SbyFileError, sbyTaskList, sbyTaskSettings } from '../../../src/engine/formal/sby-file.js';

// docs/examples/fifo/fifo.sby
const FIFO = `[tasks]
basic bmc
nofullskip prove
cover
noverific cover
basic cover : default

[options]
cover:
mode cover
--
prove:
mode prove
--
bmc: 
mode bmc
--

[engines]
smtbmc boolector

[script]
nofullskip: read -define NO_FULL_SKIP=1
noverific: read -noverific
read -formal fifo.sv
prep -top fifo

[files]
fifo.sv
`;

// docs/examples/tristate/tristate.sby
const TRISTATE = `[tasks]
pass
fail

[options]
fail: expect fail
mode prove
depth 5

[engines]
smtbmc

[script]
read -sv tristates.v
pass: prep -top top_pass
fail: prep -top top_fail
flatten; tribuf -formal

[files]
tristates.v
`;

// docs/examples/demos/up_down_counter.sby (abridged)
const INLINE = `[options]
mode prove

[engines]
smtbmc z3 # the solver
abc pdr

[script]
read_verilog -formal demo.v
prep -top top

[file demo.v]
module top(input clk);
  # not a comment in Verilog text
endmodule
`;

describe('.sby tasks', () => {
  it('lists the tasks and the default ones, with tags standing for tasks', () => {
    expect(sbyTaskList(FIFO)).toEqual({
      tasks: ['basic', 'nofullskip', 'cover', 'noverific'],
      defaults: ['basic', 'cover'],
    });
    expect(sbyTaskList(TRISTATE)).toEqual({ tasks: ['pass', 'fail'], defaults: ['pass', 'fail'] });
    expect(sbyTaskList(INLINE)).toEqual({ tasks: [], defaults: [] });
  });

  it('keeps the lines of a task and of its tags, in blocks up to --', () => {
    // basic has the tag bmc; nofullskip the tag prove; noverific the tag cover.
    expect(sbyTaskSettings(FIFO, 'basic')).toMatchObject({
      options: new Map([['mode', 'bmc']]),
      engines: [{ mode: null, words: ['smtbmc', 'boolector'] }],
      script: ['read -formal fifo.sv', 'prep -top fifo'],
      files: [{ dest: 'fifo.sv', source: 'fifo.sv' }],
    });
    expect(sbyTaskSettings(FIFO, 'nofullskip')).toMatchObject({
      options: new Map([['mode', 'prove']]),
      script: ['read -define NO_FULL_SKIP=1', 'read -formal fifo.sv', 'prep -top fifo'],
    });
    expect(sbyTaskSettings(FIFO, 'noverific')).toMatchObject({
      options: new Map([['mode', 'cover']]),
      script: ['read -noverific', 'read -formal fifo.sv', 'prep -top fifo'],
    });
  });

  it('reads a task-prefixed option and script line, and script lines verbatim', () => {
    const fail = sbyTaskSettings(TRISTATE, 'fail');
    expect(fail.options).toEqual(
      new Map([
        ['expect', 'fail'],
        ['mode', 'prove'],
        ['depth', '5'],
      ]),
    );
    expect(fail.script).toEqual(['read -sv tristates.v', 'prep -top top_fail', 'flatten; tribuf -formal']);
    expect(sbyTaskSettings(TRISTATE, 'pass').options.has('expect')).toBe(false);
  });

  it('strips comments from options and engines but keeps [file] text whole', () => {
    const settings = sbyTaskSettings(INLINE, null);
    expect(settings.engines.map((engine) => engine.words)).toEqual([
      ['smtbmc', 'z3'],
      ['abc', 'pdr'],
    ]);
    expect(settings.inlineFiles.get('demo.v')).toBe(
      'module top(input clk);\n  # not a comment in Verilog text\nendmodule\n',
    );
  });

  it('refuses what sby refuses, and what the platform does not run', () => {
    const refusals: [string, string | null, RegExp][] = [
      [FIFO, 'nosuch', /task 'nosuch' is not listed/],
      ['[options]\nmode\n', null, /has no value/],
      ['[options]\nmode bmc\n[options]\ndepth 3\n', null, /defined twice/],
      ['[setup]\ncutpoint x\n', null, /\[setup\] is not supported/],
      ['[tasks]\na\n[options]\nb: mode bmc\n', 'a', /invalid task specifier "b:"/],
      ['--pycode-begin--\noutput("x")\n--pycode-end--\n', null, /Python blocks/],
      ['[tasks]\na.*\n', null, /task patterns/],
    ];
    for (const [text, task, message] of refusals) {
      expect(() => sbyTaskSettings(text, task)).toThrow(SbyFileError);
      expect(() => sbyTaskSettings(text, task)).toThrow(message);
    }
  });
});
