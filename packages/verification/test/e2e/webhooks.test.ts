/**
 * Webhooks against the real server process and a real receiver on 127.0.0.1: signed deliveries
 * of a job's events in order, retries after failures, 410 disabling the webhook, redelivery, the
 * refusal of loopback targets when private targets are not allowed, and no event lost across a
 * `kill -9` of the service while deliveries are pending.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createExampleProject,
  serveVerification,
  submitJob,
  waitForJob,
  type ServiceProcess,
} from '../support/serve.js';

const gate = requireTools(['verilator']);
const SECRET = 'a-webhook-secret-of-some-length';
const SERVE_ARGS = ['--webhook-retry-base-ms', '50', '--workers', '1'];
const ALLOW_PRIVATE = { PLATFORM_WEBHOOK_ALLOW_PRIVATE: 'true' };
const JOB_EVENTS = ['job.queued', 'job.started', 'stage.completed', 'job.completed', 'job.failed'];

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  payload: Record<string, unknown> & { event: string; event_id: string };
}

interface DeliveryView {
  delivery_id: string;
  event_id: string;
  state: string;
  attempts: { number: number; status_code: number | null; latency_ms: number }[];
}

/** A webhook receiver: records every request; `answers` picks the status per path and request number. */
class Receiver {
  readonly received: Received[] = [];
  readonly answers = new Map<string, (nth: number) => number>();
  private server: Server = this.create();
  port = 0;

  private create(): Server {
    return createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const path = request.url ?? '';
        this.received.push({
          path,
          headers: request.headers,
          body,
          payload: JSON.parse(body) as Received['payload'],
        });
        const nth = this.at(path).length;
        response.writeHead(this.answers.get(path)?.(nth) ?? 200).end('received');
      });
    });
  }

  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server = this.create();
  }
}

