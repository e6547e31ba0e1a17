import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stateNames } from '../../src/engine/fsm/state-names.js';

const TRAFFIC_LIGHT = readFileSync(
  new URL('../../examples/traffic-light/rtl/traffic_light.sv', import.meta.url),
  'utf8',
);
const names = (texts: string[], module: string, width: number, states: string[]) =>
  Object.fromEntries(stateNames(texts, { module, width, states }));

describe('stateNames', () => {
  it("names the traffic light's codes after its localparams, not after its int parameters", () => {
    expect(names([TRAFFIC_LIGHT], 'traffic_light', 2, ['00', '01', '10', '11'])).toEqual({
      '00': 'GREEN',
      '01': 'YELLOW',
      '10': 'RED',
      '11': 'WALK',
    });
  });

  it('names enum members, counting on from an explicit value', () => {
    const source = [
      'module ctrl (input logic clk);',
      "  typedef enum logic [2:0] {IDLE, RUN = 3'd4, DONE} state_t;",
      '  state_t state;',
      'endmodule',
    ].join('\n');
    expect(names([source], 'ctrl', 3, ['000', '100', '101'])).toEqual({
      '000': 'IDLE',
      '100': 'RUN',
      '101': 'DONE',
    });
  });

  it('leaves out ambiguous codes, other widths, comments and other modules', () => {
    const sources = [
      "module other; localparam logic [1:0] ELSEWHERE = 2'b11; endmodule",
      [
        'module m;',
        "  localparam logic [1:0] A = 2'b00, ALSO_A = 2'd0;",
        "  localparam B = 2'b01;",
        "  localparam logic [2:0] WIDE = 3'b010;",
        '  localparam UNSIZED = 3;',
        "  // localparam logic [1:0] COMMENTED = 2'b10;",
        'endmodule',
      ].join('\n'),
    ];
    expect(names(sources, 'm', 2, ['00', '01', '10', '11'])).toEqual({ '01': 'B' });
  });

  it('answers no names when the module is not in the sources', () => {
    expect(names([TRAFFIC_LIGHT], 'missing', 2, ['00'])).toEqual({});
  });
});
