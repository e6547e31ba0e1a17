/**
 * Live migration under the simulated driver: SIMULATED, no guest state moves, but the bytes of its
 * memory do, over a real TCP connection, so two service processes migrate between each other as
 * two QEMU hosts do. A destination's `listen` opens a TCP port on its host for one stream; a
 * source's `send` connects there and sends as many bytes as the VM has memory, at its bandwidth
 * (all of it in four steps when unlimited), reporting progress every STEP_MS, then hands the guest
 * over: the source's VM waits paused, as QEMU's `postmigrate`, and the destination's runs (a
 * `resumed` event, as QEMU's RESUME). A cancel, a broken stream, or a port nobody listens at fails
 * it, and the destination's VM ends as QEMU's does when an incoming migration fails (`crashed`).
 * A TLS stream to a plain listener, or the reverse, fails at once, as QEMU's handshake would: the
 * stream's header says which it is (no TLS is spoken; only the QEMU driver encrypts).
 *
 * The stream: the source sends `MAGIC`, a byte (1: TLS), the total as a 64-bit big-endian number;
 * the destination answers ACCEPT, or REFUSE and its reason. Then frames: DATA (u32 length and as
 * many bytes), END once all are sent, or CANCEL (u16 length and a reason). After END the
 * destination, having counted every byte, runs the guest and answers DONE.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { HvErrors } from '../../errors.js';
import { tcpUri, type MigrationDriver, type MigrationResult, type SendOptions } from '../migration-driver.js';
import type { DriverEvent, LaunchSpec } from '../vm-driver.js';

/** Between two progress reports. */
export const SIMULATED_STEP_MS = 20;

const MAGIC = Buffer.from('HVSIM-MIGRATE-1\n');
const HEADER_BYTES = MAGIC.length + 1 + 8;
const ACCEPT = 0x01;
const REFUSE = 0x00;
const DONE = 0x02;
const DATA = 0x44; // 'D'
const END = 0x45; // 'E'
const CANCEL = 0x43; // 'C'
/** The largest DATA frame: a step's bytes go in frames of this size at most. */
const FRAME_BYTES = 1 << 20;
const ZEROES = Buffer.alloc(FRAME_BYTES);

type State = 'running' | 'paused';

export interface SimulatedMigrationHooks {
  state(vm: string): State | undefined;
  set(vm: string, state: State): void;
  remove(vm: string): void;
  emit(vm: string, event: DriverEvent): void;
}

export interface SimulatedMigration extends MigrationDriver {
  /** Notes the memory size of a VM the driver starts: what a migration of it counts across. */
  started(spec: LaunchSpec): void;
}

/** `tcp:HOST:PORT` (IPv6 in brackets) as host and port. */
function parseUri(uri: string): { host: string; port: number } {
  const match = /^tcp:(?:\[([^\]]+)\]|([^:]+)):(\d+)$/.exec(uri);
  if (match === null) throw new TypeError(`not a tcp: migration URI: ${uri}`);
  return { host: match[1] ?? match[2] ?? '', port: Number(match[3]) };
}

/**
 * Reads a stream's bytes on demand: `take(n)` resolves with the next `n` bytes once they arrived,
 * `skip(n)` drops them without copying; both give null when the stream ended first.
 */
function reader(socket: Socket) {
  const chunks: Buffer[] = [];
  let buffered = 0;
  let ended = false;
  let wake: (() => void) | undefined;
  const arrived = () => {
    wake?.();
    wake = undefined;
  };
  socket.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    buffered += chunk.length;
    arrived();
  });
  const finish = () => {
    ended = true;
    arrived();
  };
  socket.on('end', finish);
  socket.on('close', finish);
  socket.on('error', finish);
  const waitFor = async (n: number): Promise<boolean> => {
    while (buffered < n && !ended) await new Promise<void>((resolve) => (wake = resolve));
    return buffered >= n;
  };
  /** Removes `n` buffered bytes from the front, copying them only when `keep`. */
  const shift = (n: number, keep: boolean): Buffer => {
    const parts: Buffer[] = [];
    let left = n;
    while (left > 0) {
      const first = chunks[0] as Buffer;
      const part = first.length <= left ? (chunks.shift() as Buffer) : first.subarray(0, left);
      if (part !== first) chunks[0] = first.subarray(left);
      if (keep) parts.push(part);
      left -= part.length;
    }
    buffered -= n;
    return keep ? Buffer.concat(parts) : Buffer.alloc(0);
  };
  return {
    async take(n: number): Promise<Buffer | null> {
      return (await waitFor(n)) ? shift(n, true) : null;
    },
    async skip(n: number): Promise<boolean> {
      for (let left = n; left > 0;) {
        if (!(await waitFor(1))) return false;
        const now = Math.min(left, buffered);
        shift(now, false);
        left -= now;
      }
      return true;
    },
    /** Everything until the stream ends. */
    async rest(): Promise<Buffer> {
      await waitFor(Number.POSITIVE_INFINITY);
      return shift(buffered, true);
    },
  };
}

