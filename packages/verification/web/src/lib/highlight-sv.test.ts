import { describe, expect, it } from 'vitest';
import {
  blockCommentStarts,
  highlightSv,
  isVerilogPath,
  plainLine,
  splitLines,
  type Token,
} from './highlight-sv.js';

/** The tokens of one line as `kind:text` strings, plain text as its text alone. */
const shown = (line: Token[]) => line.map(({ kind, text }) => (kind ? `${kind}:${text}` : text));

describe('highlightSv', () => {
  it('marks keywords, identifiers staying plain, and merges plain text', () => {
    expect(highlightSv('module counter (input logic clk);').map(shown)).toEqual([
      ['keyword:module', ' counter (', 'keyword:input', ' ', 'keyword:logic', ' clk);'],
    ]);
  });

  it('reads sized, based, signed and unbased numbers, reals and time literals', () => {
    const [line] = highlightSv("x = 8'hFF + 'b1010 + 4'sb1x_z? + '0 + 12 + 1_000 + 1.5e3 + 10ns + 32 'd 7;");
    expect(line!.filter((t) => t.kind === 'number').map((t) => t.text)).toEqual([
      "8'hFF",
      "'b1010",
      "4'sb1x_z?",
      "'0",
      '12',
      '1_000',
      '1.5e3',
      '10ns',
      "32 'd 7",
    ]);
  });

  it('marks system tasks, compiler directives and strings with escapes', () => {
    expect(highlightSv('`define W 8\n$display("a \\"quoted\\" %d", `W);').map(shown)).toEqual([
      ['directive:`define', ' W ', 'number:8'],
      ['system:$display', '(', 'string:"a \\"quoted\\" %d"', ', ', 'directive:`W', ');'],
    ]);
  });

  it('carries a block comment across lines and ends it where it closes', () => {
    expect(highlightSv('a /* one\ntwo wire\nthree */ wire b; // end').map(shown)).toEqual([
      ['a ', 'comment:/* one'],
      ['comment:two wire'],
      ['comment:three */', ' ', 'keyword:wire', ' b; ', 'comment:// end'],
    ]);
  });

  it('keeps comment markers inside strings as string text', () => {
    expect(highlightSv('s = "// not /* a comment";').map(shown)).toEqual([
      ['s = ', 'string:"// not /* a comment"', ';'],
    ]);
  });

  it('knows which lines start inside a block comment without tokenizing them', () => {
    const lines = ['s = "/*"; // /* not', '\\esc/* x = 1; /* open', 'still */ a /* b */ c /* again', '*/'];
    expect(blockCommentStarts(lines)).toEqual([false, false, true, true]);
    expect(highlightSv(lines.join('\n')).map(shown)).toEqual([
      ['s = ', 'string:"/*"', '; ', 'comment:// /* not'],
      ['\\esc/* x = ', 'number:1', '; ', 'comment:/* open'],
      ['comment:still */', ' a ', 'comment:/* b */', ' c ', 'comment:/* again'],
      ['comment:*/'],
    ]);
  });

  it('ends an unterminated string at the line end', () => {
    expect(highlightSv('"open\nmodule').map(shown)).toEqual([['string:"open'], ['keyword:module']]);
  });

  it('does not take an identifier ending in digits or a keyword prefix for a number or keyword', () => {
    expect(highlightSv('reg1 modules r2d2').map(shown)).toEqual([['reg1 modules r2d2']]);
  });

  it('keeps the text of every line, whatever the line ends', () => {
    const text = 'module m;\r\n  /* x */ assign a = 1;\rendmodule\n';
    expect(highlightSv(text).map((line) => line.map((t) => t.text).join(''))).toEqual([
      'module m;',
      '  /* x */ assign a = 1;',
      'endmodule',
    ]);
  });

  // A bound for a pathological slowdown (a backtracking pattern), not a benchmark: CI machines are shared.
  it('tokenizes 10,000 lines quickly', () => {
    const block = 'always_ff @(posedge clk) begin /* c */ q <= 8\'hFF; $display("%d", q); end // x\n';
    const started = performance.now();
    expect(highlightSv(block.repeat(10_000))).toHaveLength(10_000);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe('splitLines, plainLine, isVerilogPath', () => {
  it('splits without an empty last line, and keeps empty lines', () => {
    expect(splitLines('a\n\nb\n')).toEqual(['a', '', 'b']);
    expect(splitLines('')).toEqual(['']);
    expect(splitLines('x\n\ny').map(plainLine)).toEqual([
      [{ text: 'x', kind: null }],
      [],
      [{ text: 'y', kind: null }],
    ]);
  });

  it('knows Verilog files by extension', () => {
    expect(['rtl/a.sv', 'b.V', 'inc/defs.svh', 'waive.vlt'].every(isVerilogPath)).toBe(true);
    expect(['verify.json', 'test_acc.py', 'a.sv.bak'].some(isVerilogPath)).toBe(false);
  });
});
