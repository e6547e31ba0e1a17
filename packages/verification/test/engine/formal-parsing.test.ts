import { describe, expect, it } from 'vitest';
import { readProperties, sourceLine } from '../../src/engine/formal/properties.js';
import { SmtbmcTranscript, smtbmcLineLevel } from '../../src/engine/formal/smtbmc-output.js';
import { definesHeader, isScriptWord, subsetScript } from '../../src/engine/formal/yosys-script.js';

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
      { report: 'p_count_matches_pointers', step: 7, trace: 'bmc_trace_0.vcd' },
      { report: 'p_pointers_in_range', step: 11, trace: 'bmc_trace_1.vcd' },
    ]);
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
  it('names labelled assertions by label and others by location, as yosys-smtbmc reports them', () => {
    const cell = (hidden: number, src: string) => ({
      type: '$assert',
      hide_name: hidden,
      attributes: { src },
    });
    const json = JSON.stringify({
      modules: {
        top: {
          cells: {
            'u_sub.p_ready': cell(0, 'rtl/sub.sv:9.5-9.30'),
            '$assert$rtl/top.sv:12$14': cell(1, 'rtl/top.sv:11.40-12.20'),
            '$flatten\\u_sub.$assert$rtl/sub.sv:3$1': cell(1, 'rtl/sub.sv:3.5-3.30'),
            '$assert$rtl/top.sv:12$15': cell(1, 'rtl/top.sv:12.21-12.42'),
          },
        },
      },
    });
    expect(readProperties(json, 'top')).toEqual([
      {
        cell: '$flatten\\u_sub.$assert$rtl/sub.sv:3$1',
        name: 'rtl/sub.sv:3',
        source: 'rtl/sub.sv:3',
        report: 'rtl/sub.sv:3.5-3.30 ($flatten/u_sub.$assert$rtl/sub.sv:3$1)',
      },
      { cell: 'u_sub.p_ready', name: 'u_sub.p_ready', source: 'rtl/sub.sv:9', report: 'u_sub.p_ready' },
      {
        cell: '$assert$rtl/top.sv:12$14',
        name: 'rtl/top.sv:12',
        source: 'rtl/top.sv:12',
        report: 'rtl/top.sv:11.40-12.20 ($assert$rtl/top.sv:12$14)',
      },
      {
        cell: '$assert$rtl/top.sv:12$15',
        name: 'rtl/top.sv:12#2',
        source: 'rtl/top.sv:12',
        report: 'rtl/top.sv:12.21-12.42 ($assert$rtl/top.sv:12$15)',
      },
    ]);
    expect(sourceLine('no location')).toBe('no location');
  });
});

describe('yosys scripts', () => {
  it('removes the assertions named, and none when none are', () => {
    const script = subsetScript('design.il', [
      { remove: ['p_a', '$assert$rtl/x.sv:3$5'], smt2: 'one.smt2' },
      { remove: [], smt2: 'all.smt2' },
    ]);
    expect(script.split('\n')).toEqual([
      'read_rtlil design.il',
      'design -save prepared',
      'design -load prepared',
      'chformal -assert -remove c:p_a c:$assert$rtl/x.sv:3$5',
      'write_smt2 -wires one.smt2',
      'design -load prepared',
      'write_smt2 -wires all.smt2',
      '',
    ]);
  });

  it('passes defines through a header and refuses words a script would split', () => {
    expect(definesHeader({ WIDTH: '8', GREETING: '"a; b"', TWO_LINES: 'x\ny' })).toBe(
      '`define WIDTH 8\n`define GREETING "a; b"\n`define TWO_LINES x\\\ny\n',
    );
    expect(['rtl/fifo.sv', '$flatten\\u.$assert$a.sv:3$1', 'gen[0].p'].every(isScriptWord)).toBe(true);
    expect(['my file.sv', 'a;b', 'x#y', '"q"', ''].some(isScriptWord)).toBe(false);
  });
});
