/**
 * Jobs through the SDK against the real platform and the real tools: a lint job on
 * examples/lint-warnings submitted, streamed live, awaited (also once ended), and read back (logs,
 * results, artifacts, reports); a cancelled job; and the stream across a connection cut by a real
 * TCP proxy, which must deliver every log line once.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformClient, type StreamMessage } from '../../src/client/index.js';
import { exampleFiles, failure, listeningPlatform, type ListeningPlatform } from './platform-client.js';

let at: ListeningPlatform;
let client: PlatformClient;
let projectId: string;
beforeAll(async () => {
  at = await listeningPlatform();
  client = at.client('developer');
  const project = await client.projects.create({
    name: 'sdk-lint',
    top_module: 'byte_checksum',
    target_pdk: 'sky130A',
  });
  projectId = project.id;
  await client.projects.upload(projectId, exampleFiles('lint-warnings'));
});
afterAll(async () => at?.close());

describe('a lint job', () => {
  let jobId: string;
  const messages: StreamMessage[] = [];

  it('is submitted, and its stream delivers log lines, the stage and the end, in that order', async () => {
    const submitted = await client.jobs.submit(projectId, { stages: ['lint'] });
    expect(submitted).toMatchObject({ project_id: projectId, status: 'queued', stages: ['lint'] });
    jobId = submitted.job_id;
    const end = await client.jobs.stream(jobId, { onMessage: (message) => messages.push(message) });
    expect(end).toEqual(messages.at(-1));
    expect(end?.type).toBe('job_complete');
    const types = messages.map((message) => message.type);
    expect(types.indexOf('log')).toBeGreaterThanOrEqual(0);
    expect(types.indexOf('log')).toBeLessThan(types.indexOf('stage_complete'));
    expect(types.filter((type) => type === 'job_complete')).toHaveLength(1);
  });

  it('is awaited with its log lines and stage, also once it has ended, and answers the ended job', async () => {
    const logs: string[] = [];
    const stages: string[] = [];
    const job = await client.jobs.wait(jobId, {
      onLog: (line) => logs.push(line.message),
      onStage: (stage) => stages.push(`${stage.stage} ${stage.status}`),
    });
    expect(job).toEqual(await client.jobs.get(jobId));
    expect(['passed', 'failed']).toContain(job.status);
    expect(stages).toEqual([`lint ${job.progress.lint?.status}`]);
    const { logs: entries } = await client.jobs.logs(jobId);
    expect(logs).toEqual(entries.map((entry) => entry.message));
    expect(messages.filter((m) => m.type === 'log').map((m) => m.message)).toEqual(logs);
    const lint = entries.filter((entry) => entry.stage === 'lint');
    expect((await client.jobs.logs(jobId, { stage: 'lint', tail: 1 })).logs).toEqual(lint.slice(-1));
  });

  it('lists among the project jobs, with its results, its stage results, and no coverage', async () => {
    const list = await client.jobs.list(projectId, { per_page: 10 });
    expect(list.jobs.map((job) => job.job_id)).toContain(jobId);
    const results = await client.jobs.results(jobId);
    expect(results.job_id).toBe(jobId);
    expect(results.stages.lint?.warnings).toBeGreaterThan(0);
    expect(await client.jobs.stageResults(jobId, 'lint')).toMatchObject({
      status: results.stages.lint?.status,
    });
    // Coverage comes from a simulation, which a lint job has not run.
    const noCoverage = await failure(client.jobs.coverage(jobId));
    expect([noCoverage.status, noCoverage.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('makes reports (HTML, JSON) with their type and file name, kept as artifacts', async () => {
    const html = await client.jobs.report(jobId, { format: 'html' });
    expect(html.contentType).toMatch(/^text\/html/);
    expect(html.fileName).toMatch(/\.html$/);
    expect(new TextDecoder().decode(html.data)).toContain('<html');
    const json = await client.jobs.report(jobId, { format: 'json' });
    expect(json.contentType).toMatch(/^application\/json/);
    expect(new TextDecoder().decode(json.data)).toContain(jobId);
    // A report made is kept as an artifact of the job, downloaded as it was made.
    const { artifacts } = await client.jobs.artifacts(jobId);
    const kept = artifacts.find((artifact) => artifact.name === html.fileName);
    expect(kept).toBeDefined();
    const file = await client.jobs.artifact(jobId, kept!.name);
    expect([file.fileName, file.data.byteLength, file.contentType]).toEqual([
      kept!.name,
      html.data.byteLength,
      html.contentType,
    ]);
  });

  it('cancels a queued job, and a viewer may not submit', async () => {
    // One worker: the second of two jobs waits in the queue while the first runs.
    const first = await client.jobs.submit(projectId, { stages: ['lint'] });
    const second = await client.jobs.submit(projectId, { stages: ['lint'] });
    const cancelled = await client.jobs.cancel(second.job_id);
    expect(cancelled.job_id).toBe(second.job_id);
    expect((await client.jobs.wait(second.job_id)).status).toBe('cancelled');
    await client.jobs.wait(first.job_id);
    const refused = await failure(at.client('viewer').jobs.submit(projectId, { stages: ['lint'] }));
    expect([refused.status, refused.code]).toEqual([403, 'FORBIDDEN']);
  });

  it('streams an unknown job as a typed 404, and an aborted wait as ABORTED', async () => {
    const missing = await failure(client.jobs.stream('job_ffffffffffffffff', { onMessage: () => undefined }));
    expect([missing.status, missing.code]).toEqual([404, 'NOT_FOUND']);
    const aborted = await failure(client.jobs.wait(jobId, { signal: AbortSignal.abort() }));
    expect(aborted.code).toBe('ABORTED');
  });

  it('delivers every log line once across a connection cut in the middle of a frame', async () => {
    const proxy = await cuttingProxy(new URL(at.url).port, 3);
    try {
      const delivered: StreamMessage[] = [];
      const through = new PlatformClient({ url: `http://127.0.0.1:${proxy.port}`, token: at.tokens.viewer });
      const end = await through.jobs.stream(jobId, { onMessage: (message) => delivered.push(message) });
      expect(end?.type).toBe('job_complete');
      expect(proxy.connections()).toBe(2);
      const logs = delivered.filter((m) => m.type === 'log');
      expect(logs).toEqual(messages.filter((m) => m.type === 'log'));
      expect(delivered.filter((m) => m.type === 'stage_complete')).toHaveLength(1);
    } finally {
      await proxy.close();
    }
  });
});

/**
 * A TCP proxy to `port` whose first connection passes the WebSocket handshake and `frames`
 * whole frames from the server, then half of the next one, and is cut; later connections pass
 * everything.
 */
