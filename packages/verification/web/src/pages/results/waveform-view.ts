/**
 * The waveform's model apart from the canvas: which variables become rows, the visible time
 * window and its zoom, the times the cursor steps through, and nice axis ticks.
 */
import { bitsToHex, valueAt, type Vcd, type VcdVariable } from '../../lib/vcd.js';

export interface Row {
  variable: VcdVariable;
  /** The name shown: its scopes below the outermost one, then its own name. */
  label: string;
}

export interface TimeWindow {
  start: number;
  end: number;
}

/** The scope where yosys-smtbmc puts the solver's free values (`anyinit_*`, `anyseq_*`). */
export const WITNESS_SCOPE = '_witness_';

export function isWitness(variable: VcdVariable): boolean {
  return variable.scope.includes(WITNESS_SCOPE);
}

/**
 * One row per variable, in declaration order, leaving out events (yosys-smtbmc's `smt_clock`
 * has no value to draw), a second name of the same identifier in the same scope and, unless
 * asked for, yosys-smtbmc's witness variables: the design's own signals show the same values.
 */
export function waveformRows(vcd: Vcd, withWitness = false): Row[] {
  const seen = new Set<string>();
  const rows: Row[] = [];
  for (const variable of vcd.variables) {
    const key = `${variable.scope.join('.')}\u0000${variable.id}`;
    if (variable.type === 'event' || seen.has(key) || (!withWitness && isWitness(variable))) continue;
    seen.add(key);
    rows.push({ variable, label: [...variable.scope.slice(1), variable.name].join('.') });
  }
  return rows;
}

/** The whole trace, with a margin after the last change so its values show. */
export function fitWindow(vcd: Vcd): TimeWindow {
  const span = Math.max(vcd.endTime - vcd.startTime, 1);
  return { start: vcd.startTime, end: vcd.endTime + span * 0.05 };
}

/** The view zoomed by `factor` (< 1 zooms in) around `anchor`, kept at the same place on screen. */
export function zoomWindow(view: TimeWindow, factor: number, anchor: number, limits: TimeWindow): TimeWindow {
  const span = view.end - view.start;
  const full = limits.end - limits.start;
  const next = Math.min(Math.max(span * factor, 1), full);
  const ratio = (anchor - view.start) / span;
  let start = anchor - ratio * next;
  start = Math.min(Math.max(start, limits.start), limits.end - next);
  return { start, end: start + next };
}

/** The view moved by `delta` time units, inside the limits. */
export function panWindow(view: TimeWindow, delta: number, limits: TimeWindow): TimeWindow {
  const span = view.end - view.start;
  const start = Math.min(Math.max(view.start + delta, limits.start), limits.end - span);
  return { start, end: start + span };
}

/** Every time at which some row's value changes, sorted: the cursor's steps. */
export function changeTimes(vcd: Vcd, rows: readonly Row[]): number[] {
  const times = new Set<number>();
  for (const row of rows) for (const change of vcd.changes.get(row.variable.id) ?? []) times.add(change.time);
  return [...times].sort((a, b) => a - b);
}

/** Axis ticks: a step of 1, 2 or 5 × 10^n giving about `count` ticks over the window. */
export function ticks(view: TimeWindow, count: number): number[] {
  const rough = (view.end - view.start) / Math.max(count, 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? rough;
  const result: number[] = [];
  for (let t = Math.ceil(view.start / step) * step; t <= view.end; t += step) result.push(t);
  return result;
}

/** A value as the cursor table and the bus show it: 1-bit as is, vectors as hexadecimal. */
export function displayValue(variable: VcdVariable, value: string | null): string {
  if (value === null) return '—';
  if (variable.type === 'real' || variable.type === 'realtime') return value;
  // An integer (yosys-smtbmc's step counter) reads best in decimal.
  if (variable.type === 'integer' && /^[01]+$/.test(value)) return String(parseInt(value, 2));
  return variable.width === 1 ? value : `${variable.width}'h${bitsToHex(value)}`;
}

/** The value of a row at a time. */
export function rowValue(vcd: Vcd, row: Row, time: number): string | null {
  return valueAt(vcd.changes.get(row.variable.id) ?? [], time);
}
