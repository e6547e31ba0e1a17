/**
 * Long work as operations, as Incus runs it: the handler validates, starts an operation and
 * answers 202 with it; the work runs on, reports progress, and ends succeeded, failed (with the
 * error's code and message) or cancelled. Every change is a row (readable at
 * `GET /operations/{id}`) and an event: `operation.progress` while it runs (whole percents, never
 * going back), `operation.completed` when it ends. An operation a dead process left running is
 * marked failed at start, with that reason.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from '@lab/server-kit';
import { AppError } from '@lab/server-kit/errors';
import { Nullable } from '@lab/server-kit';
import { Type, type Static } from 'typebox';
import { HvErrors } from '../errors.js';
import type { AuditContext } from '../store/audit.js';
import type { OperationRecord, OperationRepository } from '../store/operations.js';
import type { UnitOfWork } from '../store/unit-of-work.js';

export const OperationSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    kind: Type.String({ description: 'what runs: disk.convert, disk.compact, disk.check, vm.migrate, ...' }),
    resource: Type.String({ description: 'what it works on: `storage/disk1`, `vm/web1`' }),
    status: Type.Enum(['running', 'cancelling', 'succeeded', 'failed', 'cancelled']),
    progress: Type.Number({ minimum: 0, maximum: 100, description: 'percent done; never goes back' }),
    result: Nullable(
      Type.Record(Type.String(), Type.Unknown(), { description: 'what it produced, once succeeded' }),
    ),
    error: Nullable(
      Type.Object(
        { code: Type.String(), message: Type.String() },
        { description: 'why it failed or stopped' },
      ),
    ),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
    finished_at: Nullable(Type.String({ format: 'date-time' })),
  },
  { $id: 'Operation', description: 'Long-running work and its state' },
);
export type OperationView = Static<typeof OperationSchema>;

export const operationView = (op: OperationRecord): OperationView => ({
  id: op.id,
  kind: op.kind,
  resource: op.resource,
  status: op.status,
  progress: op.progress,
  result: op.result,
  error: op.error,
  created_at: op.createdAt,
  updated_at: op.updatedAt,
  finished_at: op.finishedAt,
});

/** What the work sees of its operation. */
export interface OperationHandle {
  readonly id: string;
  /** Percent done (0 to 100) and event data to add; lower or repeated whole percents are dropped. */
  progress(percent: number, data?: Record<string, unknown>): void;
  /** Aborted when the operation is cancelled: pass it to the tool (a child process, QMP job). */
  readonly signal: AbortSignal;
}

export interface OperationSpec<T extends Record<string, unknown>> {
  kind: string;
  resource: string;
  context: AuditContext | null;
  work: (op: OperationHandle) => Promise<T>;
}

export type Operations = ReturnType<typeof createOperations>;

/** Kept for listing; older finished rows stay readable by id. */
export const OPERATIONS_LISTED = 200;

export function createOperations(options: {
  operations: OperationRepository;
  unitOfWork: UnitOfWork;
  logger: Logger;
}) {
  const { operations, unitOfWork, logger } = options;
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();

  function load(id: string): OperationRecord {
    const op = operations.find(id);
    if (op === undefined) throw HvErrors.operationNotFound({ id });
    return op;
  }

  function complete(op: OperationRecord, outcome: Parameters<OperationRepository['finish']>[1]): void {
    unitOfWork((tx) => {
      operations.finish(op.id, outcome, tx.at);
      tx.emit('operation.completed', {
        id: op.id,
        kind: op.kind,
        resource: op.resource,
        status: outcome.status,
        ...(outcome.error === undefined ? {} : { error: outcome.error }),
        timestamp: tx.at,
      });
    });
  }

  return {
    /** Records the operation, starts its work and answers at once; the work goes on. */
    start<T extends Record<string, unknown>>(spec: OperationSpec<T>): OperationView {
      const id = randomUUID();
      const controller = new AbortController();
      unitOfWork((tx) => {
        operations.insert({ id, kind: spec.kind, resource: spec.resource }, tx.at);
        tx.emit('operation.started', { id, kind: spec.kind, resource: spec.resource, timestamp: tx.at });
        tx.audit(spec.context);
      });
      const op = load(id);
      // The answer shows the operation as it starts, whatever the work does before its first await.
      const view = operationView(op);
      let reported = 0;
      const handle: OperationHandle = {
        id,
        signal: controller.signal,
        progress: (percent, data = {}) => {
          const whole = Math.floor(Math.min(100, Math.max(0, percent)));
          if (whole <= reported || controller.signal.aborted) return;
          reported = whole;
          unitOfWork((tx) => {
            operations.setProgress(id, whole, tx.at);
            tx.emit('operation.progress', {
              id,
              kind: spec.kind,
              resource: spec.resource,
              progress: whole,
              ...data,
            });
          });
        },
      };
      const done = (async () => {
        try {
          const result = await spec.work(handle);
          complete(op, { status: 'succeeded', result });
        } catch (error) {
          const cancelled = controller.signal.aborted;
          const code = cancelled
            ? 'OPERATION_CANCELLED'
            : error instanceof AppError
              ? error.code
              : 'INTERNAL_ERROR';
          const message = cancelled ? 'cancelled on request' : (error as Error).message;
          if (!cancelled) logger.warn({ err: error, operation: id, kind: spec.kind }, 'operation failed');
          complete(op, { status: cancelled ? 'cancelled' : 'failed', error: { code, message } });
        } finally {
          running.delete(id);
        }
      })();
      running.set(id, { controller, done });
      return view;
    },

    get: (id: string): OperationView => operationView(load(id)),

    list: (): OperationView[] => operations.list(OPERATIONS_LISTED).map(operationView),

    /** Asks a running operation to stop; it ends `cancelled` once its work has let go. */
    cancel(id: string, context: AuditContext | null): OperationView {
      const op = load(id);
      const entry = running.get(id);
      if (entry === undefined || op.status !== 'running')
        throw HvErrors.operationNotRunning({ id, status: op.status });
      unitOfWork((tx) => {
        operations.markCancelling(id, tx.at);
        tx.audit(context);
      });
      entry.controller.abort();
      return operationView(load(id));
    },

    /** Resolves when the operation's work has ended (tests, and shutdown). */
    settled: async (id: string): Promise<OperationView> => {
      await running.get(id)?.done;
      return operationView(load(id));
    },

    /** At start: what a dead process left running failed with it. */
    recover(): void {
      for (const op of operations.unfinished()) {
        complete(op, {
          status: 'failed',
          error: { code: 'INTERRUPTED', message: 'the service stopped while the operation ran' },
        });
      }
    },

    /** At shutdown: cancels what runs and waits for it to let go. */
    async close(): Promise<void> {
      const entries = [...running.values()];
      for (const entry of entries) entry.controller.abort();
      await Promise.all(entries.map((e) => e.done));
    },
  };
}
