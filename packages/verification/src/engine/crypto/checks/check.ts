/**
 * What the five crypto checks share: the outcome each answers, the context each runs in, and the
 * building of stimulus lines from an operation's declared inputs.
 */
import type {
  CryptoInputPort,
  CryptoOperation,
  ResolvedCryptoConfig,
} from '../../../domain/verify-config.js';
import type { StageContext } from '../../stage.js';
import type { CryptoHarness } from '../harness.js';
import { drawPortValue } from '../ports.js';
import type { SeededRandom } from '../random.js';

export const CHECK_NAMES = [
  'constant_time',
  'side_channel',
  'ntt_validation',
  'fips_compliance',
  'entropy_analysis',
] as const;
export type CheckName = (typeof CHECK_NAMES)[number];

export interface CheckOutcome {
  status: 'passed' | 'failed' | 'skipped';
  /** Why it was skipped, or why it failed, in one sentence. */
  reason?: string;
  /** The fields `/results` shows beside the status (`violations`, `max_t_value`, ...). */
  summary: Record<string, unknown>;
  /** Everything behind them, for `/results/crypto` and the report. */
  details: Record<string, unknown>;
}

export interface CheckContext {
  stage: StageContext;
  harness: CryptoHarness;
  settings: ResolvedCryptoConfig;
  seed: number;
  /** The design's scope in the trace, `harness_top.dut`. */
  scope: string;
}

export const skippedCheck = (reason: string): CheckOutcome => ({
  status: 'skipped',
  reason,
  summary: {},
  details: {},
});

export const failedCheck = (
  reason: string,
  summary: Record<string, unknown> = {},
  details: Record<string, unknown> = {},
): CheckOutcome => ({ status: 'failed', reason, summary, details });

/** The operations with at least one secret input, by name: the ones timing and power are checked on. */
export function secretOperations(settings: ResolvedCryptoConfig): [string, CryptoOperation][] {
  return Object.entries(settings.operations)
    .filter(([, operation]) => operation.inputs.some((port) => port.role === 'secret'))
    .sort(([a], [b]) => a.localeCompare(b));
}

/** Each input's value: `chosen` where it answers one, otherwise drawn for the port's role and packing. */
export function operationInputs(
  operation: CryptoOperation,
  random: SeededRandom,
  chosen: (port: CryptoInputPort, index: number) => bigint | undefined = () => undefined,
): bigint[] {
  return operation.inputs.map((port, index) => chosen(port, index) ?? drawPortValue(port, random));
}

/** Inputs with the public ones taken from `fixed` and the others drawn: a timing or power campaign's. */
export const withPublicFixed = (operation: CryptoOperation, random: SeededRandom, fixed: readonly bigint[]) =>
  operationInputs(operation, random, (port, index) => (port.role === 'public' ? fixed[index] : undefined));

/** The inputs named in `of` as hexadecimal, for reporting the values behind a verdict. */
export function describeInputs(
  operation: CryptoOperation,
  values: readonly bigint[],
  of: (port: CryptoInputPort) => boolean,
): Record<string, string> {
  return Object.fromEntries(
    operation.inputs.flatMap((port, i) => (of(port) ? [[port.name, values[i]!.toString(16)]] : [])),
  );
}

export function portIndex(ports: readonly { name: string }[], name: string): number {
  return ports.findIndex((port) => port.name === name);
}

/** The operation a check's section names (`crypto.ntt.operation`), or why there is none. */
export function declaredOperation(
  settings: ResolvedCryptoConfig,
  section: string,
  name: string,
): CryptoOperation | { error: string } {
  return (
    settings.operations[name] ?? {
      error: `crypto.${section}.operation '${name}' is not declared in crypto.operations`,
    }
  );
}
