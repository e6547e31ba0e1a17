/** The crypto stage: each check's verdict and measures, and the TVLA plot from tvla_results.json. */
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { Spinner } from '../../components/Spinner.js';
import { StatusBadge } from '../../components/StatusBadge.js';
import { useAsync } from '../../components/useAsync.js';
import { artifactText, type Results, type TvlaResults } from './results-data.js';
import { TvlaPlot } from './TvlaPlot.js';
import { TableHead, TableWrap } from './TableWrap.js';

type Summary = NonNullable<Results['stages']['crypto']>;

const CHECKS = [
  { id: 'constant_time', label: 'Constant time' },
  { id: 'side_channel', label: 'Side channel (TVLA)' },
  { id: 'ntt_validation', label: 'NTT validation' },
  { id: 'fips_compliance', label: 'FIPS known answers' },
  { id: 'entropy_analysis', label: 'Entropy' },
] as const;

/** A measure of a check as text: a number or word as is, a missing one as a dash. */
function measure(check: Record<string, unknown>, key: string): string {
  const value = check[key];
  return typeof value === 'number' || typeof value === 'string' ? String(value) : '—';
}

// The measures of each check, in words (the fields the results route gives).
const MEASURES: Record<string, (c: Record<string, unknown>) => string> = {
  constant_time: (c) =>
    `${measure(c, 'violations')} violations${c.formal === undefined ? '' : `; two-copy proof ${measure(c, 'formal')}`}`,
  side_channel: (c) =>
    `max |t| ${measure(c, 'max_t_value')} (threshold ${measure(c, 'threshold')}), ${measure(c, 'leaking_points')} leaking points`,
  ntt_validation: (c) =>
    `${measure(c, 'mismatches')} mismatches of ${measure(c, 'coefficients')} coefficients (${measure(c, 'vectors')} vectors)`,
  fips_compliance: (c) =>
    `${measure(c, 'algorithm')}: ${measure(c, 'vectors_failed')} of ${measure(c, 'vectors_run')} vectors failed` +
    (c.vectors_not_applicable === undefined
      ? ''
      : `, ${measure(c, 'vectors_not_applicable')} not applicable`),
  entropy_analysis: (c) =>
    `min-entropy ${measure(c, 'min_entropy')} against the claim ${measure(c, 'claim')} (${measure(c, 'samples')} samples)`,
};

function Tvla({ jobId }: { jobId: string }) {
  const tvla = useAsync(
    async (signal) => JSON.parse(await artifactText(jobId, 'tvla_results.json', signal)) as TvlaResults,
    [jobId],
  );
  if (tvla.loading) return <Spinner label="Loading the TVLA results…" />;
  if (tvla.error !== undefined) return <ErrorBanner error={tvla.error} />;
  const data = tvla.data!;
  return (
    <>
      <p class="muted">
        {data.method}, seed <code>{data.seed}</code>.
      </p>
      {data.operations.map((operation) => (
        <TvlaPlot key={operation.operation} operation={operation} threshold={data.threshold} />
      ))}
    </>
  );
}

export function CryptoResults(props: { jobId: string; summary: Summary; hasTvla: boolean }) {
  const { summary } = props;
  return (
    <>
      <TableWrap label="Crypto checks">
        <table class="table">
          <caption>Crypto checks ({summary.crypto_checks_passed ?? 0} passed)</caption>
          <TableHead columns={['Check', 'Verdict', 'Measures']} />
          <tbody>
            {CHECKS.map(({ id, label }) => {
              const check = summary[id] as
                (Record<string, unknown> & { status: string; reason?: string }) | undefined;
              if (check === undefined) return null;
              return (
                <tr key={id}>
                  <th scope="row">{label}</th>
                  <td>
                    <StatusBadge status={check.status} />
                  </td>
                  <td>
                    {check.status === 'skipped' ? '' : MEASURES[id]!(check)}
                    {check.reason === undefined ? null : <div class="muted">{check.reason}</div>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableWrap>
      {props.hasTvla ? (
        <>
          <h3>TVLA t-statistic</h3>
          <Tvla jobId={props.jobId} />
        </>
      ) : null}
    </>
  );
}
