import { createLogger, openDatabase, type BusEvent } from '@lab/server-kit';
import { describe, expect, it } from 'vitest';
import { createOperations } from '../../src/domain/operations.js';
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
});
