/**
 * The checked-in contract files the client libraries are generated from (scripts/client-contract.ts,
 * written by `npm run generate -w packages/hypervisor`) are what the service states now: a route,
 * schema or error code changed without regenerating them fails here, not in a client's suite.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorCatalogue, openApiDocument } from '../../scripts/client-contract.js';
import { HvErrors } from '../../src/errors.js';

const read = (path: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8'));

const CLIENT_KINDS = [
  'invalid',
  'unauthenticated',
  'forbidden',
  'not_found',
  'already_exists',
  'conflict',
  'too_large',
  'rate_limited',
  'headers_too_large',
  'unprocessable',
  'unavailable',
  'internal',
];

describe('client contract files', () => {
  it('openapi.json is the document the service serves', async () => {
    expect(read('openapi.json')).toEqual(await openApiDocument());
  });

  it('clients/errors.json is the catalogue, every code with a client kind, sorted by code', () => {
    const checkedIn = read('clients/errors.json') as { code: string; kind: string }[];
    expect(checkedIn).toEqual(errorCatalogue());
    const codes = checkedIn.map((entry) => entry.code);
    expect(codes).toEqual([...codes].sort());
    expect(codes).toEqual(expect.arrayContaining(Object.values(HvErrors).map((factory) => factory.code)));
    expect(codes).toEqual(
      expect.arrayContaining(['VALIDATION_ERROR', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND']),
    );
    for (const entry of checkedIn) expect(CLIENT_KINDS).toContain(entry.kind);
    expect(checkedIn.find((entry) => entry.code === 'VM_ALREADY_RUNNING')).toEqual({
      code: 'VM_ALREADY_RUNNING',
      kind: 'conflict',
      service_kind: 'conflict',
      http_status: 409,
      grpc_code: 'FAILED_PRECONDITION',
    });
    expect(checkedIn.find((entry) => entry.code === 'METHOD_NOT_ALLOWED')).toMatchObject({
      kind: 'invalid',
      service_kind: 'method_not_allowed',
      http_status: 405,
      grpc_code: 'UNIMPLEMENTED',
    });
  });
});
