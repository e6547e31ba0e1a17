/**
 * Verilator's coverage.dat, read into per-file line and toggle coverage of the design sources.
 *
 * The file has one point a line: `C '<keys>' <count>`, the keys being `\x01<key>\x02<value>`
 * pairs: f file, l line, n column, page `v_line/<module>` (a block of statements),
 * `v_branch/<module>` (one arm of an if or case, an implicit else included), `v_toggle/<module>`
 * (one bit of a signal, o naming it), `v_user` (cover properties, not counted here), o comment,
 * h hierarchy, S the lines a block covers (`7-10,12`), s the hits that count as covered (default
 * 1) and P whether each instance is counted apart.
 *
 * Line coverage counts the `v_line` and `v_branch` points: the statements in an if arm are only
 * in its branch point, so leaving branches out would leave those lines out. Each arm is one
 * point, so an untaken implicit else lowers it. A module instantiated several times has one
 * point per instance; like `verilator_coverage`, the instances' counts are added into one point
 * unless P says otherwise. Only points in the design sources count: the testbench is not
 * what is being covered.
 */
import { normalize } from 'node:path';

export type CoverageKind = 'line' | 'branch' | 'toggle';

export interface CoveragePoint {
  file: string;
  line: number;
  kind: CoverageKind;
  /** The signal bit of a toggle point, the kind of block (`if`, `else`, `block`) otherwise. */
  comment: string;
  /** The source lines the point covers (its S key, or its own line). */
  lines: number[];
  /** Hits needed to count as covered. */
  threshold: number;
  count: number;
}

export interface CoverageCounts {
  covered: number;
  total: number;
  percent: number | null;
}

export interface LineHits {
  line: number;
  /** The largest count among the points on the line: how often it ran. */
  hits: number;
  /** The arms of the line's if or case and how many were taken (an untaken arm shows here). */
  branches?: { covered: number; total: number };
}

export interface FileCoverage {
  file: string;
  line: CoverageCounts;
  toggle: CoverageCounts;
  lines: LineHits[];
  toggles: { line: number; signal: string; hits: number }[];
}

export interface CoverageReport {
  line: CoverageCounts;
  toggle: CoverageCounts;
  files: FileCoverage[];
}

export class CoverageFormatError extends Error {
  override name = 'CoverageFormatError';
}

const KINDS: Record<string, CoverageKind> = {
  v_line: 'line',
  v_branch: 'branch',
  v_toggle: 'toggle',
};

/** `7-10,12` → [7, 8, 9, 10, 12]. */
export function expandLineList(list: string): number[] {
  return list.split(',').flatMap((part) => {
    const range = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (range === null) return [];
    const from = Number(range[1]);
    const to = Number(range[2] ?? range[1]);
    return to < from ? [] : Array.from({ length: to - from + 1 }, (_, offset) => from + offset);
  });
}

function parseKeys(text: string): Map<string, string> {
  const keys = new Map<string, string>();
  for (const pair of text.split('\x01')) {
    if (pair === '') continue;
    const split = pair.indexOf('\x02');
    if (split === -1) throw new CoverageFormatError(`a key without a value: ${JSON.stringify(pair)}`);
    keys.set(pair.slice(0, split), pair.slice(split + 1));
  }
  return keys;
}

/** The points of a coverage.dat, instances of the same point added together. */
export function parseCoverageData(text: string): CoveragePoint[] {
  const points = new Map<string, CoveragePoint>();
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.trimEnd();
    if (line === '' || line.startsWith('#')) continue;
    const quoteEnd = line.lastIndexOf("' ");
    if (!line.startsWith("C '") || quoteEnd < 3)
      throw new CoverageFormatError(`line ${index + 1} is not a point`);
    const count = Number(line.slice(quoteEnd + 2));
    if (!Number.isSafeInteger(count) || count < 0)
      throw new CoverageFormatError(`line ${index + 1} has no count`);
    const keys = parseKeys(line.slice(3, quoteEnd));
    const kind = KINDS[(keys.get('page') ?? '').split('/')[0] ?? ''];
    const file = keys.get('f');
    const lineNumber = Number(keys.get('l'));
    // Other pages (v_user: cover properties) are not line or toggle coverage.
    if (kind === undefined || file === undefined || !Number.isInteger(lineNumber)) continue;
    // The hierarchy is the only key that differs between instances of one point.
    if (keys.get('P') !== '1') keys.delete('h');
    const identity = [...keys].map(([key, value]) => `${key}\x02${value}`).join('\x01');
    const existing = points.get(identity);
    if (existing !== undefined) {
      existing.count += count;
      continue;
    }
    const covers = keys.get('S');
    const lines = covers === undefined ? [] : expandLineList(covers);
    points.set(identity, {
      file,
      line: lineNumber,
      kind,
      comment: keys.get('o') ?? '',
      lines: lines.length > 0 ? lines : [lineNumber],
      threshold: Math.max(1, Number(keys.get('s') ?? 1) || 1),
      count,
    });
  }
  return [...points.values()];
}

export function percentOf(covered: number, total: number): number | null {
  return total === 0 ? null : Math.round((covered / total) * 10_000) / 100;
}

const isCovered = (point: CoveragePoint) => point.count >= point.threshold;

function counts(points: readonly CoveragePoint[]): CoverageCounts {
  const covered = points.filter(isCovered).length;
  return { covered, total: points.length, percent: percentOf(covered, points.length) };
}

function lineHits(points: readonly CoveragePoint[]): LineHits[] {
  const byLine = new Map<number, LineHits>();
  const entryOf = (line: number) => {
    const entry = byLine.get(line) ?? { line, hits: 0 };
    byLine.set(line, entry);
    return entry;
  };
  for (const point of points) {
    for (const line of point.lines) {
      const entry = entryOf(line);
      entry.hits = Math.max(entry.hits, point.count);
    }
    // A branch arm counts on the line of its if or case, not on the lines of its body.
    if (point.kind === 'branch') {
      const branches = (entryOf(point.line).branches ??= { covered: 0, total: 0 });
      branches.total += 1;
      if (isCovered(point)) branches.covered += 1;
    }
  }
  return [...byLine.values()].sort((a, b) => a.line - b.line);
}

/**
 * Line and toggle coverage of the design sources: `designFiles` are the paths as the points
 * name them (the paths given to Verilator).
 */
export function summariseCoverage(
  points: readonly CoveragePoint[],
  designFiles: readonly string[],
): CoverageReport {
  const byFile = new Map(designFiles.map((file) => [normalize(file), [] as CoveragePoint[]]));
  for (const point of points) byFile.get(normalize(point.file))?.push(point);
  const files: FileCoverage[] = [];
  for (const [file, filePoints] of byFile) {
    if (filePoints.length === 0) continue;
    const linePoints = filePoints.filter((point) => point.kind === 'line' || point.kind === 'branch');
    const togglePoints = filePoints.filter((point) => point.kind === 'toggle');
    files.push({
      file,
      line: counts(linePoints),
      toggle: counts(togglePoints),
      lines: lineHits(linePoints),
      toggles: togglePoints
        .map((point) => ({ line: point.line, signal: point.comment, hits: point.count }))
        .sort((a, b) => a.line - b.line || a.signal.localeCompare(b.signal)),
    });
  }
  const design = [...byFile.values()].flat();
  return {
    line: counts(design.filter((point) => point.kind === 'line' || point.kind === 'branch')),
    toggle: counts(design.filter((point) => point.kind === 'toggle')),
    files,
  };
}
