/**
 * A job log held in the browser: every line received, the lines the level and stage filters let
 * through, and the search matches among those. Appending filters only the new lines, so a log
 * that grows to 100,000 lines costs the same per batch as it did at 100. Lines arrive from the
 * stream in bursts; `frameBatcher` hands them over once per animation frame.
 */
import type { components } from '../../../src/client/gen/openapi.js';

export type LogEntry = components['schemas']['LogEntry'];
export type LogLevel = LogEntry['level'];

export const LOG_LEVELS: readonly LogLevel[] = ['INFO', 'WARNING', 'ERROR'];

export interface LogFilter {
  /** levels shown */
  levels: ReadonlySet<LogLevel>;
  /** the one stage shown, or null for all */
  stage: string | null;
}

export interface LogBuffer {
  /** every line, in order */
  readonly lines: readonly LogEntry[];
  /** indices into `lines` of the lines the filter lets through */
  readonly shown: readonly number[];
  /** positions in `shown` of the lines whose message contains the query (none without a query) */
  readonly matches: readonly number[];
  /** the stages seen so far, in order of first appearance */
  readonly stages: readonly string[];
  readonly filter: LogFilter;
  readonly query: string;
  append(batch: readonly LogEntry[]): void;
  setFilter(filter: LogFilter): void;
  setQuery(query: string): void;
}

export function createLogBuffer(filter: LogFilter = { levels: new Set(LOG_LEVELS), stage: null }): LogBuffer {
  const lines: LogEntry[] = [];
  let shown: number[] = [];
  let matches: number[] = [];
  const stages: string[] = [];
  const seenStages = new Set<string>();
  let current = filter;
  let query = '';
  let needle = '';

  const passes = (line: LogEntry) =>
    current.levels.has(line.level) && (current.stage === null || line.stage === current.stage);
  const matchesQuery = (line: LogEntry) => needle !== '' && line.message.toLowerCase().includes(needle);

  const refilter = () => {
    shown = [];
    for (let i = 0; i < lines.length; i++) if (passes(lines[i]!)) shown.push(i);
  };
  const research = () => {
    matches = [];
    if (needle === '') return;
    for (let at = 0; at < shown.length; at++) if (matchesQuery(lines[shown[at]!]!)) matches.push(at);
  };

  return {
    get lines() {
      return lines;
    },
    get shown() {
      return shown;
    },
    get matches() {
      return matches;
    },
    get stages() {
      return stages;
    },
    get filter() {
      return current;
    },
    get query() {
      return query;
    },
    append(batch) {
      for (const line of batch) {
        const index = lines.push(line) - 1;
        if (!seenStages.has(line.stage)) {
          seenStages.add(line.stage);
          stages.push(line.stage);
        }
        if (!passes(line)) continue;
        shown.push(index);
        if (matchesQuery(line)) matches.push(shown.length - 1);
      }
    },
    setFilter(next) {
      current = next;
      refilter();
      research();
    },
    setQuery(next) {
      query = next;
      needle = next.toLowerCase();
      research();
    },
  };
}

/** `text` cut into the runs that match `query` (case-insensitive) and those between, in order. */
export function splitMatches(text: string, query: string): { text: string; match: boolean }[] {
  if (query === '') return [{ text, match: false }];
  const haystack = text.toLowerCase();
  const needle = query.toLowerCase();
  const parts: { text: string; match: boolean }[] = [];
  let from = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, from)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < text.length || parts.length === 0) parts.push({ text: text.slice(from), match: false });
  return parts;
}

export interface BatcherTiming {
  /** the least time between two flushes, ms: a flood of lines renders a few times a second, which
   * leaves the browser time to read the socket, instead of every frame */
  minIntervalMs: number;
  /** requestAnimationFrame in the page */
  frame: (callback: () => void) => void;
  /** setTimeout and performance.now in the page */
  delay: (callback: () => void, ms: number) => void;
  now: () => number;
}

const PAGE_TIMING: BatcherTiming = {
  minIntervalMs: 0,
  frame: (callback) => requestAnimationFrame(callback),
  delay: (callback, ms) => setTimeout(callback, ms),
  now: () => performance.now(),
};

/**
 * Collects items and hands them to `flush` together in an animation frame, at most once per
 * `minIntervalMs`, so a burst of a thousand stream messages costs one render.
 */
export function frameBatcher<T>(
  flush: (items: T[]) => void,
  timing: Partial<BatcherTiming> = {},
): { push(item: T): void } {
  const { minIntervalMs, frame, delay, now } = { ...PAGE_TIMING, ...timing };
  let pending: T[] = [];
  let scheduled = false;
  let lastFlush = -Infinity;
  const flushNow = () => {
    scheduled = false;
    lastFlush = now();
    const items = pending;
    pending = [];
    flush(items);
  };
  return {
    push(item) {
      pending.push(item);
      if (scheduled) return;
      scheduled = true;
      const wait = lastFlush + minIntervalMs - now();
      if (wait > 0) delay(() => frame(flushNow), wait);
      else frame(flushNow);
    },
  };
}
