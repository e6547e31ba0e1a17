/**
 * The formal stage: each task's verdict, its properties with theirs (proven, failed, inconclusive,
 * not checked) and its covers, and the counterexample of a failed property (or a cover's trace)
 * drawn as a waveform from the VCD artifact the stage stored.
 */
import { useState } from 'preact/hooks';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { Spinner } from '../../components/Spinner.js';
import { StatusBadge } from '../../components/StatusBadge.js';
import { useAsync } from '../../components/useAsync.js';
import { parseVcd, type Vcd } from '../../lib/vcd.js';
import {
  artifactText,
  sourceHref,
  type FormalProperty,
  type FormalTask,
  type StageDetails,
} from './results-data.js';
import { Waveform } from './Waveform.js';
import { TableHead, TableWrap } from './TableWrap.js';

interface Trace {
  artifact: string;
  kind: 'Counterexample' | 'Cover trace';
  /** The property or cover. */
  name: string;
  step?: number | undefined;
}

const VERDICT_BADGE: Record<FormalProperty['status'], string> = {
  proven: 'passed',
  failed: 'failed',
  inconclusive: 'queued',
  not_checked: 'skipped',
};

/** The time of a step: where yosys-smtbmc's `smt_step` counter takes its value. */
function stepTime(vcd: Vcd, step: number | undefined): number | undefined {
  if (step === undefined) return undefined;
  const counter = vcd.variables.find((v) => v.name === 'smt_step');
  const change = counter && vcd.changes.get(counter.id)?.find((c) => parseInt(c.value, 2) === step);
  return change?.time;
}

function sourceLink(projectId: string, source: string) {
  const match = /^(.*):(\d+)$/.exec(source);
  if (match === null) return <span class="mono">{source}</span>;
  return (
    <a class="mono" href={sourceHref(projectId, match[1]!, Number(match[2]))}>
      {source}
    </a>
  );
}

function TraceView({ jobId, trace }: { jobId: string; trace: Trace }) {
  const vcd = useAsync(
    async (signal) => parseVcd(await artifactText(jobId, trace.artifact, signal)),
    [jobId, trace.artifact],
  );
  if (vcd.loading) return <Spinner label={`Loading ${trace.artifact}…`} />;
  if (vcd.error !== undefined) return <ErrorBanner error={vcd.error} />;
  const marker = stepTime(vcd.data!, trace.step);
  return (
    <section class="trace" aria-labelledby="trace-title">
      <h3 id="trace-title">
        {trace.kind} of {trace.name}
        {trace.step === undefined ? '' : ` (step ${trace.step})`}
      </h3>
      <p class="muted">
        From <code>{trace.artifact}</code>
        {marker === undefined ? '' : '; the dashed line marks the step where the property fails'}.
      </p>
      <Waveform
        vcd={vcd.data!}
        label={`${trace.kind} waveform of ${trace.name}`}
        {...(marker === undefined ? {} : { marker })}
      />
    </section>
  );
}

function TaskTables(props: {
  name: string;
  task: FormalTask;
  projectId: string;
  jobId: string;
  shown: string | undefined;
  show: (trace: Trace) => void;
}) {
  const { task } = props;
  const traceButton = (artifact: string, kind: Trace['kind'], name: string, step: number | undefined) => (
    <div class="button-row">
      <button
        type="button"
        class="button button-secondary button-small"
        aria-pressed={props.shown === artifact}
        onClick={() => props.show({ artifact, kind, name, step })}
      >
        Show waveform
        <span class="visually-hidden">
          {' '}
          of {kind.toLowerCase()} {name}
        </span>
      </button>
      <a
        class="button button-ghost button-small"
        href={`/api/v1/jobs/${encodeURIComponent(props.jobId)}/artifacts/${encodeURIComponent(artifact)}`}
        download={artifact}
      >
        VCD
        <span class="visually-hidden">
          {' '}
          of {kind.toLowerCase()} {name}
        </span>
      </a>
    </div>
  );
  return (
    <>
      <p>
        Task <strong>{props.name}</strong>: mode {task.mode}, depth {task.depth}, engine{' '}
        <code>{task.engine ?? '—'}</code>, verdict <StatusBadge status={task.status} />{' '}
        <code>{task.verdict}</code> (expected {task.expect.join(' or ')})
        {task.reason === undefined ? '' : `: ${task.reason}`}
      </p>
      {task.properties.length === 0 ? null : (
        <TableWrap label={`Properties of task ${props.name}`}>
          <table class="table">
            <caption>Properties of task {props.name}</caption>
            <TableHead columns={['Property', 'Verdict', 'Depth', 'Engine', 'Source', 'Counterexample']} />
            <tbody>
              {task.properties.map((p) => (
                <tr key={p.name}>
                  <th scope="row" class="mono">
                    {p.name}
                    {p.kind === 'live' ? ' (liveness)' : ''}
                  </th>
                  <td>
                    <span class={`badge badge-${VERDICT_BADGE[p.status]}`}>{p.status.replace('_', ' ')}</span>
                    {p.reason === undefined ? null : <div class="muted">{p.reason}</div>}
                  </td>
                  <td>
                    {p.step !== undefined
                      ? `fails at step ${p.step}`
                      : p.induction_depth !== undefined
                        ? `induction, ${p.induction_depth} steps`
                        : p.status === 'inconclusive'
                          ? `holds for ${task.depth} steps`
                          : '—'}
                  </td>
                  <td class="mono">{task.engine ?? '—'}</td>
                  <td>{sourceLink(props.projectId, p.source)}</td>
                  <td>
                    {p.counterexample === undefined
                      ? '—'
                      : traceButton(p.counterexample, 'Counterexample', p.name, p.step)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      {task.covers.length === 0 ? null : (
        <TableWrap label={`Covers of task ${props.name}`}>
          <table class="table">
            <caption>Covers of task {props.name}</caption>
            <TableHead columns={['Cover', 'Reached', 'Source', 'Trace']} />
            <tbody>
              {task.covers.map((c) => (
                <tr key={c.name}>
                  <th scope="row" class="mono">
                    {c.name}
                  </th>
                  <td>
                    {c.reached === null ? 'not checked' : c.reached ? `yes, at step ${c.step ?? '?'}` : 'no'}
                    {c.reason === undefined ? null : <div class="muted">{c.reason}</div>}
                  </td>
                  <td>{sourceLink(props.projectId, c.source)}</td>
                  <td>{c.trace === undefined ? '—' : traceButton(c.trace, 'Cover trace', c.name, c.step)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </>
  );
}

export function FormalResults(props: { jobId: string; projectId: string; details: StageDetails['formal'] }) {
  const tasks = Object.entries(props.details.tasks);
  // The first counterexample shows at once: it is what a failed formal stage is read for.
  const first = tasks
    .flatMap(([, task]) => task.properties)
    .find((p) => p.status === 'failed' && p.counterexample !== undefined);
  const [trace, setTrace] = useState<Trace | undefined>(
    first === undefined
      ? undefined
      : { artifact: first.counterexample!, kind: 'Counterexample', name: first.name, step: first.step },
  );
  return (
    <>
      {tasks.map(([name, task]) => (
        <TaskTables
          key={name}
          name={name}
          task={task}
          projectId={props.projectId}
          jobId={props.jobId}
          shown={trace?.artifact}
          show={setTrace}
        />
      ))}
      {trace === undefined ? null : <TraceView key={trace.artifact} jobId={props.jobId} trace={trace} />}
    </>
  );
}
