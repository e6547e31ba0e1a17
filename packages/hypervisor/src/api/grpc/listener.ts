/**
 * The gRPC listener: `@grpc/grpc-js`'s HTTP/2 server (over TLS when the host has a TLS identity,
 * else cleartext as on loopback by default) running handlers written to Connect's handler shape
 * (`(request, context) => response`, async generators for streams), with protobuf-es messages.
 * grpc-js serves the wire: on this machine it answered a trivial unary call about four times as
 * often as Connect's Node adapter (docs/benchmarks.md).
 *
 * Errors: a handler throws a `ConnectError` (rpc.ts makes them from the catalogue); it leaves as
 * the gRPC status with its details packed into `grpc-status-details-bin` (a `google.rpc.Status`).
 * Limits: a message is at most MAX_MESSAGE_BYTES either way (gRPC's usual 4 MiB; larger ones are
 * RESOURCE_EXHAUSTED). Keepalive: each connection is pinged every KEEPALIVE_INTERVAL_MS and closed
 * when a ping goes unanswered for KEEPALIVE_TIMEOUT_MS, so a stream whose client vanished ends.
 * Shutdown drains like the REST server: the shutdown signal ends the streams (they complete), calls
 * in flight finish; what is left after the grace is cut.
 *
 * With `socketPath` the same services are also served on that Unix socket (`{run_dir}/grpc.sock`),
 * by a server of its own, so a call knows its transport from the server that took it (VIA_SOCKET),
 * never from anything the client sends: as `api.sock` for REST, the file's mode (0660) decides who
 * may call, and calls there need no token.
 */
import { once } from 'node:events';
import { chmodSync } from 'node:fs';
import {
  create,
  fromBinary,
  isMessage,
  toBinary,
  type DescMethod,
  type DescService,
} from '@bufbuild/protobuf';
import { anyPack, AnySchema } from '@bufbuild/protobuf/wkt';
import * as grpc from '@grpc/grpc-js';
import { Code, ConnectError, createContextValues, type HandlerContext } from '@connectrpc/connect';
import type { Logger } from '@lab/server-kit';
import type { TlsIdentity } from '../../domain/tls-identity.js';
import { StatusSchema } from './gen/google/rpc/status_pb.js';
import { removeStaleSocket, SOCKET_MODE } from '../socket.js';
import { PEER_ADDRESS, VIA_SOCKET } from './rpc.js';

export const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;
export const KEEPALIVE_INTERVAL_MS = 30_000;
export const KEEPALIVE_TIMEOUT_MS = 20_000;
export const SHUTDOWN_GRACE_MS = 5_000;

/** Where services are added: the shape of Connect's router, so handlers are written as for Connect. */
export interface ServiceRouter {
  service(service: DescService, implementation: object): void;
}

export interface GrpcListenOptions {
  host: string;
  port: number;
  tls: TlsIdentity | null;
  logger: Logger;
  routes: (router: ServiceRouter) => void;
  /** Also serve on this Unix socket (cleartext, no token asked); a stale socket file is replaced. */
  socketPath?: string;
  keepaliveIntervalMs?: number;
  keepaliveTimeoutMs?: number;
  graceMs?: number;
}

export interface GrpcListener {
  /** `grpc://host:port` in cleartext, `grpcs://host:port` over TLS. */
  readonly url: string;
  readonly port: number;
  /** The Unix socket it also serves on, when asked. */
  readonly socketPath?: string;
  close(): Promise<void>;
}

type Handler = (request: unknown, context: HandlerContext) => unknown;

/** `ipv4:10.0.0.1:5000`, `[::1]:5000`, `10.0.0.1:5000` → the address alone. */
function peerAddress(peer: string): string | null {
  const bare = peer.replace(/^ipv[46]:/, '');
  const bracketed = /^\[([^\]]+)\]:\d+$/.exec(bare);
  if (bracketed !== null) return bracketed[1] ?? null;
  const index = bare.lastIndexOf(':');
  return index > 0 ? bare.slice(0, index) : null;
}

/** A ConnectError (or anything thrown) as grpc-js's status, its details as `grpc-status-details-bin`. */
function statusOf(thrown: unknown): Partial<grpc.StatusObject> {
  const error = ConnectError.from(thrown);
  const metadata = new grpc.Metadata();
  const details = error.details.map((detail) =>
    'desc' in detail
      ? anyPack(detail.desc, create(detail.desc, detail.value))
      : create(AnySchema, { typeUrl: `type.googleapis.com/${detail.type}`, value: detail.value }),
  );
  if (details.length > 0) {
    const status = create(StatusSchema, { code: error.code, message: error.rawMessage, details });
    metadata.set('grpc-status-details-bin', Buffer.from(toBinary(StatusSchema, status)));
  }
  return { code: error.code as number, details: error.rawMessage, metadata };
}

