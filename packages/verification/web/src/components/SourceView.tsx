/**
 * A source file with numbered lines (each row's id `L<n>`, so `#L12` is a link to line 12),
 * SystemVerilog/Verilog highlighting by extension, and optionally each line's hit count as a
 * coverage heat map. Every token is a Preact node: the file's text never becomes HTML.
 *
 * Large files: the rows are built once per text (memoised, so a new highlighted line does not
 * diff them again) in chunks the browser skips laying out while off screen
 * (`content-visibility: auto`), and the highlighted row is marked on the DOM directly.
 */
import type { JSX } from 'preact';
import { useEffect, useMemo, useRef } from 'preact/hooks';
import { highlightSv, isVerilogPath, plainLines, type Token } from '../lib/highlight-sv.js';
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

export function SourceView({ text, path, highlightLine, lineHits }: SourceViewProps): JSX.Element {
  const lines = useMemo(() => (isVerilogPath(path) ? highlightSv(text) : plainLines(text)), [text, path]);
  const chunks = useMemo(() => {
    const result: JSX.Element[] = [];
    for (let start = 0; start < lines.length; start += CHUNK) {
      const rows = lines.slice(start, start + CHUNK).map((line, offset) => {
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
      result.push(
        <div key={start} class="source-chunk">
          {rows}
        </div>,
      );
    }
    return result;
  }, [lines, lineHits]);

  const body = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (highlightLine === undefined) return undefined;
    const row = body.current?.querySelector<HTMLElement>(`[id="L${highlightLine}"]`);
    if (!row) return undefined;
    row.classList.add('source-line-highlight');
    row.scrollIntoView({ block: 'center' });
    return () => row.classList.remove('source-line-highlight');
  }, [highlightLine, chunks]);

  return (
    <div class="source-view">
      {lineHits === undefined ? null : (
        <p class="source-legend">
          Hits per line: <span class="source-hits source-miss">0</span> never run,{' '}
          <span class="source-hits source-hit">n</span> run n times, blank: not instrumented.
        </p>
      )}
      {/* Focusable so the keyboard can scroll a file wider or longer than the screen. */}
      <div ref={body} class="source-body" role="region" aria-label={`Source of ${path}`} tabIndex={0}>
        <div class="source-lines">{chunks}</div>
      </div>
    </div>
  );
}
