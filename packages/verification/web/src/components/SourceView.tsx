/**
 * A source file with numbered lines (each row's id `L<n>`, so `#L12` is a link to line 12),
 * SystemVerilog/Verilog highlighting by extension, and optionally each line's hit count as a
 * coverage heat map. Every token is a Preact node: the file's text never becomes HTML.
 *
 * Large files (over 2,000 lines) are drawn in chunks of 200 rows, each only when it comes near
 * the visible part of the viewer (an IntersectionObserver); until then it is an empty box of its
 * rows' height (each row is one line of fixed height), so a 10,000-line file costs the DOM of
 * the chunks on screen, not of 10,000 rows. The highlighted line's chunk is drawn first.
 * Lines are tokenized as their chunk is drawn; a quick pass over the file first finds which
 * lines start inside a block comment.
 */
import type { JSX } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import {
  blockCommentStarts,
  isVerilogPath,
  plainLine,
  splitLines,
  tokenizeLine,
  type Token,
} from '../lib/highlight-sv.js';
import './SourceView.css';

export interface SourceViewProps {
  text: string;
  /** The file's path: its extension picks the highlighting, and it names the region. */
  path: string;
  /** The line to mark and scroll to (1-based). */
  highlightLine?: number;
  /** Hits per line; a line with no entry is not instrumented. */
  lineHits?: ReadonlyMap<number, number>;
}

/** Rows per chunk that the browser lays out (or skips) as one. */
const CHUNK = 200;

function tokens(line: Token[]) {
  return line.map((token, index) =>
    token.kind === null ? (
      token.text
    ) : (
      <span key={index} class={`sv-${token.kind}`}>
        {token.text}
      </span>
    ),
  );
}

function hitsCell(lineHits: ReadonlyMap<number, number>, number: number) {
  const hits = lineHits.get(number);
  if (hits === undefined) return <span class="source-hits" />;
  return (
    <span
      class={`source-hits ${hits === 0 ? 'source-miss' : 'source-hit'}`}
      title={hits === 0 ? 'never run' : `run ${hits} times`}
    >
      {hits}
    </span>
  );
}

/** The row height in pixels, as SourceView.css sets it: a chunk not drawn yet is rows × this tall. */
const ROW_HEIGHT = 20;

/** Files up to this many lines are drawn whole at once (every row in the DOM, for find in page). */
const EAGER_LINES = 2000;

const chunkOf = (line: number) => Math.floor((line - 1) / CHUNK);

/** A file's lines, and for Verilog whether each starts inside a block comment. */
interface Source {
  lines: string[];
  commentStarts: boolean[] | null;
}

function chunkRows(
  { lines, commentStarts }: Source,
  start: number,
  lineHits: ReadonlyMap<number, number> | undefined,
) {
  return lines.slice(start, start + CHUNK).map((text, offset) => {
    const line =
      commentStarts === null ? plainLine(text) : tokenizeLine(text, commentStarts[start + offset]!);
    const number = start + offset + 1;
    const hits = lineHits?.get(number);
    const coverage = hits === undefined ? '' : hits === 0 ? ' source-line-miss' : ' source-line-hit';
    return (
      <div key={number} id={`L${number}`} class={`source-line${coverage}`}>
        <span class="source-number" data-line={number} />
        {lineHits === undefined ? null : hitsCell(lineHits, number)}
        <code class="source-code">{tokens(line)}</code>
      </div>
    );
  });
}

interface LinesProps {
  source: Source;
  lineHits: ReadonlyMap<number, number> | undefined;
  highlightLine: number | undefined;
  root: HTMLElement;
}

