/**
 * `GET /jobs/{id}/stream` before the upgrade, on the whole service in-process: the answers it
 * documents (400, 401, 403, 404, 414, 426) and the document itself. The upgrade, the messages and
 * the 429 of the stream limit run against the real server in test/e2e.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openTokenStore } from '../../src/api/auth.js';
import { READ } from '../../src/api/scopes.js';
import { COUNTER } from '../support/projects.js';
import { startPlatform, type Platform } from '../support/platform.js';

const JOB = 'job_0123456789abcdef';

let platform: Platform | undefined;
afterEach(async () => {
  await platform?.close();
  platform = undefined;
});

async function withJob(settings: Record<string, unknown> = {}): Promise<Platform> {
  platform = await startPlatform(settings);
  const admin = openTokenStore(platform.db).create({ name: 'admin', scopes: ['admin'] }).token;
  const project = await platform.call('POST', '/projects', COUNTER, { authorization: `Bearer ${admin}` });
  platform.db
    .prepare(
      `INSERT INTO jobs (id, project_id, status, stages, config_overrides, submitted_at, estimated_ms)
       VALUES (?, ?, 'passed', '["lint"]', '{}', '2025-01-01T00:00:00Z', 0)`,
    )
    .run(JOB, project.body.id);
  return platform;
}

describe('the stream route before the upgrade', () => {
  it('answers a plain GET of a job 426, with Upgrade', async () => {
    const p = await withJob();
    const plain = await p.call('GET', `/jobs/${JOB}/stream`);
    expect([plain.status, plain.body.error.code, plain.headers.upgrade]).toEqual([
      426,
      'UPGRADE_REQUIRED',
      'websocket',
    ]);
  });

  it('refuses an unknown query parameter with 400 naming it, as every route does', async () => {
    const p = await withJob();
    const refused = await p.call('GET', `/jobs/${JOB}/stream?since=3`);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'since', location: 'querystring' },
    });
  });

  it('answers 404 for an unknown job, 400 for an id over 64 characters and 414 past the router', async () => {
    const p = await withJob();
    expect((await p.call('GET', '/jobs/job_ffffffffffffffff/stream')).status).toBe(404);
    const long = await p.call('GET', `/jobs/${'j'.repeat(65)}/stream`);
    expect([long.status, long.body.error.details.field]).toEqual([400, 'id']);
    const past = await p.call('GET', `/jobs/${'j'.repeat(300)}/stream`);
    expect([past.status, past.body.error.code]).toEqual([414, 'URI_TOO_LONG']);
  });

  it('answers 401 without a valid credential and 403 with one that cannot read', async () => {
    const p = await withJob({ authEnabled: true });
    const tokens = openTokenStore(p.db);
    const reader = tokens.create({ name: 'reader', scopes: [READ.scope] }).token;
    const other = tokens.create({ name: 'other', scopes: [] }).token;
    expect((await p.call('GET', `/jobs/${JOB}/stream`)).status).toBe(401);
    const forbidden = await p.call('GET', `/jobs/${JOB}/stream`, undefined, {
      authorization: `Bearer ${other}`,
    });
    expect([forbidden.status, forbidden.body.error.details.required_scope]).toEqual([403, READ.scope]);
    const allowed = await p.call('GET', `/jobs/${JOB}/stream`, undefined, { 'x-api-key': reader });
    expect(allowed.status).toBe(426);
  });

  it('documents each of those answers with the error envelope, its credential and no query parameter', async () => {
    platform = await startPlatform();
    const operation = (platform.app.swagger() as any).paths['/api/v1/jobs/{id}/stream'].get;
    for (const status of ['400', '401', '403', '404', '414', '426', '429', '4XX', '5XX']) {
      expect(operation.responses[status]?.content['application/json'].schema.$ref, status).toBe(
        '#/components/schemas/ErrorEnvelope',
      );
    }
    expect(operation.parameters).toEqual([
      expect.objectContaining({
        in: 'path',
        name: 'id',
        required: true,
        schema: expect.objectContaining({ maxLength: 64 }),
      }),
    ]);
    expect(operation.security).toEqual([{ bearerAuth: [READ.scope] }, { apiKey: [READ.scope] }]);
  });
});