async function cuttingProxy(port: string, frames: number) {
  let count = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((downstream) => {
    count += 1;
    const first = count === 1;
    const upstream = createConnection(Number(port), '127.0.0.1');
    for (const socket of [downstream, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    downstream.pipe(upstream);
    if (!first) {
      upstream.pipe(downstream);
      return;
    }
    let pending = Buffer.alloc(0);
    upstream.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      const cut = cutPoint(pending, frames);
      if (cut === undefined) return;
      downstream.write(pending.subarray(0, cut), () => {
        downstream.destroy();
        upstream.destroy();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    connections: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((socket) => socket.destroy());
        server.close(() => resolve());
      }),
  };
}

/** The offset in the middle of frame `frames + 1` after the HTTP head, once that many bytes came. */
function cutPoint(bytes: Buffer, frames: number): number | undefined {
  const head = bytes.indexOf('\r\n\r\n');
  if (head < 0) return undefined;
  let at = head + 4;
  for (let frame = 0; frame <= frames; frame += 1) {
    if (bytes.length < at + 2) return undefined;
    // Server frames are unmasked: a 7-bit length, or 126 and a 16-bit one (messages stay short).
    const short = bytes[at + 1]! & 0x7f;
    const [length, header] =
      short === 126 ? [bytes.length >= at + 4 ? bytes.readUInt16BE(at + 2) : -1, 4] : [short, 2];
    if (length < 0 || bytes.length < at + header + length) return undefined;
    if (frame === frames) return at + header + Math.floor(length / 2);
    at += header + length;
  }
  return undefined;
}
