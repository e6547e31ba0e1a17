/** Which events a follower of the stream asked for: the same rule for SSE and gRPC. */
import type { BusEvent } from '@lab/server-kit';

/** Kinds to keep (all when absent or empty) and a VM the event's data must name. */
export function eventFilter(kinds: readonly string[] | undefined, vm: string | undefined) {
  const wanted = kinds === undefined || kinds.length === 0 ? undefined : new Set(kinds);
  return (event: BusEvent): boolean =>
    (wanted === undefined || wanted.has(event.kind)) &&
    (vm === undefined || (event.data as { vm?: unknown }).vm === vm);
}
