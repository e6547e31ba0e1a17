import { describe, expect, it } from 'vitest';
import {
  nominalRetryDelayMs,
  nominalSchedule,
  RETRY_JITTER,
  retryDelayMs,
  WEBHOOK_MAX_ATTEMPTS,
} from '../../src/domain/webhooks/retry-schedule.js';

const BASE = 30_000;
const HOUR = 3_600_000;

describe('webhook retry schedule', () => {
  it('doubles from the base and stops growing at 6 hours', () => {
    expect(nominalRetryDelayMs(1, BASE)).toBe(30_000);
    expect(nominalRetryDelayMs(2, BASE)).toBe(60_000);
    expect(nominalRetryDelayMs(10, BASE)).toBe(30_000 * 512);
    expect(nominalRetryDelayMs(11, BASE)).toBe(6 * HOUR);
    expect(nominalRetryDelayMs(WEBHOOK_MAX_ATTEMPTS - 1, BASE)).toBe(6 * HOUR);
  });

  it('waits about 3 days in all: 68 h 31 min 30 s at the default base', () => {
    const schedule = nominalSchedule(BASE);
    expect(schedule).toHaveLength(WEBHOOK_MAX_ATTEMPTS - 1);
    const total = schedule.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBe(68 * HOUR + 31 * 60_000 + 30_000);
  });

  it('keeps the jitter within its bounds', () => {
    for (const attempt of [1, 5, 15]) {
      const nominal = nominalRetryDelayMs(attempt, BASE);
      expect(retryDelayMs(attempt, BASE, () => 0)).toBe(Math.round(nominal * (1 - RETRY_JITTER)));
      expect(retryDelayMs(attempt, BASE, () => 0.5)).toBe(nominal);
      expect(retryDelayMs(attempt, BASE, () => 0.999_999)).toBeLessThanOrEqual(nominal * (1 + RETRY_JITTER));
    }
  });

  it('scales with the base, so tests can retry within milliseconds', () => {
    expect(nominalSchedule(50).slice(0, 3)).toEqual([50, 100, 200]);
  });
});
