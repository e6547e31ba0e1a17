/**
 * The platform's policies against the real server process: the error statuses, authentication
 * with tokens made by `verifyctl token create` (the role matrix, both headers), the rate limits
 * and their headers, the queue bound, missing tools, the upload limit, and the WebSocket limit.
 */
import { spawnSync } from 'node:child_process';
import type { IncomingHttpHeaders } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  api,
  createProjectFrom,
  ACCUMULATOR,
  ENDLESS_SIMULATION,
  serveVerification,
  submitJob,
  VERIFYCTL,
  waitForJob,
  type ServiceProcess,
} from '../support/serve.js';

const gate = requireTools(['iverilog', 'vvp', 'verilator']);

type ErrorBody = { error: { code: string; message: string; details: Record<string, unknown> } };

function createToken(dataDir: string, name: string, role: string): string {
  const run = spawnSync(
    process.execPath,
    [VERIFYCTL, 'token', 'create', '--name', name, '--role', role, '--data-dir', dataDir],
    {
      encoding: 'utf8',
    },
  );
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.trim();
}

interface Refusal {
  status: number;
  headers: IncomingHttpHeaders;
  body: ErrorBody;
}

/**
 * Opens a stream: `opened` settles with the handshake, `refused` with the HTTP answer when the
 * server refuses the upgrade (the `ws` client's 'unexpected-response'), `closed` with the close code
 * and reason; `messages` collects what arrives.
 */
