import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/in-process.js';
import { socketRequest } from '../support/socket-client.js';

let service: TestService;
let socket: string;

beforeAll(async () => {
  service = await startTestService();
  socket = join(service.runDir, 'api.sock');
});
afterAll(async () => service?.close());

describe('the Unix socket', () => {
  it('is a socket file with mode 0660 in the run directory', () => {
    const stats = statSync(socket);
    expect(stats.isSocket()).toBe(true);
    expect(stats.mode & 0o777).toBe(0o660);
  });

  it('serves the same API without a token, as the actor `socket`', async () => {
    const created = await socketRequest(socket, 'POST', '/api/v1/storage', { name: 'x', size: 'huge' });
    expect(created.status).toBe(400);
    expect(created.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'size' } });
    const listed = await socketRequest(socket, 'GET', '/api/v1/vms');
    expect(listed).toMatchObject({ status: 200, body: { vms: [] } });
    const audit = await socketRequest(socket, 'GET', '/api/v1/audit/events?actor=socket&outcome=failure');
    expect(audit.body.events[0]).toMatchObject({
      actor: 'socket',
      transport: 'socket',
      method: 'POST',
      status: 400,
      code: 'VALIDATION_ERROR',
    });
  });

  it('ignores a bearer header over the socket: the file permissions decided', async () => {
    const listed = await socketRequest(socket, 'GET', '/api/v1/vms');
    expect(listed.status).toBe(200);
  });

  it('answers unknown routes with the error envelope', async () => {
    const missing = await socketRequest(socket, 'GET', '/api/v1/nothing');
    expect(missing).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND' } } });
  });
});
