/**
 * The contract the client libraries are generated from and tested against, as the service states it:
 * `openApiDocument()`, what `GET /api/v1/openapi.json` serves, from the app built in-process over a
 * throw-away directory (its REST port never listens); `errorCatalogue()`, every error code the
 * service can answer with its kind, HTTP status and gRPC code, from the catalogues and the
 * transports' own kind maps (not a copy of them), sorted by code. generate-client-contract.ts writes
 * them to `openapi.json` and `clients/errors.json`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code } from '@connectrpc/connect';
import { createLogger, httpStatusFor } from '@lab/server-kit';
import { KitErrors, type ErrorKind } from '@lab/server-kit/errors';
import { grpcCodeFor } from '../src/api/grpc/status.js';
import { buildServer } from '../src/api/server.js';
import { API_PREFIX, DEFAULT_KVM_PROBE_TIMEOUT_MS } from '../src/config.js';
import { createSimulatedDriver } from '../src/drivers/simulated/simulated-driver.js';
import { HvErrors } from '../src/errors.js';
import { openStore } from '../src/store/database.js';

/** The kit's errors the service never answers: its start-up refuses them, or only its CLI raises them. */
const NOT_ANSWERED = new Set([
  'INVALID_CONFIG', // a bad flag or TLS pair stops the start
  'MIGRATION_CHANGED', // a database another version migrated stops the start
  'CONFIG_UNSAFE', // hvctl's own configuration file
  'CONFIG_INVALID',
  // A pinned peer's wrong certificate is answered as MIGRATION_DESTINATION_UNTRUSTED (or a tunnel's reason).
  'TLS_FINGERPRINT_MISMATCH',
]);

/**
 * The kinds clients name (every library has the same twelve): the kit's four kinds of a malformed
 * HTTP exchange, which a client sending what the document says never provokes, are `invalid`, a
 * caller's mistake, as their 4xx statuses say. `request_timeout` is the server waiting for the
 * request's bytes, not a client's deadline.
 */
const CLIENT_KIND: Partial<Record<ErrorKind, string>> = {
  method_not_allowed: 'invalid',
  uri_too_long: 'invalid',
  unsupported_media_type: 'invalid',
  request_timeout: 'invalid',
};

/** `Code.InvalidArgument` as gRPC's own name, `INVALID_ARGUMENT`. */
function grpcCodeName(code: Code): string {
  return Code[code].replace(/(?<=[a-z])(?=[A-Z])/g, '_').toUpperCase();
}

export function errorCatalogue(): Record<string, unknown>[] {
  const factories = [
    ...Object.values(HvErrors),
    ...Object.values(KitErrors).filter((factory) => !NOT_ANSWERED.has(factory.code)),
  ];
  const codes = factories.map((factory) => factory.code);
  const twice = codes.filter((code, i) => codes.indexOf(code) !== i);
  if (twice.length > 0) throw new Error(`error codes defined twice: ${twice.join(', ')}`);
  return factories
    .map(({ code, kind }) => ({
      code,
      kind: CLIENT_KIND[kind] ?? kind,
      service_kind: kind,
      http_status: httpStatusFor(kind),
      grpc_code: grpcCodeName(grpcCodeFor(kind)),
    }))
    .sort((a, b) => (a.code < b.code ? -1 : 1));
}

export async function openApiDocument(): Promise<unknown> {
  const dir = mkdtempSync(join(tmpdir(), 'hv-contract-'));
  const db = openStore(join(dir, 'data'));
  try {
    const app = await buildServer(
      {
        db,
        logger: createLogger({ service: 'hypervisor', level: 'silent' }),
        config: {
          host: '127.0.0.1',
          port: 0,
          grpcPort: 0,
          dataDir: join(dir, 'data'),
          runDir: join(dir, 'run'),
          logLevel: 'silent',
          accel: 'tcg',
          kvmProbeTimeoutMs: DEFAULT_KVM_PROBE_TIMEOUT_MS,
          stopTimeoutMs: 2_000,
          driver: 'simulated',
          insecureTcp: false,
        },
      },
      { driver: createSimulatedDriver() },
    );
    try {
      await app.ready();
      const response = await app.inject({ method: 'GET', url: `${API_PREFIX}/openapi.json` });
      if (response.statusCode !== 200) throw new Error(`openapi.json answered ${response.statusCode}`);
      return response.json();
    } finally {
      await app.close();
    }
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
