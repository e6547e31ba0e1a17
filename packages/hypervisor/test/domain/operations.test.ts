import { createLogger, openDatabase, type BusEvent } from '@lab/server-kit';
import { describe, expect, it } from 'vitest';
import { createOperations, operationScopes } from '../../src/domain/operations.js';
import { HvErrors } from '../../src/errors.js';
import { createAuditLog } from '../../src/store/audit.js';
import { MIGRATIONS } from '../../src/store/database.js';
import { createEventLog } from '../../src/store/events.js';
import { createOperationRepository } from '../../src/store/operations.js';
import { createUnitOfWork } from '../../src/store/unit-of-work.js';

function setUp() {
  const db = openDatabase(':memory:', { namespace: 'hypervisor', migrations: MIGRATIONS });
  const events = createEventLog(db);
  const published: BusEvent[] = [];
  events.subscribe((event) => published.push(event));
  const repository = createOperationRepository(db);
  const operations = createOperations({
    operations: repository,
    unitOfWork: createUnitOfWork(db, events, createAuditLog(db)),
    logger: createLogger({ service: 'test', level: 'silent' }),
  });
  const kinds = () => published.map((e) => e.kind);
  return { operations, repository, published, kinds };
}

describe('operations', () => {
  it('runs the work, reports whole percents that never go back, and records the result', async () => {
    const { operations, published } = setUp();
    const started = operations.start({
      kind: 'disk.convert',
      resource: 'storage/d1',
      context: null,
      work: async (op) => {
        for (const p of [10.4, 10.9, 5, 55, 55.5, 99]) op.progress(p, { transferred: `${p}` });
        return { bytes: 42 };
      },
    });
    expect(started).toMatchObject({ status: 'running', progress: 0, kind: 'disk.convert' });
    const done = await operations.settled(started.id);
    expect(done).toMatchObject({ status: 'succeeded', progress: 100, result: { bytes: 42 }, error: null });
    expect(done.finished_at).not.toBeNull();
    const progress = published
      .filter((e) => e.kind === 'operation.progress')
      .map((e) => (e.data as { progress: number }).progress);
    expect(progress).toEqual([10, 55, 99]);
    expect(published.at(-1)).toMatchObject({
      kind: 'operation.completed',
      data: { id: started.id, status: 'succeeded', resource: 'storage/d1' },
    });
  });

  it('ends failed with the error code and message of the work', async () => {
    const { operations } = setUp();
    const op = operations.start({
      kind: 'disk.check',
      resource: 'storage/d1',
      context: null,
      work: async () => {
        throw HvErrors.toolFailed({ tool: 'qemu-img', reason: 'broken' });
      },
    });
    expect(await operations.settled(op.id)).toMatchObject({
      status: 'failed',
      error: { code: 'TOOL_FAILED', message: 'qemu-img failed: broken' },
    });
  });

  it('cancels: the work sees the abort, the operation ends cancelled; an ended one is 409', async () => {
    const { operations } = setUp();
    const op = operations.start({
      kind: 'vm.migrate',
      resource: 'vm/web1',
      context: null,
      work: (handle) =>
        new Promise<Record<string, unknown>>((_, reject) =>
          handle.signal.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    });
    expect(operations.cancel(op.id, null).status).toBe('cancelling');
    expect(await operations.settled(op.id)).toMatchObject({
      status: 'cancelled',
      error: { code: 'OPERATION_CANCELLED' },
    });
    expect(() => operations.cancel(op.id, null)).toThrow(
      expect.objectContaining({ code: 'OPERATION_NOT_RUNNING' }),
    );
    expect(() => operations.get('00000000-0000-4000-8000-000000000000')).toThrow(
      expect.objectContaining({ code: 'OPERATION_NOT_FOUND' }),
    );
  });

  it('marks what a dead process left running as failed at start', () => {
    const { operations, repository } = setUp();
    repository.insert(
      { id: 'left-over', kind: 'disk.compact', resource: 'storage/d1' },
      new Date().toISOString(),
    );
    operations.recover();
    expect(operations.get('left-over')).toMatchObject({ status: 'failed', error: { code: 'INTERRUPTED' } });
    expect(operations.list().map((o) => o.id)).toEqual(['left-over']);
  });

  it('refuses a cancel once the work is finishing, and throws a cancel that came first', async () => {
    const { operations } = setUp();
    let finish: () => void = () => undefined;
    const op = operations.start({
      kind: 'disk.rekey',
      resource: 'storage/vault',
      context: null,
      work: async (handle) => {
        handle.finishing('the old key slots are being erased');
        await new Promise<void>((resolve) => (finish = resolve));
        return { done: true };
      },
    });
    expect(() => operations.cancel(op.id, null)).toThrow(
      expect.objectContaining({
        code: 'OPERATION_NOT_CANCELLABLE',
        kind: 'conflict',
        message: `operation '${op.id}' can no longer be cancelled: the old key slots are being erased; it ends on its own shortly`,
      }),
    );
    finish();
    expect(await operations.settled(op.id)).toMatchObject({ status: 'succeeded', result: { done: true } });

    const late = operations.start({
      kind: 'disk.rekey',
      resource: 'storage/vault',
      context: null,
      work: async (handle) => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        handle.finishing('too late');
        return {};
      },
    });
    operations.cancel(late.id, null);
    expect(await operations.settled(late.id)).toMatchObject({ status: 'cancelled' });
  });
});