function signatureValid(received: Received, secret: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(received.body).digest('hex')}`);
  const given = Buffer.from(String(received.headers['x-platform-signature']));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function until<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const jobEnded = (received: Received[], jobId: string) =>
  received.some(
    (r) => r.payload.job_id === jobId && ['job.completed', 'job.failed'].includes(r.payload.event),
  )
    ? true
    : undefined;

describe.skipIf(gate.skip)(`webhooks (real server)${gate.skip ? ` (skipped: ${gate.reason})` : ''}`, () => {
  let root: string;
  let dataDir: string;
  let server: ServiceProcess;
  const receiver = new Receiver();
  let pingProject: string;

  const createWebhook = async (path: string, body: Record<string, unknown> = {}) => {
    const created = await api<{ webhook_id: string }>(server.url, 'POST', '/webhooks', {
      body: {
        url: receiver.url(path),
        events: ['job.cancelled'],
        secret: SECRET,
        project_id: pingProject,
        ...body,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.webhook_id;
  };
  const deliveries = async (webhookId: string) =>
    (await api<{ deliveries: DeliveryView[] }>(server.url, 'GET', `/webhooks/${webhookId}/deliveries`)).body
      .deliveries;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'vp-webhooks-'));
    dataDir = join(root, 'data');
    await receiver.listen();
    server = await serveVerification(dataDir, SERVE_ARGS, ALLOW_PRIVATE);
    const project = await api<{ id: string }>(server.url, 'POST', '/projects', {
      body: { name: 'pings', top_module: 'top', target_pdk: 'sky130A', description: '' },
    });
    pingProject = project.body.id;
  });
  afterAll(async () => {
    await server.stop('SIGKILL');
    await receiver.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('delivers the signed events of a lint job in order', async () => {
    const project = await createExampleProject(server.url, 'lint-events', 'lint-warnings', 'byte_checksum');
    const created = await api<Record<string, unknown>>(server.url, 'POST', '/webhooks', {
      body: { url: receiver.url('/events'), events: JOB_EVENTS, secret: SECRET, project_id: project },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ url: receiver.url('/events'), events: JOB_EVENTS, active: true });
    expect(created.body.webhook_id).toMatch(/^whk_[0-9a-f]{16}$/);
    expect(created.body).not.toHaveProperty('secret');

    const jobId = await submitJob(server.url, project, { stages: ['lint'] });
    const job = await waitForJob(server.url, jobId);
    await until('the job end event', () => jobEnded(receiver.at('/events'), jobId));

    const received = receiver.at('/events');
    const ended = job.status === 'passed' ? 'job.completed' : 'job.failed';
    expect(received.map((r) => r.payload.event)).toEqual([
      'job.queued',
      'job.started',
      'stage.completed',
      ended,
    ]);
    for (const delivery of received) {
      expect(signatureValid(delivery, SECRET)).toBe(true);
      expect(delivery.headers['x-platform-event']).toBe(delivery.payload.event);
      expect(delivery.headers['x-platform-delivery']).toMatch(/^dlv_[0-9a-f]{16}$/);
      expect(delivery.headers['x-platform-timestamp']).toBe(delivery.payload.timestamp);
      expect(delivery.payload).toMatchObject({
        job_id: jobId,
        project_id: project,
        summary: { tests_passed: 0, properties_proven: 0, crypto_checks_passed: 0 },
      });
    }
    expect(received[2]?.payload.stage).toMatchObject({ name: 'lint', status: expect.any(String) });
    expect(received[3]?.payload.status).toBe(job.status);
  });

  it('refuses an unknown event with 400, naming the events there are', async () => {
    const refused = await api<{ error: { code: string; details: Record<string, unknown> } }>(
      server.url,
      'POST',
      '/webhooks',
      { body: { url: receiver.url('/x'), events: ['job.complete'], secret: SECRET } },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'events.0', suggestion: expect.stringContaining('"job.completed"') },
    });
  });

  it('retries a failing delivery with the same delivery id and records every attempt', async () => {
    receiver.answers.set('/flaky', (nth) => (nth <= 2 ? 500 : 200));
    const webhookId = await createWebhook('/flaky');
    const ping = await api<DeliveryView>(server.url, 'POST', `/webhooks/${webhookId}/ping`);
    expect(ping.status).toBe(202);

    const [delivery] = await until('the delivery to succeed', async () => {
      const list = await deliveries(webhookId);
      return list[0]?.state === 'succeeded' ? list : undefined;
    });
    expect(delivery?.attempts.map((a) => a.status_code)).toEqual([500, 500, 200]);
    expect(delivery?.attempts.every((a) => a.latency_ms >= 0)).toBe(true);
    const requests = receiver.at('/flaky');
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((r) => r.headers['x-platform-delivery']))).toEqual(
      new Set([ping.body.delivery_id]),
    );
  });

  it('redelivers the same payload under a new delivery id', async () => {
    const webhookId = await createWebhook('/again');
    const ping = await api<DeliveryView>(server.url, 'POST', `/webhooks/${webhookId}/ping`);
    await until('the ping', () => (receiver.at('/again').length === 1 ? true : undefined));
    const again = await api<DeliveryView>(
      server.url,
      'POST',
      `/webhooks/${webhookId}/deliveries/${ping.body.delivery_id}/redeliver`,
    );
    expect(again.status).toBe(202);
    expect(again.body.delivery_id).not.toBe(ping.body.delivery_id);
    expect(again.body.event_id).toBe(ping.body.event_id);
    await until('the redelivery', () => (receiver.at('/again').length === 2 ? true : undefined));
    const [first, second] = receiver.at('/again');
    expect(second?.body).toBe(first?.body);
    expect(second?.headers['x-platform-delivery']).toBe(again.body.delivery_id);
  });

  it('disables the webhook when the receiver answers 410', async () => {
    receiver.answers.set('/gone', () => 410);
    const webhookId = await createWebhook('/gone');
    await api(server.url, 'POST', `/webhooks/${webhookId}/ping`);
    const webhook = await until('the webhook to be disabled', async () => {
      const read = await api<{ active: boolean; disabled_reason: string | null }>(
        server.url,
        'GET',
        `/webhooks/${webhookId}`,
      );
      return read.body.active ? undefined : read.body;
    });
    expect(webhook.disabled_reason).toContain('410');
    expect((await deliveries(webhookId))[0]).toMatchObject({
      state: 'failed',
      attempts: [{ status_code: 410 }],
    });
    expect((await api(server.url, 'POST', `/webhooks/${webhookId}/ping`)).status).toBe(409);
  });

  it('loses no event across a kill -9 while deliveries are pending', async () => {
    const project = await createExampleProject(server.url, 'durable', 'lint-warnings', 'byte_checksum');
    await createWebhook('/durable', { events: JOB_EVENTS, project_id: project });
    await receiver.close();
    const jobId = await submitJob(server.url, project, { stages: ['lint'] });
    await waitForJob(server.url, jobId);
    await server.stop('SIGKILL');

    server = await serveVerification(dataDir, SERVE_ARGS, ALLOW_PRIVATE);
    await receiver.listen();
    await until('every event after the restart', () => jobEnded(receiver.at('/durable'), jobId));
    const events = receiver.at('/durable').map((r) => r.payload.event);
    expect(events.slice(0, 3)).toEqual(['job.queued', 'job.started', 'stage.completed']);
    expect(events).toHaveLength(4);
  });
});

describe('webhook targets without PLATFORM_WEBHOOK_ALLOW_PRIVATE (real server)', () => {
  let root: string;
  let server: ServiceProcess;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'vp-webhooks-ssrf-'));
    server = await serveVerification(join(root, 'data'), [], { PLATFORM_WEBHOOK_ALLOW_PRIVATE: 'false' });
  });
  afterAll(async () => {
    await server.stop('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  });

  it('refuses a loopback URL with 400 and the reason', async () => {
    const refused = await api<{ error: { code: string; details: { field: string; reason: string } } }>(
      server.url,
      'POST',
      '/webhooks',
      { body: { url: 'http://127.0.0.1:9/hook', events: ['job.completed'], secret: SECRET } },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('VALIDATION_ERROR');
    expect(refused.body.error.details).toMatchObject({
      field: 'url',
      reason: expect.stringContaining('loopback'),
    });
  });
});
