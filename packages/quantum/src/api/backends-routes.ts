/** `GET /backends`: the backends a job can name, with their status, target and memory budget. */
import { defineRoute, type RouteSpec } from '@lab/server-kit';
import type { Static } from 'typebox';
import type { Backend } from '../backends/backend.js';
import { BackendListSchema, type BackendSchema } from './schemas.js';

export function describeBackend(backend: Backend, reservedBytes: number): Static<typeof BackendSchema> {
  const status = backend.status();
  const { target, memoryBudget } = backend;
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
    memory:
      memoryBudget === undefined
        ? null
        : {
            budget_bytes: memoryBudget.bytes,
            source: memoryBudget.source,
            limit_bytes: memoryBudget.limitBytes,
            reserved_bytes: reservedBytes,
          },
  };
}

/** `reservedBytes`: what the running jobs hold of the simulator's budget. */
export function backendsRoute(backends: () => readonly Backend[], reservedBytes: () => number): RouteSpec {
  return defineRoute({
    method: 'GET',
    url: '/backends',
    summary: 'List the backends',
    tags: ['backends'],
    access: 'public',
    schema: {
      description:
        'Every backend a job may name. `local_simulator` runs jobs; `neutral_atom_qpu` is listed but ' +
        'unavailable (`POST /jobs` naming it answers 503 BACKEND_UNAVAILABLE). The simulator reports ' +
        'its memory budget, where it came from and what running jobs hold of it; `max_qubits` is the ' +
        'largest ideal run (one state) the budget fits.',
      response: { 200: BackendListSchema },
    },
    handler: async () => ({ backends: backends().map((b) => describeBackend(b, reservedBytes())) }),
  });
}
