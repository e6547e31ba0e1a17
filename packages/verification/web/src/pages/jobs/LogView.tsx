/**
 * The job log: a virtualised list (only the rows in view and a few either side are in the DOM,
 * lib/virtual-list.ts) over the page's LogBuffer, with level and stage filters, a search whose
 * matches are marked and stepped through, and Follow, which keeps the end in view as lines arrive
 * until the reader scrolls up. Each row carries `data-line-index` (its 0-based line in the whole
 * log) and the list `data-total-lines`, which the browser benchmarks read.
 */
import { Component } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import {
  LOG_LEVELS,
  splitMatches,
  type LogBuffer,
  type LogEntry,
  type LogLevel,
} from '../../lib/log-buffer.js';
import { atEnd, endScrollTop, rowWindow, scrollTopToReveal } from '../../lib/virtual-list.js';

/** px; the same as `.log-row`'s height in jobs.css */
const ROW_HEIGHT = 20;
const OVERSCAN = 20;
const NUMBER = new Intl.NumberFormat();
const TIME = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  fractionalSecondDigits: 3,
  hourCycle: 'h23',
});

export interface LogViewProps {
  log: LogBuffer;
  /** changes when the buffer does */
  version: number;
}

interface RowProps {
  line: LogEntry;
  index: number;
  /** px from the top of the list */
  top: number;
  query: string;
  current: boolean;
}

/**
 * One line, placed at its own offset in the list: as the list scrolls or grows a row neither moves
 * nor renders again (its time is formatted once), so the browser paints only the rows that come in.
 */
class Row extends Component<RowProps> {
  override shouldComponentUpdate(next: RowProps) {
    const { line, top, query, current } = this.props;
    return next.line !== line || next.top !== top || next.query !== query || next.current !== current;
  }

  override render({ line, index, top, query, current }: RowProps) {
    const time = new Date(line.timestamp);
    return (
      <div
        class={`log-row log-${line.level.toLowerCase()}${current ? ' log-row-current' : ''}`}
        style={{ top: `${top}px` }}
        data-line-index={index}
      >
        <span class="log-number">{index + 1}</span>
        <time class="log-time" dateTime={line.timestamp}>
          {Number.isNaN(time.getTime()) ? '' : TIME.format(time)}
        </time>
        <span class="log-stage">{line.stage}</span>
        <span class="log-level">{line.level}</span>
        <span class="log-message">
          {query === ''
            ? line.message
            : splitMatches(line.message, query).map((part, at) =>
                part.match ? <mark key={at}>{part.text}</mark> : part.text,
              )}
        </span>
      </div>
    );
  }
}

