/**
 * cocotb end to end: the compiled service, the accumulator of test/fixtures/cocotb and its cocotb
 * module (two tests that pass, one that fails), through the REST API, the WebSocket stream and a
 * webhook receiver, on Icarus and on Verilator. The platform creates its cocotb environment on
 * the first job; the counts are compared with cocotb's runner called directly, in the same test,
 * with that environment's Python.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireTools } from '@lab/server-kit/testing';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createProjectFrom,
  FIXTURES,
  serveVerification,
  submitJob,
  waitForJob,
  type ServiceProcess,
} from '../support/serve.js';

const gate = requireTools(['python3', 'iverilog', 'vvp', 'verilator', 'g++', 'make']);
const DESIGN = join(FIXTURES, 'cocotb');
const JOB_MS = 400_000;
const SLOW = { timeout: 420_000 };

interface SimulationResults {
  status: string;
  reason?: string;
  tests_passed: number;
  tests_failed: number;
  coverage: { line: number | null; toggle: number | null; reason?: string };
}

/** cocotb's own runner on the fixture with `python`: [tests, failed] as its get_results reads results.xml. */
async function runnerDirectly(python: string, simulator: string, work: string): Promise<[number, number]> {
  const script = [
    'import sys, warnings',
    'warnings.simplefilter("ignore")',
    'from cocotb.runner import get_runner, get_results',
    'fixture, work, sim = sys.argv[1:4]',
    'sys.path.insert(0, fixture + "/tests")',
    'runner = get_runner(sim)',
    'runner.build(verilog_sources=[fixture + "/rtl/acc.sv"], hdl_toplevel="acc", build_dir=work + "/build", always=True)',
    'xml = runner.test(test_module="test_acc", hdl_toplevel="acc", build_dir=work + "/build", test_dir=work)',
    'print("COUNTS", *get_results(xml))',
  ].join('\n');
  // Asynchronously: the webhook receiver in this process must keep answering meanwhile.
  const run = await new Promise<{ stdout: string; stderr: string }>((resolve) =>
    execFile(python, ['-c', script, DESIGN, work, simulator], { timeout: JOB_MS }, (_error, stdout, stderr) =>
      resolve({ stdout, stderr }),
    ),
  );
  const counts = /^COUNTS (\d+) (\d+)$/m.exec(run.stdout);
  if (counts === null) throw new Error(`cocotb's runner failed: ${run.stdout}\n${run.stderr}`);
  return [Number(counts[1]), Number(counts[2])];
}