function toMetadata(headers: Headers): grpc.Metadata {
  const metadata = new grpc.Metadata();
  headers.forEach((value, key) => metadata.set(key, value));
  return metadata;
}

interface CallContext extends HandlerContext {
  /** Ends the context: its listeners and timer go. */
  release(): void;
}

function callContext(
  service: DescService,
  method: DescMethod,
  call:
    | grpc.ServerUnaryCall<unknown, unknown>
    | grpc.ServerWritableStream<unknown, unknown>
    | grpc.ServerDuplexStream<unknown, unknown>,
  shutdown: AbortSignal,
  viaSocket: boolean,
): CallContext {
  const controller = new AbortController();
  const abort = (): void => controller.abort(new ConnectError('the call ended', Code.Canceled));
  (call as NodeJS.EventEmitter).once('cancelled', abort);
  shutdown.addEventListener('abort', abort);
  const deadline = call.getDeadline();
  const deadlineMs = deadline instanceof Date ? deadline.getTime() : deadline;
  const timer = Number.isFinite(deadlineMs)
    ? setTimeout(
        () => controller.abort(new ConnectError('deadline exceeded', Code.DeadlineExceeded)),
        Math.max(0, deadlineMs - Date.now()),
      )
    : undefined;
  const requestHeader = new Headers();
  for (const [key, value] of Object.entries(call.metadata.getMap())) {
    if (typeof value === 'string') requestHeader.set(key, value);
  }
  return {
    service,
    method,
    signal: controller.signal,
    timeoutMs: () => (Number.isFinite(deadlineMs) ? deadlineMs - Date.now() : undefined),
    requestMethod: 'POST',
    url: `/${service.typeName}/${method.name}`,
    protocolName: 'grpc',
    requestHeader,
    responseHeader: new Headers(),
    responseTrailer: new Headers(),
    // Over the Unix socket there is no address, as REST's socket requests have none.
    values: createContextValues()
      .set(PEER_ADDRESS, viaSocket ? null : peerAddress(call.getPeer()))
      .set(VIA_SOCKET, viaSocket),
    release() {
      clearTimeout(timer);
      (call as NodeJS.EventEmitter).off('cancelled', abort);
      shutdown.removeEventListener('abort', abort);
    },
  };
}

/**
 * A client stream's messages until it half-closes or the call ends. Not the stream's own async
 * iterator: that one destroys the duplex when it finishes, and the answers still have to go out.
 */
async function* incoming(
  call: grpc.ServerDuplexStream<unknown, unknown>,
  signal: AbortSignal,
): AsyncGenerator<unknown> {
  const queue: unknown[] = [];
  let ended = false;
  let wake: (() => void) | undefined;
  const onData = (message: unknown): void => {
    queue.push(message);
    wake?.();
  };
  const onEnd = (): void => {
    ended = true;
    wake?.();
  };
  call.on('data', onData);
  call.once('end', onEnd);
  signal.addEventListener('abort', onEnd);
  try {
    for (;;) {
      if (queue.length > 0) {
        yield queue.shift();
        continue;
      }
      if (ended) return;
      await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
    }
  } finally {
    call.off('data', onData);
    call.off('end', onEnd);
    signal.removeEventListener('abort', onEnd);
  }
}

const encoded = new WeakMap<object, Buffer>();

