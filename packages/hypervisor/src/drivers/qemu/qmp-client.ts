/**
 * A client of QMP, QEMU's JSON machine protocol, over the VM's Unix socket. On connect QEMU sends
 * a greeting; the client answers `qmp_capabilities` to leave negotiation mode. Then each command
 * goes out as one JSON line with an `id`, and the reply with that id settles it; lines without
 * an id are asynchronous events (STOP, RESUME, RESET, SHUTDOWN, ...) and go to the listeners.
 * QMP errors become DRIVER_ERROR with QEMU's `class` and `desc` in the details; every command has
 * a time-out; when the socket ends, pending commands fail and the close listeners run once.
 */
import { createConnection } from 'node:net';
import type { AppError } from '@lab/server-kit/errors';
import { HvErrors } from '../../errors.js';

export const QMP_TIMEOUT_MS = 10_000;

export interface QmpGreeting {
  QMP: {
    version: { qemu: { major: number; minor: number; micro: number }; package: string };
    capabilities: string[];
  };
}

export interface QmpEvent {
  event: string;
  data: Record<string, unknown>;
  timestamp: { seconds: number; microseconds: number };
}

/** `query-status`: `status` is QEMU's run state (`running`, `paused`, `internal-error`, ...). */
export interface QmpStatus {
  running: boolean;
  status: string;
}

/** The counters of one block device in `query-blockstats` (the ones the driver reads). */
export interface QmpBlockStats {
  device: string;
  'node-name'?: string;
  qdev?: string;
  stats: { rd_operations: number; wr_operations: number; rd_bytes: number; wr_bytes: number };
}

/** One job of `query-jobs` (a snapshot job, a block job): `error` is set when it concluded failing. */
export interface QmpJob {
  id: string;
  type: string;
  status: string;
  'current-progress': number;
  'total-progress': number;
  error?: string;
}

/**
 * `query-migrate`, the fields the driver reads. On a source: `status` and, once under way, `ram`
 * and the times; on a destination waiting with `-incoming defer`, the address it listens on.
 */
export interface QmpMigrationInfo {
  status?: string;
  'total-time'?: number;
  downtime?: number;
  'setup-time'?: number;
  'error-desc'?: string;
  ram?: { transferred: number; remaining: number; total: number; mbps: number };
  'socket-address'?: { type: string; host?: string; port?: string }[];
}

type Empty = Record<string, never>;

/** The commands this client sends, each with the type of its reply. */
export interface QmpCommands {
  qmp_capabilities: Empty;
  stop: Empty;
  cont: Empty;
  system_reset: Empty;
  system_powerdown: Empty;
  quit: Empty;
  'query-status': QmpStatus;
  'query-blockstats': QmpBlockStats[];
  'query-jobs': QmpJob[];
  'job-dismiss': Empty;
  'snapshot-save': Empty;
  'snapshot-load': Empty;
  'snapshot-delete': Empty;
  transaction: Empty;
  'migrate-set-parameters': Empty;
  'migrate-set-capabilities': Empty;
  'migrate-incoming': Empty;
  migrate: Empty;
  migrate_cancel: Empty;
  'query-migrate': QmpMigrationInfo;
  'object-add': Empty;
  'object-del': Empty;
}

export type QmpCommand = keyof QmpCommands;

export interface QmpExecuteOptions {
  /** The command's `arguments` object, when it takes any. */
  arguments?: Record<string, unknown>;
  timeoutMs?: number;
}

export interface QmpClient {
  readonly greeting: QmpGreeting;
  /** True once the socket has ended, by either side. */
  readonly closed: boolean;
  execute<C extends QmpCommand>(command: C, options?: QmpExecuteOptions): Promise<QmpCommands[C]>;
  onEvent(listener: (event: QmpEvent) => void): void;
  /** Runs once when the socket ends; `error` when it ended on a failure rather than an EOF. */
  onClose(listener: (error: AppError | undefined) => void): void;
  /** Ends the connection; QEMU keeps running and accepts the next client. */
  close(): void;
}

export interface QmpConnectOptions {
  /** The VM's name, for error messages. */
  vm: string;
  /** For the connection, the greeting and each command unless it says otherwise. */
  timeoutMs?: number;
}

interface Pending {
  command: string;
  resolve: (value: unknown) => void;
  reject: (error: AppError) => void;
  timer: NodeJS.Timeout;
}

interface QmpMessage {
  QMP?: QmpGreeting['QMP'];
  return?: unknown;
  error?: { class: string; desc: string };
  event?: string;
  data?: Record<string, unknown>;
  timestamp?: QmpEvent['timestamp'];
  id?: unknown;
}