describe.skipIf(gate.skip)(`cocotb (real server)${gate.skip ? ` (skipped: ${gate.reason})` : ''}`, () => {
  let root: string;
  let dataDir: string;
  let server: ServiceProcess;
  let receiver: Server;
  const received: { event: string; event_id: string; job_id: string }[] = [];
  let projects = 0;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'vp-cocotb-'));
    dataDir = join(root, 'data');
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as (typeof received)[number]);
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    // A delivery that fails under load is retried in 50 ms rather than 30 s.
    server = await serveVerification(dataDir, ['--workers', '1', '--webhook-retry-base-ms', '50'], {
      PLATFORM_WEBHOOK_ALLOW_PRIVATE: 'true',
    });
    const webhook = await api(server.url, 'POST', '/webhooks', {
      body: {
        url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/events`,
        events: ['stage.completed', 'job.failed'],
        secret: 'a-webhook-secret-of-some-length',
      },
    });
    expect(webhook.status).toBe(201);
  });
  afterAll(async () => {
    await server.stop('SIGKILL');
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
    rmSync(root, { recursive: true, force: true });
  });

  async function project(simulation: Record<string, unknown>): Promise<string> {
    projects += 1;
    const verify = { simulation: { cocotb: { module: 'test_acc', toplevel: 'acc' }, ...simulation } };
    return createProjectFrom(
      server.url,
      `cocotb-${projects}`,
      DESIGN,
      'acc',
      {},
      { 'verify.json': JSON.stringify(verify) },
    );
  }

  /** The environment the platform made in its data directory (the first job creates it). */
  function platformPython(): string {
    const [environment] = readdirSync(join(dataDir, 'cache')).filter((name) =>
      name.startsWith('cocotb-1.8.1-'),
    );
    if (environment === undefined) throw new Error('the platform made no cocotb environment');
    return join(dataDir, 'cache', environment, 'bin', 'python');
  }

  it.each(['icarus', 'verilator'])(
    "runs the module on %s: two tests passed, one failed, as cocotb's runner counts them; live over the stream and the webhook",
    async (simulator) => {
      const jobId = await submitJob(server.url, await project({ simulator }), { stages: ['simulation'] });
      const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/jobs/${jobId}/stream`);
      const messages: Record<string, unknown>[] = [];
      socket.on('message', (data: Buffer) =>
        messages.push(JSON.parse(data.toString('utf8')) as Record<string, unknown>),
      );
      const closed = new Promise((resolve) => socket.on('close', resolve));
      await waitForJob(server.url, jobId, undefined, JOB_MS);
      await closed;

      const results = await api<{ overall_status: string; stages: { simulation: SimulationResults } }>(
        server.url,
        'GET',
        `/jobs/${jobId}/results`,
      );
      const [tests, failed] = await runnerDirectly(
        platformPython(),
        simulator,
        join(root, `direct-${simulator}`),
      );
      expect([tests, failed]).toEqual([3, 1]);
      expect(results.body.overall_status).toBe('failed');
      const simulation = results.body.stages.simulation;
      expect(simulation).toMatchObject({
        status: 'failed',
        tests_passed: tests - failed,
        tests_failed: failed,
      });
      expect(simulation.reason).toMatch(/^1 of 3 tests failed; first: test_acc\.sums_past_the_width/);
      if (simulator === 'verilator') expect(simulation.coverage.line).toBeGreaterThan(0);
      else expect(simulation.coverage.reason).toBe('Icarus Verilog collects no coverage');

      const detail = await api<{
        details: { tests: { name: string; status: string }[]; cocotb: { version: string } };
      }>(server.url, 'GET', `/jobs/${jobId}/results/simulation`);
      expect(detail.body.details.tests.map((test) => test.status)).toEqual(['passed', 'passed', 'failed']);
      expect(detail.body.details.cocotb.version).toBe('1.8.1');

      // The stream carries cocotb's lines, its progress and the stage's end, as for any stage.
      const logs = messages
        .filter((m) => m.type === 'log' && m.stage === 'simulation')
        .map((m) => String(m.message));
      expect(logs).toContainEqual(expect.stringMatching(/cocotb\.regression\s+running accumulates \(1\/3\)/));
      expect(logs).toContainEqual(expect.stringMatching(/sums_past_the_width failed/));
      expect(messages).toContainEqual({
        type: 'progress',
        stage: 'simulation',
        tests_complete: 3,
        tests_total: 3,
      });
      expect(messages).toContainEqual(
        expect.objectContaining({ type: 'stage_complete', stage: 'simulation', status: 'failed' }),
      );
      expect(messages.at(-1)).toMatchObject({ type: 'job_complete', status: 'failed' });
      // The log endpoint holds the same lines.
      const logged = await api<{ logs: { message: string }[] }>(
        server.url,
        'GET',
        `/jobs/${jobId}/logs?stage=simulation`,
      );
      expect(logged.body.logs.map((entry) => entry.message)).toEqual(expect.arrayContaining(logs));

      const deadline = Date.now() + 60_000;
      while (!received.some((r) => r.job_id === jobId && r.event === 'job.failed') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // A delivery retried after a lost answer arrives twice with its event_id: count each event once.
      const events = received.filter((r) => r.job_id === jobId);
      expect(events.filter((r, i) => events.findIndex((e) => e.event_id === r.event_id) === i)).toEqual([
        expect.objectContaining({
          event: 'stage.completed',
          status: 'failed',
          stage: expect.objectContaining({
            name: 'simulation',
            status: 'failed',
            summary: expect.objectContaining({ tests_passed: 2, tests_failed: 1 }),
          }),
          summary: expect.objectContaining({ tests_passed: 2 }),
        }),
        expect.objectContaining({
          event: 'job.failed',
          status: 'failed',
          summary: expect.objectContaining({ tests_passed: 2 }),
        }),
      ]);
    },
    SLOW.timeout,
  );

  it('refuses at submission a module the project does not have, and a toplevel that is no identifier', async () => {
    const missing = await api<{ error: { code: string; details: { field: string } } }>(
      server.url,
      'POST',
      `/projects/${await project({ cocotb: { module: 'test_nothing', toplevel: 'acc' } })}/jobs`,
      { body: {} },
    );
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'simulation.cocotb.module' },
    });
    const badTop = await api<{ error: { code: string; details: { field: string } } }>(
      server.url,
      'POST',
      `/projects/${await project({ cocotb: { module: 'test_acc', toplevel: 'acc; rm -rf /' } })}/jobs`,
      { body: {} },
    );
    expect(badTop.status).toBe(400);
    expect(badTop.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'simulation.cocotb.toplevel' },
    });
  });
});
