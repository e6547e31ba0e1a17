/**
 * The TVLA plot of one operation: Welch's t at every sample point (clock cycle from the
 * operation's start), one line per run, the ±threshold lines, and the leaking points (both runs
 * past the threshold) marked. An SVG, scaled to its container; a summary in text beside it says
 * what the picture shows.
 */
import type { TvlaResults } from './results-data.js';

type Operation = TvlaResults['operations'][number];

const WIDTH = 720;
const HEIGHT = 270;
const MARGIN = { top: 12, right: 12, bottom: 50, left: 52 };
const PLOT_W = WIDTH - MARGIN.left - MARGIN.right;
const PLOT_H = HEIGHT - MARGIN.top - MARGIN.bottom;
// Runs are told apart by dash as well as colour.
const RUN_STYLES = [
  { class: 'tvla-run-1', dash: undefined },
  { class: 'tvla-run-2', dash: '5 3' },
];

/** The points where both runs exceed the threshold (t null: no variance, so no evidence). */
export function leakingPoints(operation: Operation, threshold: number): number[] {
  const [first, second] = operation.runs;
  if (first === undefined || second === undefined) return [];
  const found = new Set(operation.first_leaking_points);
  const points = Math.min(first.t.length, second.t.length);
  for (let j = 0; j < points; j++) {
    const a = first.t[j] ?? null;
    const b = second.t[j] ?? null;
    if (a !== null && b !== null && Math.abs(a) > threshold && Math.abs(b) > threshold) found.add(j);
  }
  return [...found].sort((x, y) => x - y);
}

/** A path through the finite points, broken where t is null. */
function runPath(t: readonly (number | null)[], x: (j: number) => number, y: (v: number) => number): string {
  let path = '';
  let drawing = false;
  t.forEach((value, j) => {
    if (value === null) {
      drawing = false;
      return;
    }
    path += `${drawing ? 'L' : 'M'}${x(j).toFixed(1)} ${y(value).toFixed(1)}`;
    drawing = true;
  });
  return path;
}

function niceStep(range: number, count: number): number {
  const rough = range / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? rough;
}