/** Connects, reads the greeting and negotiates capabilities; resolves with a ready client. */
export async function connectQmp(path: string, options: QmpConnectOptions): Promise<QmpClient> {
  const { vm } = options;
  const timeoutMs = options.timeoutMs ?? QMP_TIMEOUT_MS;
  const fail = (action: string, reason: string, cause?: unknown): AppError =>
    HvErrors.driverFailed({ vm, action, reason }, { cause, details: { qmpSocket: path } });

  const socket = createConnection(path);
  socket.setEncoding('utf8');
  const pending = new Map<number, Pending>();
  const eventListeners: ((event: QmpEvent) => void)[] = [];
  const closeListeners: ((error: AppError | undefined) => void)[] = [];
  let greeted: ((greeting: QmpGreeting) => void) | undefined;
  let nextId = 1;
  let ready = false;
  let closed = false;
  let buffered = '';
  let closeError: AppError | undefined;

  const shutDown = (error: AppError | undefined): void => {
    if (closed) return;
    closed = true;
    closeError = error;
    for (const [id, entry] of pending) {
      clearTimeout(entry.timer);
      pending.delete(id);
      entry.reject(
        error === undefined
          ? fail(entry.command, 'the QMP connection closed before the reply')
          : fail(entry.command, `the QMP connection failed: ${error.message}`, error),
      );
    }
    for (const listener of closeListeners) listener(error);
  };

  const dispatch = (message: QmpMessage): void => {
    if (message.QMP !== undefined) {
      greeted?.({ QMP: message.QMP });
      return;
    }
    if (message.event !== undefined) {
      const event: QmpEvent = {
        event: message.event,
        data: message.data ?? {},
        timestamp: message.timestamp ?? { seconds: 0, microseconds: 0 },
      };
      for (const listener of eventListeners) listener(event);
      return;
    }
    // A reply without a known id answers a command that already timed out: nobody waits for it.
    const entry = typeof message.id === 'number' ? pending.get(message.id) : undefined;
    if (entry === undefined) return;
    pending.delete(message.id as number);
    clearTimeout(entry.timer);
    if (message.error !== undefined) {
      entry.reject(
        HvErrors.driverFailed(
          { vm, action: entry.command, reason: `${message.error.class}: ${message.error.desc}` },
          { cause: message.error, details: { qmpClass: message.error.class, qmpDesc: message.error.desc } },
        ),
      );
    } else {
      entry.resolve(message.return ?? {});
    }
  };

  socket.on('data', (chunk: string) => {
    buffered += chunk;
    let newline = buffered.indexOf('\n');
    while (newline >= 0) {
      const line = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      newline = buffered.indexOf('\n');
      if (line === '') continue;
      let message: QmpMessage;
      try {
        message = JSON.parse(line) as QmpMessage;
      } catch (error) {
        socket.destroy(fail('read', `QEMU sent a line that is not JSON: ${line.slice(0, 200)}`, error));
        return;
      }
      dispatch(message);
    }
  });
  socket.on('error', (error: NodeJS.ErrnoException) => {
    shutDown(
      HvErrors.driverFailed.is(error)
        ? error
        : fail(ready ? 'QMP I/O' : 'connect', `QMP socket ${path}: ${error.message}`, error),
    );
  });
  socket.on('close', () => shutDown(undefined));

  const execute = <C extends QmpCommand>(
    command: C,
    options?: QmpExecuteOptions,
  ): Promise<QmpCommands[C]> => {
    if (closed) return Promise.reject(fail(command, 'the QMP connection is closed', closeError));
    const id = nextId++;
    const limit = options?.timeoutMs ?? timeoutMs;
    return new Promise<QmpCommands[C]>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(fail(command, `QEMU did not answer within ${limit} ms`));
      }, limit);
      pending.set(id, { command, resolve: resolve as (value: unknown) => void, reject, timer });
      const args = options?.arguments;
      socket.write(
        `${JSON.stringify({ execute: command, ...(args === undefined ? {} : { arguments: args }), id })}\n`,
      );
    });
  };

  const greeting = await new Promise<QmpGreeting>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.destroy();
      reject(fail('connect', `no QMP greeting within ${timeoutMs} ms`));
    }, timeoutMs);
    greeted = (value) => {
      clearTimeout(timer);
      resolve(value);
    };
    closeListeners.push((error) => {
      clearTimeout(timer);
      reject(error ?? fail('connect', 'QEMU closed the QMP socket before its greeting'));
    });
  });
  closeListeners.length = 0;
  try {
    await execute('qmp_capabilities');
  } catch (error) {
    socket.destroy();
    throw error;
  }
  ready = true;

  return {
    greeting,
    get closed() {
      return closed;
    },
    execute,
    onEvent: (listener) => {
      eventListeners.push(listener);
    },
    onClose: (listener) => {
      if (closed) listener(closeError);
      else closeListeners.push(listener);
    },
    close: () => socket.destroy(),
  };
}
