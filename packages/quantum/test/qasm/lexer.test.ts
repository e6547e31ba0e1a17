import { describe, expect, it } from 'vitest';
import { SYMBOLS, tokenize, type Token } from '../../src/qasm/lexer.js';
import { expectAppError } from '@lab/server-kit/testing';

/** Each token as `kind text`, without the final `eof`. */
function kinds(source: string): string[] {
  return tokenize(source)
    .filter((t) => t.kind !== 'eof')
    .map((t) => `${t.kind} ${t.text}`);
}

function only(source: string): Token {
  const tokens = tokenize(source);
  expect(tokens, source).toHaveLength(2);
  return tokens[0] as Token;
}

function lexError(source: string, line: number, column: number, fragment: string): void {
  const error = expectAppError(() => tokenize(source), 'INVALID_QASM', fragment);
  expect(error.details).toMatchObject({ line, column });
}

describe('tokenize: names and keywords', () => {
  it('separates keywords from identifiers, including the 2.0 gate names and Unicode letters', () => {
    expect(kinds('qubit q; gate U CX θ _x1 π measure inv opaque')).toEqual([
      'keyword qubit',
      'identifier q',
      'symbol ;',
      'keyword gate',
      'identifier U',
      'identifier CX',
      'identifier θ',
      'identifier _x1',
      'identifier π',
      'keyword measure',
      'keyword inv',
      'keyword opaque',
    ]);
  });

  it('reads physical qubits and booleans', () => {
    expect(kinds('$0 $12 true false')).toEqual([
      'hardwareQubit $0',
      'hardwareQubit $12',
      'boolean true',
      'boolean false',
    ]);
    expect(only('false')).toMatchObject({ kind: 'boolean', value: false });
  });

  it('reads #dim as one keyword', () => {
    expect(kinds('#dim = 2')).toEqual(['keyword #dim', 'symbol =', 'integer 2']);
  });
});

describe('tokenize: numbers', () => {
  it.each([
    ['42', 42],
    ['0x2A', 42],
    ['0XfF', 255],
    ['0o52', 42],
    ['0b101', 5],
    ['0B11', 3],
    ['1_000', 1000],
  ])('integer %s', (source, value) => {
    expect(only(source)).toMatchObject({ kind: 'integer', value, text: source });
  });

  it.each([
    ['1.', 1],
    ['.5', 0.5],
    ['1e-3', 0.001],
    ['1.5E+2', 150],
    ['2.e1', 20],
    ['1_0.2_5', 10.25],
  ])('float %s', (source, value) => {
    expect(only(source)).toMatchObject({ kind: 'float', value });
  });

  it('reads imaginary numbers, with or without a space before im', () => {
    expect(only('2im')).toMatchObject({ kind: 'imaginary', value: 2 });
    expect(only('1.5 im')).toMatchObject({ kind: 'imaginary', value: 1.5, text: '1.5 im' });
  });

  it.each([
    ['100ns', 100, 'ns'],
    ['2.5us', 2.5, 'us'],
    ['4µs', 4, 'us'],
    ['1ms', 1, 'ms'],
    ['3s', 3, 's'],
    ['10dt', 10, 'dt'],
    ['5 ns', 5, 'ns'],
  ])('duration %s', (source, value, unit) => {
    expect(only(source)).toMatchObject({ kind: 'duration', value, unit });
  });

  it('leaves a word after a space to the parser', () => {
    expect(kinds('3 q')).toEqual(['integer 3', 'identifier q']);
  });

  it('refuses letters glued to a number, a dangling separator and empty radix digits', () => {
    lexError('x q[2q];', 1, 5, "invalid number '2q'");
    lexError('x = 1_;', 1, 6, "expected a digit after '_'");
    lexError('x = 0b;', 1, 5, "expected binary digits after '0b'");
    lexError('x = 0x_f;', 1, 5, "expected hexadecimal digits after '0x'");
    lexError('x = 0x1g;', 1, 5, "invalid number '0x1g'");
  });
});

