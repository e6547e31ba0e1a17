import { describe, expect, it } from 'vitest';
import { readProperties, sourceLine } from '../../src/engine/formal/properties.js';
import { SmtbmcTranscript, smtbmcLineLevel } from '../../src/engine/formal/smtbmc-output.js';
import { AbcTranscript } from '../../src/engine/formal/abc-output.js';
import { definesHeader, isScriptWord, prepScript, smt2Script } from '../../src/engine/formal/yosys-script.js';

const transcriptOf = (lines: string[]) => {
  const transcript = new SmtbmcTranscript();
  for (const line of lines) transcript.read(line);
  return transcript;
};

describe('yosys-smtbmc output', () => {
  // As yosys-smtbmc 0.23 printed it for the fifo example (steps in between left out).
  const BMC_OF_THE_FIFO = [
    '##   0:00:00  Solver: z3',
    '##   0:00:00  Checking assumptions in step 7..',
    '##   0:00:00  Checking assertions in step 7..',
    '##   0:00:00  BMC failed!',
    '##   0:00:00  Assert failed in fifo: p_count_matches_pointers',
    '##   0:00:00  Writing trace to VCD file: bmc_trace_0.vcd',
    '##   0:00:00  Checking remaining assertions..',
    '##   0:00:00  Checking assertions in step 7..',
    '##   0:00:00  Checking assumptions in step 11..',
    '##   0:00:00  Checking assertions in step 11..',
    '##   0:00:00  Assert failed in fifo: p_count_matches_pointers [failed before]',
    '##   0:00:00  Assert failed in fifo: p_pointers_in_range',
    '##   0:00:00  Writing trace to VCD file: bmc_trace_1.vcd',
    '##   0:00:00  Checking remaining assertions..',
    '##   0:00:00  Status: FAILED',
  ];

  it('finds each failing assertion once, with its step and trace', () => {
    const transcript = transcriptOf(BMC_OF_THE_FIFO);
    expect(transcript.status).toBe('FAILED');
    expect(transcript.failures).toEqual([
      { scope: 'fifo', report: 'p_count_matches_pointers', step: 7, trace: 'bmc_trace_0.vcd' },
      { scope: 'fifo', report: 'p_pointers_in_range', step: 11, trace: 'bmc_trace_1.vcd' },
    ]);
  });

  it('reads cover mode: each cover reached with its step and trace, the unreached, failing assertions', () => {
    // As yosys-smtbmc 0.23 printed it with -c for a counter whose cover c_five is in instance u.
    const transcript = transcriptOf([
      '##   0:00:00  Checking cover reachability in step 0..',
      '##   0:00:00  Checking cover reachability in step 7..',
      '##   0:00:00  Reached cover statement at c_five in step 7.',
      '##   0:00:00  Writing trace to VCD file: cover_trace_0.vcd',
      '##   0:00:00  Checking cover reachability in step 9..',
      '##   0:00:00  Reached cover statement at c_nine in step 9.',
      '##   0:00:00  Assert failed in top.u: p_range (step 9)',
      '##   0:00:00  Writing trace to VCD file: cover_trace_1.vcd',
      '##   0:00:00  Unreached cover statement at c_never.',
      '##   0:00:00  Status: FAILED',
    ]);
    expect(transcript.reached).toEqual([
      { report: 'c_five', step: 7, trace: 'cover_trace_0.vcd' },
      { report: 'c_nine', step: 9, trace: 'cover_trace_1.vcd' },
    ]);
    expect(transcript.unreached).toEqual(['c_never']);
    expect(transcript.failures).toEqual([
      { scope: 'top.u', report: 'p_range', step: 9, trace: 'cover_trace_1.vcd' },
    ]);
    expect(smtbmcLineLevel('##   0:00:00  Unreached cover statement at c_never.', 'cover')).toBe('ERROR');
  });

  it('reads where induction closed, and unsatisfiable assumptions', () => {
    const induction = transcriptOf([
      '##   0:00:00  Trying induction in step 20..',
      '##   0:00:00  Trying induction in step 19..',
      '##   0:00:00  Temporal induction successful.',
      '##   0:00:00  Status: PASSED',
    ]);
    expect(induction).toMatchObject({ inductionStep: 19, status: 'PASSED', failures: [] });
    const contradiction = transcriptOf([
      '##   0:00:00  Checking assumptions in step 0..',
      '##   0:00:00 Assumptions are unsatisfiable!',
      '##   0:00:00  Status: PREUNSAT',
    ]);
    expect(contradiction).toMatchObject({ unsatisfiableAssumptions: true, step: 0, status: 'PREUNSAT' });
  });

  it('logs a failure as an ERROR in the bounded check and as a WARNING in induction', () => {
    const line = '##   0:00:00  Assert failed in fifo: p_count_matches_pointers';
    expect(smtbmcLineLevel(line, 'bmc')).toBe('ERROR');
    expect(smtbmcLineLevel(line, 'induction')).toBe('WARNING');
    expect(smtbmcLineLevel('##   0:00:00  Status: PASSED', 'bmc')).toBe('INFO');
  });
});

