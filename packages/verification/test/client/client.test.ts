/**
 * The SDK against the real platform (in-process, listening on loopback, authentication on, the
 * real tools): each namespace's calls with the token of each role, and the typed errors.
 */
import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformClient, PlatformError } from '../../src/client/index.js';
import { exampleFiles, listeningPlatform, type ListeningPlatform } from './platform-client.js';

let at: ListeningPlatform;
beforeAll(async () => {
  at = await listeningPlatform();
});
afterAll(async () => at?.close());

/** The PlatformError a call rejects with. */
async function failure(call: Promise<unknown>): Promise<PlatformError> {
  const error = await call.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
}

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
    sockets.forEach((socket) => socket.destroy());
    silent.close();
  });
});
