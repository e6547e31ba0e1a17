/**
 * Each example project uploaded to the real server and each stage run with the real tools; the
 * results are checked against what the tools themselves wrote in the job's log artifacts. Also the
 * read side of a finished job: logs (tail, stage, follow), the WebSocket replay, artifacts with ranges.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  api,
  createExampleProject,
  serveVerification,
  submitJob,
  waitForJob,
  type ServiceProcess,
} from '../support/serve.js';

const gate = requireTools(['verilator', 'iverilog', 'yosys', 'yosys-smtbmc', 'z3', 'g++', 'make']);
const SLOW = { timeout: 300_000 };

interface Results {
  overall_status: string;
  error?: { stage: string; code: string };
  stages: Record<string, Record<string, unknown> & { status: string }>;
}

/** Every message of a job's stream, from connect until the server closes it. */
function streamMessages(
  url: string,
  jobId: string,
): Promise<{ messages: Record<string, unknown>[]; code: number }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/jobs/${jobId}/stream`);
    const messages: Record<string, unknown>[] = [];
    socket.on('message', (data: Buffer) =>
      messages.push(JSON.parse(data.toString('utf8')) as Record<string, unknown>),
    );
    socket.on('close', (code) => resolve({ messages, code }));
    socket.on('error', reject);
  });
}

describe.skipIf(gate.skip)(
  `example projects (real server, real tools)${gate.skip ? ` (skipped: ${gate.reason})` : ''}`,
  () => {
    let root: string;
    let server: ServiceProcess;
    let base: string;
    const text = async (jobId: string, artifact: string) =>
      (await api<string>(base, 'GET', `/jobs/${jobId}/artifacts/${artifact}`)).body;
    const results = async (jobId: string) => (await api<Results>(base, 'GET', `/jobs/${jobId}/results`)).body;

    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), 'vp-examples-'));
      server = await serveVerification(join(root, 'data'), ['--workers', '2']);
      base = server.url;
    });
    afterAll(async () => {
      await server.stop();
      rmSync(root, { recursive: true, force: true });
    });

    describe('counter: lint, simulation and formal all pass', () => {
      let jobId: string;
      beforeAll(async () => {
        const project = await createExampleProject(base, 'counter', 'counter', 'counter');
        jobId = await submitJob(base, project, { stages: ['formal', 'lint', 'simulation'] });
        await waitForJob(base, jobId);
      }, 300_000);

      it('passes every stage, with the counts the tools report', async () => {
        const { overall_status, stages } = await results(jobId);
        expect(overall_status).toBe('passed');
        expect(Object.keys(stages)).toEqual(['lint', 'simulation', 'formal']);

        expect(stages.lint).toMatchObject({ status: 'passed', warnings: 0, errors: 0 });
        expect(await text(jobId, 'lint.log')).not.toMatch(/%(Warning|Error)/);

        const simulationLog = await text(jobId, 'simulation.log');
        const passLines = simulationLog.split('\n').filter((line) => /^TEST \S+ PASS/.test(line));
        expect(passLines.length).toBeGreaterThan(0);
        expect(stages.simulation).toMatchObject({
          status: 'passed',
          tests_passed: passLines.length,
          tests_failed: 0,
        });
        const coverage = stages.simulation!.coverage as { line: number; toggle: number };
        expect(coverage.line).toBeGreaterThan(0);
        expect(coverage.toggle).toBeGreaterThan(0);

        const formalLog = await text(jobId, 'formal.log');
        expect(formalLog).toContain('Temporal induction successful');
        expect(formalLog).not.toContain('Assert failed');
        expect(stages.formal).toMatchObject({
          status: 'passed',
          properties_proven: 5,
          properties_failed: 0,
          properties_inconclusive: 0,
        });
      });

      it('shows the coverage per file, consistent with the summary and with coverage.xml', async () => {
        const { body } = await api<{
          line: number;
          files: { file: string; line: { covered: number; total: number } }[];
        }>(base, 'GET', `/jobs/${jobId}/results/coverage`);
        expect(body.files.map((f) => f.file)).toEqual(['rtl/counter.sv']);
        const [file] = body.files;
        expect(body.line).toBeCloseTo((100 * file!.line.covered) / file!.line.total, 1);
        const xml = await text(jobId, 'coverage.xml');
        expect(xml).toContain('filename="rtl/counter.sv"');
      });

      it('serves artifacts with their type, as attachments, with byte ranges', async () => {
        const list = await api<{ artifacts: { name: string; size: number; content_type: string }[] }>(
          base,
          'GET',
          `/jobs/${jobId}/artifacts`,
        );
        const names = list.body.artifacts.map((a) => a.name);
        expect(names).toEqual(
          expect.arrayContaining(['trace.fst', 'coverage.xml', 'lint.log', 'simulation.log', 'formal.log']),
        );
        const trace = list.body.artifacts.find((a) => a.name === 'trace.fst')!;
        expect(trace.size).toBeGreaterThan(16);

        const whole = await fetch(`${base}/jobs/${jobId}/artifacts/trace.fst`);
        expect(whole.status).toBe(200);
        expect(whole.headers.get('content-disposition')).toBe('attachment; filename="trace.fst"');
        expect(whole.headers.get('accept-ranges')).toBe('bytes');
        const bytes = Buffer.from(await whole.arrayBuffer());
        expect(bytes.length).toBe(trace.size);

        const part = await fetch(`${base}/jobs/${jobId}/artifacts/trace.fst`, {
          headers: { range: 'bytes=4-11' },
        });
        expect(part.status).toBe(206);
        expect(part.headers.get('content-range')).toBe(`bytes 4-11/${trace.size}`);
        expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(4, 12));

        const outside = await api<{ error: { code: string } }>(
          base,
          'GET',
          `/jobs/${jobId}/artifacts/trace.fst`,
          {
            headers: { range: `bytes=${trace.size + 10}-` },
          },
        );
        expect(outside.status).toBe(416);
        expect(outside.body.error.code).toBe('RANGE_NOT_SATISFIABLE');

        const xml = await fetch(`${base}/jobs/${jobId}/artifacts/coverage.xml`);
        expect(xml.headers.get('content-type')).toContain('application/xml');
        expect((await api(base, 'GET', `/jobs/${jobId}/artifacts/nothing.bin`)).status).toBe(404);
      });

      it('answers the log by stage and tail, and a follow of an ended job ends at once', async () => {
        const tail = await api<{ logs: { stage: string; level: string; timestamp: string }[] }>(
          base,
          'GET',
          `/jobs/${jobId}/logs?stage=formal&tail=3`,
        );
        expect(tail.body.logs).toHaveLength(3);
        expect(tail.body.logs.every((l) => l.stage === 'formal')).toBe(true);

        const followed = await fetch(`${base}/jobs/${jobId}/logs?follow=true&stage=lint`);
        expect(followed.headers.get('content-type')).toContain('application/x-ndjson');
        const lines = (await followed.text())
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as { stage: string });
        expect(lines.length).toBeGreaterThan(0);
        expect(lines.every((l) => l.stage === 'lint')).toBe(true);
      });

      it('replays the whole history of an ended job on the WebSocket, then closes', async () => {
        const { messages, code } = await streamMessages(base, jobId);
        expect(code).toBe(1000);
        const completions = messages.filter((m) => m.type === 'stage_complete');
        expect(completions.map((m) => [m.stage, m.status])).toEqual([
          ['lint', 'passed'],
          ['simulation', 'passed'],
          ['formal', 'passed'],
        ]);
        expect(messages.filter((m) => m.type === 'log').length).toBeGreaterThan(10);
        expect(messages.at(-1)).toMatchObject({ type: 'job_complete', status: 'passed' });
      });

      it('estimates the next run of the same stages from this one', async () => {
        const job = await api<{ estimated_duration: string }>(base, 'GET', `/jobs/${jobId}`);
        const next = await api<{ estimated_duration: string }>(
          base,
          'POST',
          `/projects/${(await api<{ project_id: string }>(base, 'GET', `/jobs/${jobId}`)).body.project_id}/jobs`,
          { body: { stages: ['lint', 'simulation', 'formal'] } },
        );
        expect(next.status).toBe(202);
        expect(next.body.estimated_duration).not.toBe(job.body.estimated_duration);
        await waitForJob(base, (next.body as unknown as { job_id: string }).job_id);
      });
    });

    it('fifo: simulation passes, formal finds the planted bug with a counterexample', SLOW, async () => {
      const project = await createExampleProject(base, 'fifo', 'fifo', 'fifo');
      const jobId = await submitJob(base, project, { stages: ['simulation', 'formal'] });
      const job = await waitForJob(base, jobId);
      expect(job.status).toBe('failed');
      expect(job.error).toMatchObject({ stage: 'formal', code: 'VERIFICATION_FAILED' });

      const { stages } = await results(jobId);
      expect(stages.simulation).toMatchObject({ status: 'passed', tests_failed: 0 });
      const formalLog = await text(jobId, 'formal.log');
      const failedNames = new Set([...formalLog.matchAll(/Assert failed in \S+: (\S+)$/gm)].map((m) => m[1]));
      expect(failedNames.size).toBeGreaterThan(0);
      expect(stages.formal).toMatchObject({ status: 'failed', properties_failed: failedNames.size });

      const formal = await api<{ details: { properties: { name: string; status: string }[] } }>(
        base,
        'GET',
        `/jobs/${jobId}/results/formal`,
      );
      const failedProperties = formal.body.details.properties.filter((p) => p.status === 'failed');
      expect(new Set(failedProperties.map((p) => p.name))).toEqual(failedNames);

      const artifacts = (
        await api<{ artifacts: { name: string }[] }>(base, 'GET', `/jobs/${jobId}/artifacts`)
      ).body.artifacts;
      const counterexamples = artifacts.filter((a) => a.name.endsWith('.vcd'));
      expect(counterexamples.length).toBe(failedNames.size);
      const vcd = await text(jobId, counterexamples[0]!.name);
      expect(vcd).toContain('$enddefinitions');
      expect(vcd).toMatch(/^#\d+/m);
    });

    it(
      'lint-warnings: counts every warning Verilator prints; warnings_as_errors fails the stage',
      SLOW,
      async () => {
        const project = await createExampleProject(base, 'lint-warnings', 'lint-warnings', 'byte_checksum');
        const lenient = await submitJob(base, project, { stages: ['lint'] });
        const strict = await submitJob(base, project, {
          stages: ['lint'],
          config_overrides: { 'lint.warnings_as_errors': true },
        });
        expect((await waitForJob(base, lenient)).status).toBe('passed');
        const printed = (await text(lenient, 'lint.log'))
          .split('\n')
          .filter((l) => l.startsWith('%Warning-')).length;
        expect(printed).toBeGreaterThan(2);
        expect((await results(lenient)).stages.lint).toMatchObject({
          status: 'passed',
          warnings: printed,
          errors: 0,
        });

        const failed = await waitForJob(base, strict);
        expect(failed.status).toBe('failed');
        expect((await results(strict)).stages.lint).toMatchObject({ status: 'failed', warnings: printed });
      },
    );

    it('traffic-light: FSM coverage from the trace, below 100 % as the example intends', SLOW, async () => {
      const project = await createExampleProject(base, 'traffic-light', 'traffic-light', 'traffic_light');
      const jobId = await submitJob(base, project, { stages: ['simulation', 'formal'] });
      expect((await waitForJob(base, jobId)).status).toBe('passed');
      const { stages } = await results(jobId);
      expect(stages.formal).toMatchObject({ status: 'skipped' });
      const coverage = stages.simulation!.coverage as { fsm: number | null };
      expect(coverage.fsm).toBeGreaterThan(0);
      expect(coverage.fsm).toBeLessThan(100);
    });
  },
);
