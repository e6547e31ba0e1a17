/**
 * A project's jobs tab: "Submit job" (developers and admins), the trend of the last 20 ended
 * jobs, and the history newest first, a page at a time (`?page=` in the URL, so a page can be
 * shared and survives a reload).
 */
import { useLocation } from 'preact-iso';
import { api, call } from '../../api/client.js';
import { EmptyState } from '../../components/EmptyState.js';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { Spinner } from '../../components/Spinner.js';
import { StatusBadge } from '../../components/StatusBadge.js';
import { useAsync } from '../../components/useAsync.js';
import { formatDuration, formatTime } from '../../lib/format.js';
import { canWrite, useSession } from '../../session.js';
import { JobTrend } from './JobTrend.js';
import { SubmitJob } from './SubmitJob.js';
import type { Job } from './useJobLive.js';
import './jobs.css';

const PER_PAGE = 20;
/** jobs the trend draws: the newest, i.e. the first page */
const TREND_JOBS = 20;

function runTime(job: Job): string {
  if (job.started_at === undefined || job.finished_at === undefined)
    return job.status === 'running' ? 'running' : '—';
  return formatDuration(Date.parse(job.finished_at) - Date.parse(job.started_at));
}

export default function ProjectJobs({ projectId }: { projectId: string }) {
  const session = useSession();
  const { path, query } = useLocation();
  const page = Math.max(1, Number.parseInt(query.page ?? '1', 10) || 1);
  const list = (pageNumber: number, perPage: number, signal: AbortSignal) =>
    call(
      api.GET('/api/v1/projects/{id}/jobs', {
        params: { path: { id: projectId }, query: { page: pageNumber, per_page: perPage } },
        signal,
      }),
    );
  const jobs = useAsync((signal) => list(page, PER_PAGE, signal), [projectId, page]);
  // On page 1 the history is the trend's jobs already; on later pages they are read once apart.
  const newest = useAsync(
    (signal) => (page === 1 ? Promise.resolve(undefined) : list(1, TREND_JOBS, signal)),
    [projectId, page === 1],
  );
  const trendJobs = page === 1 ? jobs.data?.jobs.slice(0, TREND_JOBS) : newest.data?.jobs;
  const pages = jobs.data === undefined ? 1 : Math.max(1, Math.ceil(jobs.data.total / jobs.data.per_page));
  const pageHref = (n: number) => `${path}?page=${n}`;

  return (
    <section class="project-jobs" aria-labelledby="project-jobs-title">
      <div class="page-header">
        <h2 id="project-jobs-title">Jobs</h2>
        <div class="page-actions">
          <button
            type="button"
            class="button button-secondary"
            onClick={() => {
              jobs.reload();
              newest.reload();
            }}
          >
            Refresh
          </button>
          {canWrite(session) ? <SubmitJob projectId={projectId} /> : null}
        </div>
      </div>
      <ErrorBanner error={jobs.error ?? newest.error} />
      {trendJobs === undefined ? null : (
        <>
          <h3>Duration trend</h3>
          <JobTrend jobs={trendJobs} />
        </>
      )}
      <h3>History</h3>
      {jobs.data === undefined ? (
        jobs.loading ? (
          <Spinner label="Loading the jobs…" />
        ) : null
      ) : jobs.data.total === 0 ? (
        <EmptyState>
          No job yet.{canWrite(session) ? ' Submit one to run the project’s checks.' : ''}
        </EmptyState>
      ) : (
        <>
          <div class="table-wrap">
            <table class="table">
              <caption class="visually-hidden">Jobs of this project, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Job</th>
                  <th scope="col">Status</th>
                  <th scope="col">Stages</th>
                  <th scope="col">Submitted</th>
                  <th scope="col" class="numeric">
                    Duration
                  </th>
                </tr>
              </thead>
              <tbody>
                {jobs.data.jobs.map((job) => (
                  <tr key={job.job_id}>
                    <td>
                      <a class="mono" href={`/jobs/${encodeURIComponent(job.job_id)}`}>
                        {job.job_id}
                      </a>
                    </td>
                    <td>
                      <StatusBadge status={job.status} />
                    </td>
                    <td>{job.stages.join(', ')}</td>
                    <td>{formatTime(job.submitted_at)}</td>
                    <td class="numeric">{runTime(job)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav class="pager" aria-label="Job history pages">
            {page > 1 ? <a href={pageHref(page - 1)}>Previous page</a> : null}
            <span class="muted">
              Page {page} of {pages} · {jobs.data.total} {jobs.data.total === 1 ? 'job' : 'jobs'}
            </span>
            {page < pages ? <a href={pageHref(page + 1)}>Next page</a> : null}
          </nav>
        </>
      )}
    </section>
  );
}
