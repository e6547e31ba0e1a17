/**
 * How the kernel driver runs ip, nft, sysctl and dnsmasq: argument arrays with a time-out, the
 * batch text on standard input where there is one, failures wrapped in TOOL_FAILED with the tool's
 * own words. With `netns` set every command runs inside that named network namespace
 * (`ip netns exec`), which is how the tests and benchmarks keep the host's network untouched.
 */
import { execFile } from 'node:child_process';
import { HvErrors } from '../../../errors.js';

export const COMMAND_TIMEOUT_MS = 30_000;

export interface CommandOptions {
  /** Written to the command's standard input (an `nft -f -` batch, an `ip -batch -` list). */
  input?: string;
  /** The environment of the command instead of the service's own. */
  env?: NodeJS.ProcessEnv;
}

export type RunCommand = (tool: string, args: readonly string[], options?: CommandOptions) => Promise<string>;

export function createCommandRunner(netns?: string): RunCommand {
  return (tool, args, options = {}) => {
    const [file, argv] =
      netns === undefined ? [tool, [...args]] : ['ip', ['netns', 'exec', netns, tool, ...args]];
    return new Promise((resolve, reject) => {
      const child = execFile(
        file,
        argv,
        { timeout: COMMAND_TIMEOUT_MS, maxBuffer: 256 << 20, env: options.env ?? process.env },
        (error, stdout, stderr) => {
          if (error === null) {
            resolve(stdout);
            return;
          }
          const failure = error as NodeJS.ErrnoException & { killed?: boolean };
          const reason =
            failure.code === 'ENOENT'
              ? `${file} is not installed`
              : failure.killed === true
                ? `no answer within ${COMMAND_TIMEOUT_MS} ms`
                : stderr.trim() || failure.message;
          reject(
            HvErrors.toolFailed(
              { tool, reason },
              { cause: error, details: { args: [...args], ...(netns === undefined ? {} : { netns }) } },
            ),
          );
        },
      );
      // A tool that exits without reading its input must not crash the service with EPIPE.
      child.stdin?.on('error', () => undefined);
      child.stdin?.end(options.input);
    });
  };
}
