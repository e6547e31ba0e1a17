import { expectAppError } from '@lab/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { parseMeminfo } from '../../../src/drivers/host/meminfo.js';

const SAMPLE = `MemTotal:       24684084 kB
MemFree:        24278264 kB
MemAvailable:   24297348 kB
Buffers:             996 kB
Cached:           165532 kB
HugePages_Total:       0
Hugepagesize:       2048 kB
`;

describe('parseMeminfo', () => {
  it('reads MemTotal and MemAvailable, whose kB are KiB', () => {
    expect(parseMeminfo(SAMPLE)).toEqual({ totalBytes: 24684084 * 1024, availableBytes: 24297348 * 1024 });
  });

  it('fails with HOST_READ_FAILED naming the missing line', () => {
    expectAppError(
      () => parseMeminfo('MemTotal: 1024 kB\nMemFree: 512 kB\n'),
      'HOST_READ_FAILED',
      '/proc/meminfo',
      'no MemAvailable line',
    );
  });
});
