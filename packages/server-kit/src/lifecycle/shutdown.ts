/**
 * Graceful shutdown on SIGINT and SIGTERM: stop accepting, let in-flight requests finish,
 * close what the service opened (in order), exit 0. A second signal, or a close that takes
 * longer than the grace period, exits 1 at once.
 */
import type { Logger } from 'pino';

export interface Closeable {
  name: string;
  close(): unknown;
}

export interface ShutdownOptions {
  logger: Logger;
  /** Longest wait for in-flight work before giving up (default 10 s). */
  graceMs?: number;
  exit?: (code: number) => void;
  signals?: readonly NodeJS.Signals[];
}

export const DEFAULT_GRACE_MS = 10_000;

/** Closes each closeable in order; returns whether all closed cleanly. */
export async function closeAll(closeables: readonly Closeable[], logger: Logger): Promise<boolean> {
  let clean = true;
  for (const closeable of closeables) {
    try {
      await closeable.close();
    } catch (error) {
      clean = false;
      logger.error({ err: error }, `closing ${closeable.name} failed`);
    }
  }
  return clean;
}

export function closeOnSignals(closeables: readonly Closeable[], options: ShutdownOptions): void {
  const { logger } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
  let closing = false;

  const onSignal = (signal: NodeJS.Signals): void => {
    if (closing) {
      logger.warn({ signal }, 'second signal: exiting without waiting');
      exit(1);
      return;
    }
    closing = true;
    logger.info({ signal, grace_ms: graceMs }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error({ grace_ms: graceMs }, 'shutdown took longer than the grace period');
      exit(1);
    }, graceMs);
    timer.unref();
    void closeAll(closeables, logger).then((clean) => {
      clearTimeout(timer);
      logger.info('stopped');
      exit(clean ? 0 : 1);
    });
  };
  for (const signal of options.signals ?? ['SIGINT', 'SIGTERM']) process.on(signal, onSignal);
}
