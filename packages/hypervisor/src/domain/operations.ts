/**
 * Long work as operations, as Incus runs it: the handler validates, starts an operation and
 * answers 202 with it; the work runs on, reports progress, and ends succeeded, failed (with the
 * error's code and message) or cancelled. Every change is a row (readable at
 * `GET /operations/{id}`) and an event: `operation.progress` while it runs (whole percents, never
 * going back), `operation.completed` when it ends. An operation a dead process left running is
 * marked failed at start, with that reason.
 *
 * Who may follow an operation: whoever may read the resource it works on (a disk image's with
 * `storage:read`, a VM's with `vm:read`, a PQC key's, a self-test's or a benchmark's with
 * `pqc:read`), or `operations:read`; cancelling takes the write scope of either. `readAs` and
 * `cancelAs` apply that rule, which depends on the operation's resource and so cannot be a route's
 * single scope.
 */
import { randomUUID } from 'node:crypto';
import { hasScope, Nullable, type Logger } from '@lab/server-kit';
import { AppError, KitErrors } from '@lab/server-kit/errors';
import { Type, type Static } from 'typebox';
import { HvErrors } from '../errors.js';
import type { AuditContext } from '../store/audit.js';
import type { OperationRecord, OperationRepository } from '../store/operations.js';
import type { UnitOfWork } from '../store/unit-of-work.js';

export const OperationSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    kind: Type.String({
      description:
        'what runs: disk.convert, disk.compact, disk.check, disk.rekey, vm.migrate, vm.clone, ' +
        'vm.snapshot_create, vm.snapshot_restore, vm.stop, pqc.key_create, pqc.key_rotate, ' +
        'pqc.self_test, pqc.benchmark',
    }),
    resource: Type.String({
      description:
        'what it works on (its scope reads it): `storage/disk1`, `vm/web1`, `pqc-key/k1`, `pqc/self-test`',
    }),
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
  /**
   * From here on the work runs to its end, since stopping it would leave things half done (Incus's
   * `mayCancel`): throws the cancel's reason when one came first; later cancels are refused with
   * 409 OPERATION_NOT_CANCELLABLE and `reason`.
   */
  finishing(reason: string): void;
}

export interface OperationSpec<T extends Record<string, unknown>> {
  kind: string;
  resource: string;
  context: AuditContext | null;
  work: (op: OperationHandle) => Promise<T>;
}

export type Operations = ReturnType<typeof createOperations>;

export type OperationAccess = 'read' | 'write';

/** The scope resource whose read or write grants access to the operations on a resource kind. */
const RESOURCE_SCOPES: Readonly<Record<string, string>> = {
  storage: 'storage',
  vm: 'vm',
  'pqc-key': 'pqc',
  pqc: 'pqc',
};
const RESOURCE_SCOPE_NAMES = [...new Set(Object.values(RESOURCE_SCOPES))];

/** Every scope that grants `access` to some operation: `operations:<access>` first. */
export function anyOperationScopes(access: OperationAccess): [string, ...string[]] {
  return [`operations:${access}`, ...RESOURCE_SCOPE_NAMES.map((resource) => `${resource}:${access}`)];
}

/** The scopes that grant `access` to an operation on `resource` (`storage/disk1`), narrowest first. */
export function operationScopes(resource: string, access: OperationAccess): string[] {
  const own = RESOURCE_SCOPES[resource.split('/')[0] ?? ''];
  return [...(own === undefined ? [] : [`${own}:${access}`]), `operations:${access}`];
}

/**
 * The least a caller needs to reach any one operation: a scope that reads some. Checked before an
 * id is looked up (and by the routes before the request is parsed, as the kit checks scopes), so
 * an id tells a caller without one nothing about what exists.
 */
export function assertMayReadOperations(scopes: readonly string[], access: OperationAccess): void {
  if (!anyOperationScopes('read').some((scope) => hasScope(scopes, scope)))
    throw forbidden(access, [`operations:${access}`]);
}

/** The kit's 403, naming the narrowest scope that would have been enough and every one that is. */
function forbidden(access: OperationAccess, accepted: readonly string[]): AppError {
  const required = accepted[0] ?? `operations:${access}`;
  return KitErrors.forbidden(
    { scope: required },
    { details: { required_scope: required, accepted_scopes: [...accepted] } },
  );
}

/** Kept for listing; older finished rows stay readable by id. */
export const OPERATIONS_LISTED = 200;

export function createOperations(options: {
  operations: OperationRepository;
  unitOfWork: UnitOfWork;
  logger: Logger;
}) {
  const { operations, unitOfWork, logger } = options;
  const running = new Map<
    string,
    { controller: AbortController; done: Promise<void>; uncancellable: string | null }
  >();

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

  function cancel(id: string, context: AuditContext | null): OperationView {
    const op = load(id);
    const entry = running.get(id);
    if (entry === undefined || op.status !== 'running')
      throw HvErrors.operationNotRunning({ id, status: op.status });
    if (entry.uncancellable !== null)
      throw HvErrors.operationNotCancellable({ id, reason: entry.uncancellable });
    unitOfWork((tx) => {
      operations.markCancelling(id, tx.at);
      tx.audit(context);
    });
    entry.controller.abort();
    return operationView(load(id));
  }

  /** The operation, when `scopes` grant `access` to it. */
  function authorize(scopes: readonly string[], id: string, access: OperationAccess): OperationRecord {
    assertMayReadOperations(scopes, access);
    const op = load(id);
    const accepted = operationScopes(op.resource, access);
    if (!accepted.some((scope) => hasScope(scopes, scope))) throw forbidden(access, accepted);
    return op;
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
      const entry = { controller, done: Promise.resolve(), uncancellable: null as string | null };
      running.set(id, entry);
      const handle: OperationHandle = {
        id,
        signal: controller.signal,
        finishing: (reason) => {
          controller.signal.throwIfAborted();
          entry.uncancellable = reason;
        },
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
      entry.done = (async () => {
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
      return view;
    },

    get: (id: string): OperationView => operationView(load(id)),

    list: (): OperationView[] => operations.list(OPERATIONS_LISTED).map(operationView),

    /** Asks a running operation to stop; it ends `cancelled` once its work has let go. */
    cancel,

    /** `get` for a caller holding `scopes`, under the access rule above. */
    readAs(scopes: readonly string[], id: string): OperationView {
      return operationView(authorize(scopes, id, 'read'));
    },

    /** `cancel` for a caller holding `scopes`, under the access rule above. */
    cancelAs(scopes: readonly string[], id: string, context: AuditContext | null): OperationView {
      authorize(scopes, id, 'write');
      return cancel(id, context);
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
