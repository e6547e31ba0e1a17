/**
 * "Did you mean ...?" for validation errors: the valid value closest to what the caller wrote,
 * by edit distance, as git and the AWS CLI suggest commands.
 */

/** Levenshtein distance: the fewest insertions, deletions and substitutions turning `a` into `b`. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The candidate closest to `input` (ignoring case), or undefined when even the closest differs in
 * more than a third of its characters (at least one edit is always allowed): a suggestion that
 * far off would mislead more than help. Ties go to the earlier candidate.
 */
export function closestMatch(input: string, candidates: readonly string[]): string | undefined {
  const wanted = input.toLowerCase();
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(wanted, candidate.toLowerCase());
    if (best === undefined || distance < best.distance) best = { candidate, distance };
  }
  if (best === undefined) return undefined;
  const allowed = Math.max(1, Math.floor(Math.max(wanted.length, best.candidate.length) / 3));
  return best.distance <= allowed ? best.candidate : undefined;
}

/** A hint naming the closest candidate when there is one, else every candidate. */
export function suggestAmong(input: string, candidates: readonly string[]): string {
  const closest = closestMatch(input, candidates);
  return closest ?? `one of ${candidates.join(', ')}`;
}
