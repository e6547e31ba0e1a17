/**
 * The whole access matrix: every route with no token (401), a bad token (401), each scope that
 * is not enough (403), and the scopes that are (anything but 401/403). The table is checked
 * against the OpenAPI document, so a new route without a row here fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { SCOPES } from '../../src/api/scopes.js';
import { anyOperationScopes } from '../../src/domain/operations.js';
import { startTestService, type TestService } from '../support/in-process.js';
import { createToken } from '../support/socket-client.js';

const ROUTES: [method: string, path: string, scope: string | null][] = [
  ['GET', '/health', null],
  ['GET', '/vms', 'vm:read'],
  ['POST', '/vms', 'vm:write'],
  ['GET', '/vms/{name}', 'vm:read'],
  ['PATCH', '/vms/{name}', 'vm:write'],
  ['DELETE', '/vms/{name}', 'vm:write'],
  ['POST', '/vms/{name}/start', 'vm:write'],
  ['POST', '/vms/{name}/stop', 'vm:write'],
  ['POST', '/vms/{name}/pause', 'vm:write'],
  ['POST', '/vms/{name}/resume', 'vm:write'],
  ['POST', '/vms/{name}/reset', 'vm:write'],
  ['GET', '/vms/{name}/stats', 'vm:read'],
  ['POST', '/vms/{name}/clone', 'vm:write'],
  ['POST', '/vms/{name}/migrate', 'vm:write'],
  ['POST', '/vms/{name}/migrate/cancel', 'vm:write'],
  ['POST', '/vms/{name}/incoming', 'vm:write'],
  ['DELETE', '/vms/{name}/incoming', 'vm:write'],
  ['GET', '/vms/{name}/snapshots', 'vm:read'],
  ['POST', '/vms/{name}/snapshots', 'vm:write'],
  ['POST', '/vms/{name}/snapshots/{snap}/restore', 'vm:write'],
  ['DELETE', '/vms/{name}/snapshots/{snap}', 'vm:write'],
  ['GET', '/storage', 'storage:read'],
  ['POST', '/storage', 'storage:write'],
  ['GET', '/storage/{name}', 'storage:read'],
  ['PATCH', '/storage/{name}', 'storage:write'],
  ['DELETE', '/storage/{name}', 'storage:write'],
  ['POST', '/storage/{name}/convert', 'storage:write'],
  ['POST', '/storage/{name}/compact', 'storage:write'],
  ['POST', '/storage/{name}/check', 'storage:write'],
  ['POST', '/storage/{name}/rekey', 'storage:write'],
  ['GET', '/storage/pools', 'storage:read'],
  ['POST', '/storage/pools', 'storage:write'],
  ['GET', '/networks', 'network:read'],
  ['POST', '/networks', 'network:write'],
  ['GET', '/networks/{name}', 'network:read'],
  ['PATCH', '/networks/{name}', 'network:write'],
  ['DELETE', '/networks/{name}', 'network:write'],
  ['GET', '/networks/{name}/rules', 'network:read'],
  ['POST', '/networks/{name}/rules', 'network:write'],
  ['PATCH', '/networks/{name}/rules/{id}', 'network:write'],
  ['DELETE', '/networks/{name}/rules/{id}', 'network:write'],
  ['GET', '/networks/{name}/forwards', 'network:read'],
  ['POST', '/networks/{name}/forwards', 'network:write'],
  ['DELETE', '/networks/{name}/forwards/{id}', 'network:write'],
  ['GET', '/networks/{name}/dhcp', 'network:read'],
  ['GET', '/networks/{name}/tunnel', 'network:read'],
  ['POST', '/networks/{name}/tunnel/exchange', 'network:write'],
  ['GET', '/events', 'events:read'],
  ['GET', '/audit/events', 'audit:read'],
  ['GET', '/tokens', 'admin'],
  ['POST', '/tokens', 'admin'],
  ['DELETE', '/tokens/{name}', 'admin'],
  ['GET', '/system/info', 'system:read'],
  ['GET', '/system/stats', 'system:read'],
  ['GET', '/system/cc', 'system:read'],
  ['GET', '/system/iommu', 'system:read'],
  ['GET', '/system/config', 'system:read'],
  ['GET', '/pqc/status', 'pqc:read'],
  ['POST', '/pqc/self-test', 'pqc:write'],
  ['POST', '/pqc/benchmark', 'pqc:write'],
  ['GET', '/pqc/keys', 'pqc:read'],
  ['POST', '/pqc/keys', 'pqc:write'],
  ['GET', '/pqc/keys/{name}', 'pqc:read'],
  ['DELETE', '/pqc/keys/{name}', 'pqc:write'],
  ['POST', '/pqc/keys/{name}/rotate', 'pqc:write'],
  ['GET', '/pqc/keys/{name}/public', 'pqc:read'],
  ['POST', '/pqc/verify', 'pqc:read'],
  ['POST', '/vms/{name}/attest', 'pqc:write'],
  ['GET', '/operations', 'operations:read'],
  ['GET', '/operations/{id}', 'operations:read'],
  ['POST', '/operations/{id}/cancel', 'operations:write'],
];

/**
 * One operation is read or cancelled with `operations:*` or with its resource's scope (the matrix by
 * kind is test/api/operation-routes.test.ts): only a caller who may read (cancel) no operation at
 * all is refused before the request is parsed. The table names the first of the documented
 * alternatives.
 */
