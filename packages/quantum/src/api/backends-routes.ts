/** `GET /backends`: the backends a job can name, with their status and target. */
import { defineRoute, type RouteSpec } from '@lab/server-kit';
import type { Static } from 'typebox';
import type { Backend } from '../backends/backend.js';
import { listBackends } from '../backends/registry.js';
import { BackendListSchema, type BackendSchema } from './schemas.js';

function describeBackend(backend: Backend): Static<typeof BackendSchema> {
  const status = backend.status();
  const { target } = backend;
  return {
    name: backend.name,
    description: backend.description,
    status: status.available ? 'available' : 'unavailable',
    reason: status.reason ?? null,
    max_qubits: target.maxQubits,
    target: {
      native_gates: [...target.nativeGates],
      connectivity:
        target.connectivity === 'all-to-all' ? 'all-to-all' : target.connectivity.map(([a, b]) => [a, b]),
      cycle_seconds: target.cycleSeconds ?? null,
    },
  };
}

export function backendsRoute(backends: () => readonly Backend[] = listBackends): RouteSpec {
  return defineRoute({
    method: 'GET',
    url: '/backends',
    summary: 'List the backends',
    tags: ['backends'],
    access: 'public',
    schema: {
      description:
        'Every backend a job may name. `local_simulator` runs jobs; `neutral_atom_qpu` is listed but ' +
        'unavailable (`POST /jobs` naming it answers 503 BACKEND_UNAVAILABLE).',
      response: { 200: BackendListSchema },
    },
    handler: async () => ({ backends: backends().map(describeBackend) }),
  });
}