/** Each method of `service` as grpc-js serves it: serializers from the descriptors, handlers adapted. */
function grpcService(
  service: DescService,
  implementation: Record<string, Handler>,
  shutdown: AbortSignal,
  logger: Logger,
  viaSocket: boolean,
) {
  const definition: Record<string, grpc.MethodDefinition<unknown, unknown>> = {};
  const handlers: grpc.UntypedServiceImplementation = {};
  const serialize = (schema: DescMethod['output']) => (message: unknown) => {
    if (!isMessage(message, schema)) return Buffer.from(toBinary(schema, create(schema, message as never)));
    // A message sent on many streams (an event to every watcher) is encoded once.
    let bytes = encoded.get(message);
    if (bytes === undefined) {
      bytes = Buffer.from(toBinary(schema, message));
      encoded.set(message, bytes);
    }
    return bytes;
  };
  for (const method of service.methods) {
    const handler = implementation[method.localName];
    if (handler === undefined) continue;
    const requestStream = method.methodKind === 'client_streaming' || method.methodKind === 'bidi_streaming';
    const responseStream = method.methodKind === 'server_streaming' || method.methodKind === 'bidi_streaming';
    definition[method.localName] = {
      path: `/${service.typeName}/${method.name}`,
      requestStream,
      responseStream,
      requestSerialize: serialize(method.input),
      requestDeserialize: (bytes: Buffer) => fromBinary(method.input, bytes),
      responseSerialize: serialize(method.output),
      responseDeserialize: (bytes: Buffer) => fromBinary(method.output, bytes),
    };
    if (!responseStream) {
      handlers[method.localName] = (
        call: grpc.ServerUnaryCall<unknown, unknown>,
        callback: grpc.sendUnaryData<unknown>,
      ) => {
        const context = callContext(service, method, call, shutdown, viaSocket);
        void (async () => {
          try {
            const response = await handler(call.request, context);
            call.sendMetadata(toMetadata(context.responseHeader));
            callback(null, response);
          } catch (error) {
            call.sendMetadata(toMetadata(context.responseHeader));
            callback(statusOf(error));
          } finally {
            context.release();
          }
        })();
      };
      continue;
    }
    handlers[method.localName] = (
      call: grpc.ServerWritableStream<unknown, unknown> | grpc.ServerDuplexStream<unknown, unknown>,
    ) => {
      const context = callContext(service, method, call, shutdown, viaSocket);
      void (async () => {
        let started = false;
        const start = (): void => {
          if (!started) call.sendMetadata(toMetadata(context.responseHeader));
          started = true;
        };
        try {
          const input = requestStream
            ? incoming(call as grpc.ServerDuplexStream<unknown, unknown>, context.signal)
            : (call as grpc.ServerWritableStream<unknown, unknown>).request;
          for await (const message of handler(input, context) as AsyncIterable<unknown>) {
            start();
            // Back-pressure: a slow client holds the stream's producer, not the service's memory.
            if (!call.write(message))
              await once(call, 'drain', { signal: context.signal }).catch(() => undefined);
          }
          start();
          call.end();
        } catch (error) {
          start();
          if (!call.cancelled) call.emit('error', statusOf(error));
          else logger.debug({ err: error, rpc: context.url }, 'gRPC stream ended after its client left');
        } finally {
          context.release();
        }
      })();
    };
  }
  return { definition, handlers };
}

function bind(server: grpc.Server, address: string, credentials: grpc.ServerCredentials): Promise<number> {
  return new Promise<number>((resolve, reject) =>
    server.bindAsync(address, credentials, (error, bound) =>
      error === null ? resolve(bound) : reject(error),
    ),
  );
}

export async function listenGrpc(options: GrpcListenOptions): Promise<GrpcListener> {
  const { logger } = options;
  const shutdown = new AbortController();
  const makeServer = (viaSocket: boolean): grpc.Server => {
    const server = new grpc.Server({
      'grpc.max_receive_message_length': MAX_MESSAGE_BYTES,
      'grpc.max_send_message_length': MAX_MESSAGE_BYTES,
      'grpc.keepalive_time_ms': options.keepaliveIntervalMs ?? KEEPALIVE_INTERVAL_MS,
      'grpc.keepalive_timeout_ms': options.keepaliveTimeoutMs ?? KEEPALIVE_TIMEOUT_MS,
    });
    options.routes({
      service(service, implementation) {
        const { definition, handlers } = grpcService(
          service,
          implementation as Record<string, Handler>,
          shutdown.signal,
          logger,
          viaSocket,
        );
        server.addService(definition, handlers);
      },
    });
    return server;
  };
  const server = makeServer(false);
  const credentials =
    options.tls === null
      ? grpc.ServerCredentials.createInsecure()
      : grpc.ServerCredentials.createSsl(null, [
          { cert_chain: Buffer.from(options.tls.certPem), private_key: Buffer.from(options.tls.keyPem) },
        ]);
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  const port = await bind(server, `${host}:${options.port}`, credentials);
  const servers = [server];
  const { socketPath } = options;
  if (socketPath !== undefined) {
    const local = makeServer(true);
    servers.push(local);
    removeStaleSocket(socketPath);
    await bind(local, `unix:${socketPath}`, grpc.ServerCredentials.createInsecure());
    chmodSync(socketPath, SOCKET_MODE);
  }
  const url = `${options.tls === null ? 'grpc' : 'grpcs'}://${host}:${port}`;
  return {
    url,
    port,
    ...(socketPath === undefined ? {} : { socketPath }),
    async close() {
      shutdown.abort();
      await Promise.all(
        servers.map(async (each) => {
          const grace = setTimeout(() => each.forceShutdown(), options.graceMs ?? SHUTDOWN_GRACE_MS);
          await new Promise<void>((resolve) => each.tryShutdown(() => resolve()));
          clearTimeout(grace);
        }),
      );
      if (socketPath !== undefined) removeStaleSocket(socketPath);
    },
  };
}
