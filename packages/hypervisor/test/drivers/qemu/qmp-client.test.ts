/**
 * The QMP client against a small QMP-speaking server on a real Unix socket: the greeting and
 * capabilities negotiation, replies matched by id, QMP errors, events, time-outs, disconnects.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectQmp, type QmpEvent } from '../../../src/drivers/qemu/qmp-client.js';
import { expectAppErrorAsync } from '@lab/server-kit/testing';

const GREETING = {
  QMP: {
    version: { qemu: { major: 7, minor: 2, micro: 22 }, package: 'Debian 1:7.2' },
    capabilities: ['oob'],
  },
};

interface Command {
  execute: string;
  id: number;
}

/** What the fake QEMU does with each command after qmp_capabilities; `undefined`: no answer. */
type Handler = (command: Command, client: Socket) => unknown;

let dir: string;
let path: string;
let server: Server;
let received: Command[];
let clients: Socket[];

function send(client: Socket, message: unknown): void {
  // QEMU ends its lines with CRLF.
  client.write(`${JSON.stringify(message)}\r\n`);
}

function serve(handler: Handler, greeting: unknown = GREETING): Promise<void> {
  server = createServer((client) => {
    clients.push(client);
    send(client, greeting);
    let buffered = '';
    client.on('data', (chunk) => {
      buffered += chunk.toString();
      for (let newline = buffered.indexOf('\n'); newline >= 0; newline = buffered.indexOf('\n')) {
        const command = JSON.parse(buffered.slice(0, newline)) as Command;
        buffered = buffered.slice(newline + 1);
        received.push(command);
        if (command.execute === 'qmp_capabilities') send(client, { return: {}, id: command.id });
        else {
          const reply = handler(command, client);
          if (reply !== undefined) send(client, { ...(reply as object), id: command.id });
        }
      }
    });
    client.on('error', () => undefined);
  });
  return new Promise((resolve) => server.listen(path, resolve));
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'hv-qmp-'));
  path = join(dir, 'qmp.sock');
  received = [];
  clients = [];
});

