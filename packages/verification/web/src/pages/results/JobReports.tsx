/**
 * The job page's reports tab: a report generated in any format the reports route offers (over
 * the stages chosen), then downloaded from memory (the answer as a Blob behind an object URL on
 * an `<a download>`; the CSP allows blob:), and every artifact of the job as a download link.
 */
import { useEffect, useState } from 'preact/hooks';
import { api } from '../../api/client.js';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { EmptyState } from '../../components/EmptyState.js';
import { Spinner } from '../../components/Spinner.js';
import { useAsync } from '../../components/useAsync.js';
import { formatBytes, formatTime } from '../../lib/format.js';
import { canWrite, useSession } from '../../session.js';
import { errorFromAnswer } from '../../../../src/client/errors.js';
import type { paths } from '../../../../src/client/gen/openapi.js';
import { listArtifacts, STAGE_ORDER, type Job, type StageName } from './results-data.js';
import './results.css';
import { TableHead, TableWrap } from './TableWrap.js';

type ReportBody = NonNullable<
  NonNullable<paths['/api/v1/jobs/{id}/reports']['post']['requestBody']>['content']['application/json']
>;

/** The route's formats (README "Reports"), the HTML summary being the full report's short form. */
const KINDS: { id: string; label: string; body: Omit<ReportBody, 'include'> }[] = [
  { id: 'html', label: 'HTML', body: { format: 'html' } },
  { id: 'html-summary', label: 'HTML summary', body: { format: 'html', template: 'summary' } },
  { id: 'json', label: 'JSON (the report model)', body: { format: 'json' } },
  { id: 'junit', label: 'JUnit XML', body: { format: 'junit' } },
  { id: 'markdown', label: 'Markdown', body: { format: 'markdown' } },
];

interface Generated {
  name: string;
  url: string;
  size: number;
}

function fileName(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

function ReportForm({ job, onGenerated }: { job: Job; onGenerated: () => void }) {
  const ran = job.stages.filter((s): s is StageName => (STAGE_ORDER as readonly string[]).includes(s));
  const [kind, setKind] = useState('html');
  const [include, setInclude] = useState<StageName[]>(ran);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const [generated, setGenerated] = useState<Generated | null>(null);
  const ended = job.status !== 'queued' && job.status !== 'running';

  // An object URL holds its Blob until revoked: one at a time, none after leaving.
  useEffect(() => () => (generated === null ? undefined : URL.revokeObjectURL(generated.url)), [generated]);

  const generate = async () => {
    setBusy(true);
    setError(undefined);
    setGenerated(null);
    try {
      const body = { ...KINDS.find((k) => k.id === kind)!.body, include };
      const answer = await api.POST('/api/v1/jobs/{id}/reports', {
        params: { path: { id: job.job_id } },
        body,
        parseAs: 'blob',
      });
      if (!answer.response.ok) throw errorFromAnswer(answer.response.status, answer.error);
      const blob = answer.data as unknown as Blob;
      setGenerated({
        name: fileName(answer.response, `report.${kind}`),
        url: URL.createObjectURL(blob),
        size: blob.size,
      });
      onGenerated();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      class="form card report-form"
      onSubmit={(event) => {
        event.preventDefault();
        void generate();
      }}
      aria-labelledby="report-title"
    >
      <h2 id="report-title">Generate a report</h2>
      {ended ? null : <p class="banner banner-info">Reports can be made once the job has ended.</p>}
      <div class="field">
        <label for="report-format">Format</label>
        <select id="report-format" value={kind} onChange={(event) => setKind(event.currentTarget.value)}>
          {KINDS.map((k) => (
            <option key={k.id} value={k.id}>
              {k.label}
            </option>
          ))}
        </select>
      </div>
      <fieldset>
        <legend>Stages</legend>
        <div class="button-row">
          {ran.map((stage) => (
            <label key={stage} class="check">
              <input
                type="checkbox"
                checked={include.includes(stage)}
                onChange={(event) =>
                  setInclude((current) =>
                    event.currentTarget.checked
                      ? ran.filter((s) => s === stage || current.includes(s))
                      : current.filter((s) => s !== stage),
                  )
                }
              />
              {stage}
            </label>
          ))}
        </div>
      </fieldset>
      <div class="button-row">
        <button type="submit" class="button button-primary" disabled={busy || !ended || include.length === 0}>
          Generate report
        </button>
        {busy ? <Spinner label="Generating the report…" /> : null}
        {generated === null ? null : (
          <a class="button button-secondary" href={generated.url} download={generated.name}>
            Download {generated.name}
          </a>
        )}
        {generated === null ? null : (
          <span class="muted" role="status">
            {generated.name} is ready ({formatBytes(generated.size)}); it is also kept among the artifacts.
          </span>
        )}
      </div>
      <ErrorBanner error={error} />
    </form>
  );
}

export default function JobReports({ job }: { job: Job }) {
  const session = useSession();
  const artifacts = useAsync((signal) => listArtifacts(job.job_id, signal), [job.job_id, job.status]);
  return (
    <div class="results">
      {canWrite(session) ? (
        <ReportForm job={job} onGenerated={artifacts.reload} />
      ) : (
        <p class="muted">Generating a report needs the developer role; the reports made so far are below.</p>
      )}
      <section class="card" aria-labelledby="artifacts-title">
        <h2 id="artifacts-title">Artifacts</h2>
        <ErrorBanner error={artifacts.error} />
        {artifacts.data === undefined ? (
          artifacts.error === undefined ? (
            <Spinner label="Loading artifacts…" />
          ) : null
        ) : artifacts.data.artifacts.length === 0 ? (
          <EmptyState>This job has no artifact yet.</EmptyState>
        ) : (
          <TableWrap label="Artifact files">
            <table class="table">
              <caption class="visually-hidden">Artifacts</caption>
              <TableHead columns={['Name', 'Stage', 'Type', { label: 'Size', numeric: true }, 'Written']} />
              <tbody>
                {artifacts.data.artifacts.map((artifact) => (
                  <tr key={artifact.name}>
                    <th scope="row" class="mono">
                      <a href={artifact.url} download={artifact.name}>
                        {artifact.name}
                      </a>
                    </th>
                    <td>{artifact.stage}</td>
                    <td class="mono">{artifact.content_type}</td>
                    <td class="numeric">{formatBytes(artifact.size)}</td>
                    <td>{formatTime(artifact.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        )}
      </section>
    </div>
  );
}
