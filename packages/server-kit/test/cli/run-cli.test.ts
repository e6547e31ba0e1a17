import { Command } from 'commander';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { defineError } from '../../src/errors.js';

const broken = defineError<{ what: string }>('BROKEN_THING', 'invalid', (p) => `${p.what} is broken`);

function programThatThrows(error: unknown): Command {
  return new Command('tool').exitOverride().action(() => {
    throw error;
  });
}

describe('runCli', () => {
  const written: string[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    written.length = 0;
    process.exitCode = undefined;
  });
  const captureStderr = () =>
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });

  it('prints a known error as one line with its code and exits with 2', async () => {
    captureStderr();
    await runCli(programThatThrows(broken({ what: 'the input' })), ['node', 'tool']);
    expect(written.join('')).toBe('tool: BROKEN_THING: the input is broken\n');
    expect(process.exitCode).toBe(2);
  });

  it('adds the explanation of a known error after its line', async () => {
    captureStderr();
    await runCli(programThatThrows(broken({ what: 'line 3' })), ['node', 'tool'], {
      explain: (e) => (e.code === 'BROKEN_THING' ? '3 | oops\n  | ^' : undefined),
    });
    expect(written.join('')).toBe('tool: BROKEN_THING: line 3 is broken\n3 | oops\n  | ^\n');
  });

  it('prints the stack of an unexpected error and exits with 1', async () => {
    captureStderr();
    await runCli(programThatThrows(new TypeError('bug')), ['node', 'tool'], { explain: () => 'never' });
    expect(written.join('')).toMatch(/^tool: TypeError: bug\n\s+at /);
    expect(written.join('')).not.toContain('never');
    expect(process.exitCode).toBe(1);
  });
});
