/**
 * The issue's case for real: `qcirc serve` (the compiled `dist/`) in a memory cgroup of 1.5 GiB
 * made for the test under the test process's own (cgroup v2 `memory.max`, or v1
 * `memory.limit_in_bytes`). `/backends` must report the cgroup's limit and fewer than 27 qubits,
 * a 27-qubit job must be refused, and the largest job it reports must run without the service
 * being killed. Creating a cgroup needs root and a writable cgroup file system: without them the
 * tests are skipped with the reason in their name.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startServiceProcess, type ServiceProcess } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMORY_FRACTION, MIB, ownMemoryCgroups, type MemoryCgroup } from '../../src/backends/memory.js';

const LIMIT = 1536 * MIB;
const bin = fileURLToPath(new URL('../../bin/qcirc.js', import.meta.url));

/** Makes a child of `parent` with a 1.5 GiB limit; returns its directory. */
function makeChild(parent: MemoryCgroup, name: string): string {
  const dir = `${parent.dir}/${name}`;
  mkdirSync(dir);
  try {
    // Under v2 the child has memory.max only if its parent hands the controller down.
    if (parent.version === 2) writeFileSync(`${parent.dir}/cgroup.subtree_control`, '+memory');
    writeFileSync(`${dir}/${parent.limitFile}`, String(LIMIT));
  } catch (error) {
    rmdirSync(dir);
    throw error;
  }
  return dir;
}

/** This process's memory cgroup under which a limited child can be made (tried once), or why none can. */
function findParent(): { parent: MemoryCgroup } | { reason: string } {
  if (process.platform !== 'linux') return { reason: 'cgroups need Linux' };
  if (process.getuid?.() !== 0) return { reason: 'creating a cgroup needs root' };
  const found = ownMemoryCgroups();
  if (found.length === 0) return { reason: 'no cgroup with the memory controller is mounted' };
  const problems: string[] = [];
  for (const parent of found) {
    try {
      rmdirSync(makeChild(parent, `qcirc-probe-${process.pid}`));
      return { parent };
    } catch (error) {
      problems.push(`${parent.dir}: ${(error as Error).message}`);
    }
  }
  return { reason: `no writable memory cgroup (${problems.join('; ')})` };
}

const gate = findParent();
const skipReason = 'reason' in gate ? gate.reason : undefined;

async function call(server: ServiceProcess, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** `n` qubits in superposition, entangled in pairs and measured: a few passes over the state. */
const circuit = (n: number) => {
  const all = Array.from({ length: n }, (_, q) => q);
  const operations: Record<string, unknown>[] = all.map((q) => ({ op: 'gate', name: 'h', qubits: [q] }));
  for (let q = 0; q + 1 < n; q += 2) operations.push({ op: 'gate', name: 'cx', qubits: [q, q + 1] });
  operations.push({ op: 'measure', qubits: all, clbits: all });
  return { qubits: n, clbits: n, operations };
};

describe.skipIf(skipReason !== undefined)(
  `qcirc serve in a 1.5 GiB memory cgroup${skipReason === undefined ? '' : ` (skipped: ${skipReason})`}`,
  () => {
    let cgroupDir: string;
    let server: ServiceProcess;
    let work: string;

    beforeAll(async () => {
      if (!('parent' in gate)) return;
      cgroupDir = makeChild(gate.parent, `qcirc-test-${process.pid}`);
      work = mkdtempSync(join(tmpdir(), 'quantum-cgroup-'));
      // The service process moves itself into the cgroup before it loads anything of the service.
      const launcher = join(work, 'in-cgroup.mjs');
      writeFileSync(
        launcher,
        `import { writeFileSync } from 'node:fs';\n` +
          `writeFileSync(${JSON.stringify(`${cgroupDir}/cgroup.procs`)}, String(process.pid));\n` +
          `await import(${JSON.stringify(pathToFileURL(bin).href)});\n`,
      );
      server = await startServiceProcess(launcher, [
        'serve',
        '--port',
        '0',
        '--data-dir',
        join(work, 'data'),
        '--max-running-jobs',
        '1',
      ]);
      const members = readFileSync(`${cgroupDir}/cgroup.procs`, 'utf8').split('\n');
      expect(members).toContain(String(server.child.pid));
    });
    afterAll(async () => {
      await server?.stop('SIGKILL');
      rmSync(work, { recursive: true, force: true });
      rmdirSync(cgroupDir);
    });

    it("/backends reports the cgroup's limit and a qubit count that fits in it", async () => {
      const { body } = await call(server, 'GET', '/backends');
      const [simulator] = body.backends as { max_qubits: number; memory: Record<string, unknown> }[];
      expect(simulator!.memory).toMatchObject({ source: 'cgroup', limit_bytes: LIMIT, reserved_bytes: 0 });
      expect(simulator!.memory.budget_bytes).toBeLessThan(LIMIT * MEMORY_FRACTION);
      // A 26-qubit state is 1 GiB; 27 qubits (2 GiB) cannot fit in 1.5 GiB at all.
      expect(simulator!.max_qubits).toBeGreaterThanOrEqual(24);
      expect(simulator!.max_qubits).toBeLessThan(27);
    });

    it('refuses the 27-qubit job that used to get the service killed', async () => {
      const { status, body } = await call(server, 'POST', '/jobs', {
        circuit: circuit(27),
        shots: 10,
        noise: { loss: 0 },
      });
      expect(status).toBe(422);
      expect(body.error).toMatchObject({
        code: 'CIRCUIT_TOO_LARGE',
        details: { qubits: 27, budget_source: 'cgroup' },
      });
    });

    it('runs the largest job it reports, and lives on', async () => {
      const { body: listed } = await call(server, 'GET', '/backends');
      const most = (listed.backends as { max_qubits: number }[])[0]!.max_qubits;
      const submitted = await call(server, 'POST', '/jobs', {
        circuit: circuit(most),
        shots: 100,
        noise: { loss: 0 },
      });
      expect(submitted.status).toBe(201);
      const deadline = Date.now() + 180_000;
      let job = submitted.body;
      while (!['completed', 'failed', 'cancelled'].includes(job.status as string) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        job = (await call(server, 'GET', `/jobs/${String(submitted.body.id)}`)).body;
      }
      expect(job).toMatchObject({ status: 'completed', qubits: most, error: null });
      expect(server.child.exitCode).toBeNull();
      expect(server.child.signalCode).toBeNull();
    }, 200_000);
  },
);
