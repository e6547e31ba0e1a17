/**
 * The job page's results tab: per stage the job has, its status and duration, why it failed or
 * was skipped, and what it found: lint messages, tests and coverage, formal verdicts with the
 * counterexample's waveform, crypto checks with the TVLA plot. Reloads when the job's or a
 * stage's status changes, so a running job's tab fills in as its stages end.
 */
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { EmptyState } from '../../components/EmptyState.js';
import { Spinner } from '../../components/Spinner.js';
import { StatusBadge } from '../../components/StatusBadge.js';
import { useAsync } from '../../components/useAsync.js';
import { CryptoResults } from './CryptoResults.js';
import { FormalResults } from './FormalResults.js';
import { LintResults } from './LintResults.js';
import {
  listArtifacts,
  loadResults,
  loadStage,
  STAGE_ORDER,
  type DetailedStage,
  type Job,
  type Results,
  type StageDetails,
  type StageName,
} from './results-data.js';
import { SimulationResults } from './SimulationResults.js';
import './results.css';

const TITLES: Record<StageName, string> = {
  lint: 'Lint',
  simulation: 'Simulation',
  formal: 'Formal',
  crypto: 'Crypto',
};

const ENDED = new Set(['passed', 'failed']);
const DETAILED: readonly DetailedStage[] = ['lint', 'simulation', 'formal'];

interface Loaded {
  results: Results;
  details: Partial<{ [S in DetailedStage]: StageDetails[S] | null }>;
  artifacts: Set<string>;
}

async function loadAll(jobId: string, signal: AbortSignal): Promise<Loaded> {
  const [results, artifacts] = await Promise.all([loadResults(jobId, signal), listArtifacts(jobId, signal)]);
  const stages = DETAILED.filter((stage) => ENDED.has(results.stages[stage]?.status ?? ''));
  const details = await Promise.all(stages.map((stage) => loadStage(jobId, stage, signal)));
  return {
    results,
    details: Object.fromEntries(details.map((d) => [d.stage, d.details])),
    artifacts: new Set(artifacts.artifacts.map((a) => a.name)),
  };
}

function StageBody({ stage, job, loaded }: { stage: StageName; job: Job; loaded: Loaded }) {
  const { results, details } = loaded;
  switch (stage) {
    case 'lint':
      return <LintResults messages={details.lint?.messages ?? []} projectId={job.project_id} />;
    case 'simulation':
      return (
        <SimulationResults
          jobId={job.job_id}
          projectId={job.project_id}
          summary={results.stages.simulation!}
          tests={details.simulation?.tests ?? []}
        />
      );
    case 'formal':
      return details.formal ? (
        <FormalResults jobId={job.job_id} projectId={job.project_id} details={details.formal} />
      ) : null;
    case 'crypto':
      return (
        <CryptoResults
          jobId={job.job_id}
          summary={results.stages.crypto!}
          hasTvla={loaded.artifacts.has('tvla_results.json')}
        />
      );
  }
}

export default function JobResults({ job }: { job: Job }) {
  // Read again when a stage ends, not on every progress message of a running one.
  const stageStatuses = Object.entries(job.progress)
    .map(([stage, progress]) => `${stage}:${progress.status}`)
    .join(' ');
  const loaded = useAsync((signal) => loadAll(job.job_id, signal), [job.job_id, job.status, stageStatuses]);
  if (loaded.data === undefined) {
    return loaded.error === undefined ? (
      <Spinner label="Loading results…" />
    ) : (
      <ErrorBanner error={loaded.error} />
    );
  }
  const { results } = loaded.data;
  const stages = STAGE_ORDER.filter((stage) => results.stages[stage] !== undefined);
  return (
    <div class="results">
      <ErrorBanner error={loaded.error} />
      {stages.length === 0 ? <EmptyState>This job has no stage results yet.</EmptyState> : null}
      {stages.map((stage) => {
        const summary = results.stages[stage]!;
        const ended = ENDED.has(summary.status);
        return (
          <section key={stage} class="card results-stage" aria-labelledby={`results-${stage}`}>
            <h2 id={`results-${stage}`} class="results-stage-title">
              {TITLES[stage]} <StatusBadge status={summary.status} />
              {summary.duration === undefined ? null : (
                <span class="muted results-duration">{summary.duration}</span>
              )}
            </h2>
            {summary.status === 'failed' && summary.reason !== undefined ? (
              <p class="banner banner-error results-reason">
                <strong>Failed:</strong> {summary.reason}
              </p>
            ) : null}
            {summary.status === 'skipped' ? (
              <p class="muted">Skipped{summary.reason === undefined ? '' : `: ${summary.reason}`}.</p>
            ) : null}
            {summary.status === 'cancelled' ? <p class="muted">Cancelled before it ended.</p> : null}
            {summary.status === 'queued' || summary.status === 'running' ? (
              <p class="muted">{summary.status === 'queued' ? 'Waiting to run.' : 'Running…'}</p>
            ) : null}
            {ended ? <StageBody stage={stage} job={job} loaded={loaded.data!} /> : null}
          </section>
        );
      })}
    </div>
  );
}