describe('properties', () => {
  it('walks the instances under the top, naming labelled ones by label and others by location', () => {
    const cell = (type: string, hidden: number, src: string) => ({
      type,
      hide_name: hidden,
      attributes: { src },
    });
    const json = JSON.stringify({
      modules: {
        sub: {
          attributes: {},
          cells: {
            p_ready: cell('$assert', 0, 'rtl/sub.sv:9.5-9.30'),
            '$assert$rtl/sub.sv:3$1': cell('$assert', 1, 'rtl/sub.sv:3.5-3.30'),
            c_busy: cell('$cover', 0, 'rtl/sub.sv:10.5-10.30'),
          },
        },
        top: {
          attributes: { top: '00000000000000000000000000000001' },
          cells: {
            u_sub: cell('sub', 0, 'rtl/top.sv:4.3-4.20'),
            '$assert$rtl/top.sv:12$14': cell('$assert', 1, 'rtl/top.sv:11.40-12.20'),
            '$assert$rtl/top.sv:12$15': cell('$assert', 1, 'rtl/top.sv:12.21-12.42'),
            p_live: cell('$live', 0, 'rtl/top.sv:14.3-14.40'),
          },
        },
      },
    });
    const common = (module: string, scope: string) => ({ module, scope });
    expect(readProperties(json)).toEqual([
      {
        kind: 'assert',
        key: 'u_sub/$assert$rtl/sub.sv:3$1',
        cell: '$assert$rtl/sub.sv:3$1',
        name: 'u_sub.rtl/sub.sv:3',
        source: 'rtl/sub.sv:3',
        report: 'rtl/sub.sv:3.5-3.30 ($assert$rtl/sub.sv:3$1)',
        ...common('sub', 'top.u_sub'),
      },
      {
        kind: 'assert',
        key: 'u_sub/p_ready',
        cell: 'p_ready',
        name: 'u_sub.p_ready',
        source: 'rtl/sub.sv:9',
        report: 'p_ready',
        ...common('sub', 'top.u_sub'),
      },
      {
        kind: 'cover',
        key: 'u_sub/c_busy',
        cell: 'c_busy',
        name: 'u_sub.c_busy',
        source: 'rtl/sub.sv:10',
        report: 'c_busy',
        ...common('sub', 'top.u_sub'),
      },
      {
        kind: 'assert',
        key: '$assert$rtl/top.sv:12$14',
        cell: '$assert$rtl/top.sv:12$14',
        name: 'rtl/top.sv:12',
        source: 'rtl/top.sv:12',
        report: 'rtl/top.sv:11.40-12.20 ($assert$rtl/top.sv:12$14)',
        ...common('top', 'top'),
      },
      {
        kind: 'assert',
        key: '$assert$rtl/top.sv:12$15',
        cell: '$assert$rtl/top.sv:12$15',
        name: 'rtl/top.sv:12#2',
        source: 'rtl/top.sv:12',
        report: 'rtl/top.sv:12.21-12.42 ($assert$rtl/top.sv:12$15)',
        ...common('top', 'top'),
      },
      {
        kind: 'live',
        key: 'p_live',
        cell: 'p_live',
        name: 'p_live',
        source: 'rtl/top.sv:14',
        report: 'p_live',
        ...common('top', 'top'),
      },
    ]);
    expect(readProperties(JSON.stringify({ modules: { m: { cells: {} } } }))).toBeNull();
    expect(sourceLine('no location')).toBe('no location');
  });
});

