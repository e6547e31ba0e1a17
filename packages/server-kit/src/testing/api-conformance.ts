/**
 * Checks every operation a service documents, walking its own OpenAPI document, so that a route
 * added later is checked without anyone listing it: the rules the kit enforces at registration
 * (unknown query parameters refused, integers bounded, an empty body of any type taken as none,
 * 405 with `Allow` for a method a path lacks) hold on the assembled app, not only on the kit's
 * examples.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../http/app.js';
import type { ErrorEnvelope } from '../http/error-response.js';

/** The envelope of an answer, or an empty one when it succeeded. */
function errorOf(response: { statusCode: number; json: () => unknown }): Partial<ErrorEnvelope['error']> {
  return response.statusCode < 400 ? {} : (response.json() as ErrorEnvelope).error;
}

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean };
}
export interface DocumentedOperation {
  method: string;
  /** As documented, with `{param}` placeholders. */
  path: string;
  operation: Operation;
}

export interface ApiConformanceOptions {
  service: string;
  /** The whole app, ready, with the headers of a credential that every route accepts. */
  start: () => Promise<{ app: App; headers?: Record<string, string>; close: () => Promise<void> }>;
  /**
   * Operations (`POST /api/v1/pqc/benchmark`) whose body-less POST is not sent, each with the
   * reason: one that starts long work, say. Their parsing is the same as every other route's.
   */
  skipEmptyBody?: Record<string, string>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const HUGE = '10000000000000000000';
const UNKNOWN = 'conformance_unknown';

export function documentedOperations(document: {
  paths?: Record<string, Record<string, Operation>>;
}): DocumentedOperation[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, operations]) =>
    METHODS.filter((method) => operations[method] !== undefined).map((method) => ({
      method: method.toUpperCase(),
      path,
      operation: operations[method]!,
    })),
  );
}

/** A value for a path parameter that passes its schema where it can, for a resource that does not exist. */
function placeholder(schema: Schema | undefined): string {
  if (Array.isArray(schema?.enum)) return String(schema.enum[0]);
  if (schema?.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (schema?.type === 'integer' || schema?.type === 'number') return '1';
  return 'conformance-missing';
}

function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  // `{*}` is a wildcard of any depth; any other `{name}` is one segment.
  return new RegExp(`^${escaped.replaceAll('{\\*}', '.+').replace(/\{[^}]+\}/g, '[^/]+')}$`);
}

function concrete({ path, operation }: DocumentedOperation): string {
  const params = new Map(
    (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => [p.name, p.schema]),
  );
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => placeholder(params.get(name)));
}

export function describeApiConformance(options: ApiConformanceOptions): void {
  describe(`${options.service}: every documented operation`, () => {
    let app: App;
    let headers: Record<string, string>;
    let close: () => Promise<void>;
    let operations: DocumentedOperation[];

    beforeAll(async () => {
      const started = await options.start();
      ({ app, close } = started);
      headers = started.headers ?? {};
      operations = documentedOperations(app.swagger() as Parameters<typeof documentedOperations>[0]);
    });
    afterAll(() => close());

    const label = (op: DocumentedOperation) => `${op.method} ${op.path}`;

    it('refuses an unknown query parameter with 400, naming it', async () => {
      // Fastify checks a body before the query string: a route that needs a body names that first.
      for (const op of operations.filter((o) => o.operation.requestBody?.required !== true)) {
        const url = `${concrete(op)}?${UNKNOWN}=1`;
        const response = await app.inject({ method: op.method as 'GET', url, headers });
        expect(response.statusCode, label(op)).toBe(400);
        expect(errorOf(response).details, label(op)).toMatchObject({
          field: UNKNOWN,
          location: 'querystring',
        });
      }
    });

    it('documents a maximum for every integer query parameter and answers 400 past it', async () => {
      const integers = operations.flatMap((op) =>
        (op.operation.parameters ?? [])
          .filter((p) => p.in === 'query' && (p.schema?.type === 'integer' || p.schema?.type === 'number'))
          .map((p) => ({ op, parameter: p })),
      );
      for (const { op, parameter } of integers) {
        const where = `${label(op)} ?${parameter.name}`;
        expect(parameter.schema?.maximum ?? parameter.schema?.exclusiveMaximum, where).toBeTypeOf('number');
        const url = `${concrete(op)}?${parameter.name}=${HUGE}`;
        const response = await app.inject({ method: op.method as 'GET', url, headers });
        expect(response.statusCode, where).toBe(400);
        expect(errorOf(response).details?.field, where).toBe(parameter.name);
      }
    });

    it('documents no parameter that has a default as required', () => {
      for (const op of operations) {
        for (const parameter of op.operation.parameters ?? []) {
          const required = (parameter as { required?: boolean }).required === true;
          expect(required && parameter.schema?.default !== undefined, `${label(op)} ${parameter.name}`).toBe(
            false,
          );
        }
      }
    });

    it('answers a body-less POST sent as an empty form as if no body were sent', async () => {
      const bodyless = operations.filter(
        (op) =>
          op.method === 'POST' &&
          op.operation.requestBody?.required !== true &&
          options.skipEmptyBody?.[label(op)] === undefined,
      );
      for (const op of bodyless) {
        const url = concrete(op);
        const none = await app.inject({ method: 'POST', url, headers });
        const form = await app.inject({
          method: 'POST',
          url,
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          payload: '',
        });
        expect(form.statusCode, label(op)).not.toBe(415);
        if (op.path.includes('{')) {
          // The resource does not exist: both are the same refusal, after parsing.
          expect([form.statusCode, errorOf(form).code], label(op)).toEqual([
            none.statusCode,
            errorOf(none).code,
          ]);
        }
      }
    });

    it('answers a method a path does not have with 405 and the methods it has in Allow', async () => {
      const byPath = new Map<string, DocumentedOperation[]>();
      for (const op of operations) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
      for (const [path, ops] of byPath) {
        const documented = ops.map((op) => op.method);
        const url = concrete(ops[0]!);
        // A method another documented path answers for this URL (DELETE /storage/pools is
        // DELETE /storage/{name}) is not missing here.
        const routedElsewhere = (method: string) =>
          operations.some((op) => op.method === method && pathPattern(op.path).test(url));
        const missing = ['DELETE', 'PUT', 'PATCH', 'POST', 'GET', 'QUERY'].find(
          (m) => !documented.includes(m) && !routedElsewhere(m),
        );
        if (missing === undefined) continue;
        const response = await app.inject({ method: missing as 'GET', url, headers });
        // The most specific documented path names the resource: /storage/pools, not /storage/{name}.
        const matching = operations.filter((op) => pathPattern(op.path).test(url));
        const params = (op: DocumentedOperation) => op.path.split('{').length - 1;
        const fewest = Math.min(...matching.map(params));
        const answered = new Set(matching.filter((op) => params(op) === fewest).map((op) => op.method));
        if (answered.has('GET')) answered.add('HEAD');
        const allowed = [...answered].sort();
        expect(response.statusCode, `${missing} ${path}`).toBe(405);
        expect(response.headers.allow, `${missing} ${path}`).toBe(allowed.join(', '));
      }
    });
  });
}
