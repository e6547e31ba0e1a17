/** Something is loading: a spinner with its words for screen readers (and sighted readers). */
export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div class="spinner" role="status">
      <span class="spinner-ring" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
