/** The simulation stage: its tests (a regression's runs with their seeds) and its coverage. */
import { StatusBadge } from '../../components/StatusBadge.js';
import { formatDuration } from '../../lib/format.js';
import { CoverageResults } from './CoverageResults.js';
import type { Results, TestCase } from './results-data.js';
import { TableHead, TableWrap } from './TableWrap.js';

type Summary = NonNullable<Results['stages']['simulation']>;

type Regression = NonNullable<Summary['regression']>;

/** A test or a regression's run, as its row shows it. */
interface TestRow {
  name: string;
  status: string;
  seed?: number;
  duration: string;
  reason?: string | undefined;
}

function testRows(tests: TestCase[]): TestRow[] {
  return tests.map((test) => ({
    name: test.name,
    status: test.status,
    duration: test.time_seconds === undefined ? '—' : formatDuration(test.time_seconds * 1000),
    reason: test.reason,
  }));
}

/** The tests, or a regression's runs with the seed of each (`seeds`). */
function TestTable({ rows, label, seeds }: { rows: TestRow[]; label: string; seeds: boolean }) {
  if (rows.length === 0) return <p class="muted">The testbench reported no test.</p>;
  return (
    <TableWrap label={label}>
      <table class="table">
        <caption class="visually-hidden">{label}</caption>
        <TableHead
          columns={[
            seeds ? 'Run' : 'Test',
            'Status',
            ...(seeds ? [{ label: 'Seed', numeric: true } as const] : []),
            { label: 'Duration', numeric: true },
            'Failure reason',
          ]}
        />
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <th scope="row" class="mono">
                {row.name}
              </th>
              <td>
                <StatusBadge status={row.status} />
              </td>
              {seeds ? <td class="numeric mono">{row.seed}</td> : null}
              <td class="numeric">{row.duration}</td>
              <td>{row.reason ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

function RegressionTable({ regression }: { regression: Regression }) {
  return (
    <>
      <p>
        Regression seed <code>{regression.seed}</code> (submit with <code>simulation.seed</code> set to it to
        run the same seeds again).
      </p>
      <TestTable rows={regression.tests} label="Regression runs" seeds />
    </>
  );
}

export function SimulationResults(props: {
  jobId: string;
  projectId: string;
  summary: Summary;
  tests: TestCase[];
}) {
  const { summary } = props;
  return (
    <>
      <div class="grid results-stats">
        <div class="stat">
          <span class="stat-value">{summary.tests_passed ?? 0}</span>
          <span class="stat-label">tests passed</span>
        </div>
        <div class="stat">
          <span class="stat-value">{summary.tests_failed ?? 0}</span>
          <span class="stat-label">tests failed</span>
        </div>
      </div>
      <h3>Tests</h3>
      {summary.regression === undefined ? (
        <TestTable rows={testRows(props.tests)} label="Tests" seeds={false} />
      ) : (
        <RegressionTable regression={summary.regression} />
      )}
      <h3>Coverage</h3>
      <CoverageResults jobId={props.jobId} projectId={props.projectId} />
    </>
  );
}
