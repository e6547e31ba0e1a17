/**
 * The formal stage's answer from the verdicts on its properties.
 *
 * A property is `proven` (the bounded check passed and induction closed), `failed` (the bounded
 * check found a counterexample) or `inconclusive` (it holds for `depth` steps, but induction was
 * off or did not close: SymbiYosys would say UNKNOWN). The stage fails when a property fails or
 * when no verdict could be reached (a Yosys error, unsatisfiable assumptions, the time-out);
 * otherwise it passes, with a reason naming the inconclusive properties when there are some.
 */
import type { StageOutcome } from '../stage.js';
import type { Property } from './properties.js';

export type PropertyStatus = 'proven' | 'failed' | 'inconclusive';

export interface Verdict {
  status: PropertyStatus;
  /** The step at which it fails in its counterexample (0 = the initial state). */
  step?: number;
  /** The artifact holding the counterexample (VCD). */
  counterexample?: string;
  /** How many steps induction assumed to prove it. */
  induction_depth?: number;
}

export type PropertyResult = Verdict & { name: string; source: string };

// A type rather than an interface: a stage's summary must fit `Record<string, unknown>`.
export type FormalSummary = {
  properties_proven: number;
  properties_failed: number;
  properties_inconclusive: number;
};

export interface FormalDetails {
  depth: number;
  properties: PropertyResult[];
}

export type FormalOutcome = StageOutcome<FormalSummary, FormalDetails>;

export function skippedOutcome(depth: number, reason: string): FormalOutcome {
  return {
    status: 'skipped',
    reason,
    summary: { properties_proven: 0, properties_failed: 0, properties_inconclusive: 0 },
    details: { depth, properties: [] },
  };
}

function nameList(results: readonly PropertyResult[]): string {
  return results.map((result) => result.name).join(', ');
}

/**
 * @param verdicts by `Property.cell`; a property without one is inconclusive.
 * @param failure why no verdict could be reached, when that happened.
 */
export function formalOutcome(
  depth: number,
  properties: readonly Property[],
  verdicts: ReadonlyMap<string, Verdict>,
  failure?: string,
): FormalOutcome {
  const results = properties.map((property): PropertyResult => ({
    name: property.name,
    source: property.source,
    ...(verdicts.get(property.cell) ?? { status: 'inconclusive' }),
  }));
  const having = (status: PropertyStatus) => results.filter((result) => result.status === status);
  const [proven, failed, inconclusive] = [having('proven'), having('failed'), having('inconclusive')];
  const summary = {
    properties_proven: proven.length,
    properties_failed: failed.length,
    properties_inconclusive: inconclusive.length,
  };
  const details = { depth, properties: results };
  if (failure !== undefined) return { status: 'failed', reason: failure, summary, details };
  if (failed.length > 0) {
    const reason = `${failed.length} of ${results.length} properties fail within ${depth} steps: ${nameList(failed)}`;
    return { status: 'failed', reason, summary, details };
  }
  if (inconclusive.length > 0) {
    const reason =
      `${inconclusive.length} of ${results.length} properties hold for ${depth} steps ` +
      `but are not proven by induction: ${nameList(inconclusive)}`;
    return { status: 'passed', reason, summary, details };
  }
  return { status: 'passed', summary, details };
}