function openStream(url: string, jobId: string, headers: Record<string, string>) {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/jobs/${jobId}/stream`, { headers });
  const messages: Record<string, unknown>[] = [];
  socket.on('message', (data: Buffer) =>
    messages.push(JSON.parse(data.toString('utf8')) as Record<string, unknown>),
  );
  // The client reports a refused handshake as an error too, once the answer has been read.
  socket.on('error', () => undefined);
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString('utf8') })),
  );
  let refuse: (refusal: Refusal) => void = () => undefined;
  const refused = new Promise<Refusal>((resolve) => (refuse = resolve));
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (request, response) => {
      reject(new Error(`HTTP ${response.statusCode}`));
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        refuse({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as ErrorBody,
        });
        request.destroy();
      });
    });
  });
  opened.catch(() => undefined);
  return { socket, messages, closed, opened, refused };
}

describe.skipIf(gate.skip)(
  `API policies (real server)${gate.skip ? ` (skipped: ${gate.reason})` : ''}`,
  () => {
    let root: string;
    let dataDir: string;
    let server: ServiceProcess;
    let base: string;
    const tokens: Record<'admin' | 'developer' | 'viewer', string> = { admin: '', developer: '', viewer: '' };
    const as = (role: keyof typeof tokens) => ({ authorization: `Bearer ${tokens[role]}` });

    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), 'vp-policies-'));
      dataDir = join(root, 'data');
      // The first admin token is made on the data directory before any server runs.
      tokens.admin = createToken(dataDir, 'first-admin', 'admin');
      server = await serveVerification(
        dataDir,
        [
          '--workers',
          '1',
          '--queue-capacity',
          '1',
          '--job-submissions-per-hour',
          '4',
          '--upload-max-bytes',
          '4096',
        ],
        { PLATFORM_AUTH_ENABLED: 'true' },
      );
      base = server.url;
      for (const role of ['developer', 'viewer'] as const) {
        const created = await api<{ token: string }>(base, 'POST', '/tokens', {
          body: { name: role, role },
          headers: as('admin'),
        });
        expect(created.status).toBe(201);
        tokens[role] = created.body.token;
      }
    });
    afterAll(async () => {
      await server.stop('SIGKILL');
      rmSync(root, { recursive: true, force: true });
    });

    describe('authentication and roles', () => {
      let projectId: string;
      beforeAll(async () => {
        projectId = await createProjectFrom(base, 'auth', ACCUMULATOR, 'acc', as('developer'));
      });

      it('walks the role matrix over representative routes of each access class', async () => {
        const routes: {
          method: string;
          path: () => string;
          body?: () => unknown;
          need: 'viewer' | 'developer' | 'admin';
        }[] = [
          { method: 'GET', path: () => '/projects', need: 'viewer' },
          { method: 'GET', path: () => `/projects/${projectId}`, need: 'viewer' },
          { method: 'GET', path: () => `/projects/${projectId}/files`, need: 'viewer' },
          { method: 'GET', path: () => `/projects/${projectId}/jobs`, need: 'viewer' },
          { method: 'GET', path: () => `/projects/${projectId}/files/verify.json`, need: 'viewer' },
          { method: 'GET', path: () => '/session', need: 'viewer' },
          {
            method: 'POST',
            path: () => '/projects',
            body: () => ({
              name: `p-${Math.random()}`,
              top_module: 't',
              target_pdk: 'sky130A',
              description: '',
            }),
            need: 'developer',
          },
          {
            method: 'PUT',
            path: () => `/projects/${projectId}`,
            body: () => ({
              name: 'auth',
              top_module: 'acc',
              target_pdk: 'gf180mcuD',
              description: 'changed',
            }),
            need: 'developer',
          },
          { method: 'GET', path: () => '/tokens', need: 'admin' },
        ];
        const rank = { viewer: 0, developer: 1, admin: 2 };
        for (const route of routes) {
          const options = () => (route.body === undefined ? {} : { body: route.body() });
          const anonymous = await api<ErrorBody>(base, route.method, route.path(), options());
          expect(anonymous.status, `${route.method} ${route.path()} without a token`).toBe(401);
          expect(anonymous.body.error.code).toBe('UNAUTHORIZED');
          const forged = await api(base, route.method, route.path(), {
            ...options(),
            headers: { 'x-api-key': 'vpt_forged' },
          });
          expect(forged.status).toBe(401);
          for (const role of ['viewer', 'developer', 'admin'] as const) {
            const answer = await api<ErrorBody>(base, route.method, route.path(), {
              ...options(),
              headers: as(role),
            });
            if (rank[role] >= rank[route.need]) {
              expect(answer.status, `${role} on ${route.method} ${route.path()}`).toBeLessThan(300);
            } else {
              expect(answer.status, `${role} on ${route.method} ${route.path()}`).toBe(403);
              expect(answer.body.error).toMatchObject({
                code: 'FORBIDDEN',
                details: { role, required_role: route.need },
              });
            }
          }
        }
      });

      it('accepts the token as X-API-Key too, and keeps /health public', async () => {
        const byKey = await api(base, 'GET', '/projects', { headers: { 'x-api-key': tokens.viewer } });
        expect(byKey.status).toBe(200);
        expect((await api(base, 'GET', '/health')).status).toBe(200);
      });

      it('refuses a WebSocket stream without a credential before the upgrade', async () => {
        const stream = openStream(base, 'job_none', {});
        await expect(stream.opened).rejects.toThrow('HTTP 401');
      });
    });

    describe('errors', () => {
      it('answers an unknown job 404, an unknown stage and an unknown key 400 naming them', async () => {
        const project = await createProjectFrom(base, 'errors', ACCUMULATOR, 'acc', as('developer'));
        const missing = await api<ErrorBody>(base, 'GET', '/jobs/job_0000000000000000', {
          headers: as('viewer'),
        });
        expect(missing.status).toBe(404);
        expect(missing.body.error.code).toBe('NOT_FOUND');

        const stage = await api<ErrorBody>(base, 'POST', `/projects/${project}/jobs`, {
          body: { stages: ['simulaton'] },
          headers: as('developer'),
        });
        expect(stage.status).toBe(400);
        expect(stage.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'stages.0' } });
        expect(stage.body.error.details.suggestion).toContain('"simulation"');

        const key = await api<ErrorBody>(base, 'POST', `/projects/${project}/jobs`, {
          body: { stages: ['formal'], config_overrides: { 'formal.dept': 30 } },
          headers: as('developer'),
        });
        expect(key.status).toBe(400);
        expect(key.body.error.details).toMatchObject({ field: 'config_overrides.formal.dept' });

        const wrongType = await api<ErrorBody>(base, 'POST', `/projects/${project}/jobs`, {
          body: { stages: ['formal'], config_overrides: { 'formal.depth': 'deep' } },
          headers: as('developer'),
        });
        expect(wrongType.status).toBe(400);
        expect(wrongType.body.error.details).toMatchObject({ field: 'config_overrides.formal.depth' });
      });

      it('refuses an upload over the limit with 413 and keeps nothing of it; refuses paths that leave the project', async () => {
        const project = await createProjectFrom(base, 'uploads', ACCUMULATOR, 'acc', as('developer'));
        const before = await api<{ files: { path: string }[] }>(base, 'GET', `/projects/${project}/files`, {
          headers: as('viewer'),
        });
        const form = new FormData();
        form.append('files[]', new Blob(['module small; endmodule\n']), 'rtl/small.v');
        form.append('files[]', new Blob([Buffer.alloc(5000, 0x20)]), 'rtl/big.v');
        const tooLarge = await fetch(`${base}/projects/${project}/upload`, {
          method: 'POST',
          body: form,
          headers: as('developer'),
        });
        expect(tooLarge.status).toBe(413);
        expect(((await tooLarge.json()) as ErrorBody).error.code).toBe('PAYLOAD_TOO_LARGE');
        const after = await api<{ files: { path: string }[] }>(base, 'GET', `/projects/${project}/files`, {
          headers: as('viewer'),
        });
        expect(after.body.files).toEqual(before.body.files);

        const boundary = 'x-boundary';
        const body = [
          `--${boundary}`,
          'Content-Disposition: form-data; name="files[]"; filename="../escape.v"',
          'Content-Type: application/octet-stream',
          '',
          'module escape; endmodule',
          `--${boundary}--`,
          '',
        ].join('\r\n');
        const escape = await api<ErrorBody>(base, 'POST', `/projects/${project}/upload`, {
          headers: { ...as('developer'), 'content-type': `multipart/form-data; boundary=${boundary}` },
        });
        expect(escape.status).toBe(400);
        const raw = await fetch(`${base}/projects/${project}/upload`, {
          method: 'POST',
          body,
          headers: { ...as('developer'), 'content-type': `multipart/form-data; boundary=${boundary}` },
        });
        // A well-formed form whose file name is a path the project refuses.
        expect(raw.status).toBe(400);
        expect(((await raw.json()) as ErrorBody).error.code).toBe('VALIDATION_ERROR');

        for (const [contentType, broken] of [
          ['multipart/form-data', 'no boundary'],
          [
            `multipart/form-data; boundary=${boundary}`,
            body.replace('../escape.v', 'rtl/cut.v').slice(0, body.indexOf('module') + 6),
          ],
        ] as const) {
          const malformed = await fetch(`${base}/projects/${project}/upload`, {
            method: 'POST',
            body: broken,
            headers: { ...as('developer'), 'content-type': contentType },
          });
          expect(malformed.status).toBe(400);
          expect(((await malformed.json()) as ErrorBody).error.message).toContain(
            'multipart body is malformed',
          );
        }
      });
    });

    describe('limits', () => {
      let project: string;
      let running: string;
      beforeAll(async () => {
        project = await createProjectFrom(
          base,
          'limits',
          ACCUMULATOR,
          'acc',
          as('developer'),
          ENDLESS_SIMULATION,
        );
      });

      it('bounds the queue: with one worker busy and one job waiting, the next is 503', async () => {
        running = await submitJob(base, project, { stages: ['simulation'] }, as('developer'));
        await waitForJob(base, running, (job) => job.status === 'running', 60_000, as('viewer'));
        const waiting = await submitJob(base, project, { stages: ['simulation'] }, as('developer'));
        const refused = await api<ErrorBody>(base, 'POST', `/projects/${project}/jobs`, {
          body: { stages: ['simulation'] },
          headers: as('developer'),
        });
        expect(refused.status).toBe(503);
        expect(refused.body.error).toMatchObject({
          code: 'SERVICE_UNAVAILABLE',
          details: { queue_capacity: 1 },
        });
        const health = await api<{ queue: { depth: number }; workers: { busy: number } }>(
          base,
          'GET',
          '/health',
        );
        expect(health.body).toMatchObject({
          queue: { depth: 1, capacity: 1 },
          workers: { busy: 1, total: 1 },
        });
        expect(
          (await api(base, 'POST', `/jobs/${waiting}/cancel`, { headers: as('developer') })).status,
        ).toBe(200);
      });

      it('limits concurrent streams per user to 10: the 11th is refused in the handshake with 429 and the rate-limit headers', async () => {
        const streams = Array.from({ length: 10 }, () => openStream(base, running, as('viewer')));
        await Promise.all(streams.map((s) => s.opened));
        const eleventh = openStream(base, running, as('viewer'));
        await expect(eleventh.opened).rejects.toThrow('HTTP 429');
        const refusal = await eleventh.refused;
        expect(refusal.status).toBe(429);
        expect(refusal.headers).toMatchObject({
          'x-ratelimit-limit': '10',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': '5',
          'retry-after': '5',
        });
        expect(refusal.body).toEqual({
          error: {
            code: 'RATE_LIMITED',
            message: 'limit of 10 concurrent streams per user reached: close one first',
            details: { limit: 10, window: 'concurrent', open: 10, retry_after_seconds: 5 },
          },
        });
        expect(eleventh.messages).toEqual([]);
        // Another user still gets a stream, which replays the history first.
        const other = openStream(base, running, as('developer'));
        await other.opened;
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(other.messages.some((m) => m.type === 'log')).toBe(true);
        // A closed stream gives its slot back (once the server has seen the connection end).
        streams[0]!.socket.close();
        await streams[0]!.closed;
        let next = openStream(base, running, as('viewer'));
        for (let attempt = 1; attempt < 20; attempt++) {
          const accepted = await next.opened.then(
            () => true,
            () => false,
          );
          if (accepted) break;
          expect((await next.refused).status).toBe(429);
          await new Promise((resolve) => setTimeout(resolve, 50));
          next = openStream(base, running, as('viewer'));
        }
        await next.opened;
        // Now ten again: the next one is refused.
        const twelfth = openStream(base, running, as('viewer'));
        expect((await twelfth.refused).status).toBe(429);
        for (const stream of [...streams.slice(1), next, other]) stream.socket.close();
      });

      it('limits job submissions per project per hour, with the rate-limit headers and Retry-After', async () => {
        expect(
          (await api(base, 'POST', `/jobs/${running}/cancel`, { headers: as('developer') })).status,
        ).toBe(200);
        await waitForJob(base, running, undefined, 60_000, as('viewer'));
        // Two submissions so far this hour (the running job and the cancelled one); the 503 counted too.
        const third = await api(base, 'POST', `/projects/${project}/jobs`, {
          body: { stages: ['lint'] },
          headers: as('developer'),
        });
        expect(third.status).toBe(202);
        expect(third.headers.get('x-ratelimit-limit')).toBe('4');
        expect(third.headers.get('x-ratelimit-remaining')).toBe('0');
        const refused = await api<ErrorBody>(base, 'POST', `/projects/${project}/jobs`, {
          body: { stages: ['lint'] },
          headers: as('developer'),
        });
        expect(refused.status).toBe(429);
        expect(refused.body.error.code).toBe('RATE_LIMITED');
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
        // Another project has its own quota; every answer carries the headers.
        const other = await createProjectFrom(base, 'limits-other', ACCUMULATOR, 'acc', as('developer'));
        const allowed = await api(base, 'POST', `/projects/${other}/jobs`, {
          body: { stages: ['lint'] },
          headers: as('developer'),
        });
        expect(allowed.status).toBe(202);
        const read = await api(base, 'GET', `/projects/${other}`, { headers: as('viewer') });
        for (const header of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
          expect(read.headers.get(header)).not.toBeNull();
        }
        expect(read.headers.get('x-ratelimit-limit')).toBe('300');
      });
    });

    it('refuses a stage whose tool is missing with 503 naming it, and says so in /health', async () => {
      // A PATH that has node and nothing else.
      const bin = join(root, 'bare-bin');
      mkdirSync(bin);
      symlinkSync(process.execPath, join(bin, 'node'));
      const bare = await serveVerification(join(root, 'bare'), [], { PATH: bin });
      try {
        const health = await api<{ status: string; tools: Record<string, { available: boolean }> }>(
          bare.url,
          'GET',
          '/health',
        );
        expect(health.body.status).toBe('degraded');
        expect(health.body.tools.verilator?.available).toBe(false);
        const project = await createProjectFrom(bare.url, 'bare', ACCUMULATOR, 'acc');
        const refused = await api<ErrorBody>(bare.url, 'POST', `/projects/${project}/jobs`, {
          body: { stages: ['lint'] },
        });
        expect(refused.status).toBe(503);
        expect(refused.body.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { stage: 'lint' } });
        expect(refused.body.error.details.missing_tools).toContain('verilator');
      } finally {
        await bare.stop();
      }
    });
  },
);