afterEach(async () => {
  for (const client of clients) client.destroy();
  await new Promise((resolve) => server?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('connectQmp', () => {
  it('reads the greeting and negotiates capabilities before anything else', async () => {
    await serve(() => ({ return: {} }));
    const qmp = await connectQmp(path, { vm: 'web1' });
    expect(qmp.greeting).toEqual(GREETING);
    expect(received.map((c) => c.execute)).toEqual(['qmp_capabilities']);
    qmp.close();
  });

  it('fails with DRIVER_ERROR when nothing listens on the socket', async () => {
    const error = await expectAppErrorAsync(
      connectQmp(join(dir, 'missing.sock'), { vm: 'web1' }),
      'DRIVER_ERROR',
      "connect of VM 'web1' failed",
      'ENOENT',
    );
    expect(error.cause).toBeInstanceOf(Error);
  });

  it('fails when no greeting comes in time', async () => {
    server = createServer((client) => clients.push(client));
    await new Promise<void>((resolve) => server.listen(path, resolve));
    await expectAppErrorAsync(
      connectQmp(path, { vm: 'web1', timeoutMs: 100 }),
      'DRIVER_ERROR',
      'no QMP greeting',
    );
  });

  it('fails when the server closes before its greeting', async () => {
    server = createServer((client) => client.destroy());
    await new Promise<void>((resolve) => server.listen(path, resolve));
    await expectAppErrorAsync(connectQmp(path, { vm: 'web1' }), 'DRIVER_ERROR', 'before its greeting');
  });
});

describe('execute', () => {
  it('matches replies to commands by id, whatever their order, with their typed values', async () => {
    let held: { command: Command; client: Socket } | undefined;
    await serve((command, client) => {
      if (command.execute === 'query-blockstats') {
        held = { command, client };
        return undefined;
      }
      // The status reply goes out first, then the one held back from the earlier command.
      if (held !== undefined) {
        send(client, { return: { running: true, status: 'running' }, id: command.id });
        send(held.client, { return: [{ device: '', stats: { rd_operations: 3 } }], id: held.command.id });
      }
      return undefined;
    });
    const qmp = await connectQmp(path, { vm: 'web1' });
    const stats = qmp.execute('query-blockstats');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const status = qmp.execute('query-status');
    expect(await status).toEqual({ running: true, status: 'running' });
    expect((await stats)[0]?.stats.rd_operations).toBe(3);
    const ids = received.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    qmp.close();
  });

  it('turns a QMP error into DRIVER_ERROR keeping its class and description', async () => {
    await serve(() => ({ error: { class: 'GenericError', desc: 'Guest has not initialized the display' } }));
    const qmp = await connectQmp(path, { vm: 'web1' });
    const error = await expectAppErrorAsync(
      qmp.execute('system_powerdown'),
      'DRIVER_ERROR',
      "system_powerdown of VM 'web1' failed: GenericError: Guest has not initialized the display",
    );
    expect(error.details).toEqual({
      qmpClass: 'GenericError',
      qmpDesc: 'Guest has not initialized the display',
    });
    expect(error.cause).toEqual({ class: 'GenericError', desc: 'Guest has not initialized the display' });
    // The connection stays usable after an error.
    expect(qmp.closed).toBe(false);
    qmp.close();
  });

  it('gives up on a command after its time-out, and ignores the late reply', async () => {
    let late: (() => void) | undefined;
    await serve((command, client) => {
      late = () => send(client, { return: {}, id: command.id });
      return undefined;
    });
    const qmp = await connectQmp(path, { vm: 'web1', timeoutMs: 2_000 });
    await expectAppErrorAsync(
      qmp.execute('stop', { timeoutMs: 50 }),
      'DRIVER_ERROR',
      'did not answer within 50 ms',
    );
    late?.();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(qmp.closed).toBe(false);
    qmp.close();
  });
});

describe('events and the end of the connection', () => {
  it('delivers asynchronous events to every listener, between replies', async () => {
    await serve((_command, client) => {
      send(client, {
        event: 'STOP',
        timestamp: { seconds: 1, microseconds: 2 },
      });
      send(client, {
        event: 'SHUTDOWN',
        data: { guest: true, reason: 'guest-shutdown' },
        timestamp: { seconds: 3, microseconds: 4 },
      });
      return { return: {} };
    });
    const qmp = await connectQmp(path, { vm: 'web1' });
    const first: QmpEvent[] = [];
    const second: string[] = [];
    qmp.onEvent((event) => first.push(event));
    qmp.onEvent((event) => second.push(event.event));
    await qmp.execute('stop');
    expect(first).toEqual([
      { event: 'STOP', data: {}, timestamp: { seconds: 1, microseconds: 2 } },
      {
        event: 'SHUTDOWN',
        data: { guest: true, reason: 'guest-shutdown' },
        timestamp: { seconds: 3, microseconds: 4 },
      },
    ]);
    expect(second).toEqual(['STOP', 'SHUTDOWN']);
    qmp.close();
  });

  it('fails pending commands and tells the close listeners when QEMU goes away', async () => {
    await serve((_command, client) => {
      client.end();
      return undefined;
    });
    const qmp = await connectQmp(path, { vm: 'web1' });
    const closes: unknown[] = [];
    qmp.onClose((error) => closes.push(error));
    await expectAppErrorAsync(qmp.execute('quit'), 'DRIVER_ERROR', 'closed before the reply');
    expect(qmp.closed).toBe(true);
    expect(closes).toEqual([undefined]);
    await expectAppErrorAsync(qmp.execute('query-status'), 'DRIVER_ERROR', 'connection is closed');
    // A listener added after the end still hears of it.
    qmp.onClose((error) => closes.push(error));
    expect(closes).toEqual([undefined, undefined]);
  });

  it('closes with an error when QEMU sends a line that is not JSON', async () => {
    await serve((_command, client) => {
      client.write('this is not json\r\n');
      return undefined;
    });
    const qmp = await connectQmp(path, { vm: 'web1' });
    const closed = new Promise((resolve) => qmp.onClose(resolve));
    await expectAppErrorAsync(qmp.execute('query-status'), 'DRIVER_ERROR', 'not JSON: this is not json');
    expect(await closed).toMatchObject({ code: 'DRIVER_ERROR' });
  });

  it('lets go of the socket on close, and QEMU sees the client leave', async () => {
    await serve(() => ({ return: {} }));
    const qmp = await connectQmp(path, { vm: 'web1' });
    const left = new Promise((resolve) => clients[0]?.on('close', resolve));
    qmp.close();
    await left;
    expect(qmp.closed).toBe(true);
  });
});
