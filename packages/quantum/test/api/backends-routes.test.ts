/** `GET /backends`: every registered backend with its status, target and memory budget. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '@lab/server-kit';
import { expectAppErrorAsync } from '@lab/server-kit/testing';
import { MEMORY_FRACTION, MIB, shotBytes, THREAD_BYTES } from '../../src/backends/memory.js';
import { threadsPerJob } from '../../src/jobs/limits.js';
import { getBackend } from '../../src/backends/registry.js';
import { inProcessApp } from './in-process.js';

let app: App;
beforeAll(async () => {
  app = await inProcessApp();
});
afterAll(async () => {
  await app.close();
});

interface Described {
  name: string;
  max_qubits: number;
  memory: { budget_bytes: number; source: string; limit_bytes: number; reserved_bytes: number } | null;
}

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
        max_qubits: expect.any(Number),
        target: { native_gates: ['*'], connectivity: 'all-to-all', cycle_seconds: null },
        memory: {
          budget_bytes: expect.any(Number),
          source: expect.stringMatching(/^(host|cgroup)$/),
          limit_bytes: expect.any(Number),
          reserved_bytes: 0,
        },
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
        memory: null,
      },
    ],
  });
  const [simulator] = response.json<{ backends: Described[] }>().backends;
  const memory = simulator!.memory!;
  // The detected budget: a share of the limit, less what this process holds.
  expect(memory.budget_bytes).toBeLessThan(memory.limit_bytes * MEMORY_FRACTION);
  expect(simulator!.max_qubits).toBe(mostQubits(memory.budget_bytes));
});

/**
 * The largest run of one state and one shot that `budget` holds: the state, the job's thread and,
 * from 18 qubits, the pool threads of its share of the cores (one job runs at a time here).
 */
function mostQubits(budget: number): number {
  const pool = (n: number) => (n >= 18 ? threadsPerJob(1) - 1 : 0);
  const fits = (n: number) => 16 * 2 ** n + (1 + pool(n)) * THREAD_BYTES + shotBytes(0) <= budget;
  return [...Array(64).keys()].filter(fits).at(-1) ?? 0;
}

describe('with maxMemory', () => {
  it('reports the setting as the budget and the qubits it holds', async () => {
    const limited = await inProcessApp({ maxMemory: '200M' });
    try {
      const { backends } = (await limited.inject({ url: '/backends' })).json<{ backends: Described[] }>();
      expect(backends[0]).toMatchObject({
        max_qubits: mostQubits(200 * MIB),
        memory: { budget_bytes: 200 * MIB, source: 'setting', limit_bytes: 200 * MIB, reserved_bytes: 0 },
      });
    } finally {
      await limited.close();
    }
  });

  it('refuses a value that is no size, or too small to run a job, with INVALID_CONFIG', async () => {
    await expectAppErrorAsync(inProcessApp({ maxMemory: 'lots' }), 'INVALID_CONFIG', "maxMemory 'lots'");
    await expectAppErrorAsync(inProcessApp({ maxMemory: '16M' }), 'INVALID_CONFIG', 'below the least');
  });
});