/** Writes `data`, waiting while the socket's buffer is full; false once the socket is gone. */
function write(socket: Socket, data: Buffer): Promise<boolean> {
  if (socket.destroyed) return Promise.resolve(false);
  if (socket.write(data)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      socket.off('drain', drained);
      socket.off('close', closed);
      resolve(ok);
    };
    const drained = () => done(true);
    const closed = () => done(false);
    socket.once('drain', drained);
    socket.once('close', closed);
  });
}

export function createSimulatedMigration(hooks: SimulatedMigrationHooks): SimulatedMigration {
  const memory = new Map<string, number>();

  const complete = (vm: string): void => {
    hooks.set(vm, 'running');
    hooks.emit(vm, { kind: 'resumed' });
  };
  const fail = (vm: string, reason: string): void => {
    if (hooks.state(vm) === undefined) return;
    hooks.remove(vm);
    hooks.emit(vm, { kind: 'crashed', reason: `load of migration failed: ${reason}` });
  };

  /** The destination's side of one stream: the guest runs once every byte came, or the VM fails. */
  async function receive(vm: string, tls: boolean, socket: Socket): Promise<void> {
    const input = reader(socket);
    // The VM gone (the incoming migration aborted): the stream is cut, which the source sees.
    const watch = setInterval(() => {
      if (hooks.state(vm) === undefined) socket.destroy();
    }, SIMULATED_STEP_MS).unref();
    socket.once('close', () => clearInterval(watch));
    const header = await input.take(HEADER_BYTES);
    if (header === null || !header.subarray(0, MAGIC.length).equals(MAGIC)) {
      socket.destroy();
      return fail(vm, 'not a migration stream');
    }
    if ((header[MAGIC.length] === 1) !== tls) {
      const reason = tls ? 'a plain stream to a TLS listener' : 'a TLS stream to a plain listener';
      socket.end(Buffer.concat([Buffer.from([REFUSE]), Buffer.from(reason)]));
      return fail(vm, reason);
    }
    const total = Number(header.readBigUInt64BE(MAGIC.length + 1));
    socket.write(Buffer.from([ACCEPT]));
    let received = 0;
    for (;;) {
      const type = await input.take(1);
      if (type === null) return fail(vm, `the stream broke after ${received} of ${total} bytes`);
      if (type[0] === DATA) {
        const length = (await input.take(4))?.readUInt32BE(0);
        if (length === undefined || !(await input.skip(length)))
          return fail(vm, `the stream broke after ${received} of ${total} bytes`);
        received += length;
      } else if (type[0] === CANCEL) {
        const length = await input.take(2);
        const reason = length === null ? null : await input.take(length.readUInt16BE(0));
        socket.destroy();
        return fail(vm, reason?.toString('utf8') ?? 'cancelled');
      } else if (type[0] === END && received === total) {
        complete(vm);
        socket.end(Buffer.from([DONE]));
        return;
      } else {
        socket.destroy();
        return fail(vm, `a malformed stream after ${received} of ${total} bytes`);
      }
    }
  }

  const send = async (vm: string, options: SendOptions): Promise<MigrationResult> => {
    if (hooks.state(vm) !== 'running')
      throw HvErrors.driverFailed({ vm, action: 'migrate', reason: 'the VM is not running' });
    const { host, port } = parseUri(options.uri);
    const socket = connect({ host, port });
    socket.setNoDelay(true);
    const input = reader(socket);
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('error', reject);
      });
    } catch (error) {
      throw HvErrors.driverFailed({
        vm,
        action: 'migrate',
        reason: `nothing listens at ${options.uri}: ${(error as Error).message}`,
      });
    }
    const gone = () => HvErrors.migrationFailed({ vm, reason: 'the destination went away' });
    try {
      const total = memory.get(vm) ?? 64 << 20;
      const header = Buffer.alloc(HEADER_BYTES);
      MAGIC.copy(header);
      header[MAGIC.length] = options.tls === undefined ? 0 : 1;
      header.writeBigUInt64BE(BigInt(total), MAGIC.length + 1);
      if (!(await write(socket, header))) throw gone();
      const answer = await input.take(1);
      if (answer === null) throw gone();
      if (answer[0] !== ACCEPT) {
        throw HvErrors.migrationFailed({ vm, reason: (await input.rest()).toString('utf8') });
      }

      const started = performance.now();
      const perStep = Math.max(
        1,
        Math.floor(
          Math.min(
            Math.ceil(total / 4),
            ((options.maxBandwidthBytes ?? Number.POSITIVE_INFINITY) * SIMULATED_STEP_MS) / 1000,
          ),
        ),
      );
      let sent = 0;
      while (sent < total) {
        await sleep(SIMULATED_STEP_MS);
        if (options.signal.aborted) {
          const reason = Buffer.from('cancelled');
          const frame = Buffer.alloc(3);
          frame[0] = CANCEL;
          frame.writeUInt16BE(reason.length, 1);
          // Sent whole before the socket is destroyed, so the destination fails for this reason.
          await new Promise<void>((resolve) => socket.end(Buffer.concat([frame, reason]), resolve));
          throw HvErrors.migrationFailed({ vm, reason: 'cancelled' });
        }
        const step = Math.min(perStep, total - sent);
        for (let offset = 0; offset < step; offset += FRAME_BYTES) {
          const length = Math.min(FRAME_BYTES, step - offset);
          const frame = Buffer.alloc(5);
          frame[0] = DATA;
          frame.writeUInt32BE(length, 1);
          if (!(await write(socket, frame)) || !(await write(socket, ZEROES.subarray(0, length))))
            throw gone();
        }
        sent += step;
        options.onProgress({
          status: 'active',
          transferredBytes: sent,
          remainingBytes: total - sent,
          totalBytes: total,
        });
      }
      if (!(await write(socket, Buffer.from([END])))) throw gone();
      const done = await input.take(1);
      if (done?.[0] !== DONE) throw gone();
      hooks.set(vm, 'paused');
      const elapsed = Math.round(performance.now() - started);
      return {
        totalTimeMs: elapsed,
        downtimeMs: 0,
        setupTimeMs: 0,
        transferredBytes: total,
        totalBytes: total,
        mbps: elapsed === 0 ? 0 : (total * 8) / 1e6 / (elapsed / 1000),
      };
    } finally {
      socket.destroy();
    }
  };

  return {
    started(spec) {
      memory.set(spec.name, spec.memoryBytes);
    },
    async listen(vm, host, tls) {
      if (hooks.state(vm) === undefined)
        throw HvErrors.driverFailed({ vm, action: 'listen', reason: 'the VM is not running' });
      const server: Server = createServer();
      // Like QEMU's -incoming: one stream, and no more listening once the VM is gone (aborted,
      // deleted). Neither the port nor its watch keeps a stopping service alive.
      const watch = setInterval(() => {
        if (hooks.state(vm) === undefined) {
          clearInterval(watch);
          server.close();
        }
      }, SIMULATED_STEP_MS).unref();
      server.once('connection', (socket) => {
        clearInterval(watch);
        server.close();
        socket.setNoDelay(true);
        void receive(vm, tls !== undefined, socket);
      });
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen({ host, port: 0 }, () => {
          server.off('error', reject);
          resolve();
        });
      });
      server.unref();
      const { port } = server.address() as { port: number };
      return { uri: tcpUri(host, port), port };
    },
    send,
    async settle() {
      return 'none';
    },
  };
}
