/** Formal tasks from a .sby file and from verify.json's formal section. */
import { describe, expect, it } from 'vitest';
import type { ResolvedFormalConfig } from '../../../src/domain/formal-config.js';
import {
  FormalTaskError,
  parseEngine,
  tasksFromConfig,
  tasksFromSby,
} from '../../../src/engine/formal/task.js';

const FORMAL: ResolvedFormalConfig = {
  enabled: true,
  top: 'fifo_top',
  sby: null,
  tasks: null,
  mode: 'prove',
  depth: 20,
  multiclock: false,
  expect: ['pass', 'unknown'],
  engines: ['smtbmc z3'],
  script: ['setundef -zero'],
  induction: true,
  timeout_seconds: 300,
};
const DESIGN = {
  sources: ['rtl/a.sv', 'rtl/b.sv'],
  includeDirs: ['inc'],
  defines: { W: '8' },
  workDir: '/w',
};

describe('engines', () => {
  it('reads smtbmc with its options and solver (yices when none, as yosys-smtbmc), and abc pdr', () => {
    expect(parseEngine('smtbmc', 'bmc')).toMatchObject({ kind: 'smtbmc', solver: 'yices', presat: true });
    expect(parseEngine('smtbmc --nopresat z3', 'prove')).toMatchObject({ solver: 'z3', presat: false });
    expect(parseEngine('abc pdr', 'prove')).toEqual({ kind: 'abc', command: 'pdr', line: 'abc pdr' });
    // Mode live: on the liveness-to-safety model.
    expect(parseEngine('abc pdr', 'live')).toEqual({ kind: 'abc', command: 'pdr', line: 'abc pdr' });
  });

  it('refuses what the platform does not run, naming it', () => {
    for (const [line, mode, message] of [
      ['smtbmc boolector', 'prove', "'boolector' is not supported"],
      ['smtbmc z3 yices', 'prove', "'yices' is not supported"],
      ['abc pdr', 'bmc', 'abc pdr is only valid in modes prove and live'],
      ['abc bmc3', 'bmc', 'abc with the pdr command only'],
      ['aiger suprove', 'live', 'the platform checks liveness with abc pdr (in place of aiger suprove'],
      ['smtbmc z3', 'live', "engine 'smtbmc z3' is not supported in mode live"],
      ['aiger suprove', 'prove', "engine 'aiger suprove' is not supported"],
    ] as const) {
      expect(() => parseEngine(line, mode)).toThrow(FormalTaskError);
      expect(() => parseEngine(line, mode)).toThrow(message);
    }
  });
});

describe('tasks of a .sby file', () => {
  const SBY = [
    '[tasks]',
    'a',
    'b : default',
    '[options]',
    'mode prove',
    'b: depth 7',
    'b: multiclock on',
    'b: expect fail,error',
    'b: timeout 30',
    '[engines]',
    'smtbmc z3',
    '[engines cover]',
    'smtbmc yices',
    '[script]',
    'read -formal top.sv',
    'prep -top top',
    '[files]',
    'rtl/top.sv',
    'lib.sv ../lib/lib.sv',
    '',
  ].join('\n');

  it('runs the default tasks, or those named, with their options and the engines of their mode', () => {
    expect(tasksFromSby(SBY, 'formal/checks.sby', null).map((task) => task.name)).toEqual(['b']);
    const [a, b] = tasksFromSby(SBY, 'formal/checks.sby', ['a', 'b']);
    expect(a).toMatchObject({
      mode: 'prove',
      depth: 20,
      multiclock: false,
      expect: ['pass'],
      timeoutSeconds: null,
    });
    expect(b).toMatchObject({ depth: 7, multiclock: true, expect: ['fail', 'error'], timeoutSeconds: 30 });
    expect(b!.engines.map((engine) => engine.line)).toEqual(['smtbmc z3']);
    expect(b!.script).toEqual(['read -formal top.sv', 'prep -top top']);
    // [files] paths are relative to the .sby file's directory.
    expect(b!.files?.copies).toEqual([
      { dest: 'top.sv', source: 'formal/rtl/top.sv' },
      { dest: 'lib.sv', source: 'lib/lib.sv' },
    ]);
  });

  it('refuses options it does not know, a missing mode, and files outside the project, naming the task', () => {
    const refused: [string, string][] = [
      [
        SBY.replace('mode prove', 'mode prove\nappend 3'),
        "checks.sby, task a: option 'append' is not supported",
      ],
      [SBY.replace('mode prove', ''), 'checks.sby, task a: the mode option is missing'],
      [SBY.replace('b: depth 7', 'b: depth 0'), "option depth: '0' is not an integer from 1 to 1000"],
      [
        SBY.replace('b: multiclock on', 'b: multiclock yes'),
        "option multiclock: 'yes' is neither on nor off",
      ],
      [SBY.replace('rtl/top.sv', '../../etc/passwd'), 'is outside the project'],
      [SBY.replace('rtl/top.sv', '.. rtl/top.sv'), 'not a plain file name'],
      [`${SBY}[file ../../escape.v]\nmodule m; endmodule\n`, '[file ../../escape.v]: not a plain file name'],
      [
        SBY.replace('prep -top top', 'prep -top top\n!curl example.test'),
        "checks.sby, task a: script line '!curl example.test': '!' runs a shell command",
      ],
    ];
    for (const [text, message] of refused) {
      expect(() => tasksFromSby(text, 'formal/checks.sby', ['a', 'b'])).toThrow(message);
    }
  });
});