const BY_OPERATION = new Set(['GET /operations/{id}', 'POST /operations/{id}/cancel']);

/**
 * Bodies for granted calls whose default work takes seconds: a benchmark answers 202 at once, but
 * its operation (1 s per operation by default) would hold the one benchmark slot for the next scope.
 */
const BODIES: Record<string, object> = { 'POST /pqc/benchmark': { iterations: 1 } };

let service: TestService;
let base: string;
const tokens = new Map<string, string>();

beforeAll(async () => {
  service = await startTestService();
  base = await service.app.listen({ host: '127.0.0.1', port: 0 });
  const socket = join(service.runDir, 'api.sock');
  for (const scope of SCOPES) tokens.set(scope, await createToken(socket, [scope]));
});
afterAll(async () => service?.close());

async function status(method: string, path: string, token?: string): Promise<number> {
  const headers: Record<string, string> = token === undefined ? {} : { authorization: `Bearer ${token}` };
  const url = `/api/v1${path.replace('{name}', 'ghost').replace('{snap}', 'snap1')}`;
  if (path === '/events') {
    // A granted stream never ends: read its status over real TCP, then hang up.
    const abort = new AbortController();
    const response = await fetch(base + url, { headers, signal: abort.signal });
    abort.abort();
    return response.status;
  }
  const payload = BODIES[`${method} ${path}`];
  return (
    await service.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) })
  ).statusCode;
}

/** Scopes that grant `required`: itself, write for a read, and admin. */
function grants(scope: string, required: string): boolean {
  if (scope === 'admin' || scope === required) return true;
  const [resource, access] = required.split(':');
  return access === 'read' && scope === `${resource}:write`;
}

describe('the scope matrix', () => {
  it('documents exactly these routes, each with its scope', async () => {
    const doc = (await service.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<{
      paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
    }>();
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => [
        method.toUpperCase(),
        path.replace('/api/v1', ''),
        op.security?.[0]?.bearer?.[0] ?? null,
      ]),
    );
    expect(documented.sort()).toEqual([...ROUTES].sort());
  });

  describe.each(ROUTES.filter(([, , scope]) => scope !== null))('%s %s', (method, path, required) => {
    it('is 401 UNAUTHORIZED without a token or with a bad one', async () => {
      expect(await status(method, path)).toBe(401);
      expect(await status(method, path, 'hvt_not-a-real-token')).toBe(401);
      expect(await status(method, path, 'Basic abc')).toBe(401);
    });

    it(`is 403 FORBIDDEN for every scope that does not grant ${required}, allowed for the others`, async () => {
      for (const scope of SCOPES) {
        const code = await status(method, path, tokens.get(scope));
        const granted = BY_OPERATION.has(`${method} ${path}`)
          ? anyOperationScopes(required!.endsWith(':write') ? 'write' : 'read').some((any) =>
              grants(scope, any),
            )
          : grants(scope, required!);
        if (granted) expect([401, 403], `${scope}`).not.toContain(code);
        else expect(code, `${scope}`).toBe(403);
      }
    });
  });
});
