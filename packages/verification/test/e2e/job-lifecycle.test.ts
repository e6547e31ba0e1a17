/**
 * Jobs against the real server process and real simulators: cancel mid-simulation kills the whole
 * process tree, and a `kill -9` of the service mid-job leaves no tool running and the job run again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { processesUnder } from '../../src/engine/orphans.js';
import {
  api,
  createProjectFrom,
  ACCUMULATOR,
  ENDLESS_SIMULATION,
  serveVerification,
  submitJob,
  waitForJob,
  type ServiceProcess,
} from '../support/serve.js';

const gate = requireTools(['verilator', 'iverilog', 'vvp', 'g++', 'make']);
const SLOW = { timeout: 240_000 };

const simulating = (job: { progress: Record<string, { status: string; progress?: string }> }) =>
  job.progress.simulation?.status === 'running' && job.progress.simulation.progress !== undefined;

describe.skipIf(gate.skip)(
  `job lifecycle (real server, real simulators)${gate.skip ? ` (skipped: ${gate.reason})` : ''}`,
  () => {
    let root: string;
    let dataDir: string;
    let server: ServiceProcess;

    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), 'vp-lifecycle-'));
      dataDir = join(root, 'data');
      server = await serveVerification(dataDir, ['--workers', '2']);
    });
    afterAll(async () => {
      await server.stop('SIGKILL');
      rmSync(root, { recursive: true, force: true });
    });

    it('cancels a running Icarus simulation and leaves no process behind', SLOW, async () => {
      const project = await createProjectFrom(
        server.url,
        'forever',
        ACCUMULATOR,
        'acc',
        {},
        ENDLESS_SIMULATION,
      );
      const jobId = await submitJob(server.url, project, { stages: ['simulation'] });
      await waitForJob(server.url, jobId, simulating);
      const jobDir = join(dataDir, 'jobs', jobId);
      expect(processesUnder(jobDir).length).toBeGreaterThan(0);

      const cancelled = await api<{ status: string }>(server.url, 'POST', `/jobs/${jobId}/cancel`);
      expect(cancelled.status).toBe(200);
      const job = await waitForJob(server.url, jobId);
      expect(job.status).toBe('cancelled');
      expect(job.progress.simulation?.status).toBe('cancelled');
      expect(processesUnder(jobDir)).toEqual([]);

      const again = await api<{ error: { code: string } }>(server.url, 'POST', `/jobs/${jobId}/cancel`);
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('CONFLICT');
    });

    it('cancels a Verilator build in progress (make, g++) and leaves no process behind', SLOW, async () => {
      const project = await createProjectFrom(
        server.url,
        'forever-verilator',
        ACCUMULATOR,
        'acc',
        {},
        ENDLESS_SIMULATION,
      );
      const jobId = await submitJob(server.url, project, {
        stages: ['simulation'],
        config_overrides: { 'simulation.simulator': 'verilator' },
      });
      const jobDir = join(dataDir, 'jobs', jobId);
      await waitForJob(
        server.url,
        jobId,
        (job) => job.status === 'running' && processesUnder(jobDir).length > 0,
      );
      expect((await api(server.url, 'POST', `/jobs/${jobId}/cancel`)).status).toBe(200);
      expect((await waitForJob(server.url, jobId)).status).toBe('cancelled');
      expect(processesUnder(jobDir)).toEqual([]);
    });

    it('cancels a queued job at once', SLOW, async () => {
      const project = await createProjectFrom(
        server.url,
        'queued',
        ACCUMULATOR,
        'acc',
        {},
        ENDLESS_SIMULATION,
      );
      // Two workers, two endless jobs: the third waits in the queue.
      const busy = [
        await submitJob(server.url, project, { stages: ['simulation'] }),
        await submitJob(server.url, project, { stages: ['simulation'] }),
      ];
      const waiting = await submitJob(server.url, project, { stages: ['simulation'] });
      expect((await api<{ status: string }>(server.url, 'GET', `/jobs/${waiting}`)).body.status).toBe(
        'queued',
      );
      const cancelled = await api<{ status: string }>(server.url, 'POST', `/jobs/${waiting}/cancel`);
      expect(cancelled.body.status).toBe('cancelled');
      for (const id of busy) await api(server.url, 'POST', `/jobs/${id}/cancel`);
      for (const id of busy) expect((await waitForJob(server.url, id)).status).toBe('cancelled');
    });

    it('streams a running job live (WebSocket and followed log) until it ends', SLOW, async () => {
      const project = await createProjectFrom(server.url, 'live', ACCUMULATOR, 'acc');
      const jobId = await submitJob(server.url, project, { stages: ['lint', 'simulation'] });
      const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/jobs/${jobId}/stream`);
      const messages: { type: string; [field: string]: unknown }[] = [];
      socket.on('message', (data: Buffer) =>
        messages.push(JSON.parse(data.toString('utf8')) as { type: string }),
      );
      const closed = new Promise<number>((resolve) => socket.on('close', resolve));
      const followed = fetch(`${server.url}/jobs/${jobId}/logs?follow=true&stage=simulation`).then((r) =>
        r.text(),
      );

      expect(await closed).toBe(1000);
      const lines = (await followed)
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { message: string });
      expect(lines.map((l) => l.message)).toEqual(
        expect.arrayContaining(['TEST run0 PASS', 'TEST run2 PASS']),
      );

      const progress = messages.filter((m) => m.type === 'progress');
      expect(progress.at(-1)).toEqual({
        type: 'progress',
        stage: 'simulation',
        tests_complete: 3,
        tests_total: 3,
      });
      expect(messages.filter((m) => m.type === 'stage_complete').map((m) => m.stage)).toEqual([
        'lint',
        'simulation',
      ]);
      expect(messages.at(-1)).toMatchObject({ type: 'job_complete', status: 'passed' });
      const logged = messages.filter((m) => m.type === 'log').map((m) => m.message);
      expect(logged).toEqual(expect.arrayContaining(['TEST run1 PASS']));
    });

    it(
      'on SIGTERM puts the running job back in the queue; the next start runs it to the end',
      SLOW,
      async () => {
        const project = await createProjectFrom(server.url, 'graceful', ACCUMULATOR, 'acc');
        const jobId = await submitJob(server.url, project, { stages: ['simulation'] });
        await waitForJob(server.url, jobId, simulating);
        expect(await server.stop('SIGTERM')).toBe(0);
        expect(processesUnder(join(dataDir, 'jobs', jobId))).toEqual([]);
        server = await serveVerification(dataDir, ['--workers', '2']);
        expect((await waitForJob(server.url, jobId)).status).toBe('passed');
      },
    );

    it(
      'after a kill -9 mid-simulation, kills the leftover simulator and runs the job again to the end',
      SLOW,
      async () => {
        const project = await createProjectFrom(server.url, 'slow', ACCUMULATOR, 'acc');
        const running = await submitJob(server.url, project, { stages: ['simulation'] });
        const queued = [
          await submitJob(server.url, project, { stages: ['simulation'] }),
          await submitJob(server.url, project, { stages: ['simulation'] }),
        ];
        await waitForJob(server.url, running, simulating);
        const jobDir = join(dataDir, 'jobs', running);
        expect(processesUnder(jobDir).length).toBeGreaterThan(0);

        await server.stop('SIGKILL');
        // The simulator is in its own process group: the service's death did not take it along.
        expect(processesUnder(jobDir).length).toBeGreaterThan(0);
        server = await serveVerification(dataDir, ['--workers', '2']);

        const job = await waitForJob(server.url, running);
        expect(job.status).toBe('passed');
        const { body } = await api<{ stages: { simulation: { tests_passed: number } } }>(
          server.url,
          'GET',
          `/jobs/${running}/results`,
        );
        expect(body.stages.simulation.tests_passed).toBe(3);
        const logs = await api<{ logs: { level: string; message: string }[] }>(
          server.url,
          'GET',
          `/jobs/${running}/logs`,
        );
        expect(logs.body.logs.some((l) => l.level === 'WARNING' && l.message.includes('restarted'))).toBe(
          true,
        );
        for (const id of queued) expect((await waitForJob(server.url, id)).status).toBe('passed');
        expect(processesUnder(jobDir)).toEqual([]);
      },
    );
  },
);
