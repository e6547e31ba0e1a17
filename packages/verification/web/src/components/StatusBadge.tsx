/** The statuses of jobs, stages, tests and projects, each with its colour class. */
const KNOWN = new Set([
  'queued',
  'running',
  'passed',
  'failed',
  'cancelled',
  'error',
  'skipped',
  'created',
  'active',
  'archived',
]);

/** A status as a word in a coloured pill: the word carries the meaning, the colour only helps. */
export function StatusBadge({ status }: { status: string }) {
  return <span class={`badge badge-${KNOWN.has(status) ? status : 'neutral'}`}>{status}</span>;
}
