/**
 * The engine over its real transport and warm run pool (worker threads): the hello line, each
 * method, errors with the service's codes (QASM line and column kept), malformed and over-long
 * lines answered with id null while the engine goes on, cancelling a running and a queued run,
 * and end of input ending the engine once the runs in flight are answered.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Circuit } from '../../../src/circuit/circuit.js';
import { circuitToJson } from '../../../src/circuit/json.js';
import { MAX_LINE_BYTES, PROTOCOL } from '../../../src/api/stdio/protocol.js';
import { readLines, serveEngine } from '../../../src/api/stdio/transport.js';

type Message = Record<string, unknown> & { id?: unknown };

/** An engine on in-memory streams: `send` writes a request line, `next` waits for a message. */
function startEngine(concurrency = 1) {
  const input = new PassThrough();
  const output = new PassThrough();
  const messages: Message[] = [];
  const waiters: (() => void)[] = [];
  let buffered = '';
  output.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    let end: number;
    while ((end = buffered.indexOf('\n')) >= 0) {
      messages.push(JSON.parse(buffered.slice(0, end)) as Message);
      buffered = buffered.slice(end + 1);
      waiters.splice(0).forEach((wake) => wake());
    }
  });
  const done = serveEngine({ concurrency }, input, output);
  const next = async (match: (m: Message) => boolean): Promise<Message> => {
    for (;;) {
      const index = messages.findIndex(match);
      if (index >= 0) return messages.splice(index, 1)[0]!;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return {
    send: (request: unknown) =>
      input.write(`${typeof request === 'string' ? request : JSON.stringify(request)}\n`),
    reply: (id: unknown) => next((m) => m.id === id && !('progress' in m)),
    next,
    end: async () => {
      input.end();
      await done;
    },
  };
}

const bell = circuitToJson(new Circuit(2, 2).h(0).cx(0, 1).measure([0, 1], [0, 1]));

/** 20 qubits, 300 layers: far longer than any test waits. */
function longCircuit() {
  const long = new Circuit(20, 20);
  for (let i = 0; i < 300; i += 1) {
    for (let q = 0; q < 20; q += 1) long.rx(0.1 + i / 100, q);
    long.cx(i % 19, (i % 19) + 1);
  }
  return circuitToJson(long.measure([...Array(20).keys()], [...Array(20).keys()]));
}

describe('qcirc engine (JSON lines)', () => {
  it('says hello, answers each method, and keeps going after bad lines', async () => {
    const engine = startEngine();
    const hello = await engine.next((m) => 'protocol' in m);
    expect(hello).toMatchObject({ protocol: PROTOCOL, version: '0.2.0', max_line_bytes: MAX_LINE_BYTES });

    // One byte over the limit: skipped whole, answered once, and the next line is read.
    engine.send(`"${'x'.repeat(MAX_LINE_BYTES - 1)}"`);
    engine.send('{not json');
    engine.send({ id: 'x', method: 'teleport' });
    engine.send({
      id: 1,
      method: 'run',
      params: { circuit: bell, shots: 50, seed: 3, noise: { loss: 0 }, memory: true, progress: true },
    });
    engine.send({ id: 2, method: 'import_qasm', params: { qasm: 'OPENQASM 3.0;\nqubit q;\nfoo q;' } });
    engine.send({ id: 3, method: 'export_qasm', params: { circuit: bell, version: '2.0' } });
    engine.send({ id: 4, method: 'backends' });
    engine.send({ id: 5, method: 'run', params: { circuit: bell, shots: 0 } });
    engine.send({
      id: 6,
      method: 'import_qasm',
      params: { qasm: 'OPENQASM 2.0;\ninclude "qelib1.inc";\nqreg q[1];\nh q[0];' },
    });

    engine.send({ id: 7, method: 'estimate', params: { circuit: bell, shots: 10 } });
    expect(await engine.reply(7)).toMatchObject({
      result: {
        backend: 'local_simulator',
        shots: 10,
        estimates: { qubits: 2, gate_counts: { h: 1, cx: 1 } },
      },
    });
    expect(await engine.reply(null)).toMatchObject({
      error: { code: 'PAYLOAD_TOO_LARGE', details: { limit_bytes: MAX_LINE_BYTES } },
    });
    expect(await engine.reply(null)).toMatchObject({ error: { code: 'INVALID_JSON' } });
    expect(await engine.reply('x')).toMatchObject({
      error: { code: 'VALIDATION_ERROR', details: { field: 'method' } },
    });
    expect(await engine.reply(2)).toMatchObject({
      error: { code: 'INVALID_QASM', details: { line: 3, column: 1 } },
    });
    expect(((await engine.reply(3)).result as { qasm: string }).qasm).toContain('cx q[0],q[1];');
    expect(await engine.reply(4)).toMatchObject({
      result: { backends: [{ name: 'local_simulator', status: 'available' }, { name: 'neutral_atom_qpu' }] },
    });
    expect(await engine.reply(5)).toMatchObject({
      error: { code: 'VALIDATION_ERROR', details: { field: 'shots' } },
    });
    expect(await engine.reply(6)).toMatchObject({
      result: { version: '2.0', circuit: { qubits: 1, operations: [{ op: 'gate', name: 'h' }] } },
    });

    const progress = await engine.next((m) => m.id === 1 && 'progress' in m);
    expect(progress.progress).toBeGreaterThan(0);
    const run = (await engine.reply(1)).result as Record<string, unknown>;
    expect(run).toMatchObject({ backend: 'local_simulator', shots: 50, seed: 3 });
    expect(Object.keys(run.counts as object).sort()).toEqual(['00', '11']);
    expect(run.memory).toHaveLength(50);
    await engine.end();
  });

  it('cancels a running run and a queued one; the next run gets a fresh worker', async () => {
    const engine = startEngine(1);
    const long = longCircuit();
    engine.send({
      id: 'long',
      method: 'run',
      params: { circuit: long, shots: 10, noise: { loss: 0 }, progress: true },
    });
    engine.send({ id: 'queued', method: 'run', params: { circuit: bell, shots: 10 } });
    await engine.next((m) => m.id === 'long' && 'progress' in m);

    engine.send({ id: 'c1', method: 'cancel', params: { id: 'queued' } });
    expect(await engine.reply('c1')).toEqual({ id: 'c1', result: { id: 'queued', cancelled: true } });
    expect(await engine.reply('queued')).toMatchObject({ error: { code: 'JOB_CANCELLED' } });

    const cancelledAt = performance.now();
    engine.send({ id: 'c2', method: 'cancel', params: { id: 'long' } });
    expect(await engine.reply('c2')).toMatchObject({ result: { cancelled: true } });
    expect(await engine.reply('long')).toMatchObject({ error: { code: 'JOB_CANCELLED' } });
    expect(performance.now() - cancelledAt).toBeLessThan(2000);

    engine.send({ id: 'c3', method: 'cancel', params: { id: 'long' } });
    expect(await engine.reply('c3')).toMatchObject({ error: { code: 'JOB_NOT_FOUND' } });

    engine.send({ id: 'after', method: 'run', params: { circuit: bell, shots: 10, seed: 1 } });
    expect(await engine.reply('after')).toMatchObject({ result: { shots: 10, seed: 1 } });
    await engine.end();
  });

  it('answers the runs in flight before ending at end of input', async () => {
    const engine = startEngine(2);
    engine.send({ id: 1, method: 'run', params: { circuit: bell, shots: 10 } });
    engine.send({
      id: 2,
      method: 'run',
      params: {
        qasm: 'OPENQASM 3.0;\ninclude "stdgates.inc";\nqubit q;\nbit c;\nx q;\nc = measure q;',
        shots: 10,
      },
    });
    const ended = engine.end();
    expect(await engine.reply(1)).toHaveProperty('result');
    expect(await engine.reply(2)).toMatchObject({ result: { counts: { '1': expect.any(Number) } } });
    await ended;
  });
});

describe('readLines', () => {
  it('skips a line over the limit whole, reporting it once, and reads the next', async () => {
    const input = new PassThrough();
    const lines: string[] = [];
    let tooLong = 0;
    const done = readLines(
      input,
      8,
      (line) => lines.push(line),
      () => (tooLong += 1),
    );
    input.write('short\n0123');
    input.write('456789abcdef');
    input.write('ghij\nok\n\n12345678\nlast');
    input.end();
    await done;
    expect(lines).toEqual(['short', 'ok', '12345678', 'last']);
    expect(tooLong).toBe(1);
  });
});
