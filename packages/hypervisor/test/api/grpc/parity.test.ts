/**
 * REST and gRPC offer the same functionality: every REST route (from the OpenAPI document) has
 * its RPC, and every RPC its REST route, as the mapping table in docs/hypervisor-grpc.md says; an
 * RPC declares the route it mirrors and the same access rule, and the table agrees with both.
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, type Access } from '@lab/server-kit';
import { mappingRows, type MappingRow } from '../../../clients/conformance/conformance.js';
import { rpcServices } from '../../../src/api/grpc/services.js';
import { createCore, type Core } from '../../../src/core.js';
import { createSimulatedDriver } from '../../../src/drivers/simulated/simulated-driver.js';
import { openStore } from '../../../src/store/database.js';
import { startTestService, testServeConfig, type TestService } from '../../support/in-process.js';

const TABLE = join(import.meta.dirname, '../../../../../docs/hypervisor-grpc.md');
/** Served by the standard health protocol, not by a service of the API's own. */
const STANDARD = new Map([['GET /health', 'grpc.health.v1.Health/Check']]);

/** The mapping tables' rows: the parser the client libraries' conformance table shares. */
const tableRows = (): MappingRow[] => mappingRows(readFileSync(TABLE, 'utf8'));

const scopesOf = (access: Access): string[] =>
  access === 'public' ? [] : 'scope' in access ? [access.scope] : [...access.anyOf];

let service: TestService;
let core: Core;
let dir: string;
const restRoutes = new Map<string, string[]>();
const rpcs = new Map<string, { route: string; scopes: string[] }>();

beforeAll(async () => {
  service = await startTestService();
  const doc = service.app.swagger() as {
    paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
  };
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const scopes = (operation.security ?? []).flatMap((requirement) => Object.values(requirement).flat());
      restRoutes.set(`${method.toUpperCase()} ${path.replace(/^\/api\/v1/, '')}`, [...new Set(scopes)]);
    }
  }
  dir = mkdtempSync(join(tmpdir(), 'hv-parity-'));
  const config = testServeConfig(dir);
  core = await createCore(
    { db: openStore(config.dataDir), logger: createLogger({ service: 'parity', level: 'silent' }), config },
    { driver: createSimulatedDriver() },
  );
  for (const { service: descriptor, rpcs: definitions } of rpcServices(core)) {
    for (const [localName, definition] of Object.entries(definitions)) {
      const method = descriptor.methods.find((m) => m.localName === localName);
      rpcs.set(`${descriptor.typeName}/${method?.name ?? localName}`, {
        route: definition.route,
        scopes: scopesOf(definition.access),
      });
    }
  }
});

afterAll(async () => {
  await core.close();
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('REST and gRPC parity', () => {
  it('maps every REST route to an RPC in the table, once', () => {
    const mapped = tableRows().map((row) => row.route);
    const missing = [...restRoutes.keys()].filter((route) => !mapped.includes(route) && !STANDARD.has(route));
    expect(missing, 'REST routes without an RPC in docs/hypervisor-grpc.md').toEqual([]);
    const unknown = mapped.filter((route) => !restRoutes.has(route));
    expect(unknown, 'rows naming no REST route').toEqual([]);
    expect(mapped.length, 'a route mapped twice').toBe(new Set(mapped).size);
  });

  it('serves every RPC of the table, and the table names every RPC served', () => {
    const tabled = tableRows().map((row) => row.rpc);
    expect(
      [...rpcs.keys()].filter((rpc) => !tabled.includes(rpc)),
      'RPCs missing from the table',
    ).toEqual([]);
    expect(
      tabled.filter((rpc) => !rpcs.has(rpc)),
      'rows naming no RPC served',
    ).toEqual([]);
  });

  it("gives each RPC its row's route and the route's scopes", () => {
    for (const row of tableRows()) {
      const rpc = rpcs.get(row.rpc);
      expect(rpc?.route, row.rpc).toBe(row.route);
      expect(new Set(rpc?.scopes), `${row.rpc} scopes`).toEqual(new Set(restRoutes.get(row.route)));
      expect(new Set(row.scopes), `${row.rpc} scopes in the table`).toEqual(
        new Set(restRoutes.get(row.route)),
      );
    }
  });
});