/** The chunks of one text: those drawn so far, and boxes for the rest. */
function Lines({ source, lineHits, highlightLine, root }: LinesProps) {
  const { lines } = source;
  const [drawn, setDrawn] = useState<ReadonlySet<number>>(() =>
    lines.length <= EAGER_LINES
      ? new Set(Array.from({ length: Math.ceil(lines.length / CHUNK) }, (_, index) => index))
      : new Set([0, ...(highlightLine === undefined ? [] : [chunkOf(highlightLine)])]),
  );
  // A chunk's rows are built once: drawing more chunks does not rebuild (or diff) the others.
  const built = useRef(new Map<number, JSX.Element[]>());
  const container = useRef<HTMLDivElement>(null);
  const scrolledTo = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (highlightLine !== undefined && !drawn.has(chunkOf(highlightLine))) {
      setDrawn(new Set([...drawn, chunkOf(highlightLine)]));
    }
  }, [highlightLine]);

  useEffect(() => {
    const waiting = container.current?.querySelectorAll<HTMLElement>('[data-chunk]') ?? [];
    if (waiting.length === 0) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        const near = entries
          .filter((entry) => entry.isIntersecting)
          .map((entry) => Number((entry.target as HTMLElement).dataset.chunk));
        if (near.length > 0) setDrawn((current) => new Set([...current, ...near]));
      },
      { root, rootMargin: '1500px 0px' },
    );
    waiting.forEach((box) => observer.observe(box));
    return () => observer.disconnect();
  }, [drawn, root]);

  // Marks the highlighted row once its chunk is drawn, and scrolls to it once per line asked.
  useEffect(() => {
    if (highlightLine === undefined) return undefined;
    const row = container.current?.querySelector<HTMLElement>(`[id="L${highlightLine}"]`);
    if (!row) return undefined;
    row.classList.add('source-line-highlight');
    if (scrolledTo.current !== highlightLine) {
      scrolledTo.current = highlightLine;
      row.scrollIntoView({ block: 'center' });
    }
    return () => row.classList.remove('source-line-highlight');
  }, [highlightLine, drawn]);

  const chunks: JSX.Element[] = [];
  for (let start = 0, index = 0; start < lines.length; start += CHUNK, index += 1) {
    const count = Math.min(CHUNK, lines.length - start);
    if (drawn.has(index)) {
      let rows = built.current.get(index);
      if (!rows) {
        rows = chunkRows(source, start, lineHits);
        built.current.set(index, rows);
      }
      chunks.push(
        <div key={index} class="source-chunk">
          {rows}
        </div>,
      );
    } else {
      chunks.push(
        <div
          key={index}
          class="source-chunk"
          data-chunk={index}
          style={{ height: `${count * ROW_HEIGHT}px` }}
        />,
      );
    }
  }
  return (
    <div ref={container} class="source-lines">
      {chunks}
    </div>
  );
}

/** Counts the texts shown, so each new one gets a fresh Lines (its own drawn chunks). */
let versions = 0;

export function SourceView({ text, path, highlightLine, lineHits }: SourceViewProps): JSX.Element {
  const source = useMemo(() => {
    const lines = splitLines(text);
    return { lines, commentStarts: isVerilogPath(path) ? blockCommentStarts(lines) : null };
  }, [text, path]);
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  // A new text (or new hits) starts afresh: its own chunks, drawn from the top.
  const version = useMemo(() => {
    versions += 1;
    return versions;
  }, [source, lineHits]);
  return (
    <div class="source-view">
      {lineHits === undefined ? null : (
        <p class="source-legend">
          Hits per line: <span class="source-hits source-miss">0</span> never run,{' '}
          <span class="source-hits source-hit">n</span> run n times, blank: not instrumented.
        </p>
      )}
      {/* Focusable so the keyboard can scroll a file wider or longer than the screen. */}
      <div ref={setRoot} class="source-body" role="region" aria-label={`Source of ${path}`} tabIndex={0}>
        {root === null ? null : (
          <Lines
            key={version}
            source={source}
            lineHits={lineHits}
            highlightLine={highlightLine}
            root={root}
          />
        )}
      </div>
    </div>
  );
}
