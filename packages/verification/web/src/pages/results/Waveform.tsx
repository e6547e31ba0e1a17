/**
 * A VCD trace drawn on a canvas, as GTKWave and Surfer draw one: the signal names on the left, one
 * row per signal (1-bit signals as high and low lines, vectors as buses with their hexadecimal
 * value), a time axis on top. Zoom with the buttons or Ctrl+wheel (around the pointer), pan with
 * Shift+wheel or a horizontal wheel; the cursor follows the pointer, and the arrow keys step it
 * from one value change to the next. The values at the cursor are a table beside the canvas, so
 * what the picture shows is also text.
 *
 * The canvas is drawn at devicePixelRatio, so lines stay sharp on high-density screens; colours
 * come from the `--wave-*` custom properties of results.css.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { formatTime, type Vcd } from '../../lib/vcd.js';
import {
  changeTimes,
  displayValue,
  fitWindow,
  isWitness,
  panWindow,
  rowValue,
  ticks,
  waveformRows,
  zoomWindow,
  type Row,
  type TimeWindow,
} from './waveform-view.js';

const ROW_HEIGHT = 26;
const AXIS_HEIGHT = 24;
const ZOOM_STEP = 0.5;

interface Palette {
  background: string;
  text: string;
  muted: string;
  grid: string;
  signal: string;
  unknown: string;
  cursor: string;
  marker: string;
}

function palette(element: Element): Palette {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    background: read('--wave-bg', '#ffffff'),
    text: read('--wave-text', '#1f2328'),
    muted: read('--wave-muted', '#57606a'),
    grid: read('--wave-grid', '#d0d7de'),
    signal: read('--wave-signal', '#116329'),
    unknown: read('--wave-unknown', '#a40e26'),
    cursor: read('--wave-cursor', '#0a58ca'),
    marker: read('--wave-marker', '#a40e26'),
  };
}

interface Geometry {
  width: number;
  nameWidth: number;
  view: TimeWindow;
}

const xOf = (g: Geometry, time: number) =>
  g.nameWidth + ((time - g.view.start) / (g.view.end - g.view.start)) * (g.width - g.nameWidth);

function drawRow(
  ctx: CanvasRenderingContext2D,
  vcd: Vcd,
  row: Row,
  top: number,
  g: Geometry,
  colours: Palette,
) {
  const changes = vcd.changes.get(row.variable.id) ?? [];
  const high = top + 5;
  const low = top + ROW_HEIGHT - 5;
  const middle = (high + low) / 2;
  const left = g.nameWidth;
  const right = g.width;
  const isBit = row.variable.width === 1 && row.variable.type !== 'real';
  for (let i = 0; i < changes.length; i++) {
    const change = changes[i]!;
    const nextTime = changes[i + 1]?.time ?? Infinity;
    if (nextTime < g.view.start || change.time > g.view.end) continue;
    const x0 = Math.max(left, xOf(g, change.time));
    const x1 = Math.min(right, nextTime === Infinity ? right : xOf(g, nextTime));
    if (x1 < x0) continue;
    const unknown = /[xz]/.test(change.value);
    ctx.strokeStyle = unknown ? colours.unknown : colours.signal;
    ctx.beginPath();
    if (isBit) {
      const y = change.value === '1' ? high : change.value === '0' ? low : middle;
      if (unknown) {
        ctx.fillStyle = colours.unknown;
        ctx.globalAlpha = 0.15;
        ctx.fillRect(x0, high, x1 - x0, low - high);
        ctx.globalAlpha = 1;
      }
      // The edge from the previous value, then the level.
      if (i > 0 && change.time >= g.view.start) {
        ctx.moveTo(x0, high);
        ctx.lineTo(x0, low);
      }
      ctx.moveTo(x0, y);
      ctx.lineTo(x1, y);
    } else {
      const slant = Math.min(3, (x1 - x0) / 2);
      ctx.moveTo(x0, middle);
      ctx.lineTo(x0 + slant, high);
      ctx.lineTo(x1 - slant, high);
      ctx.lineTo(x1, middle);
      ctx.lineTo(x1 - slant, low);
      ctx.lineTo(x0 + slant, low);
      ctx.closePath();
      if (unknown) {
        ctx.fillStyle = colours.unknown;
        ctx.globalAlpha = 0.15;
        ctx.fill();
        ctx.globalAlpha = 1;
      }
      const text = displayValue(row.variable, change.value).replace(/^\d+'h/, '');
      const room = x1 - x0 - 2 * slant - 4;
      if (room > 6) {
        ctx.fillStyle = colours.text;
        let shown = text;
        while (shown.length > 1 && ctx.measureText(shown).width > room) shown = `${shown.slice(0, -2)}…`;
        if (ctx.measureText(shown).width <= room) ctx.fillText(shown, x0 + slant + 2, middle);
      }
    }
    ctx.stroke();
  }
}

function draw(
  canvas: HTMLCanvasElement,
  vcd: Vcd,
  rows: readonly Row[],
  g: Geometry,
  cursor: number | null,
  marker: number | undefined,
) {
  const ratio = window.devicePixelRatio || 1;
  const height = AXIS_HEIGHT + rows.length * ROW_HEIGHT;
  canvas.width = Math.round(g.width * ratio);
  canvas.height = Math.round(height * ratio);
  canvas.style.height = `${height}px`;
  const ctx = canvas.getContext('2d');
  if (ctx === null) return;
  const colours = palette(canvas);
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.fillStyle = colours.background;
  ctx.fillRect(0, 0, g.width, height);
  ctx.font = '12px ui-monospace, "DejaVu Sans Mono", monospace';
  ctx.textBaseline = 'middle';
  ctx.lineWidth = 1;

  // The axis and its grid lines.
  ctx.strokeStyle = colours.grid;
  ctx.fillStyle = colours.muted;
  for (const time of ticks(g.view, Math.max(2, Math.floor((g.width - g.nameWidth) / 90)))) {
    const x = Math.round(xOf(g, time)) + 0.5;
    ctx.beginPath();
    ctx.moveTo(x, AXIS_HEIGHT - 6);
    ctx.lineTo(x, height);
    ctx.stroke();
    ctx.fillText(formatTime(time, vcd.timescale), x + 3, AXIS_HEIGHT / 2);
  }
  ctx.beginPath();
  ctx.moveTo(0, AXIS_HEIGHT - 0.5);
  ctx.lineTo(g.width, AXIS_HEIGHT - 0.5);
  ctx.moveTo(g.nameWidth - 0.5, 0);
  ctx.lineTo(g.nameWidth - 0.5, height);
  ctx.stroke();

  rows.forEach((row, index) => {
    const top = AXIS_HEIGHT + index * ROW_HEIGHT;
    ctx.save();
    ctx.beginPath();
    ctx.rect(0, top, g.nameWidth - 4, ROW_HEIGHT);
    ctx.clip();
    ctx.fillStyle = colours.text;
    ctx.fillText(row.label, 6, top + ROW_HEIGHT / 2);
    ctx.restore();
    ctx.save();
    ctx.beginPath();
    ctx.rect(g.nameWidth, top, g.width - g.nameWidth, ROW_HEIGHT);
    ctx.clip();
    drawRow(ctx, vcd, row, top, g, colours);
    ctx.restore();
  });

  const line = (time: number, colour: string, dash: number[]) => {
    if (time < g.view.start || time > g.view.end) return;
    const x = Math.round(xOf(g, time)) + 0.5;
    ctx.strokeStyle = colour;
    ctx.setLineDash(dash);
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(x, 0);
    ctx.lineTo(x, height);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.lineWidth = 1;
  };
  if (marker !== undefined) line(marker, colours.marker, [6, 4]);
  if (cursor !== null) line(cursor, colours.cursor, []);
}

export interface WaveformProps {
  vcd: Vcd;
  /** The canvas's accessible name, e.g. `Counterexample waveform of p_wrap`. */
  label: string;
  /** A time to mark with a dashed line (the step at which the property fails). */
  marker?: number;
}

