/**
 * `POST /jobs/{id}/reports` refusals on the whole service in-process: what the schema refuses (400)
 * and what the job makes impossible for a well-formed request (400 too, with `details` naming the rule). Rendering itself is tested
 * on a real job in test/e2e/reports.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COUNTER } from '../support/projects.js';
import { startPlatform, type Platform } from '../support/platform.js';

let platform: Platform;
const JOB = 'job_0123456789abcdef';

/** Records a job of a new project that ran `stages` and ended with `status`, as the runner would. */
async function recordJob(status: string, stages: string[]) {
  const project = await platform.call('POST', '/projects', COUNTER);
  platform.db
    .prepare(
      `INSERT INTO jobs (id, project_id, status, stages, config_overrides, submitted_at, estimated_ms)
       VALUES (?, ?, ?, ?, '{}', '2025-01-01T00:00:00Z', 0)`,
    )
    .run(JOB, project.body.id, status, JSON.stringify(stages));
}

beforeEach(async () => {
  platform = await startPlatform();
});
afterEach(() => platform.close());

describe('report requests', () => {
  it.each([
    ['an empty stage', { include: [''] }, 'include.0'],
    ['an unknown stage', { include: ['simulaton'] }, 'include.0'],
    ['a template outside the project', { template: '../../etc/passwd' }, 'template'],
    ['a template path with a control character', { template: 'reports/\u0001.liquid' }, 'template'],
    ['an unknown format', { format: 'pdf' }, 'format'],
  ])('refuses %s with 400 naming the field, as the schema says', async (_what, body, field) => {
    await recordJob('failed', ['lint']);
    const refused = await platform.call('POST', `/jobs/${JOB}/reports`, body);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field, location: 'body' },
    });
  });

  it.each([
    ['a stage the job did not run', { include: ['formal'] }, 'include[0]'],
    ['a template with a format other than html', { format: 'json', template: 'summary' }, 'template'],
    ['a template the job’s files do not have', { template: 'reports/missing.liquid' }, 'template'],
  ])('refuses a well-formed request naming %s with 400', async (_what, body, field) => {
    await recordJob('failed', ['lint']);
    const refused = await platform.call('POST', `/jobs/${JOB}/reports`, body);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field } });
  });

  it('refuses a report of a job still running with 409, and of no job with 404', async () => {
    await recordJob('running', ['lint']);
    expect((await platform.call('POST', `/jobs/${JOB}/reports`)).status).toBe(409);
    expect((await platform.call('POST', '/jobs/job_ffffffffffffffff/reports')).status).toBe(404);
  });

  it('documents both refusals', async () => {
    await platform.app.ready();
    const responses = (platform.app.swagger() as any).paths['/api/v1/jobs/{id}/reports'].post.responses;
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(['200', '400', '404', '409']));
  });
});
