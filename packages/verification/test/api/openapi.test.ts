/**
 * The OpenAPI document of the whole service, as built by `buildServer`: every route, its errors
 * and the headers every answer carries, the shared schemas, the security schemes.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, parseConfig, type App, type Database } from '@lab/server-kit';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/api/server.js';
import { ServeConfigSchema } from '../../src/config.js';
import { openStore } from '../../src/store/database.js';

interface Operation {
  security?: unknown[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<
    string,
    {
      $ref?: string;
      headers?: Record<string, unknown>;
      content?: Record<string, { schema: { $ref?: string } }>;
    }
  >;
}
interface Document {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

const ROUTES = [
  'get /api/v1/health',
  'get /api/v1/projects',
  'post /api/v1/projects',
  'get /api/v1/projects/{id}',
  'put /api/v1/projects/{id}',
  'delete /api/v1/projects/{id}',
  'post /api/v1/projects/{id}/upload',
  'get /api/v1/projects/{id}/files',
  'get /api/v1/projects/{id}/files/{*}',
  'delete /api/v1/projects/{id}/files/{*}',
  'post /api/v1/projects/{id}/jobs',
  'get /api/v1/projects/{id}/jobs',
  'get /api/v1/jobs/{id}',
  'post /api/v1/jobs/{id}/cancel',
  'get /api/v1/jobs/{id}/logs',
  'get /api/v1/jobs/{id}/results',
  'get /api/v1/jobs/{id}/results/coverage',
  'get /api/v1/jobs/{id}/results/{stage}',
  'get /api/v1/jobs/{id}/artifacts',
  'get /api/v1/jobs/{id}/artifacts/{name}',
  'post /api/v1/jobs/{id}/reports',
  'get /api/v1/jobs/{id}/stream',
  'get /api/v1/tokens',
  'post /api/v1/tokens',
  'delete /api/v1/tokens/{name}',
  'post /api/v1/session',
  'get /api/v1/session',
  'delete /api/v1/session',
  'get /api/v1/webhooks',
  'post /api/v1/webhooks',
  'get /api/v1/webhooks/{id}',
  'patch /api/v1/webhooks/{id}',
  'delete /api/v1/webhooks/{id}',
  'post /api/v1/webhooks/{id}/ping',
  'get /api/v1/webhooks/{id}/deliveries',
  'post /api/v1/webhooks/{id}/deliveries/{delivery_id}/redeliver',
];

describe('the OpenAPI document', () => {
  let dir: string;
  let db: Database;
  let app: App;
  let document: Document;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vp-openapi-'));
    db = openStore(dir);
    app = await buildServer({
      db,
      logger: createLogger({ service: 'test', level: 'silent' }),
      config: parseConfig(ServeConfigSchema, { dataDir: dir }),
    });
    await app.ready();
    document = (await app.inject({ url: '/api/v1/openapi.json' })).json<Document>();
  });
  afterAll(async () => {
    await app.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is OpenAPI 3.1 and lists exactly the routes of the service', () => {
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method} ${path}`),
    );
    expect(operations.sort()).toEqual([...ROUTES].sort());
  });

  it('documents the error envelope, the request id and the rate-limit headers on every answer', () => {
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const where = `${method} ${path}`;
        for (const [status, response] of Object.entries(operation.responses)) {
          expect(Object.keys(response.headers ?? {}), `${where} ${status}`).toEqual(
            expect.arrayContaining([
              'X-Request-Id',
              'X-RateLimit-Limit',
              'X-RateLimit-Remaining',
              'X-RateLimit-Reset',
            ]),
          );
        }
        for (const range of ['4XX', '5XX']) {
          const content = operation.responses[range]?.content?.['application/json'];
          expect(content?.schema.$ref, `${where} ${range}`).toBe('#/components/schemas/ErrorEnvelope');
        }
      }
    }
  });

  it('names the shared schemas and both credentials, and marks every non-public route with them', () => {
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining([
        'ErrorEnvelope',
        'Project',
        'Job',
        'JobSubmitted',
        'Results',
        'Coverage',
        'LogEntry',
        'VerifyConfig',
      ]),
    );
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['apiKey', 'bearerAuth']);
    expect(document.paths['/api/v1/health']?.get?.security).toBeUndefined();
    expect(document.paths['/api/v1/projects']?.post?.security).toEqual([
      { bearerAuth: ['platform:write'] },
      { apiKey: ['platform:write'] },
    ]);
  });

  it('describes the upload as multipart/form-data', () => {
    const upload = document.paths['/api/v1/projects/{id}/upload']?.post;
    expect(Object.keys(upload?.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
  });

  const python = requireTools(['python3']);
  it.skipIf(python.skip)(
    `has only patterns Python's re reads as JavaScript does${python.skip ? ` (skipped: ${python.reason})` : ''}`,
    () => {
      const patterns = new Set<string>();
      const collect = (node: unknown): void => {
        if (Array.isArray(node)) node.forEach(collect);
        else if (typeof node === 'object' && node !== null) {
          for (const [key, value] of Object.entries(node)) {
            if (key === 'pattern' && typeof value === 'string') patterns.add(value);
            else collect(value);
          }
        }
      };
      collect(document);
      // The document's own patterns: project names, file paths, PDKs, identifiers, URLs, tokens.
      expect(patterns.size).toBeGreaterThan(8);
      const probes = [
        ...['', 'a', '0', 'counter', ' a', 'a ', 'a b', 'é', '😀', '計数器', 'A_b$1', '-name', 'sky130A'],
        ...[
          '\u200b',
          'a\u202eb',
          '\ufeffa',
          'a\ue000',
          'a\uffff',
          'x\u2028y',
          '\u3000',
          'a\u0001',
          'a\u0085',
        ],
        ...['rtl/counter.v', '../x', 'a//b', '/abs', 'a\\b', '.', '..', '...', 'a/./b', 'job.completed'],
        ...['http://a', 'HTTPS://a.b/c?d', 'http://u@a', 'ftp://a', 'http:///x'],
      ];
      const cases = [...patterns].map((pattern) => ({
        pattern,
        results: probes.map((probe) => new RegExp(pattern, 'u').test(probe)),
      }));
      // A closing `$` is Python's `\Z`: its `$` also matches before a final newline (schemathesis
      // reads it so too).
      const script = [
        'import json, re, sys',
        'data = json.load(sys.stdin)',
        'out = []',
        "for case in data['cases']:",
        "    p = case['pattern']",
        '    try:',
        "        r = re.compile(p[:-1] + r'\\Z' if p.endswith('$') else p)",
        '    except re.error as e:',
        "        out.append([p, 'does not compile: ' + str(e)]); continue",
        "    for probe, js in zip(data['probes'], case['results']):",
        '        if bool(r.search(probe)) != js: out.append([p, probe, js])',
        'print(json.dumps(out))',
      ].join('\n');
      const run = spawnSync('python3', ['-c', script], {
        input: JSON.stringify({ probes, cases }),
        encoding: 'utf8',
      });
      expect(run.status, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)).toEqual([]);
    },
  );
});