describe('tokenize: strings, operators, comments', () => {
  it('reads quoted text as strings, the parser decides what they are', () => {
    expect(only('"0101"')).toMatchObject({ kind: 'string', value: '0101', text: '"0101"' });
    expect(only("'lib/x.inc'")).toMatchObject({ kind: 'string', value: 'lib/x.inc' });
  });

  it('reads every operator and punctuation mark on its own', () => {
    for (const symbol of SYMBOLS) expect(kinds(symbol), symbol).toEqual([`symbol ${symbol}`]);
  });

  it('takes the longest operator', () => {
    expect(kinds('a<<=b**c++d->e**=f>=g&&h||i!=j')).toEqual([
      'identifier a',
      'symbol <<=',
      'identifier b',
      'symbol **',
      'identifier c',
      'symbol ++',
      'identifier d',
      'symbol ->',
      'identifier e',
      'symbol **=',
      'identifier f',
      'symbol >=',
      'identifier g',
      'symbol &&',
      'identifier h',
      'symbol ||',
      'identifier i',
      'symbol !=',
      'identifier j',
    ]);
  });

  it('skips line and block comments, keeping positions right after them', () => {
    const tokens = tokenize('// intro\nh /* a\nlong */ q; // end');
    expect(tokens.map((t) => [t.text, t.line, t.column])).toEqual([
      ['h', 2, 1],
      ['q', 3, 9],
      [';', 3, 10],
      ['', 3, 18],
    ]);
  });

  it('counts \\r\\n and \\r as one line break each', () => {
    const tokens = tokenize('a\r\nb\rc');
    expect(tokens.map((t) => [t.text, t.line, t.column])).toEqual([
      ['a', 1, 1],
      ['b', 2, 1],
      ['c', 3, 1],
      ['', 3, 2],
    ]);
  });

  it('ignores a byte-order mark', () => {
    expect(tokenize('\ufeffx')[0]).toMatchObject({ text: 'x', line: 1, column: 1 });
  });

  it('gives each token its first and last character', () => {
    const [gate, , angle, close] = tokenize('  rx(0.5) q;');
    expect(gate).toMatchObject({ line: 1, column: 3, endLine: 1, endColumn: 4 });
    expect(angle).toMatchObject({ text: '0.5', column: 6, endColumn: 8 });
    expect(close).toMatchObject({ text: ')', column: 9, endColumn: 9 });
  });

  it('reports unterminated comments and strings at their start, and stray characters where they are', () => {
    lexError('x q;\n  /* never closed\n', 2, 3, "unterminated comment: expected '*/'");
    lexError('include "stdgates.inc;\nqubit q;', 1, 9, 'unterminated string');
    lexError('qubit q;\nh q ? 1;', 2, 5, "unexpected character '?' (U+003F)");
    lexError('h q;\n#include "x"', 2, 1, "unexpected character '#'");
    lexError('h $a;', 1, 3, "expected a physical qubit number after '$'");
    lexError('x = a.b;', 1, 6, "unexpected character '.'");
  });
});

describe('tokenize: pragmas, annotations and calibration blocks', () => {
  it('reads a pragma at the start of a line as one token with the rest of the line', () => {
    const tokens = tokenize('#pragma vendor.opt level=3  \n  pragma seed 7\nh q;');
    expect(tokens[0]).toMatchObject({
      kind: 'pragma',
      command: 'vendor.opt level=3',
      line: 1,
      endColumn: 26,
    });
    expect(tokens[1]).toMatchObject({ kind: 'pragma', command: 'seed 7', line: 2, column: 3 });
    expect(tokens[2]).toMatchObject({ kind: 'identifier', text: 'h', line: 3 });
  });

  it('refuses a pragma after other tokens on its line', () => {
    lexError('h q; pragma x', 1, 6, 'a pragma must start its own line');
  });

  it('reads @name at a statement start as an annotation, and @ after a modifier as a symbol', () => {
    expect(kinds('@vendor.timing hint 20ns\nctrl @x q;\n@bind\n')).toEqual([
      'annotation @vendor.timing hint 20ns',
      'keyword ctrl',
      'symbol @',
      'identifier x',
      'identifier q',
      'symbol ;',
      'annotation @bind',
    ]);
    const [annotation, , , , , , bare] = tokenize('@vendor.timing hint 20ns\nctrl @x q;\n@bind\n');
    expect(annotation).toMatchObject({ kind: 'annotation', keyword: 'vendor.timing', command: 'hint 20ns' });
    expect(bare).toEqual({
      kind: 'annotation',
      keyword: 'bind',
      text: '@bind',
      line: 3,
      column: 1,
      endLine: 3,
      endColumn: 5,
    });
  });

  it('keeps the braces of cal and defcal bodies as one raw token', () => {
    const tokens = tokenize('defcal x $0 { play(d, { 1 }); }\ncal {\n  frame f;\n}');
    expect(tokens.map((t) => t.kind)).toEqual([
      'keyword',
      'identifier',
      'hardwareQubit',
      'calibration',
      'keyword',
      'calibration',
      'eof',
    ]);
    expect(tokens[3]).toMatchObject({ body: ' play(d, { 1 }); ', column: 13, endColumn: 31 });
    expect(tokens[5]).toMatchObject({ line: 2, column: 5, endLine: 4, endColumn: 1 });
  });

  it('reports an unbalanced calibration block at its opening brace', () => {
    lexError('cal {\n { \n}', 1, 5, 'unterminated calibration block');
  });
});
