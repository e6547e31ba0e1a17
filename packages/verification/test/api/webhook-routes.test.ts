/**
 * The webhook routes' contract on the whole service in-process: events and URLs the schema
 * refuses (400), well-formed requests the target policy or a missing project refuses (400 too, with the reason).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LIFECYCLE_EVENTS } from '../../src/domain/job-events.js';
import { startPlatform, type Platform } from '../support/platform.js';

const SECRET = 's'.repeat(16);

let platform: Platform | undefined;
afterEach(async () => {
  await platform?.close();
  platform = undefined;
});

describe('webhook routes', () => {
  it.each([
    ['an empty event', { events: [''] }, 'events.0'],
    ['a misspelt event', { events: ['job.complete'] }, 'events.0'],
    ['a URL that is no URL', { url: '0' }, 'url'],
    ['a URL of another scheme', { url: 'ftp://example.com/hook' }, 'url'],
    ['a URL with credentials', { url: 'https://user:pw@example.com/hook' }, 'url'],
    ['a URL without a host', { url: 'http:///hook' }, 'url'],
  ])('refuses %s with 400 naming the field, on create and on change', async (_what, fields, field) => {
    platform = await startPlatform({ webhookAllowPrivate: true });
    const body = { url: 'http://127.0.0.1:9/hook', events: ['job.completed'], secret: SECRET, ...fields };
    const refused = await platform.call('POST', '/webhooks', body);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field } });
    const created = await platform.call('POST', '/webhooks', {
      url: 'http://127.0.0.1:9/hook',
      events: ['job.completed'],
      secret: SECRET,
    });
    expect(created.status).toBe(201);
    const changed = await platform.call('PATCH', `/webhooks/${created.body.webhook_id}`, fields);
    expect(changed.status).toBe(400);
    expect(changed.body.error.details.field).toBe(field);
  });

  it('refuses a well-formed URL on a private address, and a project that does not exist, with 400', async () => {
    platform = await startPlatform();
    const body = { url: 'http://127.0.0.1:9/hook', events: ['job.completed'], secret: SECRET };
    const loopback = await platform.call('POST', '/webhooks', body);
    expect(loopback.status).toBe(400);
    expect(loopback.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'url', reason: expect.stringContaining('loopback') },
    });
    const unknown = await platform.call('POST', '/webhooks', {
      ...body,
      url: 'http://93.184.215.14/hook',
      project_id: 'prj_0000000000000000',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details.field).toBe('project_id');
  });

  it('accepts an http or https URL in any case of its scheme, with a port, path and query', async () => {
    platform = await startPlatform({ webhookAllowPrivate: true });
    for (const url of ['HTTP://127.0.0.1:9', 'https://[::1]:8443/a/b?c=d#e', 'http://localhost/x']) {
      const created = await platform.call('POST', '/webhooks', {
        url,
        events: ['job.queued'],
        secret: SECRET,
      });
      expect(created.status, url).toBe(201);
      expect(created.body.url).toBe(url);
    }
  });

  it('documents the events as their names and the URL as its format and pattern', async () => {
    platform = await startPlatform();
    await platform.app.ready();
    const document = platform.app.swagger() as any;
    const create = document.paths['/api/v1/webhooks'].post;
    const body = create.requestBody.content['application/json'].schema;
    expect(body.properties.events.items.enum).toEqual([...LIFECYCLE_EVENTS]);
    expect(body.properties.url).toMatchObject({ format: 'uri', pattern: expect.stringMatching(/^\^/) });
    expect(document.components.schemas.Webhook.properties.events.items.enum).toEqual([...LIFECYCLE_EVENTS]);
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['201', '400']));
  });
});
