/**
 * The formal stage's answer from its tasks' verdicts, as SymbiYosys gives them.
 *
 * An assertion (or liveness property) is `proven` (the bounded check passed and an unbounded
 * proof closed), `failed` (a counterexample), `inconclusive` (it holds for `depth` steps, but no
 * proof closed: SymbiYosys's UNKNOWN) or `not_checked` (the task's mode does not check it, with
 * the reason). A cover is `reached` (with the step and its trace) or not; outside cover mode it is
 * not checked, with the reason.
 *
 * A task's verdict is sby's: `fail` when a property fails or a cover is not reached, `pass` when
 * everything its mode checks holds (in mode bmc: for `depth` steps), `unknown` when in mode prove
 * some assertion (in mode live some liveness property) stays inconclusive, `error` when
 * no verdict could be reached (a Yosys error, unsatisfiable assumptions, the time-out) or the
 * design has nothing the mode checks. The task passes when its `expect` lists the verdict; the
 * stage passes when every task does.
 */
import type { FormalExpect, FormalMode } from '../../domain/formal-config.js';
import type { StageOutcome } from '../stage.js';
import type { Property } from './properties.js';

export type PropertyStatus = 'proven' | 'failed' | 'inconclusive' | 'not_checked';

export interface Verdict {
  status: PropertyStatus;
  /** The step at which it fails in its counterexample (0 = the initial state). */
  step?: number;
  /** The artifact holding the counterexample (VCD). */
  counterexample?: string;
  /** How many steps induction assumed to prove it. */
  induction_depth?: number;
  /** Why it was not checked. */
  reason?: string;
}

export interface CoverVerdict {
  reached: boolean;
  /** The step at which the trace reaches it. */
  step?: number;
  /** The artifact holding the trace (VCD). */
  trace?: string;
}

export type PropertyResult = Verdict & {
  name: string;
  source: string;
  kind: 'assert' | 'live';
  task?: string;
};
export type CoverResult = { name: string; source: string; reached: boolean | null } & Omit<
  CoverVerdict,
  'reached'
> & { reason?: string };

export type TaskVerdict = 'pass' | 'fail' | 'unknown' | 'error';

export interface TaskResult {
  mode: FormalMode;
  depth: number;
  /** The engine that answered (as its [engines] line). */
  engine: string | null;
  verdict: TaskVerdict;
  expect: FormalExpect[];
  status: 'passed' | 'failed';
  reason?: string;
  properties: PropertyResult[];
  covers: CoverResult[];
}

// Types rather than interfaces: a stage's summary must fit `Record<string, unknown>`.
export type FormalSummary = {
  properties_proven: number;
  properties_failed: number;
  properties_inconclusive: number;
  properties_not_checked: number;
  covers_reached: number;
  covers_unreached: number;
  tasks: Record<string, { verdict: TaskVerdict; expect: FormalExpect[]; status: 'passed' | 'failed' }>;
};

export interface FormalDetails {
  depth: number;
  /** Every task's assertions and liveness properties (named `<task>:<name>` when there are several tasks). */
  properties: PropertyResult[];
  tasks: Record<string, TaskResult>;
}

export type FormalOutcome = StageOutcome<FormalSummary, FormalDetails>;

const EMPTY_SUMMARY: FormalSummary = {
  properties_proven: 0,
  properties_failed: 0,
  properties_inconclusive: 0,
  properties_not_checked: 0,
  covers_reached: 0,
  covers_unreached: 0,
  tasks: {},
};

export function skippedOutcome(depth: number, reason: string): FormalOutcome {
  return { status: 'skipped', reason, summary: EMPTY_SUMMARY, details: { depth, properties: [], tasks: {} } };
}

function nameList(results: readonly { name: string }[]): string {
  return results.map((result) => result.name).join(', ');
}

export interface TaskFindings {
  mode: FormalMode;
  depth: number;
  expect: FormalExpect[];
  engine: string | null;
  properties: readonly Property[];
  /** By `Property.key`; an assertion without one is inconclusive. */
  verdicts: ReadonlyMap<string, Verdict>;
  covers: ReadonlyMap<string, CoverVerdict>;
  /** Why no verdict could be reached, when that happened. */
  failure?: string;
}

const NOT_CHECKED: Record<FormalMode, { assert?: string; cover?: string; live: string }> = {
  bmc: {
    cover: 'mode bmc does not check covers (mode cover does)',
    live: 'mode bmc does not check liveness',
  },
  prove: {
    cover: 'mode prove does not check covers (mode cover does)',
    live: 'mode prove does not check liveness (mode live does)',
  },
  cover: {
    assert: 'mode cover checks assertions only along the cover traces',
    live: 'mode cover does not check liveness',
  },
  live: {
    assert: 'mode live assumes the assertions',
    cover: 'mode live does not check covers',
    live: 'the check stopped before reaching it',
  },
};

