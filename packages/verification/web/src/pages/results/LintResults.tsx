/** The lint stage's messages: a table sortable by column, filtered by severity, each location a link to its line. */
import { useMemo, useState } from 'preact/hooks';
import { sourceHref, type LintMessage } from './results-data.js';
import { TableWrap } from './TableWrap.js';

type Column = 'severity' | 'file' | 'code' | 'message';
const COLUMNS: { id: Column; label: string }[] = [
  { id: 'severity', label: 'Severity' },
  { id: 'file', label: 'Location' },
  { id: 'code', label: 'Rule' },
  { id: 'message', label: 'Message' },
];

function compare(a: LintMessage, b: LintMessage, column: Column): number {
  if (column === 'file') {
    return (a.file ?? '').localeCompare(b.file ?? '') || (a.line ?? 0) - (b.line ?? 0);
  }
  // Errors before warnings when ascending.
  if (column === 'severity') return a.severity.localeCompare(b.severity);
  return (a[column] ?? '').localeCompare(b[column] ?? '');
}

export function LintResults({ messages, projectId }: { messages: LintMessage[]; projectId: string }) {
  const [severity, setSeverity] = useState<'all' | 'error' | 'warning'>('all');
  const [sort, setSort] = useState<{ column: Column; ascending: boolean }>({
    column: 'file',
    ascending: true,
  });
  const shown = useMemo(() => {
    const kept = messages.filter((m) => severity === 'all' || m.severity === severity);
    return kept.sort((a, b) => (sort.ascending ? 1 : -1) * compare(a, b, sort.column));
  }, [messages, severity, sort]);

  if (messages.length === 0) return <p class="muted">Verilator reported no message.</p>;
  return (
    <>
      <div class="toolbar">
        <div class="field">
          <label for="lint-severity">Severity</label>
          <select
            id="lint-severity"
            value={severity}
            onChange={(event) => setSeverity(event.currentTarget.value as typeof severity)}
          >
            <option value="all">All ({messages.length})</option>
            <option value="error">Errors ({messages.filter((m) => m.severity === 'error').length})</option>
            <option value="warning">
              Warnings ({messages.filter((m) => m.severity === 'warning').length})
            </option>
          </select>
        </div>
      </div>
      <TableWrap label="Lint messages">
        <table class="table">
          <caption class="visually-hidden">Lint messages</caption>
          <thead>
            <tr>
              {COLUMNS.map(({ id, label }) => (
                <th
                  key={id}
                  scope="col"
                  aria-sort={sort.column === id ? (sort.ascending ? 'ascending' : 'descending') : undefined}
                >
                  <button
                    type="button"
                    class="sort-button"
                    onClick={() =>
                      setSort((current) => ({
                        column: id,
                        ascending: current.column === id ? !current.ascending : true,
                      }))
                    }
                  >
                    {label}
                    <span aria-hidden="true">{sort.column === id ? (sort.ascending ? ' ▲' : ' ▼') : ''}</span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.length === 0 ? (
              <tr>
                <td colSpan={COLUMNS.length} class="muted">
                  No {severity} message.
                </td>
              </tr>
            ) : null}
            {shown.map((message, index) => (
              <tr key={index}>
                <td>
                  <span class={`badge badge-${message.severity === 'error' ? 'failed' : 'queued'}`}>
                    {message.severity}
                  </span>
                </td>
                <td class="mono">
                  {message.file === null ? (
                    '—'
                  ) : (
                    <a href={sourceHref(projectId, message.file, message.line)}>
                      {message.file}
                      {message.line === null ? '' : `:${message.line}`}
                      {message.column === null ? '' : `:${message.column}`}
                    </a>
                  )}
                </td>
                <td class="mono">{message.code ?? '—'}</td>
                <td>
                  {message.message}
                  {message.context.length > 0 ? (
                    <details>
                      <summary>Context</summary>
                      <pre>{message.context.join('\n')}</pre>
                    </details>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
    </>
  );
}
