/** `GET /backends`: every registered backend with its status and target. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '@lab/server-kit';
import { getBackend } from '../../src/backends/registry.js';
import { inProcessApp } from './in-process.js';

let app: App;
beforeAll(async () => {
  app = await inProcessApp();
});
afterAll(async () => {
  await app.close();
});

it('lists the simulator as available and the QPU as unavailable, with their targets', async () => {
  const response = await app.inject({ url: '/backends' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({
    backends: [
      {
        name: 'local_simulator',
        description: getBackend('local_simulator').description,
        status: 'available',
        reason: null,
        max_qubits: getBackend('local_simulator').target.maxQubits,
        target: { native_gates: ['*'], connectivity: 'all-to-all', cycle_seconds: null },
      },
      {
        name: 'neutral_atom_qpu',
        description: getBackend('neutral_atom_qpu').description,
        status: 'unavailable',
        reason: getBackend('neutral_atom_qpu').status().reason,
        max_qubits: 256,
        target: {
          native_gates: [...getBackend('neutral_atom_qpu').target.nativeGates],
          connectivity: 'all-to-all',
          cycle_seconds: 2e-6,
        },
      },
    ],
  });
});
