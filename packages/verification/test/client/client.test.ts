/**
 * The SDK against the real platform (in-process, listening on loopback, authentication on, the
 * real tools): each namespace's calls with the token of each role, and the typed errors.
 */
import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformClient } from '../../src/client/index.js';
import { exampleFiles, failure, listeningPlatform, type ListeningPlatform } from './platform-client.js';

let at: ListeningPlatform;
beforeAll(async () => {
  at = await listeningPlatform();
});
afterAll(async () => at?.close());

describe('projects', () => {
  it('creates, reads, lists, updates, uploads with progress, lists files, deletes a file and the project', async () => {
    const client = at.client('developer');
    const project = await client.projects.create({
      name: 'sdk-counter',
      top_module: 'counter',
      target_pdk: 'sky130A',
      description: 'from the SDK',
    });
    expect(project).toMatchObject({ name: 'sdk-counter', status: 'created' });
    expect(await client.projects.get(project.id)).toEqual(project);
    expect((await client.projects.list({ per_page: 100 })).projects.map((p) => p.id)).toContain(project.id);
    const updated = await client.projects.update(project.id, {
      name: 'sdk-counter',
      top_module: 'counter',
      target_pdk: 'sky130A',
      description: 'changed',
    });
    expect(updated.description).toBe('changed');

    const files = exampleFiles('counter');
    const progress: { bytesSent: number; totalBytes: number }[] = [];
    const uploaded = await client.projects.upload(project.id, files, { onProgress: (p) => progress.push(p) });
    expect(uploaded.files.sort()).toEqual(files.map((f) => f.path).sort());
    expect(progress.length).toBeGreaterThan(0);
    const last = progress.at(-1)!;
    expect(last.bytesSent).toBe(last.totalBytes);
    expect(progress.every((p, i) => i === 0 || p.bytesSent > progress[i - 1]!.bytesSent)).toBe(true);

    const source = await client.projects.readFile(project.id, 'rtl/counter.sv');
    expect(source.contentType).toBe('text/plain; charset=utf-8');
    const original = files.find((f) => f.path === 'rtl/counter.sv')!.content as Uint8Array;
    expect(Buffer.from(source.data)).toEqual(Buffer.from(original));
    expect((await client.projects.list({ q: 'SDK-COUNT' })).projects.map((p) => p.id)).toEqual([project.id]);

    await client.projects.deleteFile(project.id, 'rtl/counter.sv');
    expect((await client.projects.files(project.id)).files.map((f) => f.path)).not.toContain(
      'rtl/counter.sv',
    );
    await client.projects.delete(project.id);
    expect((await failure(client.projects.get(project.id))).code).toBe('NOT_FOUND');
  });
});

describe('typed errors', () => {
  it('404 NOT_FOUND, 403 FORBIDDEN for a viewer, 401 for a bad token, 400 VALIDATION_ERROR with the field', async () => {
    const missing = await failure(at.client('viewer').projects.get('prj_ffffffffffffffff'));
    expect([missing.status, missing.code]).toEqual([404, 'NOT_FOUND']);

    const forbidden = await failure(
      at.client('viewer').projects.create({ name: 'nope', top_module: 'x', target_pdk: 'sky130A' }),
    );
    expect([forbidden.status, forbidden.code]).toEqual([403, 'FORBIDDEN']);
    expect(forbidden.details).toMatchObject({ role: 'viewer', required_role: 'developer' });

    const bad = await failure(new PlatformClient({ url: at.url, token: 'vpt_not-a-token' }).projects.list());
    expect([bad.status, bad.code]).toEqual([401, 'UNAUTHORIZED']);

    const invalid = await failure(at.client('developer').projects.list({ per_page: 0 }));
    expect([invalid.status, invalid.code, invalid.details.field]).toEqual([
      400,
      'VALIDATION_ERROR',
      'per_page',
    ]);
  });

  it('UNREACHABLE on a closed port, with status 0', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const error = await failure(new PlatformClient({ url: `http://127.0.0.1:${port}` }).health());
    expect([error.status, error.code, error.details.reason]).toEqual([0, 'UNREACHABLE', 'ECONNREFUSED']);
  });

  it('TIMEOUT past timeoutMs, on a server that accepts and never answers', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const started = Date.now();
    const error = await failure(
      new PlatformClient({ url: `http://127.0.0.1:${port}`, timeoutMs: 200 }).health(),
    );
    expect([error.status, error.code]).toEqual([0, 'TIMEOUT']);
    expect(Date.now() - started).toBeLessThan(2000);
    // A stream's handshake has the same time-out.
    const stream = await failure(
      new PlatformClient({ url: `http://127.0.0.1:${port}`, timeoutMs: 200 }).jobs.stream('job_0', {
        onMessage: () => undefined,
      }),
    );
    expect([stream.status, stream.code]).toEqual([0, 'TIMEOUT']);
    sockets.forEach((socket) => socket.destroy());
    silent.close();
  });

  it("refuses a stream's handshake with the envelope's error: 401 for a bad token", async () => {
    const refused = await failure(
      new PlatformClient({ url: at.url, token: 'vpt_not-a-token' }).jobs.stream('job_ffffffffffffffff', {
        onMessage: () => undefined,
      }),
    );
    expect([refused.status, refused.code]).toEqual([401, 'UNAUTHORIZED']);
  });
});