export function LogView({ log, version }: LogViewProps) {
  const [levels, setLevels] = useState<ReadonlySet<LogLevel>>(() => new Set(LOG_LEVELS));
  const [stage, setStage] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [match, setMatch] = useState(0);
  const [follow, setFollow] = useState(true);
  const [viewport, setViewport] = useState({ scrollTop: 0, height: 480 });
  const box = useRef<HTMLDivElement>(null);
  const lastScrollTop = useRef(0);

  // The buffer is the page's; a new job brings a new one, which takes this view's filters.
  if (log.filter.levels !== levels || log.filter.stage !== stage) log.setFilter({ levels, stage });
  if (log.query !== query) log.setQuery(query);

  const count = log.shown.length;
  // Following, the rows drawn are those at the end now, not where the last scroll event was.
  const scrollTop = follow ? endScrollTop(count, ROW_HEIGHT, viewport.height) : viewport.scrollTop;
  const rows = rowWindow({
    count,
    rowHeight: ROW_HEIGHT,
    scrollTop,
    height: viewport.height,
    overscan: OVERSCAN,
  });
  const matches = log.matches;
  const currentMatch = Math.min(match, Math.max(0, matches.length - 1));
  const currentRow = matches.length === 0 ? -1 : matches[currentMatch]!;

  useLayoutEffect(() => {
    const element = box.current;
    if (element === null) return undefined;
    const measure = () => setViewport({ scrollTop: element.scrollTop, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useLayoutEffect(() => {
    const element = box.current;
    if (follow && element !== null && element.scrollTop !== scrollTop) element.scrollTop = scrollTop;
  }, [follow, scrollTop, version]);

  function onScroll() {
    const element = box.current;
    if (element === null) return;
    const top = element.scrollTop;
    const end = atEnd({ count, rowHeight: ROW_HEIGHT, scrollTop: top, height: element.clientHeight });
    if (top < lastScrollTop.current && !end) setFollow(false);
    else if (top > lastScrollTop.current && end) setFollow(true);
    lastScrollTop.current = top;
    // The follow's own scroll to the end changes nothing drawn: no render for it.
    if (follow && end) return;
    setViewport({ scrollTop: top, height: element.clientHeight });
  }

  function scrollTo(top: number) {
    const element = box.current;
    if (element === null) return;
    element.scrollTop = top;
    lastScrollTop.current = element.scrollTop;
    setViewport({ scrollTop: element.scrollTop, height: element.clientHeight });
  }

  /** Where the list is scrolled now (the state lags while following, which skips its renders). */
  function measured() {
    const element = box.current;
    return element === null ? viewport : { scrollTop: element.scrollTop, height: element.clientHeight };
  }

  function reveal(at: number) {
    if (matches.length === 0) return;
    const wrapped = (at + matches.length) % matches.length;
    const { scrollTop: top, height } = measured();
    setMatch(wrapped);
    setFollow(false);
    scrollTo(scrollTopToReveal(matches[wrapped]!, ROW_HEIGHT, top, height));
  }

  function search(text: string) {
    setQuery(text);
    log.setQuery(text);
    // The first match from the top of the view down, else the first of all.
    const { scrollTop: top, height } = measured();
    const first = Math.max(
      0,
      log.matches.findIndex((row) => row >= Math.floor(top / ROW_HEIGHT)),
    );
    setMatch(first);
    if (log.matches.length > 0) {
      setFollow(false);
      scrollTo(scrollTopToReveal(log.matches[first]!, ROW_HEIGHT, top, height));
    }
  }

  function toggleLevel(level: LogLevel, on: boolean) {
    const next = new Set(levels);
    if (on) next.add(level);
    else next.delete(level);
    setLevels(next);
  }

  const total = log.lines.length;
  const filtered = count !== total;
  return (
    <div class="log-view">
      <div class="log-toolbar">
        <fieldset class="log-levels">
          <legend>Levels</legend>
          {LOG_LEVELS.map((level) => (
            <label key={level} class="check">
              <input
                type="checkbox"
                checked={levels.has(level)}
                onChange={(event) => toggleLevel(level, event.currentTarget.checked)}
              />
              {level}
            </label>
          ))}
        </fieldset>
        <div class="field">
          <label for="log-stage">Stage</label>
          <select
            id="log-stage"
            value={stage ?? ''}
            onChange={(event) =>
              setStage(event.currentTarget.value === '' ? null : event.currentTarget.value)
            }
          >
            <option value="">All stages</option>
            {log.stages.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div class="field log-search">
          <label for="log-search">Search log</label>
          <input
            id="log-search"
            type="search"
            value={query}
            aria-describedby="log-search-status"
            onInput={(event) => search(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              reveal(currentMatch + (event.shiftKey ? -1 : 1));
            }}
          />
        </div>
        <div class="button-row log-search-buttons">
          <button
            type="button"
            class="button button-secondary button-small"
            disabled={matches.length === 0}
            onClick={() => reveal(currentMatch - 1)}
          >
            Previous match
          </button>
          <button
            type="button"
            class="button button-secondary button-small"
            disabled={matches.length === 0}
            onClick={() => reveal(currentMatch + 1)}
          >
            Next match
          </button>
          <span id="log-search-status" class="muted" role="status">
            {query === ''
              ? ''
              : matches.length === 0
                ? 'No match'
                : `Match ${currentMatch + 1} of ${NUMBER.format(matches.length)}`}
          </span>
        </div>
        <div class="button-row log-follow">
          <button
            type="button"
            class="button button-secondary button-small"
            aria-pressed={follow}
            onClick={() => {
              if (follow) setViewport(measured());
              setFollow(!follow);
            }}
          >
            Follow
          </button>
          <button
            type="button"
            class="button button-secondary button-small"
            onClick={() => {
              setFollow(true);
              scrollTo(endScrollTop(count, ROW_HEIGHT, measured().height));
            }}
          >
            Jump to end
          </button>
          <span class="muted log-count">
            {NUMBER.format(total)} {total === 1 ? 'line' : 'lines'}
            {filtered ? `, ${NUMBER.format(count)} shown` : ''}
          </span>
        </div>
      </div>
      <div
        ref={box}
        class="log-lines"
        role="log"
        aria-label="Job log"
        // Announcing thousands of lines a second would drown a screen reader; the count says it.
        aria-live="off"
        tabIndex={0}
        data-total-lines={total}
        onScroll={onScroll}
      >
        <div class="log-spacer" style={{ height: `${rows.total}px` }}>
          {log.shown.slice(rows.start, rows.end).map((lineIndex, at) => (
            <Row
              key={lineIndex}
              line={log.lines[lineIndex]!}
              index={lineIndex}
              top={(rows.start + at) * ROW_HEIGHT}
              query={query}
              current={rows.start + at === currentRow}
            />
          ))}
        </div>
        {count > 0 ? null : (
          <p class="log-empty">
            {total === 0 ? 'No log line yet.' : 'No line passes the level and stage filters.'}
          </p>
        )}
      </div>
    </div>
  );
}
