import { describe, expect, it } from 'vitest';
import { canonicalBytes, canonicalJson } from '../../src/pqc/canonical-json.js';

describe('RFC 8785 canonical JSON', () => {
  it('sorts property names by UTF-16 code units (RFC 8785 §3.2.3)', () => {
    const input = {
      '\u20ac': 'Euro Sign',
      '\r': 'Carriage Return',
      '\ufb33': 'Hebrew Letter Dalet With Dagesh',
      '1': 'One',
      '\ud83d\ude00': 'Emoji: Grinning Face',
      '\u0080': 'Control',
      '\u00f6': 'Latin Small Letter O With Diaeresis',
    };
    const text = canonicalJson(input);
    // The RFC's order: \r, 1, \u0080, ö, €, 😀 (a surrogate pair, 0xd83d), then \ufb33, which a
    // sort by code point would put before the emoji.
    // (Read from the text: JSON.parse would list the integer-like key '1' first.)
    const keys = [...text.matchAll(/"((?:[^"\\]|\\.)*)":/g)].map((m) => JSON.parse(`"${m[1]!}"`) as string);
    expect(keys).toEqual(['\r', '1', '\u0080', '\u00f6', '\u20ac', '\ud83d\ude00', '\ufb33']);
    expect(text).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","ö":"Latin Small Letter O With Diaeresis",' +
        '"€":"Euro Sign","😀":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
  });

  it('serialises primitives as RFC 8785 §3.2.2 does', () => {
    const input = JSON.parse(
      String.raw`{
        "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
        "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
        "literals": [null, true, false]
      }`,
    ) as unknown;
    expect(canonicalJson(input)).toBe(
      String.raw`{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\u000f\nA'B\"\\\\\"/"}`,
    );
  });

  it.each([
    [0, '0'],
    [-0, '0'],
    [1e21, '1e+21'],
    [1e-7, '1e-7'],
    [5e-324, '5e-324'],
    [1.7976931348623157e308, '1.7976931348623157e+308'],
    [9007199254740991, '9007199254740991'],
    [295147905179352830000, '295147905179352830000'],
  ])('writes the number %d as %s (RFC 8785 Appendix B)', (value, text) => {
    expect(canonicalJson(value)).toBe(text);
  });

  it('sorts nested objects at every level and keeps array order, with no whitespace', () => {
    const value = {
      z: [3, { y: true, b: [{ d: 1, c: { f: 'x y', e: null } }] }, 1],
      a: { 'b c': 'space kept in strings', a: [] },
      m: {},
    };
    const text = canonicalJson(value);
    expect(text).toBe(
      '{"a":{"a":[],"b c":"space kept in strings"},"m":{},' +
        '"z":[3,{"b":[{"c":{"e":null,"f":"x y"},"d":1}],"y":true},1]}',
    );
    expect(text.replace(/"(?:[^"\\]|\\.)*"/g, '')).not.toMatch(/\s/);
    expect(canonicalJson(JSON.parse(JSON.stringify(value, null, 2)))).toBe(text);
  });

  it('drops members whose value is undefined, at any depth', () => {
    expect(canonicalJson({ b: 1, a: undefined, c: { d: undefined, e: [1] } })).toBe('{"b":1,"c":{"e":[1]}}');
  });

  it.each([
    ['NaN', NaN],
    ['Infinity', Infinity],
    ['-Infinity', -Infinity],
    ['NaN in an object', { a: 1, b: NaN }],
    ['NaN in an array', [1, [NaN]]],
  ])('refuses %s', (_what, value) => {
    expect(() => canonicalJson(value)).toThrow(/NaN or Infinity/);
  });

  it('refuses values JSON has no form for', () => {
    expect(() => canonicalJson(undefined)).toThrow(TypeError);
    expect(() => canonicalJson([undefined])).toThrow(TypeError);
    expect(() => canonicalJson({ f: () => 1 })).toThrow(TypeError);
    expect(() => canonicalJson(10n)).toThrow(TypeError);
  });

  it('signs the UTF-8 bytes of the text', () => {
    expect(Buffer.from(canonicalBytes({ '€': 'ö', a: 1 })).toString('hex')).toBe(
      Buffer.from('{"a":1,"€":"ö"}', 'utf8').toString('hex'),
    );
  });
});
