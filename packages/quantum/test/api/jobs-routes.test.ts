/**
 * The job routes as documented: every route and each of its error statuses is in the OpenAPI
 * document, the shared schemas are components, and every reference resolves. (Their behaviour
 * is tested against a real process in server.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '@lab/server-kit';
import { inProcessApp } from './in-process.js';

interface Operation {
  summary: string;
  description: string;
  responses: Record<string, { description: string }>;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

let app: App;
let doc: OpenApi;
beforeAll(async () => {
  app = await inProcessApp();
  doc = (await app.inject({ url: '/openapi.json' })).json<OpenApi>();
});
afterAll(async () => {
  await app.close();
});

/** Every `$ref` in a JSON value. */
function refs(value: unknown): string[] {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => (k === '$ref' && typeof v === 'string' ? [v] : refs(v)));
}

describe('the OpenAPI document', () => {
  it.each([
    ['/jobs', 'post', ['201', '400', '404', '413', '422', '429', '503']],
    ['/jobs', 'get', ['200', '400']],
    ['/estimates', 'post', ['200', '400', '404', '413', '422']],
    ['/jobs/{id}', 'get', ['200', '404']],
    ['/jobs/{id}/result', 'get', ['200', '404', '409']],
    ['/jobs/{id}/cancel', 'post', ['200', '404', '409']],
    ['/jobs/{id}', 'delete', ['204', '404']],
    ['/backends', 'get', ['200']],
  ])('documents %s %s with its statuses', (path, method, statuses) => {
    const operation = doc.paths[path]?.[method];
    expect(operation, `${method} ${path}`).toBeDefined();
    expect(operation!.summary).not.toBe('');
    for (const status of statuses) expect(operation!.responses[status]?.description, status).toBeTruthy();
    expect(Object.keys(operation!.responses)).toEqual(expect.arrayContaining(['4XX', '5XX']));
  });

  it('names the error codes of each status in its description', () => {
    const post = doc.paths['/jobs']!.post!.responses;
    expect(post['400']!.description).toContain('INVALID_QASM');
    expect(post['404']!.description).toContain('BACKEND_NOT_FOUND');
    expect(post['413']!.description).toContain('PAYLOAD_TOO_LARGE');
    expect(post['422']!.description).toContain('CIRCUIT_TOO_LARGE');
    expect(post['429']!.description).toContain('TOO_MANY_JOBS');
    expect(post['503']!.description).toContain('BACKEND_UNAVAILABLE');
    expect(doc.paths['/jobs/{id}/result']!.get!.responses['409']!.description).toContain('JOB_NOT_FINISHED');
    expect(doc.paths['/jobs/{id}/cancel']!.post!.responses['409']!.description).toContain(
      'JOB_NOT_CANCELLABLE',
    );
  });

  it('states the limits in the submit route description', () => {
    const { description } = doc.paths['/jobs']!.post!;
    for (const limit of [
      '4194304 bytes',
      '1048576 characters',
      '1000000',
      '100000 operations',
      '100000 loop iterations',
      '8388608 when `memory`',
    ]) {
      expect(description).toContain(limit);
    }
  });

  it('publishes the job, result, backend and circuit schemas as components', () => {
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['Job', 'Result', 'Backend', 'Circuit', 'ErrorEnvelope']),
    );
    const body = doc.paths['/jobs']!.post!.requestBody!.content['application/json']!.schema;
    const circuit = (body.properties as Record<string, { $ref?: string }>).circuit!;
    expect(circuit.$ref).toBe('#/components/schemas/Circuit');
  });

  it('takes the job body for estimates and shows memory in requests and results', () => {
    const body = (path: string) =>
      doc.paths[path]!.post!.requestBody!.content['application/json']!.schema.properties as Record<
        string,
        unknown
      >;
    expect(body('/estimates')).toEqual(body('/jobs'));
    expect(body('/jobs').memory).toMatchObject({ type: 'boolean' });
    const result = doc.components.schemas.Result as { properties: Record<string, unknown> };
    expect(result.properties.memory).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(result.properties.counts_by_register).toMatchObject({ type: 'object' });
    const estimates = doc.paths['/estimates']!.post!.responses['200'] as unknown as {
      content: Record<string, { schema: { properties: Record<string, unknown> } }>;
    };
    expect(estimates.content['application/json']!.schema.properties.estimates).toEqual(
      result.properties.estimates,
    );
  });

  it('publishes each definition of the circuit schema once', () => {
    expect(Object.keys(doc.components.schemas).sort()).toEqual([
      'Backend',
      'Circuit',
      'Circuit-CircuitDocument',
      'Circuit-ParameterExpression',
      'ErrorEnvelope',
      'Job',
      'Result',
    ]);
  });

  it('is browsable as Swagger UI at /docs', async () => {
    const response = await app.inject({ url: '/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });

  it('resolves every reference to a component', () => {
    const names = new Set(Object.keys(doc.components.schemas).map((name) => `#/components/schemas/${name}`));
    const unresolved = refs(doc).filter((ref) => !names.has(ref));
    expect(unresolved).toEqual([]);
  });
});
