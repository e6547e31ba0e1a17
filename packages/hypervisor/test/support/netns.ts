/**
 * Network namespaces for the tests that touch the kernel's network: every bridge, tap, nftables
 * table and dnsmasq a test makes lives in a namespace the test created, so the host's own network
 * never changes. A namespace is `hvt<8 hex>`; `destroy` kills every process still inside it (a
 * daemonized dnsmasq keeps a namespace alive after `ip netns del`) and deletes it.
 */
import { execFile, spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { requireTools, type ToolGate } from '@lab/server-kit/testing';

const run = promisify(execFile);

export interface ExecResult {
  stdout: string;
  stderr: string;
}

export interface Netns {
  readonly name: string;
  /** Runs `file args` inside the namespace (argument array, no shell); rejects on a non-zero exit. */
  exec(
    file: string,
    args: readonly string[],
    options?: { input?: string; timeoutMs?: number },
  ): Promise<ExecResult>;
  /** Like exec, but resolves with the exit code instead of rejecting. */
  tryExec(
    file: string,
    args: readonly string[],
    options?: { timeoutMs?: number },
  ): Promise<ExecResult & { code: number }>;
  /** Starts a long-running process inside the namespace (e.g. the service, a server). */
  spawn(file: string, args: readonly string[], options?: SpawnOptions): ChildProcess;
  /** Kills every process inside and deletes the namespace; safe to call twice. */
  destroy(): Promise<void>;
}

/**
 * Skips (locally) or fails (CI) when namespaces cannot be made here: the tools are missing or the
 * tests do not run as root.
 */
export function netnsGate(tools: readonly string[] = []): ToolGate {
  const gate = requireTools(['ip', ...tools]);
  if (gate.skip) return gate;
  if (process.getuid?.() !== 0) {
    const reason = 'network namespaces need root';
    if (process.env.CI === 'true') throw new Error(`CI=true and ${reason}`);
    return { skip: true, reason };
  }
  return gate;
}

const EXEC_TIMEOUT_MS = 30_000;

/** A new namespace with its loopback up. */
export async function createNetns(prefix = 'hvt'): Promise<Netns> {
  const name = `${prefix}${randomBytes(4).toString('hex')}`;
  await run('ip', ['netns', 'add', name]);
  let destroyed = false;
  const netns: Netns = {
    name,
    async exec(file, args, options = {}) {
      const child = run('ip', ['netns', 'exec', name, file, ...args], {
        timeout: options.timeoutMs ?? EXEC_TIMEOUT_MS,
        maxBuffer: 64 << 20,
      });
      // Without input, stdin is closed at once, so a tool that reads it sees the end.
      child.child.stdin?.end(options.input);
      try {
        const { stdout, stderr } = await child;
        return { stdout, stderr };
      } catch (error) {
        const failure = error as Error & { stderr?: string };
        throw new Error(
          `in ${name}: ${file} ${args.join(' ')}: ${failure.stderr?.trim() || failure.message}`,
          {
            cause: error,
          },
        );
      }
    },
    async tryExec(file, args, options = {}) {
      try {
        const result = await netns.exec(file, args, options);
        return { ...result, code: 0 };
      } catch (error) {
        const failure = (error as Error).cause as { code?: number; stdout?: string; stderr?: string };
        return {
          stdout: failure.stdout ?? '',
          stderr: failure.stderr ?? '',
          code: typeof failure.code === 'number' ? failure.code : -1,
        };
      }
    },
    spawn(file, args, options = {}) {
      return spawn('ip', ['netns', 'exec', name, file, ...args], options);
    },
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      const { stdout } = await run('ip', ['netns', 'pids', name]).catch(() => ({ stdout: '' }));
      for (const pid of stdout.split('\n').filter((line) => /^\d+$/.test(line))) {
        try {
          process.kill(Number(pid), 'SIGKILL');
        } catch {
          // Gone already.
        }
      }
      await run('ip', ['netns', 'del', name]).catch(() => undefined);
    },
  };
  try {
    await netns.exec('ip', ['link', 'set', 'lo', 'up']);
  } catch (error) {
    await netns.destroy();
    throw error;
  }
  return netns;
}

/**
 * A veth pair between two namespaces: `aName` in `a`, `bName` in `b`, each brought up, with the
 * given addresses (CIDR) when there are. Tests use it to give a namespace an "outside" client, or
 * to plug a client into a bridge (`ip link set <aName> master <bridge>` afterwards).
 */
export async function connectVeth(
  a: Netns,
  aName: string,
  b: Netns,
  bName: string,
  addresses: { a?: string; b?: string } = {},
): Promise<void> {
  await a.exec('ip', ['link', 'add', aName, 'type', 'veth', 'peer', 'name', bName, 'netns', b.name]);
  await a.exec('ip', ['link', 'set', aName, 'up']);
  await b.exec('ip', ['link', 'set', bName, 'up']);
  if (addresses.a !== undefined) await a.exec('ip', ['addr', 'add', addresses.a, 'dev', aName]);
  if (addresses.b !== undefined) await b.exec('ip', ['addr', 'add', addresses.b, 'dev', bName]);
}
