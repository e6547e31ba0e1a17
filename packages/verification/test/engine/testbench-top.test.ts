import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  findTestbenchTop,
  resolveTop,
  stripCommentsAndStrings,
} from '../../src/engine/simulation/testbench-top.js';

const source = (path: string, text: string) => ({ path, text });
const FIELD = 'simulation.testbench_top';

describe('findTestbenchTop', () => {
  it('finds the module no other testbench module instantiates', () => {
    const result = findTestbenchTop(
      [
        source(
          'tb/tb_top.sv',
          `module tb_top;
           // driver unused_in_comment ();
           clock_gen #(.PERIOD(10)) clocks (.clk(clk));
           driver drive_a (.clk(clk));
           initial $display("monitor m (x);");
         endmodule`,
        ),
        source(
          'tb/helpers.sv',
          'module clock_gen #(parameter PERIOD = 5) (output logic clk); endmodule\nmodule driver (input clk); endmodule',
        ),
      ],
      FIELD,
    );
    expect(result).toEqual({ top: 'tb_top' });
  });

  it('sees instance arrays and ignores names in comments and strings', () => {
    const result = findTestbenchTop(
      [
        source(
          'tb.sv',
          'module tb; lane lanes[3:0] (.x(x)); /* other o(); */ endmodule\nmodule lane(input x); endmodule',
        ),
        source('other.sv', 'module other; initial $display("tb t();"); endmodule'),
      ],
      FIELD,
    );
    expect(result).toEqual({
      error: 'the testbench files have several top modules (tb, other): name one in simulation.testbench_top',
    });
  });

  it('says when there is no module or no top', () => {
    expect(findTestbenchTop([source('empty.sv', '// nothing')], FIELD)).toEqual({
      error: 'the testbench files declare no module',
    });
    expect(
      findTestbenchTop(
        [source('loop.sv', 'module a; b ib(); endmodule\nmodule b; a ia(); endmodule')],
        FIELD,
      ),
    ).toEqual({
      error: 'every testbench module is instantiated by another one',
    });
  });

  it('keeps offsets when it blanks comments and strings', () => {
    const text = 'a // c\nb /* d\ne */ "f\\"g" h';
    const stripped = stripCommentsAndStrings(text);
    expect(stripped).toHaveLength(text.length);
    expect(stripped.replace(/\s+/g, ' ')).toBe('a b h');
  });
});

describe('resolveTop', () => {
  it('takes a named top when it is a plain module name, and names the key of verify.json otherwise', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vp-top-'));
    writeFileSync(join(dir, 'a.sv'), 'module a; endmodule\nmodule b; endmodule\n');
    try {
      expect(await resolveTop(dir, ['a.sv'], 'harness', 'crypto.harness_top')).toEqual({ top: 'harness' });
      expect(await resolveTop(dir, ['a.sv'], 'bad name', 'crypto.harness_top')).toEqual({
        error: 'crypto.harness_top is not a module name: bad name',
      });
      expect(await resolveTop(dir, ['a.sv'], null, 'crypto.harness_top')).toEqual({
        error: 'the testbench files have several top modules (a, b): name one in crypto.harness_top',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
