/**
 * When a failed delivery is tried again: exponential back-off from a base delay (30 s by default),
 * doubling per attempt up to 720 times the base (6 h by default), with ±20 % jitter so receivers
 * coming back up are not hit by every sender at once. After WEBHOOK_MAX_ATTEMPTS the delivery is
 * given up. At the default base the 20 waits add up to 68 h 31 min 30 s (about 2.9 days).
 */

export const WEBHOOK_MAX_ATTEMPTS = 21;
/** The longest wait, as a multiple of the base: 6 h over the default 30 s. */
export const RETRY_CAP_FACTOR = 720;
export const RETRY_JITTER = 0.2;

/** The wait after failed attempt `attempt` (1-based), before jitter. */
export function nominalRetryDelayMs(attempt: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** (attempt - 1), baseMs * RETRY_CAP_FACTOR);
}

/** The wait after failed attempt `attempt`; `random` in [0, 1) picks the jitter. */
export function retryDelayMs(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const jitter = 1 + RETRY_JITTER * (2 * random() - 1);
  return Math.round(nominalRetryDelayMs(attempt, baseMs) * jitter);
}

/** Every wait between the first attempt and the last, before jitter. */
export function nominalSchedule(baseMs: number): number[] {
  return Array.from({ length: WEBHOOK_MAX_ATTEMPTS - 1 }, (_, i) => nominalRetryDelayMs(i + 1, baseMs));
}