describe('yosys-abc output', () => {
  it('reads pdr -v: the frames, a proof, a failure and its frame', () => {
    const proved = new AbcTranscript();
    for (const line of [
      'Frame Clauses  Max Queue Flops Cex Time',
      '  3 : 0 1 1 2     0  5  0.01 sec',
      'Property proved.  Time =     0.03 sec',
    ]) {
      proved.read(line);
    }
    expect(proved).toMatchObject({ status: 'pass', frame: 3, failedFrame: null });
    const failed = new AbcTranscript();
    failed.read('Output 0 of miter "design_aiger" was asserted in frame 10.  Time =     0.03 sec');
    expect(failed).toMatchObject({ status: 'fail', failedFrame: 10 });
  });
});

describe('yosys scripts', () => {
  it('writes the SMT2 model, and subsets without the assertions named by module and cell', () => {
    const script = smt2Script('design_prep.il', 'design.smt2', [
      { remove: ['top/p_a', 'sub/$assert$rtl/x.sv:3$5'], smt2: 'one.smt2' },
      { remove: [], smt2: 'all.smt2' },
    ]);
    expect(script.split('\n')).toEqual([
      'read_rtlil design_prep.il',
      'hierarchy -smtcheck',
      'dffunmap',
      'design -save model',
      'write_smt2 -wires design.smt2',
      'design -load model',
      'chformal -assert -remove top/c:p_a sub/c:$assert$rtl/x.sv:3$5',
      'write_smt2 -wires one.smt2',
      'design -load model',
      'write_smt2 -wires all.smt2',
      '',
    ]);
  });

  it('prepares the model as sby does, by mode and multiclock, and never flattens it', () => {
    const prove = prepScript({ rtlil: 'design.il', prepared: 'prep.il', mode: 'prove', multiclock: false });
    expect(prove).toContain('async2sync\nchformal -assume -early\n');
    expect(prove).toContain('formalff -setundef -clk2ff -ff2anyinit\nchformal -live -fair -cover -remove\n');
    expect(prove).not.toContain('flatten');
    const multiclock = prepScript({
      rtlil: 'design.il',
      prepared: 'prep.il',
      mode: 'cover',
      multiclock: true,
    });
    expect(multiclock).toContain('memory_nordff\nclk2fflogic\nopt_clean\n');
    expect(multiclock).not.toContain('async2sync');
    expect(multiclock).toContain('chformal -live -fair -remove\n');
  });

  it('passes defines through a header and refuses words a script would split', () => {
    expect(definesHeader({ WIDTH: '8', GREETING: '"a; b"', TWO_LINES: 'x\ny' })).toBe(
      '`define WIDTH 8\n`define GREETING "a; b"\n`define TWO_LINES x\\\ny\n',
    );
    expect(['rtl/fifo.sv', '$flatten\\u.$assert$a.sv:3$1', 'gen[0].p'].every(isScriptWord)).toBe(true);
    expect(['my file.sv', 'a;b', 'x#y', '"q"', ''].some(isScriptWord)).toBe(false);
  });
});
