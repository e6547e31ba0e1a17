/** The simulation stage: its tests (a regression's runs with their seeds) and its coverage. */
import { StatusBadge } from '../../components/StatusBadge.js';
import { formatDuration } from '../../lib/format.js';
import { CoverageResults } from './CoverageResults.js';
import type { Results, TestCase } from './results-data.js';
import { TableWrap } from './TableWrap.js';

type Summary = NonNullable<Results['stages']['simulation']>;

function TestTable({ tests }: { tests: TestCase[] }) {
  if (tests.length === 0) return <p class="muted">The testbench reported no test.</p>;
  return (
    <TableWrap label="Tests">
      <table class="table">
        <caption class="visually-hidden">Tests</caption>
        <thead>
          <tr>
            <th scope="col">Test</th>
            <th scope="col">Status</th>
            <th scope="col" class="numeric">
              Duration
            </th>
            <th scope="col">Failure reason</th>
          </tr>
        </thead>
        <tbody>
          {tests.map((test) => (
            <tr key={test.name}>
              <th scope="row" class="mono">
                {test.name}
              </th>
              <td>
                <StatusBadge status={test.status} />
              </td>
              <td class="numeric">
                {test.time_seconds === undefined ? '—' : formatDuration(test.time_seconds * 1000)}
              </td>
              <td>{test.reason ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

function RegressionTable({ regression }: { regression: NonNullable<Summary['regression']> }) {
  return (
    <>
      <p>
        Regression seed <code>{regression.seed}</code> (submit with <code>simulation.seed</code> set to it to
        run the same seeds again).
      </p>
      <TableWrap label="Regression runs">
        <table class="table">
          <caption class="visually-hidden">Regression runs</caption>
          <thead>
            <tr>
              <th scope="col">Run</th>
              <th scope="col">Status</th>
              <th scope="col" class="numeric">
                Seed
              </th>
              <th scope="col" class="numeric">
                Duration
              </th>
              <th scope="col">Failure reason</th>
            </tr>
          </thead>
          <tbody>
            {regression.tests.map((test) => (
              <tr key={test.name}>
                <th scope="row" class="mono">
                  {test.name}
                </th>
                <td>
                  <StatusBadge status={test.status} />
                </td>
                <td class="numeric mono">{test.seed}</td>
                <td class="numeric">{test.duration}</td>
                <td>{test.reason ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
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
        <TestTable tests={props.tests} />
      ) : (
        <RegressionTable regression={summary.regression} />
      )}
      <h3>Coverage</h3>
      <CoverageResults jobId={props.jobId} projectId={props.projectId} />
    </>
  );
}