/** One task's result from what its check found. */
export function taskResult(findings: TaskFindings): TaskResult {
  const { mode, depth } = findings;
  const reasons = NOT_CHECKED[mode];
  const properties = findings.properties
    .filter((property) => property.kind !== 'cover')
    .map((property): PropertyResult => {
      const base = { name: property.name, source: property.source, kind: property.kind as 'assert' | 'live' };
      const verdict = findings.verdicts.get(property.key);
      if (verdict !== undefined) return { ...base, ...verdict };
      // In mode live a liveness property pdr neither proved nor refuted is inconclusive.
      const unanswered = mode === 'live' && findings.failure === undefined;
      const reason = property.kind !== 'live' ? reasons.assert : unanswered ? undefined : reasons.live;
      return reason === undefined
        ? { ...base, status: 'inconclusive' }
        : { ...base, status: 'not_checked', reason };
    });
  const covers = findings.properties
    .filter((property) => property.kind === 'cover')
    .map((property): CoverResult => {
      const base = { name: property.name, source: property.source };
      const verdict = findings.covers.get(property.key);
      if (verdict !== undefined) return { ...base, ...verdict };
      if (mode === 'cover' && findings.failure === undefined) return { ...base, reached: false };
      return { ...base, reached: null, reason: reasons.cover ?? 'the check stopped before reaching it' };
    });
  const having = (status: PropertyStatus) => properties.filter((result) => result.status === status);
  const failed = having('failed');
  const inconclusive = having('inconclusive');
  const unreached = covers.filter((cover) => cover.reached === false);
  const checked = { bmc: 'assert', prove: 'assert', cover: 'cover', live: 'live' }[mode];
  const total = findings.properties.filter((property) => property.kind === checked).length;

  let verdict: TaskVerdict;
  let reason: string | undefined;
  if (findings.failure !== undefined) {
    verdict = 'error';
    reason = findings.failure;
  } else if (total === 0) {
    verdict = 'error';
    const kinds = { assert: 'assertion', cover: 'cover', live: 'liveness property' } as const;
    const found = (['assert', 'cover', 'live'] as const)
      .map((kind) => [kind, findings.properties.filter((property) => property.kind === kind).length] as const)
      .filter(([, count]) => count > 0)
      .map(([kind, count]) => `${count} ${kinds[kind]}${count === 1 ? '' : 's'}`);
    reason =
      `nothing to check: mode ${mode} checks ${kinds[checked as 'assert']}s and the design has none` +
      (found.length === 0 ? '' : ` (it has ${found.join(', ')})`);
  } else if (failed.length > 0 || unreached.length > 0) {
    verdict = 'fail';
    const parts = [];
    if (failed.length > 0 && mode === 'live') {
      parts.push(
        `${failed.length} of ${total} liveness properties fail (a trace loops forever without them): ${nameList(failed)}`,
      );
    } else if (failed.length > 0) {
      const all = properties.filter((result) => result.kind === 'assert').length;
      parts.push(`${failed.length} of ${all} properties fail within ${depth} steps: ${nameList(failed)}`);
    }
    if (unreached.length > 0) {
      parts.push(
        `${unreached.length} of ${covers.length} covers are not reached within ${depth} steps: ${nameList(unreached)}`,
      );
    }
    reason = parts.join('; ');
  } else if (inconclusive.length > 0 && mode === 'live') {
    verdict = 'unknown';
    reason = `${inconclusive.length} of ${total} liveness properties are neither proven nor refuted: ${nameList(inconclusive)}`;
  } else if (inconclusive.length > 0 && mode === 'prove') {
    verdict = 'unknown';
    const all = properties.filter((result) => result.kind === 'assert').length;
    reason =
      `${inconclusive.length} of ${all} properties hold for ${depth} steps ` +
      `but are not proven by induction: ${nameList(inconclusive)}`;
  } else {
    verdict = 'pass';
    const notChecked = [...having('not_checked'), ...covers.filter((cover) => cover.reached === null)];
    const parts = [];
    // A bounded check proves nothing beyond its depth: said, as the inconclusive verdicts say it.
    if (inconclusive.length > 0)
      parts.push(`${inconclusive.length} properties hold for ${depth} steps (mode bmc)`);
    if (notChecked.length > 0) parts.push(`not checked in mode ${mode}: ${nameList(notChecked)}`);
    if (parts.length > 0) reason = parts.join('; ');
  }
  const status = findings.expect.includes(verdict) ? 'passed' : 'failed';
  if (status === 'passed' && (verdict === 'fail' || verdict === 'error')) {
    reason = `${verdict} as expected (expect ${findings.expect.join(',')}): ${reason ?? ''}`;
  }
  return {
    mode,
    depth,
    engine: findings.engine,
    verdict,
    expect: findings.expect,
    status,
    ...(reason === undefined ? {} : { reason }),
    properties,
    covers,
  };
}

/** The stage's outcome from its tasks' results, by task name in the order run. */
export function formalOutcome(tasks: ReadonlyMap<string, TaskResult>): FormalOutcome {
  const results = [...tasks];
  const several = results.length > 1;
  const properties = results.flatMap(([name, result]) =>
    result.properties.map((property) =>
      several ? { ...property, name: `${name}:${property.name}`, task: name } : property,
    ),
  );
  const covers = results.flatMap(([, result]) => result.covers);
  const count = (status: PropertyStatus) =>
    properties.filter((property) => property.status === status).length;
  const summary: FormalSummary = {
    properties_proven: count('proven'),
    properties_failed: count('failed'),
    properties_inconclusive: count('inconclusive'),
    properties_not_checked: count('not_checked'),
    covers_reached: covers.filter((cover) => cover.reached === true).length,
    covers_unreached: covers.filter((cover) => cover.reached === false).length,
    tasks: Object.fromEntries(
      results.map(([name, { verdict, expect, status }]) => [name, { verdict, expect, status }]),
    ),
  };
  const details: FormalDetails = {
    depth: results[0]?.[1].depth ?? 0,
    properties,
    tasks: Object.fromEntries(results),
  };
  const failed = results.filter(([, result]) => result.status === 'failed');
  const status = failed.length > 0 ? 'failed' : 'passed';
  let reason: string | undefined;
  if (!several) reason = results[0]?.[1].reason;
  else if (failed.length > 0) {
    reason = failed
      .map(
        ([name, result]) =>
          `task ${name}: ${result.verdict}, expected ${result.expect.join(',')}: ${result.reason ?? ''}`,
      )
      .join('; ');
  }
  return { status, ...(reason === undefined ? {} : { reason }), summary, details };
}
