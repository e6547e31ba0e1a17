/**
 * `VmService`, the spec's VM RPCs: each calls the VM core as its REST route does. StopVm waits
 * for a graceful stop's operation (REST answers 202 with it); MigrateVm follows its migration's
 * operation and progress events until it ends, and cancels it when the client goes away first.
 */
import type { Message } from '@bufbuild/protobuf';
import { BacklogOverflow, followEvents, type BusEvent } from '@lab/server-kit';
import { AppError, type ErrorKind } from '@lab/server-kit/errors';
import { Type } from 'typebox';
import type { Core } from '../../core.js';
import { eventFilter } from '../../domain/event-filter.js';
import { MigrateSchema } from '../../domain/migration-service.js';
import type { OperationView } from '../../domain/operations.js';
import { VmCreateSchema } from '../../domain/vm-definition.js';
import { vmView } from '../../domain/vm-view.js';
import { HvErrors } from '../../errors.js';
import { VmNameParams } from '../schemas.js';
import { VmEventSchema, VmService } from './gen/hypervisor/v1/vm_pb.js';
import { defineRpcService, serverStream, toMessage, unary, type RpcCall } from './rpc.js';
import { catalogueKind } from './settle.js';

const READ = { scope: 'vm:read' } as const;
const WRITE = { scope: 'vm:write' } as const;
const StopBody = Type.Object({ force: Type.Optional(Type.Boolean()) }, { additionalProperties: false });
const WatchBody = Type.Object(
  {
    kinds: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 64 })),
    vm: Type.Optional(Type.String({ maxLength: 63 })),
    after_id: Type.Optional(Type.String({ pattern: '^[0-9]{1,15}$', description: 'an event id' })),
  },
  { additionalProperties: false },
);

/**
 * A graceful stop that did not stop the VM (its operation cancelled, as REST's cancel does, or
 * failed) fails the call with the operation's error, of its catalogue kind: a cancel is a conflict.
 */
function stopEnded(op: OperationView, vm: string): AppError {
  const code = op.error?.code ?? 'INTERNAL_ERROR';
  const kind: ErrorKind = op.status === 'cancelled' ? 'conflict' : (catalogueKind(code) ?? 'internal');
  return new AppError(code, kind, op.error?.message ?? `the stop of VM '${vm}' ${op.status}`, {
    details: { vm, operation: op.id },
  });
}

function progressOf(op: OperationView, event?: BusEvent) {
  const data = (event?.data ?? {}) as { progress?: number; transferred?: string; remaining?: string };
  return {
    operation_id: op.id,
    status: op.status,
    progress: data.progress ?? op.progress,
    transferred: data.transferred ?? '',
    remaining: data.remaining ?? '',
    ...(op.error === null ? {} : { error: op.error }),
  };
}

async function* migrationProgress(core: Core, started: OperationView, call: RpcCall) {
  const ended = new AbortController();
  const settled = core.operations.settled(started.id).finally(() => ended.abort());
  const stop = AbortSignal.any([ended.signal, call.signal]);
  // The client cancelled, its deadline passed, or the service shuts down: so is the migration,
  // as REST's cancel does (unless it ended meanwhile, or is past the point it can be).
  const cancel = () => {
    if (ended.signal.aborted || core.operations.get(started.id).status !== 'running') return;
    try {
      core.operations.cancel(started.id, call.audit);
    } catch {
      // Completed or no longer cancellable in between: its end is what the operation shows.
    }
  };
  try {
    yield progressOf(started);
    for await (const event of followEvents(core.events, {
      signal: stop,
      filter: (e) =>
        e.kind === 'migration.progress' && (e.data as { operation?: unknown }).operation === started.id,
    })) {
      yield progressOf(core.operations.get(started.id), event);
    }
    cancel();
    yield progressOf(await settled);
  } finally {
    // Also when the generator is closed early (its consumer stopped pulling at a yield).
    cancel();
  }
}

/**
 * An event as its VmEvent message, made once for all the streams that carry it (a hundred watchers
 * of one event share the message, and the listener its bytes).
 */
const eventMessages = new WeakMap<BusEvent, Message>();
function eventMessage(event: BusEvent): Message {
  let message = eventMessages.get(event);
  if (message === undefined) {
    message = toMessage(VmEventSchema, { id: String(event.id), kind: event.kind, data: event.data });
    eventMessages.set(event, message);
  }
  return message;
}

export function vmRpcs(core: Core) {
  const { vms } = core;
  return defineRpcService(VmService, {
    listVms: unary({ route: 'GET /vms', access: READ }, () => ({ vms: vms.list().map(vmView) })),
    createVm: unary({ route: 'POST /vms', access: WRITE, body: VmCreateSchema }, async ({ body }, call) =>
      vmView(await vms.create(body, { ...call.audit, status: 201 })),
    ),
    getVm: unary({ route: 'GET /vms/{name}', access: READ, params: VmNameParams }, ({ params }) =>
      vmView(vms.get(params.name)),
    ),
    startVm: unary(
      { route: 'POST /vms/{name}/start', access: WRITE, params: VmNameParams },
      async ({ params }, call) => vmView(await vms.start(params.name, call.audit)),
    ),
    stopVm: unary(
      { route: 'POST /vms/{name}/stop', access: WRITE, params: VmNameParams, body: StopBody },
      async ({ params, body }, call) => {
        if (body.force === true) return vmView(await vms.forceStop(params.name, call.audit));
        const op = await vms.shutdown(params.name, { ...call.audit, status: 202 });
        const done = await core.operations.settled(op.id);
        if (done.status === 'succeeded') return done.result;
        throw stopEnded(done, params.name);
      },
    ),
    pauseVm: unary(
      { route: 'POST /vms/{name}/pause', access: WRITE, params: VmNameParams },
      async ({ params }, call) => vmView(await vms.pause(params.name, call.audit)),
    ),
    resumeVm: unary(
      { route: 'POST /vms/{name}/resume', access: WRITE, params: VmNameParams },
      async ({ params }, call) => vmView(await vms.resume(params.name, call.audit)),
    ),
    migrateVm: serverStream(
      { route: 'POST /vms/{name}/migrate', access: WRITE, params: VmNameParams, body: MigrateSchema },
      async function* ({ params, body }, call) {
        const op = await core.migrations.migrate(params.name, body, { ...call.audit, status: 202 });
        yield* migrationProgress(core, op, call);
      },
    ),
    watchVmEvents: serverStream(
      { route: 'GET /events', access: { scope: 'events:read' }, body: WatchBody },
      async function* ({ body }, call) {
        const events = followEvents(core.events, {
          ...(body.after_id === undefined ? {} : { after: Number(body.after_id) }),
          signal: call.signal,
          filter: eventFilter(body.kinds, body.vm),
        });
        try {
          for await (const event of events) yield eventMessage(event);
        } catch (error) {
          if (!(error instanceof BacklogOverflow)) throw error;
          throw HvErrors.eventsBacklogExceeded(
            { limit: error.limit, lastId: error.lastId },
            { details: { last_id: String(error.lastId), limit: error.limit } },
          );
        }
      },
    ),
  });
}
