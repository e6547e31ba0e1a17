import { describe, expect, it } from 'vitest';
import { coberturaXml } from '../../src/engine/simulation/cobertura.js';
import {
  CoverageFormatError,
  expandLineList,
  parseCoverageData,
  summariseCoverage,
} from '../../src/engine/simulation/coverage-data.js';

/** One coverage.dat line, in Verilator's key encoding. */
const point = (keys: Record<string, string | number>, count: number) =>
  `C '${Object.entries(keys)
    .map(([key, value]) => `\x01${key}\x02${value}`)
    .join('')}' ${count}`;

const alu = { f: 'rtl/alu.sv' };
// Two instances of alu (u0, u1) and a testbench line; the expectations below are counted by hand.
const COVERAGE_DAT = [
  '# SystemC::Coverage-3',
  point({ ...alu, l: 10, n: 3, page: 'v_line/alu', o: 'block', S: '10-12', h: 'TOP.tb.u0' }, 4),
  point({ ...alu, l: 10, n: 3, page: 'v_line/alu', o: 'block', S: '10-12', h: 'TOP.tb.u1' }, 0),
  point({ ...alu, l: 13, n: 5, page: 'v_branch/alu', o: 'if', S: '13-14', h: 'TOP.tb.u0' }, 2),
  point({ ...alu, l: 13, n: 6, page: 'v_branch/alu', o: 'else', h: 'TOP.tb.u0' }, 0),
  point({ ...alu, l: 20, n: 2, page: 'v_line/alu', o: 'block', S: 20, s: 3, h: 'TOP.tb.u0' }, 2),
  point({ ...alu, l: 20, n: 4, page: 'v_line/alu', o: 'block', S: 20, P: 1, h: 'TOP.tb.u0' }, 1),
  point({ ...alu, l: 20, n: 4, page: 'v_line/alu', o: 'block', S: 20, P: 1, h: 'TOP.tb.u1' }, 0),
  point({ ...alu, l: 25, n: 3, page: 'v_line/alu', o: 'block', S: 25, h: 'TOP.tb.u0' }, 0),
  point({ ...alu, l: 2, n: 10, page: 'v_toggle/alu', o: 'a[0]', h: 'TOP.tb.u0' }, 1),
  point({ ...alu, l: 2, n: 10, page: 'v_toggle/alu', o: 'a[0]', h: 'TOP.tb.u1' }, 0),
  point({ ...alu, l: 2, n: 10, page: 'v_toggle/alu', o: 'a[1]', h: 'TOP.tb.u0' }, 0),
  point({ ...alu, l: 3, n: 10, page: 'v_toggle/alu', o: 'y', h: 'TOP.tb.u0' }, 3),
  point({ ...alu, l: 30, n: 1, page: 'v_user/alu', o: 'cover_y', h: 'TOP.tb.u0' }, 5),
  point({ f: 'tb/tb.sv', l: 5, n: 3, page: 'v_line/tb', o: 'block', S: 5, h: 'TOP.tb' }, 7),
  '',
].join('\n');

describe('coverage.dat', () => {
  const points = parseCoverageData(COVERAGE_DAT);

  it('adds the instances of a point together unless it is counted per instance', () => {
    const block10 = points.filter((p) => p.line === 10);
    expect(block10).toEqual([
      {
        file: 'rtl/alu.sv',
        line: 10,
        kind: 'line',
        comment: 'block',
        lines: [10, 11, 12],
        threshold: 1,
        count: 4,
      },
    ]);
    expect(points.filter((p) => p.line === 20 && p.threshold === 1).map((p) => p.count)).toEqual([1, 0]);
    expect(points.find((p) => p.comment === 'a[0]')?.count).toBe(1);
  });

  it('counts line and branch points, and toggle points, of the design files only', () => {
    const report = summariseCoverage(points, ['./rtl/alu.sv', 'rtl/unused.sv']);
    // line: block 10 (4), if 13 (2) covered; else 13 (0), block 20 below its threshold of 3 (2),
    // block 20 in u1 (0), block 25 (0) not: 3 of 7. toggle: a[0] and y of a[0], a[1], y.
    expect(report.line).toEqual({ covered: 3, total: 7, percent: 42.86 });
    expect(report.toggle).toEqual({ covered: 2, total: 3, percent: 66.67 });
    expect(report.files).toHaveLength(1);
    const [file] = report.files;
    expect(file?.file).toBe('rtl/alu.sv');
    expect(file?.lines).toEqual([
      { line: 10, hits: 4 },
      { line: 11, hits: 4 },
      { line: 12, hits: 4 },
      { line: 13, hits: 2, branches: { covered: 1, total: 2 } },
      { line: 14, hits: 2 },
      { line: 20, hits: 2 },
      { line: 25, hits: 0 },
    ]);
    expect(file?.toggles).toEqual([
      { line: 2, signal: 'a[0]', hits: 1 },
      { line: 2, signal: 'a[1]', hits: 0 },
      { line: 3, signal: 'y', hits: 3 },
    ]);
  });

  it('has no percentages without points', () => {
    const report = summariseCoverage(points, ['rtl/other.sv']);
    expect(report).toEqual({
      line: { covered: 0, total: 0, percent: null },
      toggle: { covered: 0, total: 0, percent: null },
      files: [],
    });
  });

  it('expands line lists', () => {
    expect(expandLineList('7-10,12,15')).toEqual([7, 8, 9, 10, 12, 15]);
    expect(expandLineList('3')).toEqual([3]);
    expect(expandLineList('9-7,x')).toEqual([]);
  });

  it.each([
    ['a line that is not a point', 'X something'],
    ['a point without a count', "C '\x01f\x02a.sv' many"],
    ['a key without a value', "C '\x01fa.sv' 1"],
  ])('refuses %s', (_, text) => {
    expect(() => parseCoverageData(text)).toThrow(CoverageFormatError);
  });
});

describe('Cobertura XML', () => {
  it('lists the lines with their hits and branch arms, and the rates', () => {
    const { files } = summariseCoverage(parseCoverageData(COVERAGE_DAT), ['rtl/alu.sv']);
    const xml = coberturaXml(files, new Date(1_700_000_000_000));
    // 6 of the 7 lines ran; 1 of the 2 arms on line 13 was taken.
    expect(xml).toContain(
      '<coverage line-rate="0.8571" branch-rate="0.5000" lines-covered="6" lines-valid="7" branches-covered="1" branches-valid="2" complexity="0" version="verilator" timestamp="1700000000000">',
    );
    expect(xml).toContain('<package name="rtl" line-rate="0.8571" branch-rate="0.5000" complexity="0">');
    expect(xml).toContain('<class name="rtl/alu.sv" filename="rtl/alu.sv"');
    expect(xml).toContain('<line number="13" hits="2" branch="true" condition-coverage="50% (1/2)"/>');
    expect(xml).toContain('<line number="25" hits="0" branch="false"/>');
  });

  it('escapes file names', () => {
    const xml = coberturaXml(
      [
        {
          file: 'rtl/a&b<c>.sv',
          line: { covered: 0, total: 0, percent: null },
          toggle: { covered: 0, total: 0, percent: null },
          lines: [],
          toggles: [],
        },
      ],
      new Date(0),
    );
    expect(xml).toContain('filename="rtl/a&amp;b&lt;c&gt;.sv"');
  });
});
