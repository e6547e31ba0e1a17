/**
 * `/jobs/:id/:tab?`: a job's header (its project, status, times; Cancel for developers while it
 * is queued or running), the stage timeline, and the tabs: the live log (default), the results
 * and the reports (the results pages' components). The job view, the log and the timeline are
 * kept current by the job's WebSocket stream while it runs (useJobLive).
 */
import { lazy } from 'preact-iso';
import { useMemo, useState } from 'preact/hooks';
import { api, call } from '../../api/client.js';
import { Dialog } from '../../components/Dialog.js';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { Page } from '../../components/Page.js';
import { Spinner } from '../../components/Spinner.js';
import { StatusBadge } from '../../components/StatusBadge.js';
import { Tabs } from '../../components/Tabs.js';
import { formatDuration, formatTime } from '../../lib/format.js';
import type { StreamState } from '../../lib/job-stream.js';
import { canWrite, useSession } from '../../session.js';
import { LogView } from './LogView.js';
import { StageTimeline } from './StageTimeline.js';
import { useJobLive, type Job } from './useJobLive.js';
import './jobs.css';

const JobResults = lazy(() => import('../results/JobResults.js'));
const JobReports = lazy(() => import('../results/JobReports.js'));

const TABS = ['log', 'results', 'reports'] as const;
type Tab = (typeof TABS)[number];

const STREAM_WORDS: Record<StreamState, string> = {
  connecting: 'Connecting to the live log…',
  open: 'Live',
  reconnecting: 'Connection lost; reconnecting…',
  ended: 'The job has ended; the log is complete.',
  lost: 'The live log was disconnected.',
};

function CancelJob({ job, onCancelled }: { job: Job; onCancelled: (job: Job) => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  async function confirm() {
    setBusy(true);
    setError(undefined);
    try {
      onCancelled(await call(api.POST('/api/v1/jobs/{id}/cancel', { params: { path: { id: job.job_id } } })));
      setOpen(false);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <button type="button" class="button button-danger" onClick={() => setOpen(true)}>
        Cancel job
      </button>
      <Dialog open={open} title="Cancel this job?" onClose={() => setOpen(false)}>
        <p>
          {job.status === 'queued'
            ? 'The job leaves the queue and ends cancelled.'
            : "The running stage's tools are stopped; the job ends cancelled and its later stages do not run."}
        </p>
        <ErrorBanner error={error} />
        <div class="button-row">
          <button type="button" class="button button-danger" disabled={busy} onClick={() => void confirm()}>
            Confirm cancel
          </button>
          <button type="button" class="button button-secondary" onClick={() => setOpen(false)}>
            Keep the job
          </button>
        </div>
      </Dialog>
    </>
  );
}

function durationOf(job: Job): string {
  if (job.started_at === undefined) return '—';
  if (job.finished_at === undefined) return job.status === 'running' ? 'running' : '—';
  return formatDuration(Date.parse(job.finished_at) - Date.parse(job.started_at));
}

export default function JobPage({ id, tab }: { id: string; tab?: string }) {
  const session = useSession();
  const live = useJobLive(id);
  const current: Tab = TABS.find((name) => name === tab) ?? 'log';
  const { job } = live;
  // The page renders once a frame while lines stream in; the results and reports tabs need to
  // render only when the job itself changes (the same element is not rendered again).
  const tabContent = useMemo(() => {
    if (job === undefined || current === 'log') return null;
    return current === 'results' ? <JobResults job={job} /> : <JobReports job={job} />;
  }, [job, current]);
  if (job === undefined) {
    return (
      <Page title={`Job ${id}`}>
        {live.error === undefined ? <Spinner label="Loading the job…" /> : <ErrorBanner error={live.error} />}
      </Page>
    );
  }
  const active = job.status === 'queued' || job.status === 'running';
  return (
    <Page
      title={`Job ${job.job_id}`}
      actions={active && canWrite(session) ? <CancelJob job={job} onCancelled={live.setJob} /> : undefined}
    >
      <ErrorBanner error={live.error} />
      <dl class="job-facts">
        <div>
          <dt>Project</dt>
          <dd>
            <a href={`/projects/${encodeURIComponent(job.project_id)}/jobs`}>{job.project_id}</a>
          </dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <StatusBadge status={job.status} />
          </dd>
        </div>
        <div>
          <dt>Submitted</dt>
          <dd>{formatTime(job.submitted_at)}</dd>
        </div>
        <div>
          <dt>Started</dt>
          <dd>{formatTime(job.started_at)}</dd>
        </div>
        <div>
          <dt>Finished</dt>
          <dd>{formatTime(job.finished_at)}</dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{active ? `estimated ${job.estimated_duration}` : durationOf(job)}</dd>
        </div>
      </dl>
      {job.error === undefined ? null : (
        <div class="banner banner-error">
          <strong class="banner-code">{job.error.code}</strong>
          <span>
            {job.error.stage}: {job.error.message}
          </span>
        </div>
      )}
      <StageTimeline job={job} times={live.times} version={live.version} />
      <Tabs
        label="Job sections"
        current={current}
        tabs={[
          { id: 'log', label: 'Log', href: `/jobs/${encodeURIComponent(id)}` },
          { id: 'results', label: 'Results', href: `/jobs/${encodeURIComponent(id)}/results` },
          { id: 'reports', label: 'Reports', href: `/jobs/${encodeURIComponent(id)}/reports` },
        ]}
      />
      {current === 'log' ? (
        <>
          {live.stream === null ? null : (
            <p class="log-stream muted" role="status">
              {STREAM_WORDS[live.stream]}{' '}
              {live.stream === 'lost' ? (
                <button type="button" class="button button-secondary button-small" onClick={live.reconnect}>
                  Reconnect
                </button>
              ) : null}
            </p>
          )}
          <LogView log={live.log} version={live.version} />
        </>
      ) : (
        tabContent
      )}
    </Page>
  );
}
