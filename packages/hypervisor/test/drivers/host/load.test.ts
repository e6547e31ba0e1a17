import { expectAppError } from '@lab/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { parseLoadavg, parseUptime } from '../../../src/drivers/host/load.js';

describe('parseLoadavg', () => {
  it('reads the 1, 5 and 15 minute averages', () => {
    expect(parseLoadavg('0.30 0.70 1.06 1/81 1942\n')).toEqual({ one: 0.3, five: 0.7, fifteen: 1.06 });
  });

  it('fails with HOST_READ_FAILED on anything else', () => {
    expectAppError(() => parseLoadavg('busy\n'), 'HOST_READ_FAILED', '/proc/loadavg', "'busy'");
  });
});

describe('parseUptime', () => {
  it('reads the seconds since boot, the first field', () => {
    expect(parseUptime('10256.42 12234.51\n')).toBe(10256.42);
  });

  it('fails with HOST_READ_FAILED on anything else', () => {
    expectAppError(() => parseUptime(''), 'HOST_READ_FAILED', '/proc/uptime');
  });
});