export function Waveform({ vcd, label, marker }: WaveformProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [withWitness, setWithWitness] = useState(false);
  const witnesses = useMemo(() => new Set(vcd.variables.filter(isWitness).map((v) => v.id)).size, [vcd]);
  const rows = useMemo(() => waveformRows(vcd, withWitness), [vcd, withWitness]);
  const times = useMemo(() => changeTimes(vcd, rows), [vcd, rows]);
  const limits = useMemo(() => fitWindow(vcd), [vcd]);
  const [view, setView] = useState<TimeWindow>(limits);
  const [cursor, setCursor] = useState<number>(marker ?? vcd.startTime);
  const [width, setWidth] = useState(0);
  const nameWidth = Math.min(200, Math.max(110, Math.round(width * 0.3)));
  const geometry: Geometry = { width, nameWidth, view };
  const helpId = `${label.replace(/\W+/g, '-')}-help`;

  useEffect(() => setView(limits), [limits]);

  // The canvas takes its container's width, redrawn when the layout changes it.
  useEffect(() => {
    const canvas = canvasRef.current!;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)));
    observer.observe(canvas.parentElement!);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (width > 0) draw(canvasRef.current!, vcd, rows, geometry, cursor, marker);
  });

  const timeAt = (clientX: number) => {
    const box = canvasRef.current!.getBoundingClientRect();
    const x = clientX - box.left;
    if (x < nameWidth) return view.start;
    return view.start + ((x - nameWidth) / (box.width - nameWidth)) * (view.end - view.start);
  };

  // Ctrl+wheel must not zoom the page, which needs a listener that is not passive.
  useEffect(() => {
    const canvas = canvasRef.current!;
    const onWheel = (event: WheelEvent) => {
      if (event.ctrlKey || event.metaKey) {
        event.preventDefault();
        setView((current) =>
          zoomWindow(current, event.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP, timeAt(event.clientX), limits),
        );
      } else if (event.shiftKey || Math.abs(event.deltaX) > Math.abs(event.deltaY)) {
        event.preventDefault();
        const delta = (event.shiftKey ? event.deltaY : event.deltaX) || event.deltaX;
        setView((current) =>
          panWindow(current, (delta / canvas.clientWidth) * (current.end - current.start), limits),
        );
      }
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
  });

  /** Moves the cursor, bringing the view along when it leaves it. */
  const moveCursor = (time: number) => {
    setCursor(time);
    setView((current) => {
      if (time >= current.start && time <= current.end) return current;
      const span = current.end - current.start;
      return panWindow(current, time - (current.start + span / 2), limits);
    });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const center = (view.start + view.end) / 2;
    switch (event.key) {
      case 'ArrowRight':
        moveCursor(times.find((t) => t > cursor) ?? cursor);
        break;
      case 'ArrowLeft':
        moveCursor([...times].reverse().find((t) => t < cursor) ?? cursor);
        break;
      case 'Home':
        moveCursor(vcd.startTime);
        break;
      case 'End':
        moveCursor(vcd.endTime);
        break;
      case '+':
      case '=':
        setView(
          zoomWindow(view, ZOOM_STEP, cursor >= view.start && cursor <= view.end ? cursor : center, limits),
        );
        break;
      case '-':
        setView(zoomWindow(view, 1 / ZOOM_STEP, center, limits));
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const zoom = (factor: number) =>
    setView(
      zoomWindow(
        view,
        factor,
        cursor >= view.start && cursor <= view.end ? cursor : (view.start + view.end) / 2,
        limits,
      ),
    );

  return (
    <div class="waveform">
      <div class="button-row waveform-toolbar">
        <button type="button" class="button button-secondary button-small" onClick={() => zoom(ZOOM_STEP)}>
          Zoom in
        </button>
        <button
          type="button"
          class="button button-secondary button-small"
          onClick={() => zoom(1 / ZOOM_STEP)}
        >
          Zoom out
        </button>
        <button type="button" class="button button-secondary button-small" onClick={() => setView(limits)}>
          Fit
        </button>
        {witnesses === 0 ? null : (
          <label class="check">
            <input
              type="checkbox"
              checked={withWitness}
              onChange={(event) => setWithWitness(event.currentTarget.checked)}
            />
            Solver witness signals ({witnesses})
          </label>
        )}
        <span class="muted waveform-help" id={helpId}>
          Ctrl+wheel zooms, Shift+wheel pans; focus the waveform and use ← → to step the cursor between value
          changes, + and − to zoom.
        </span>
      </div>
      <div class="waveform-body">
        <div class="waveform-canvas">
          <canvas
            ref={canvasRef}
            role="img"
            aria-label={label}
            aria-describedby={helpId}
            tabIndex={0}
            onMouseMove={(event) => setCursor(timeAt(event.clientX))}
            onKeyDown={onKeyDown}
          />
        </div>
        <table class="table waveform-values">
          <caption>Values at {formatTime(Math.round(cursor * 1000) / 1000, vcd.timescale)}</caption>
          <thead>
            <tr>
              <th scope="col">Signal</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.variable.scope.join('.')}.${row.variable.id}.${row.label}`}>
                <th scope="row" class="mono">
                  {row.label}
                </th>
                <td class="mono">{displayValue(row.variable, rowValue(vcd, row, cursor))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
