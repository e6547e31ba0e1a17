/**
 * The coverage of a simulation: line, toggle and FSM totals as numbers and bars (a null one with
 * its reason), a table per design file, and per file a heat map: the source with each line's hits.
 */
import { useMemo, useState } from 'preact/hooks';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { SourceView } from '../../components/SourceView.js';
import { Spinner } from '../../components/Spinner.js';
import { useAsync } from '../../components/useAsync.js';
import {
  loadCoverage,
  projectFileText,
  sourceHref,
  type Coverage,
  type FileCoverage,
} from './results-data.js';
import { TableHead, TableWrap } from './TableWrap.js';

/** A percentage as a number and a bar; null says why instead. */
export function PercentBar({
  label,
  value,
  reason,
}: {
  label: string;
  value: number | null;
  reason?: string | undefined;
}) {
  return (
    <div class="percent">
      <span class="percent-label">{label}</span>
      {value === null ? (
        <span class="muted">not measured{reason === undefined ? '' : `: ${reason}`}</span>
      ) : (
        <>
          <span class="percent-bar" aria-hidden="true">
            <span class="percent-fill" style={{ width: `${Math.min(100, Math.max(0, value))}%` }} />
          </span>
          <span class="percent-value">{value}%</span>
        </>
      )}
    </div>
  );
}

function counts(c: FileCoverage['line']) {
  return `${c.covered}/${c.total}${c.percent === null ? '' : ` (${c.percent}%)`}`;
}

function HeatMap({ projectId, file }: { projectId: string; file: FileCoverage }) {
  const source = useAsync((signal) => projectFileText(projectId, file.file, signal), [projectId, file.file]);
  const hits = useMemo(() => new Map(file.lines.map((l) => [l.line, l.hits])), [file]);
  const missed = file.lines.filter((l) => l.hits === 0).map((l) => l.line);
  if (source.loading) return <Spinner label={`Loading ${file.file}…`} />;
  if (source.error !== undefined) return <ErrorBanner error={source.error} />;
  return (
    <section class="heat-map" aria-label={`Line coverage of ${file.file}`}>
      <p>
        {missed.length === 0
          ? 'Every instrumented line ran.'
          : `Never run: line${missed.length === 1 ? '' : 's'} ${missed.join(', ')}.`}
      </p>
      <SourceView text={source.data ?? ''} path={file.file} lineHits={hits} />
    </section>
  );
}

function FsmTable({ coverage }: { coverage: Coverage }) {
  const machines = coverage.fsm_machines ?? [];
  if (machines.length === 0) return null;
  return (
    <TableWrap label="State machines">
      <table class="table">
        <caption>State machines</caption>
        <TableHead
          columns={[
            'Instance',
            'Register',
            { label: 'States', numeric: true },
            { label: 'Transitions', numeric: true },
            'Not covered',
          ]}
        />
        <tbody>
          {machines.map((m) => {
            const name = (value: number) => m.states.find((s) => s.value === value)?.name ?? String(value);
            const missing = [
              ...m.states.filter((s) => !s.visited).map((s) => `state ${s.name ?? s.value}`),
              ...m.transitions.filter((t) => !t.taken).map((t) => `${name(t.from)} → ${name(t.to)}`),
            ];
            return (
              <tr key={m.instance}>
                <th scope="row" class="mono">
                  {m.instance}
                </th>
                <td class="mono">{m.register}</td>
                <td class="numeric">{m.state_coverage}%</td>
                <td class="numeric">{m.transition_coverage === null ? '—' : `${m.transition_coverage}%`}</td>
                <td>{missing.length === 0 ? 'everything covered' : missing.join(', ')}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableWrap>
  );
}

export function CoverageResults({ jobId, projectId }: { jobId: string; projectId: string }) {
  const coverage = useAsync((signal) => loadCoverage(jobId, signal), [jobId]);
  const [open, setOpen] = useState<string | null>(null);
  if (coverage.loading) return <Spinner label="Loading coverage…" />;
  if (coverage.error !== undefined) return <ErrorBanner error={coverage.error} />;
  const data = coverage.data!;
  const shown = data.files.find((f) => f.file === open);
  return (
    <>
      <div class="card coverage-totals">
        <PercentBar label="Line" value={data.line} reason={data.reason} />
        <PercentBar label="Toggle" value={data.toggle} reason={data.reason} />
        <PercentBar label="FSM" value={data.fsm} reason={data.fsm_reason} />
      </div>
      <FsmTable coverage={data} />
      {data.files.length === 0 ? null : (
        <TableWrap label="Coverage per file">
          <table class="table">
            <caption>Coverage per file</caption>
            <TableHead
              columns={[
                'File',
                { label: 'Line', numeric: true },
                { label: 'Toggle', numeric: true },
                'Heat map',
              ]}
            />
            <tbody>
              {data.files.map((file) => (
                <tr key={file.file}>
                  <th scope="row" class="mono">
                    <a href={sourceHref(projectId, file.file)}>{file.file}</a>
                  </th>
                  <td class="numeric">{counts(file.line)}</td>
                  <td class="numeric">{counts(file.toggle)}</td>
                  <td>
                    <button
                      type="button"
                      class="button button-secondary button-small"
                      aria-expanded={open === file.file}
                      aria-label={`${open === file.file ? 'Hide' : 'Show'} heat map of ${file.file}`}
                      onClick={() => setOpen(open === file.file ? null : file.file)}
                    >
                      {open === file.file ? 'Hide' : 'Show'}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      {shown === undefined ? null : <HeatMap projectId={projectId} file={shown} />}
    </>
  );
}
