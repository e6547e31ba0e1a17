import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VerilatorMessageReader, parseVerilatorMessages } from '../../src/engine/lint/verilator-messages.js';

// Output of Verilator 5.006 `--lint-only -Wall`, captured as printed.
const captured = (name: string) => readFileSync(new URL(`fixtures/lint/${name}`, import.meta.url), 'utf8');

describe('parseVerilatorMessages on real Verilator output', () => {
  it('reads every warning of the lint-warnings example, with its continuation lines', () => {
    const { messages, reported } = parseVerilatorMessages(captured('lint-warnings.txt'));
    expect(reported).toEqual({ errors: 0, warnings: 7 });
    expect(messages.map((m) => [m.severity, m.code, m.line, m.column])).toEqual([
      ['warning', 'DECLFILENAME', 4, 8],
      ['warning', 'WIDTH', 25, 13],
      ['warning', 'UNUSEDPARAM', 5, 27],
      ['warning', 'UNUSEDSIGNAL', 11, 24],
      ['warning', 'UNUSEDSIGNAL', 16, 15],
      ['warning', 'BLKSEQ', 23, 13],
      ['warning', 'BLKSEQ', 24, 13],
    ]);
    expect(messages[0]).toMatchObject({
      file: 'rtl/checksum.sv',
      message: "Filename 'checksum' does not match MODULE name: 'byte_checksum'",
    });
    expect(messages[0]?.context).toHaveLength(4);
    expect(messages[0]?.context[2]).toContain('For warning description see');
    expect(messages[1]?.context).toEqual([
      '                                     : ... In instance byte_checksum',
      '   25 |       sum   <= total;',
      '      |             ^~',
    ]);
  });

  it('reads errors without a code, and a note spread over several lines', () => {
    const { messages, reported } = parseVerilatorMessages(captured('missing-module.txt'));
    expect(reported).toEqual({ errors: 2, warnings: 1 });
    expect(messages.map((m) => [m.severity, m.code])).toEqual([
      ['warning', 'DECLFILENAME'],
      ['error', null],
      ['error', null],
    ]);
    expect(messages[1]).toMatchObject({
      file: 'm.sv',
      line: 2,
      column: 3,
      message: "Cannot find file containing module: 'sub'",
    });
    expect(messages[2]?.context).toContain('             sub.sv');
  });

  it("does not count Verilator's 'Cannot continue' after a syntax error", () => {
    const { messages, reported } = parseVerilatorMessages(captured('syntax-error.txt'));
    expect(reported).toBeNull();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      severity: 'error',
      code: null,
      file: 't.sv',
      line: 3,
      column: 1,
      message: "syntax error, unexpected endmodule, expecting ',' or ';'",
    });
  });
});

describe('parseVerilatorMessages on hand-written cases', () => {
  it('accepts a location without a column, and a message without a location', () => {
    const output = [
      '%Warning-WIDTH: rtl/a.v:12: Operator ASSIGN expects 4 bits',
      "%Error: Cannot find file containing module: 'missing'",
      '%Error-BLKANDNBLK: lib:v2/b.sv:3:5: Unsupported: mixed assignments',
      '                   lib:v2/b.sv:9:2: ... Location of blocking assignment',
    ].join('\n');
    const { messages } = parseVerilatorMessages(output);
    expect(messages).toEqual([
      {
        severity: 'warning',
        code: 'WIDTH',
        file: 'rtl/a.v',
        line: 12,
        column: null,
        message: 'Operator ASSIGN expects 4 bits',
        context: [],
      },
      {
        severity: 'error',
        code: null,
        file: null,
        line: null,
        column: null,
        message: "Cannot find file containing module: 'missing'",
        context: [],
      },
      {
        severity: 'error',
        code: 'BLKANDNBLK',
        file: 'lib:v2/b.sv',
        line: 3,
        column: 5,
        message: 'Unsupported: mixed assignments',
        context: ['                   lib:v2/b.sv:9:2: ... Location of blocking assignment'],
      },
    ]);
  });

  it('maps files through locate and answers the log level of each line', () => {
    const reader = new VerilatorMessageReader((file) => file.replace('../source/', ''));
    const levels = [
      'some banner',
      '%Warning-UNUSEDSIGNAL: ../source/rtl/x.sv:7:24: Signal is not used: mask',
      '    7 |     input  logic [7:0] mask,',
      '%Error: ../source/rtl/x.sv:9:1: syntax error',
      '    9 | endmodule',
      '%Error: Exiting due to 1 error(s), 1 warning(s)',
      'trailing text',
    ].map((line) => reader.read(line));
    expect(levels).toEqual(['INFO', 'WARNING', 'WARNING', 'ERROR', 'ERROR', 'ERROR', 'INFO']);
    expect(reader.messages.map((m) => m.file)).toEqual(['rtl/x.sv', 'rtl/x.sv']);
    expect(reader.reported).toEqual({ errors: 1, warnings: 1 });
  });
});