export function TvlaPlot({ operation, threshold }: { operation: Operation; threshold: number }) {
  const points = Math.max(1, ...operation.runs.map((run) => run.t.length));
  const finite = operation.runs.flatMap((run) => run.t.filter((v): v is number => v !== null));
  const limit = Math.max(threshold * 1.25, ...finite.map(Math.abs));
  const x = (j: number) => MARGIN.left + (points === 1 ? 0 : (j / (points - 1)) * PLOT_W);
  const y = (v: number) => MARGIN.top + ((limit - v) / (2 * limit)) * PLOT_H;
  const leaking = leakingPoints(operation, threshold);
  const yStep = niceStep(2 * limit, 6);
  const yTicks: number[] = [];
  for (let v = Math.ceil(-limit / yStep) * yStep; v <= limit; v += yStep)
    yTicks.push(Number(v.toPrecision(6)));
  const xStep = Math.max(1, Math.round(niceStep(points, 8)));
  const xTicks: number[] = [];
  for (let j = 0; j < points; j += xStep) xTicks.push(j);
  const titleId = `tvla-${operation.operation}-title`;
  const descId = `tvla-${operation.operation}-desc`;
  const summary =
    `Max |t| ${operation.max_abs_t} against the threshold ${threshold}; ` +
    `${operation.leaking_points} leaking point${operation.leaking_points === 1 ? '' : 's'} of ${operation.sample_points}`;

  return (
    <figure class="tvla">
      <h4 class="tvla-title">Operation {operation.operation}</h4>
      {/* At a phone's width the plot keeps a readable size and scrolls sideways. */}
      <div class="tvla-scroll" role="region" aria-label={`TVLA plot of ${operation.operation}`} tabIndex={0}>
        <svg
          class="tvla-plot"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-labelledby={titleId}
          aria-describedby={descId}
        >
          <title id={titleId}>TVLA t-statistic plot of {operation.operation}</title>
          <desc id={descId}>
            Welch t per sample point for {operation.runs.length} runs; {summary}.
          </desc>
          {yTicks.map((v) => (
            <g key={`y${v}`}>
              <line class="tvla-grid" x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(v)} y2={y(v)} />
              <text
                class="tvla-tick"
                x={MARGIN.left - 6}
                y={y(v)}
                text-anchor="end"
                dominant-baseline="middle"
              >
                {v}
              </text>
            </g>
          ))}
          {xTicks.map((j) => (
            <text
              key={`x${j}`}
              class="tvla-tick"
              x={x(j)}
              y={HEIGHT - MARGIN.bottom + 24}
              text-anchor="middle"
            >
              {j}
            </text>
          ))}
          {[threshold, -threshold].map((v) => (
            <g key={`t${v}`}>
              <line class="tvla-threshold" x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(v)} y2={y(v)} />
              <text class="tvla-threshold-label" x={WIDTH - MARGIN.right - 2} y={y(v) - 4} text-anchor="end">
                {v > 0 ? '+' : '−'}
                {threshold}
              </text>
            </g>
          ))}
          {operation.runs.map((run, index) => (
            <path
              key={run.run}
              class={`tvla-line ${RUN_STYLES[index % 2]!.class}`}
              d={runPath(run.t, x, y)}
              stroke-dasharray={RUN_STYLES[index % 2]!.dash}
            />
          ))}
          {leaking.map((j) => (
            <path
              key={`l${j}`}
              class="tvla-leak"
              d={`M${x(j).toFixed(1)} ${MARGIN.top + PLOT_H + 2}l-4 7h8z`}
            />
          ))}
          <text class="tvla-axis" x={MARGIN.left + PLOT_W / 2} y={HEIGHT - 6} text-anchor="middle">
            sample point (clock cycle from the operation's start)
          </text>
          <text
            class="tvla-axis"
            x={14}
            y={MARGIN.top + PLOT_H / 2}
            text-anchor="middle"
            transform={`rotate(-90 14 ${MARGIN.top + PLOT_H / 2})`}
          >
            Welch t
          </text>
        </svg>
      </div>
      <figcaption>
        <ul class="tvla-legend">
          {operation.runs.map((run, index) => (
            <li key={run.run}>
              <svg width="28" height="8" aria-hidden="true">
                <line
                  class={`tvla-line ${RUN_STYLES[index % 2]!.class}`}
                  x1="0"
                  x2="28"
                  y1="4"
                  y2="4"
                  stroke-dasharray={RUN_STYLES[index % 2]!.dash}
                />
              </svg>
              Run {run.run} ({run.traces_fixed} fixed, {run.traces_random} random traces)
            </li>
          ))}
          <li>
            <svg width="28" height="8" aria-hidden="true">
              <line class="tvla-threshold" x1="0" x2="28" y1="4" y2="4" />
            </svg>
            ±{threshold} threshold
          </li>
          <li>
            <svg width="28" height="8" aria-hidden="true">
              <path class="tvla-leak" d="M14 0l-4 7h8z" />
            </svg>
            leaking point (both runs past the threshold)
          </li>
        </ul>
        <dl class="tvla-summary">
          <dt>Max |t|</dt>
          <dd>{operation.max_abs_t}</dd>
          <dt>Threshold</dt>
          <dd>{threshold}</dd>
          <dt>Leaking points</dt>
          <dd>
            {operation.leaking_points} of {operation.sample_points}
            {leaking.length > 0 ? (
              <>
                {' '}
                (first: {leaking.slice(0, 10).join(', ')}
                {leaking.length > 10 ? ', …' : ''})
              </>
            ) : null}
          </dd>
          {operation.zero_variance_points + operation.unbounded_points > 0 ? (
            <>
              <dt>Points without variance</dt>
              <dd>
                {operation.zero_variance_points} equal means, {operation.unbounded_points} unbounded t
              </dd>
            </>
          ) : null}
        </dl>
      </figcaption>
    </figure>
  );
}
