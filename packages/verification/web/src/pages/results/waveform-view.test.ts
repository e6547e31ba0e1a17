import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseVcd } from '../../lib/vcd.js';
import {
  changeTimes,
  displayValue,
  fitWindow,
  panWindow,
  rowValue,
  ticks,
  waveformRows,
  zoomWindow,
} from './waveform-view.js';

const vcd = parseVcd(await readFile(new URL('../../lib/fixtures/fifo-cex.vcd', import.meta.url), 'utf8'));

describe('the waveform of a yosys-smtbmc counterexample', () => {
  it('has a row per design signal, the witness scope only when asked, and no event', () => {
    const rows = waveformRows(vcd);
    expect(rows.map((r) => r.label).slice(0, 4)).toEqual(['smt_step', 'clk', 'count', 'do_read']);
    expect(rows).toHaveLength(19);
    expect(rows.some((r) => r.variable.type === 'event')).toBe(false);
    const all = waveformRows(vcd, true);
    expect(all).toHaveLength(30);
    expect(all.find((r) => r.variable.id === 'n0')?.label).toBe('_witness_.anyinit_procdff_107');
  });

  it('shows values as the table does: bits, hexadecimal vectors, the step counter in decimal', () => {
    const [step, clk, count] = waveformRows(vcd);
    expect(displayValue(step!.variable, rowValue(vcd, step!, 75))).toBe('7');
    expect(displayValue(clk!.variable, rowValue(vcd, clk!, 75))).toBe('0');
    expect(displayValue(count!.variable, rowValue(vcd, count!, 75))).toBe("3'h3");
    const mem3 = waveformRows(vcd).find((r) => r.label === 'mem<3>')!;
    expect(displayValue(mem3.variable, rowValue(vcd, mem3, 0))).toBe("8'hxx");
  });

  it('steps the cursor through every change, every 5 ns here (the clock)', () => {
    expect(changeTimes(vcd, waveformRows(vcd))).toEqual(Array.from({ length: 17 }, (_, i) => i * 5));
  });
});

describe('the time window', () => {
  const limits = fitWindow(vcd);

  it('fits the trace with a margin after its last change', () => {
    expect(limits).toEqual({ start: 0, end: 84 });
  });

  it('zooms around an anchor that stays in place, within the trace', () => {
    const zoomed = zoomWindow(limits, 0.5, 42, limits);
    expect(zoomed).toEqual({ start: 21, end: 63 });
    expect(zoomWindow(zoomed, 10, 42, limits)).toEqual(limits);
    expect(zoomWindow(limits, 0.5, 0, limits)).toEqual({ start: 0, end: 42 });
    // One time unit is the closest view.
    expect(zoomWindow({ start: 10, end: 11 }, 0.5, 10, limits)).toEqual({ start: 10, end: 11 });
  });

  it('pans without leaving the trace', () => {
    expect(panWindow({ start: 0, end: 42 }, 100, limits)).toEqual({ start: 42, end: 84 });
    expect(panWindow({ start: 20, end: 62 }, -5, limits)).toEqual({ start: 15, end: 57 });
  });

  it('puts axis ticks on round times', () => {
    expect(ticks({ start: 0, end: 84 }, 8)).toEqual([0, 20, 40, 60, 80]);
    expect(ticks({ start: 21, end: 63 }, 8)).toEqual([30, 40, 50, 60]);
    expect(ticks({ start: 21, end: 63 }, 10)).toEqual([25, 30, 35, 40, 45, 50, 55, 60]);
  });
});
