/**
 * Text reports of `qcirc run` and `qcirc estimate`: counts as a table sorted by frequency with
 * histogram bars, the erasure summary and the resource estimates.
 */
import type { Result } from '../backends/result.js';
import type { ResourceEstimates } from '../engine/estimates.js';
import { formatBytes } from '../errors.js';

/** Rows shown before the rest of a wide distribution is summarised in one line. */
export const MAX_ROWS = 64;
const BAR_WIDTH = 40;
const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];

/** A bar of `fraction` of `width` cells, in eighths of a cell. */
export function bar(fraction: number, width = BAR_WIDTH): string {
  const eighths = Math.round(Math.min(1, Math.max(0, fraction)) * width * 8);
  return '█'.repeat(Math.floor(eighths / 8)) + EIGHTHS[eighths % 8]!;
}

/** Outcomes by count, most frequent first (ties in outcome order). */
export function sortedCounts(counts: Readonly<Record<string, number>>): [string, number][] {
  return Object.entries(counts).sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
}

export function formatCounts(counts: Readonly<Record<string, number>>, shots: number): string {
  const rows = sortedCounts(counts);
  if (rows.length === 0) return '(no shots)';
  const top = rows[0]![1];
  const outcomeWidth = Math.max('outcome'.length, ...rows.map(([k]) => k.length));
  const countWidth = Math.max('count'.length, String(top).length);
  const lines = [`${'outcome'.padEnd(outcomeWidth)}  ${'count'.padStart(countWidth)}  probability`];
  for (const [outcome, count] of rows.slice(0, MAX_ROWS)) {
    lines.push(
      `${outcome.padEnd(outcomeWidth)}  ${String(count).padStart(countWidth)}  ${(count / shots).toFixed(4)}       ${bar(count / top)}`,
    );
  }
  if (rows.length > MAX_ROWS) {
    const rest = rows.slice(MAX_ROWS).reduce((sum, [, n]) => sum + n, 0);
    lines.push(`... ${rows.length - MAX_ROWS} more outcomes with ${rest} shots (--json prints them all)`);
  }
  return lines.join('\n');
}

function formatErasures(result: Result): string {
  const { noise } = result.data;
  const e = result.erasures;
  if (noise.loss === 0 && noise.pauli === 0) return 'noise: none (ideal run)';
  const perQubit = e.perQubit
    .map((n, q) => [q, n] as const)
    .filter(([, n]) => n > 0)
    .map(([q, n]) => `q${q}: ${n}`)
    .join(', ');
  const postselected = Object.values(result.getCountsPostselected()).reduce((a, b) => a + b, 0);
  return [
    `noise: loss ${noise.loss} per qubit per cycle, silent Pauli ${noise.pauli.toPrecision(3)}`,
    `erasures: ${e.total} heralds in ${e.shots} of ${result.data.shots} shots (${(100 * e.fraction).toFixed(2)} %)` +
      (perQubit === '' ? '' : `; per qubit ${perQubit}`),
    `postselected: ${postselected} shots without an erasure`,
  ].join('\n');
}

export function formatEstimates(e: ResourceEstimates): string {
  const gates = Object.entries(e.gateCounts)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([name, n]) => `${name} ${n}`)
    .join(', ');
  return [
    `qubits ${e.qubits}, classical bits ${e.clbits}, depth ${e.depth} cycles`,
    `gates: ${e.oneQubitGates} one-qubit, ${e.twoQubitGates} two-qubit, ${e.multiQubitGates} wider; T count ${e.tCount}` +
      (gates === '' ? '' : ` (${gates})`),
    `measurements ${e.measurements}, resets ${e.resets}, passes over the state after fusion ${e.fusedPasses}`,
    `state memory ${formatBytes(e.stateBytes)}` +
      (e.memoryBytes === 0 ? '' : `, run memory ${formatBytes(e.memoryBytes)} (states, threads, shots)`),
    `expected erasures per shot ${e.expectedErasuresPerShot.toPrecision(3)}, ` +
      `erasure-free shot probability ${e.erasureFreeShotProbability.toPrecision(4)}`,
    `estimated time ${formatSeconds(e.estimatedSeconds)} (${e.timeModel})`,
  ].join('\n');
}

export function formatSeconds(seconds: number): string {
  if (seconds < 1e-3) return `${(seconds * 1e6).toFixed(0)} µs`;
  if (seconds < 1) return `${(seconds * 1e3).toFixed(1)} ms`;
  return `${seconds.toFixed(2)} s`;
}

/** The whole `qcirc run` report. */
export function formatRunReport(name: string, result: Result): string {
  const d = result.data;
  return [
    `${name} on ${d.backend}: ${d.shots} shots, seed ${d.seed}`,
    '',
    formatCounts(result.getCounts(), d.shots),
    '',
    formatErasures(result),
    '',
    'estimates:',
    indent(formatEstimates(d.estimates)),
    `ran in ${formatSeconds(d.timing.totalSeconds)} (${d.trajectories} trajectories, ${d.fusion.passes} passes)`,
  ].join('\n');
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');
}