describe('tasks of verify.json', () => {
  it('is one task, default, reading the sources with the defines header and running the script lines', () => {
    const [task] = tasksFromConfig(FORMAL, DESIGN);
    expect(task).toMatchObject({ name: 'default', mode: 'prove', depth: 20, files: null });
    expect(task!.script).toEqual([
      'read_verilog -formal -sv -Iinc /w/default/defines.vh rtl/a.sv rtl/b.sv',
      'prep -top fifo_top',
      'setundef -zero',
    ]);
    expect(task!.definesHeader).toEqual({ path: '/w/default/defines.vh', text: '`define W 8\n' });
  });

  it('gives each task of task_options its top, settings, script lines and defines', () => {
    const formal = {
      ...FORMAL,
      task_options: {
        mc: { top: 'twoclk', multiclock: true, expect: ['pass' as const] },
        bus: { script: ['tribuf -formal'], defines: { W: '4', TRI: '1' }, engines: ['abc pdr'] },
      },
    };
    const [mc, bus] = tasksFromConfig(formal, { ...DESIGN, defines: {} });
    expect(mc).toMatchObject({ name: 'mc', multiclock: true, expect: ['pass'], definesHeader: null });
    expect(mc!.script[1]).toBe('prep -top twoclk');
    expect(bus!.script.slice(1)).toEqual(['prep -top fifo_top', 'setundef -zero', 'tribuf -formal']);
    expect(bus!.definesHeader?.text).toBe('`define W 4\n`define TRI 1\n');
    expect(bus!.engines).toEqual([{ kind: 'abc', command: 'pdr', line: 'abc pdr' }]);
    expect(tasksFromConfig({ ...formal, tasks: ['bus'] }, DESIGN).map((task) => task.name)).toEqual(['bus']);
  });

  it('refuses a source name a Yosys script would split', () => {
    expect(() => tasksFromConfig(FORMAL, { ...DESIGN, sources: ['rtl/my file.sv'] })).toThrow(
      "'rtl/my file.sv' cannot be passed to yosys",
    );
  });

  it.each([
    ['! cat /etc/passwd', "'!' runs a shell command"],
    ['tribuf -formal; shell', "the command 'shell' runs a program or other code"],
    ['tcl steal.tcl', "the command 'tcl' runs a program or other code"],
    ['plugin -i evil.so', "the command 'plugin' runs a program or other code"],
    ['write_verilog /tmp/out.v', "'/tmp/out.v' names a file outside the task's directory"],
    ['tee -o ../../escape.log stat', "'../../escape.log' names a file outside the task's directory"],
    ['read_verilog "~/x.v"', "'~/x.v' names a file outside the task's directory"],
  ])('refuses the script line %j: %s', (line, reason) => {
    expect(() => tasksFromConfig({ ...FORMAL, script: [line] }, DESIGN)).toThrow(
      new FormalTaskError(`formal task default: script line '${line}': ${reason}`),
    );
  });

  it('takes script lines that stay in the task directory, a comment after # included', () => {
    const [task] = tasksFromConfig({ ...FORMAL, script: ['tee -o stat.log stat # not /etc'] }, DESIGN);
    expect(task!.script.at(-1)).toBe('tee -o stat.log stat # not /etc');
  });
});
