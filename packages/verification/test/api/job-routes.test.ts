/**
 * `POST /projects/{id}/jobs` on the whole service in-process: what its schema refuses (400), what
 * the project's files make impossible for a well-formed request (400 too, with `details` naming the rule), and a schema that states
 * the stages and the overridable keys as they are accepted.
 */
import { requireTools } from '@lab/server-kit/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { OVERRIDABLE_KEYS } from '../../src/domain/project-config.js';
import { STAGES } from '../../src/domain/verify-config.js';
import { COUNTER } from '../support/projects.js';
import { startPlatform, type Platform } from '../support/platform.js';

const COUNTER_V =
  'module counter(input clk, output reg [3:0] q);\n  always @(posedge clk) q <= q + 1;\nendmodule\n';

let platform: Platform | undefined;
afterEach(async () => {
  await platform?.close();
  platform = undefined;
});

async function projectWith(files: [string, string][]): Promise<{ p: Platform; id: string }> {
  platform = await startPlatform({ workers: 1 });
  const created = await platform.call('POST', '/projects', COUNTER);
  if (files.length > 0) expect((await platform.upload(created.body.id, files)).status).toBe(200);
  return { p: platform, id: created.body.id };
}

describe('job submission', () => {
  it.each([
    ['an empty stage name', { stages: [''] }, 'stages.0'],
    ['a misspelt stage', { stages: ['simulaton'] }, 'stages.0'],
    ['an unknown override key', { config_overrides: { 'formal.dept': 30 } }, 'config_overrides.formal.dept'],
    [
      'an override of the wrong type',
      { config_overrides: { 'formal.depth': 'deep' } },
      'config_overrides.formal.depth',
    ],
    [
      'an override out of range',
      { config_overrides: { 'formal.depth': 0 } },
      'config_overrides.formal.depth',
    ],
    [
      'an override outside its values',
      { config_overrides: { 'simulation.simulator': 'icars' } },
      'config_overrides.simulation.simulator',
    ],
    [
      'a list, which cannot be overridden',
      { config_overrides: { sources: 'a.v' } },
      'config_overrides.sources',
    ],
  ])('refuses %s with 400 naming the field, as its schema says', async (_what, body, field) => {
    const { p, id } = await projectWith([['rtl/counter.v', COUNTER_V]]);
    const refused = await p.call('POST', `/projects/${id}/jobs`, body);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field, location: 'body' },
    });
  });

  it.each([
    ['no design source', [['notes.txt', 'x']], {}, 'sources', 'no design sources'],
    [
      'a broken verify.json',
      [
        ['rtl/counter.v', COUNTER_V],
        ['verify.json', '{"formal": {"depth": 0}}'],
      ],
      {},
      'formal.depth',
      '',
    ],
    [
      'an override of a crypto section verify.json does not declare',
      [['rtl/counter.v', COUNTER_V]],
      { config_overrides: { 'crypto.ntt.vectors': 3 } },
      'crypto.ntt.vectors',
      'does not declare',
    ],
  ])('refuses a well-formed request with %s with 400', async (_what, files, body, field, message) => {
    const { p, id } = await projectWith(files as [string, string][]);
    const refused = await p.call('POST', `/projects/${id}/jobs`, body);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field } });
    expect(refused.body.error.message).toContain(message);
    expect(p.db.prepare('SELECT COUNT(*) AS n FROM jobs').get()).toEqual({ n: 0 });
  });

  it('refuses a job of an archived project with 409', async () => {
    const { p, id } = await projectWith([['rtl/counter.v', COUNTER_V]]);
    await p.call('PUT', `/projects/${id}`, { ...COUNTER, status: 'archived' });
    const refused = await p.call('POST', `/projects/${id}/jobs`, { stages: ['lint'] });
    expect([refused.status, refused.body.error.code]).toEqual([409, 'CONFLICT']);
  });

  const lint = requireTools(['verilator']);
  it.skipIf(lint.skip)(
    `queues a job with the overrides given and no other${lint.skip ? ` (skipped: ${lint.reason})` : ''}`,
    async () => {
      const { p, id } = await projectWith([['rtl/counter.v', COUNTER_V]]);
      const body = {
        stages: ['lint'],
        config_overrides: { 'lint.warnings_as_errors': true, 'formal.depth': 3 },
      };
      const queued = await p.call('POST', `/projects/${id}/jobs`, body);
      expect(queued.status).toBe(202);
      // The schema's properties carry no default, so the validator fills in no override of its own.
      const row = p.db.prepare('SELECT config_overrides FROM jobs WHERE id = ?').get(queued.body.job_id) as {
        config_overrides: string;
      };
      expect(JSON.parse(row.config_overrides)).toEqual(body.config_overrides);
    },
  );

  it('documents the stage names and each overridable key with its type, and no other key', async () => {
    platform = await startPlatform();
    await platform.app.ready();
    const document = platform.app.swagger() as any;
    const submit = document.paths['/api/v1/projects/{id}/jobs'].post;
    const body = submit.requestBody.content['application/json'].schema;
    expect(body.properties.stages.items.enum).toEqual([...STAGES]);
    const overrides = body.properties.config_overrides;
    expect(overrides.additionalProperties).toBe(false);
    expect(Object.keys(overrides.properties).sort()).toEqual([...OVERRIDABLE_KEYS].sort());
    expect(overrides.properties['formal.depth']).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 1000,
    });
    expect(overrides.properties['simulation.simulator'].enum).toEqual(['verilator', 'icarus']);
    for (const [key, schema] of Object.entries<Record<string, unknown>>(overrides.properties)) {
      expect(schema.default, key).toBeUndefined();
    }
    expect(Object.keys(submit.responses)).toEqual(expect.arrayContaining(['202', '400', '404', '409']));
  });
});
