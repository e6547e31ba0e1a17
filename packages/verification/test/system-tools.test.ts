import { spawnSync } from 'node:child_process';
import { requireTools } from '@lab/server-kit/testing';
import { describe, expect, it } from 'vitest';

const TOOLS: [string, string[], RegExp][] = [
  ['verilator', ['--version'], /^Verilator 5\./],
  ['iverilog', ['-V'], /Icarus Verilog version \d+/],
  ['yosys', ['-V'], /^Yosys 0\.\d+/],
  ['yosys-smtbmc', ['--help'], /yosys-smtbmc/],
  ['z3', ['--version'], /^Z3 version \d+/],
];
const gate = requireTools(TOOLS.map(([command]) => command));

describe.skipIf(gate.skip)(`EDA tools the stages run${gate.skip ? ` (skipped: ${gate.reason})` : ''}`, () => {
  it.each(TOOLS)('%s runs', (command, args, expected) => {
    const result = spawnSync(command, args, { encoding: 'utf8' });
    expect(result.error).toBeUndefined();
    expect(`${result.stdout}${result.stderr}`).toMatch(expected);
  });
});