describe('who may follow an operation', () => {
  it('names the resource scope first, then operations:*', () => {
    expect(operationScopes('storage/d1', 'read')).toEqual(['storage:read', 'operations:read']);
    expect(operationScopes('vm/web1', 'write')).toEqual(['vm:write', 'operations:write']);
    expect(operationScopes('pqc-key/k1', 'read')).toEqual(['pqc:read', 'operations:read']);
    expect(operationScopes('elsewhere/x', 'read')).toEqual(['operations:read']);
  });

  it('lets the resource scope or operations:* read and cancel, and refuses others with the 403 envelope', async () => {
    const { operations } = setUp();
    const hold = (handle: { signal: AbortSignal }) =>
      new Promise<Record<string, unknown>>((_, reject) =>
        handle.signal.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    const disk = operations.start({
      kind: 'disk.convert',
      resource: 'storage/d1',
      context: null,
      work: hold,
    });
    const vm = operations.start({ kind: 'vm.migrate', resource: 'vm/web1', context: null, work: hold });

    expect(operations.readAs(['storage:read'], disk.id).id).toBe(disk.id);
    expect(operations.readAs(['storage:write'], disk.id).id).toBe(disk.id);
    expect(operations.readAs(['operations:read'], vm.id).id).toBe(vm.id);
    expect(operations.readAs(['admin'], vm.id).id).toBe(vm.id);
    // storage:read reads disk work, not a migration: the 403 names vm:read, and what else would do.
    expect(() => operations.readAs(['storage:read'], vm.id)).toThrow(
      expect.objectContaining({
        code: 'FORBIDDEN',
        kind: 'forbidden',
        message: "this credential lacks the scope 'vm:read'",
        details: { required_scope: 'vm:read', accepted_scopes: ['vm:read', 'operations:read'] },
      }),
    );
    // A caller who could read no operation at all is refused before the id is looked up.
    for (const id of [vm.id, '00000000-0000-4000-8000-000000000000']) {
      expect(() => operations.readAs(['system:read'], id)).toThrow(
        expect.objectContaining({
          details: { required_scope: 'operations:read', accepted_scopes: ['operations:read'] },
        }),
      );
    }
    expect(() => operations.readAs(['storage:read'], '00000000-0000-4000-8000-000000000000')).toThrow(
      expect.objectContaining({ code: 'OPERATION_NOT_FOUND' }),
    );

    // Cancelling takes the write scope of either; reading is not enough.
    expect(() => operations.cancelAs(['storage:read'], disk.id, null)).toThrow(
      expect.objectContaining({
        details: { required_scope: 'storage:write', accepted_scopes: ['storage:write', 'operations:write'] },
      }),
    );
    expect(() => operations.cancelAs(['storage:write'], vm.id, null)).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN' }),
    );
    expect(operations.cancelAs(['storage:write'], disk.id, null).status).toBe('cancelling');
    expect(operations.cancelAs(['operations:write'], vm.id, null).status).toBe('cancelling');
    expect((await operations.settled(disk.id)).status).toBe('cancelled');
    expect((await operations.settled(vm.id)).status).toBe('cancelled');
  });
});