describe('webhooks, tokens and health', () => {
  it('registers a webhook, reads, lists, updates, pings, lists and redelivers deliveries, deletes', async () => {
    const admin = at.client('admin');
    // A receiver where nothing listens: deliveries stay queued or fail, which is all this reads.
    const hook = await admin.webhooks.create({
      url: 'http://127.0.0.1:9/verify',
      events: ['job.completed'],
      secret: 'a-secret-of-sixteen-chars',
    });
    expect(hook).toMatchObject({ events: ['job.completed'], active: true });
    expect(await admin.webhooks.get(hook.webhook_id)).toEqual(hook);
    expect((await admin.webhooks.list()).webhooks.map((w) => w.webhook_id)).toContain(hook.webhook_id);
    const events = ['job.completed', 'job.failed'] as const;
    expect((await admin.webhooks.update(hook.webhook_id, { events: [...events] })).events).toEqual(events);
    const ping = await admin.webhooks.ping(hook.webhook_id);
    expect(ping.event).toBe('ping');
    const deliveries = await admin.webhooks.deliveries(hook.webhook_id, { per_page: 10 });
    expect(deliveries.deliveries.map((d) => d.delivery_id)).toContain(ping.delivery_id);
    const again = await admin.webhooks.redeliver(hook.webhook_id, ping.delivery_id);
    expect(again).toMatchObject({ redelivery_of: ping.delivery_id, event_id: ping.event_id });
    const denied = await failure(at.client('developer').webhooks.list());
    expect([denied.status, denied.code]).toEqual([403, 'FORBIDDEN']);
    await admin.webhooks.delete(hook.webhook_id);
    expect((await failure(admin.webhooks.get(hook.webhook_id))).code).toBe('NOT_FOUND');
  });

  it('creates a token that works, lists it, revokes it; health needs no credential', async () => {
    const admin = at.client('admin');
    const created = await admin.tokens.create({ name: 'sdk-made', role: 'viewer' });
    expect(created).toMatchObject({ name: 'sdk-made', role: 'viewer' });
    const made = new PlatformClient({ url: at.url, token: created.token });
    expect((await made.projects.list()).projects).toBeInstanceOf(Array);
    expect((await admin.tokens.list()).tokens.map((t) => t.name)).toContain('sdk-made');
    await admin.tokens.revoke('sdk-made');
    expect((await failure(made.projects.list())).status).toBe(401);
    expect((await at.client(null).health()).status).toMatch(/ok|degraded/);
  });

  it('opens a session with a token, reads it with the cookie, and closes it', async () => {
    const developer = at.client('developer');
    expect(await developer.session.get()).toMatchObject({ role: 'developer', csrf_token: null });
    const opened = await at.client(null).session.open(at.tokens.developer);
    expect(opened.cookie).toMatch(/^vp_session=/);
    expect(opened.session).toMatchObject({ auth_enabled: true, role: 'developer' });
    const byCookie = await fetch(`${at.url}/api/v1/session`, { headers: { cookie: opened.cookie } });
    expect(((await byCookie.json()) as { csrf_token: string }).csrf_token).toBe(opened.session.csrf_token);
    await at.client(null).session.close(opened);
    expect((await fetch(`${at.url}/api/v1/session`, { headers: { cookie: opened.cookie } })).status).toBe(
      401,
    );
  });
});
