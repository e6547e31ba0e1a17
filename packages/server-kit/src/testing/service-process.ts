/**
 * Runs a service's real CLI binary (`hvctl serve --port 0 ...`) as a child process and finds
 * its address in the structured log, for end-to-end tests against a real server process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface ServiceProcess {
  /** Base URL including the API prefix, as logged by the service. */
  url: string;
  child: ChildProcess;
  /** Every log line so far, parsed. */
  logs: Record<string, unknown>[];
  /** Sends `signal` (SIGTERM by default) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface ServiceProcessOptions {
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  /**
   * A command the service runs under, e.g. `['ip', 'netns', 'exec', NS]` to start it inside a
   * network namespace. It must exec the service in its own process (as `ip netns exec` does), so
   * that signals sent to `child` reach the service.
   */
  prefix?: readonly string[];
}

export async function startServiceProcess(
  bin: string,
  args: readonly string[],
  options: ServiceProcessOptions = {},
): Promise<ServiceProcess> {
  const [command, ...prefixArgs] = [...(options.prefix ?? []), process.execPath];
  const child = spawn(command ?? process.execPath, [...prefixArgs, bin, ...args], {
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  const stderr: string[] = [];
  createInterface({ input: child.stderr }).on('line', (line) => stderr.push(line));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${bin} did not log a URL within ${options.timeoutMs ?? 15_000} ms`));
    }, options.timeoutMs ?? 15_000);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${bin} exited with ${code} before listening: ${stderr.join('\n')}`));
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        return;
      }
      logs.push(entry);
      // The HTTP API's line: a service may log other listeners (gRPC) before it.
      if (
        typeof entry.url === 'string' &&
        /^https?:/.test(entry.url) &&
        String(entry.msg).endsWith('listening')
      ) {
        clearTimeout(timer);
        resolve(entry.url);
      }
    });
  });

  return {
    url,
    child,
    logs,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
