/**
 * The project's recent jobs as bars, oldest on the left: height is the run time, and the verdict
 * is the colour, the fill pattern and (for a failure) a cross over the bar, so it never rests on
 * colour alone. The same facts are said in words under the chart, which is the image's name.
 */
import { formatDuration } from '../../lib/format.js';
import { trendBars, trendSummary } from './trend.js';
import type { Job } from './useJobLive.js';

const WIDTH = 600;
const HEIGHT = 120;
const TOP = 16;
const SLOTS = 20;

export function JobTrend({ jobs }: { jobs: readonly Job[] }) {
  const bars = trendBars(jobs);
  const summary = trendSummary(bars);
  if (bars.length === 0) return <p class="muted">{summary}</p>;
  const longest = Math.max(...bars.map((bar) => bar.durationMs), 1);
  const slot = WIDTH / Math.max(bars.length, SLOTS);
  const barWidth = slot * 0.7;
  return (
    <figure class="trend card">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="trend-summary">
        <defs>
          <pattern
            id="trend-hatch"
            width="6"
            height="6"
            patternUnits="userSpaceOnUse"
            patternTransform="rotate(45)"
          >
            <rect width="6" height="6" fill="#ffebe9" />
            <rect width="3" height="6" fill="#a40e26" />
          </pattern>
          <pattern id="trend-dots" width="5" height="5" patternUnits="userSpaceOnUse">
            <rect width="5" height="5" fill="#eaeef2" />
            <circle cx="2.5" cy="2.5" r="1.2" fill="#424a53" />
          </pattern>
        </defs>
        <line x1="0" x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} stroke="#8c959f" />
        {bars.map((bar, at) => {
          const height = Math.max(2, ((HEIGHT - TOP) * bar.durationMs) / longest);
          const x = at * slot + (slot - barWidth) / 2;
          return (
            <g key={bar.jobId}>
              <title>{`${bar.jobId}: ${bar.status}, ${formatDuration(bar.durationMs)}`}</title>
              <rect
                class={`trend-${bar.status}`}
                x={x}
                y={HEIGHT - height}
                width={barWidth}
                height={height}
              />
              {bar.status === 'failed' ? (
                <text class="trend-marker" x={x + barWidth / 2} y={HEIGHT - height - 3} text-anchor="middle">
                  ✕
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption>
        <p id="trend-summary">{summary}</p>
        <ul class="trend-legend" aria-hidden="true">
          <li>
            <span class="trend-key trend-key-passed" />
            passed
          </li>
          <li>
            <span class="trend-key trend-key-failed" />✕ failed
          </li>
          <li>
            <span class="trend-key trend-key-cancelled" />
            cancelled
          </li>
          <li class="muted">bar height: run time, longest {formatDuration(longest)}</li>
        </ul>
      </figcaption>
    </figure>
  );
}
