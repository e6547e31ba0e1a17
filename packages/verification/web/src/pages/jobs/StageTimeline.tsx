/**
 * The stages on one time axis, each a bar from its start to its end (a running one grows to now),
 * with its status in words beside it: the colour and the pattern of a bar only repeat them.
 */
import { useEffect, useState } from 'preact/hooks';
import { StatusBadge } from '../../components/StatusBadge.js';
import { formatDuration } from '../../lib/format.js';
import { timeline, type StageTimes } from './timeline.js';
import type { Job } from './useJobLive.js';

export function StageTimeline({ job, times }: { job: Job; times: StageTimes; version: number }) {
  const running = job.status === 'running';
  const [now, setNow] = useState(() => Date.now());
  // While the job runs the running stage's bar grows each second; no request is made for it.
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);

  const { spans, from, to } = timeline(job, times, running ? now : Date.now());
  const span = to - from;
  const percent = (at: number) => `${((100 * (at - from)) / span).toFixed(3)}%`;
  return (
    <section class="stage-timeline" aria-labelledby="stage-timeline-title">
      <h2 id="stage-timeline-title">Stages</h2>
      <ol class="timeline-rows">
        {spans.map(({ stage, status, start, end }) => {
          const progress = job.progress[stage];
          const took = start === null || end === null ? null : end - start;
          return (
            <li key={stage} class="timeline-row">
              <span class="timeline-label">
                <span class="timeline-stage">{stage}</span>
                <StatusBadge status={status} />
                <span class="muted timeline-detail">
                  {[
                    progress?.progress === undefined ? null : `${progress.progress} done`,
                    took === null ? null : formatDuration(took),
                  ]
                    .filter((part) => part !== null)
                    .join(' · ')}
                </span>
              </span>
              <span class="timeline-track" aria-hidden="true">
                {start === null || end === null ? null : (
                  <span
                    class={`timeline-bar timeline-${status}`}
                    style={{ left: percent(start), width: `max(2px, ${percent(end + from - start)})` }}
                  />
                )}
              </span>
              {progress?.reason === undefined ? null : (
                <span class="timeline-reason muted">{progress.reason}</span>
              )}
            </li>
          );
        })}
      </ol>
      <div class="timeline-row timeline-axis-row" aria-hidden="true">
        <span />
        <span class="timeline-axis muted">
          <span>0 s</span>
          <span>{formatDuration(span)}</span>
        </span>
      </div>
    </section>
  );
}
