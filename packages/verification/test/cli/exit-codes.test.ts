import { describe, expect, it } from 'vitest';
import { jobExitCode } from '../../src/cli/exit-codes.js';

const failed = (code: string) => ({
  status: 'failed' as const,
  error: { stage: 'lint', code, message: 'm' },
});

describe('the exit code of an ended job', () => {
  it('is 0 passed, 1 when verification failed, 2 for every end without a verdict', () => {
    expect(jobExitCode({ status: 'passed' })).toBe(0);
    expect(jobExitCode(failed('VERIFICATION_FAILED'))).toBe(1);
    for (const code of ['TOOL_ERROR', 'TIMEOUT', 'INTERRUPTED', 'VALIDATION_ERROR']) {
      expect(jobExitCode(failed(code)), code).toBe(2);
    }
    expect(jobExitCode({ status: 'failed' })).toBe(2);
    expect(jobExitCode({ status: 'cancelled' })).toBe(2);
    expect(jobExitCode({ status: 'running' })).toBe(2);
  });
});
