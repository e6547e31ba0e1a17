import { EventEmitter } from 'node:events';
import { AppError } from '@lab/server-kit/errors';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/cli/client.js';
import { followOperation, outcomeOf } from '../../src/cli/operations.js';
import type { OperationView } from '../../src/domain/operations.js';

const base: OperationView = {
  id: 'op-1',
  kind: 'disk.convert',
  resource: 'storage/d1',
  status: 'running',
  progress: 0,
  result: null,
  error: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  finished_at: null,
};

/**
 * A client whose GETs answer `states` one after the other, recording every request; a cancel
 * answers `cancelling`, or is refused with `refusal`.
 */
function fakeClient(states: Partial<OperationView>[], refusal?: AppError) {
  const requests: string[] = [];
  let next = 0;
  const client = {
    socketPath: 'test.sock',
    request: async (method: string, path: string) => {
      requests.push(`${method} ${path}`);
      if (method === 'POST' && refusal !== undefined) throw refusal;
      if (method === 'POST') return { ...base, status: 'cancelling' };
      const state = states[Math.min(next, states.length - 1)];
      next += 1;
      return { ...base, ...state };
    },
  } as unknown as ApiClient;
  return { client, requests };
}

function terminal() {
  const out: string[] = [];
  return { out, stream: { isTTY: true, write: (text: string) => out.push(text) } };
}

describe('followOperation', () => {
  it('polls until the operation ends, drawing its progress, and resolves with it', async () => {
    const { client, requests } = fakeClient([
      { progress: 40 },
      { progress: 80 },
      { status: 'succeeded', progress: 100, result: { target: 'd2' } },
    ]);
    const { out, stream } = terminal();
    const ended = await followOperation(client, base, 'converting', { intervalMs: 1, stream });
    expect(ended).toMatchObject({ status: 'succeeded', result: { target: 'd2' } });
    expect(requests).toEqual(Array(3).fill('GET /operations/op-1'));
    expect(out.filter((line) => line.includes('%')).map((line) => /(\d+)%/.exec(line)![1])).toEqual([
      '0',
      '40',
      '80',
      '100',
    ]);
    expect(out.at(-1)).toBe('\r\x1b[K');
  });

  it("throws a failed operation's error with its code; a validation error is the caller's", async () => {
    const failed = fakeClient([
      { status: 'failed', error: { code: 'TOOL_FAILED', message: 'qemu-img failed: no space' } },
    ]);
    await expect(
      followOperation(failed.client, base, 'x', { intervalMs: 1, stream: terminal().stream }),
    ).rejects.toMatchObject({ code: 'TOOL_FAILED', kind: 'internal', message: 'qemu-img failed: no space' });
    const refused = fakeClient([
      { status: 'failed', error: { code: 'VALIDATION_ERROR', message: 'secret: does not unlock' } },
    ]);
    await expect(
      followOperation(refused.client, base, 'x', { intervalMs: 1, stream: terminal().stream }),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR', kind: 'invalid' });
  });

  it('asks the service to cancel on Ctrl-C and waits for the operation to end', async () => {
    const { client, requests } = fakeClient([
      { progress: 10 },
      { progress: 10 },
      { status: 'cancelled', error: { code: 'OPERATION_CANCELLED', message: 'cancelled on request' } },
    ]);
    const interrupts = new EventEmitter();
    const { out, stream } = terminal();
    const following = followOperation(client, base, 'x', {
      intervalMs: 5,
      stream,
      interrupts: interrupts as unknown as NodeJS.Process,
    });
    interrupts.emit('SIGINT');
    await expect(following).rejects.toMatchObject({ code: 'OPERATION_CANCELLED' });
    expect(requests).toContain('POST /operations/op-1/cancel');
    expect(out.join('')).toContain('cancelling operation op-1');
    expect(interrupts.listenerCount('SIGINT')).toBe(0);
  });

  it('draws a spinner with the seconds elapsed for work that reports no progress', async () => {
    const { client } = fakeClient([
      {},
      {},
      {},
      { status: 'succeeded', progress: 100, result: { version: 1 } },
    ]);
    const { out, stream } = terminal();
    const ended = await followOperation(client, base, 'generating key', {
      intervalMs: 200,
      stream,
      spinner: true,
    });
    expect(ended.result).toEqual({ version: 1 });
    const drawn = out.filter((line) => line.includes('generating key'));
    expect(drawn.length).toBeGreaterThan(0);
    for (const line of drawn) {
      expect(line.startsWith('\r')).toBe(true);
      expect(line.endsWith(' generating key 0 s\x1b[K')).toBe(true);
    }
    expect(out.some((line) => line.includes('%'))).toBe(false);
    expect(out.at(-1)).toBe('\r\x1b[K');
  });

  it('says why the service refused a cancel, and waits for the end', async () => {
    const refusal = new AppError(
      'OPERATION_NOT_CANCELLABLE',
      'conflict',
      "operation 'op-1' can no longer be cancelled: QEMU saves; it ends on its own shortly",
    );
    const { client } = fakeClient(
      [{}, {}, { status: 'succeeded', progress: 100, result: { name: 's' } }],
      refusal,
    );
    const interrupts = new EventEmitter();
    const { out, stream } = terminal();
    const following = followOperation(client, base, 'x', {
      intervalMs: 5,
      stream,
      interrupts: interrupts as unknown as NodeJS.Process,
    });
    interrupts.emit('SIGINT');
    expect((await following).result).toEqual({ name: 's' });
    expect(out.join('')).toContain(
      "operation 'op-1' can no longer be cancelled: QEMU saves; it ends on its own shortly " +
        '(Ctrl-C again leaves without waiting)\n',
    );
  });
});

describe('outcomeOf', () => {
  const answering = (status: number, body: unknown) => {
    const { client, requests } = fakeClient([
      { status: 'succeeded', progress: 100, result: { state: 'STOPPED' } },
    ]);
    const posted: unknown[] = [];
    const withStatus = {
      ...client,
      requestWithStatus: async (method: string, path: string, sent: unknown) => {
        requests.push(`${method} ${path}`);
        posted.push(sent);
        return { status, body };
      },
    } as unknown as ApiClient;
    return { client: withStatus, requests, posted };
  };

  it('is the answer itself when the request did the work at once', async () => {
    const { client, requests, posted } = answering(200, { name: 'web1', state: 'STOPPED' });
    expect(await outcomeOf(client, '/vms/web1/stop', { force: true }, 'x')).toEqual({
      name: 'web1',
      state: 'STOPPED',
    });
    expect(requests).toEqual(['POST /vms/web1/stop']);
    expect(posted).toEqual([{ force: true }]);
  });

  it("is the operation's result, followed to its end, when the answer was 202", async () => {
    const { client, requests } = answering(202, base);
    expect(
      await outcomeOf(client, '/vms/web1/stop', {}, 'x', { intervalMs: 1, stream: terminal().stream }),
    ).toEqual({ state: 'STOPPED' });
    expect(requests).toEqual(['POST /vms/web1/stop', 'GET /operations/op-1']);
  });
});
