/**
 * The gRPC listener: HTTP/2 (over TLS when the host has a TLS identity, else cleartext h2c as on
 * loopback by default) serving the Connect router with the gRPC protocol only.
 *
 * Limits: a message is at most MAX_MESSAGE_BYTES either way (gRPC's usual 4 MiB: larger ones are
 * RESOURCE_EXHAUSTED). Keepalive: every session is pinged every KEEPALIVE_INTERVAL_MS and closed
 * when a ping goes unanswered for KEEPALIVE_TIMEOUT_MS, so a stream whose client vanished (a
 * dropped NAT entry, a killed laptop) ends instead of holding its subscription forever.
 * Shutdown drains like the REST server: the shutdown signal ends the streams (they complete), the
 * sessions get GOAWAY and finish their calls in flight; what is left after the grace is cut.
 */
import {
  createServer,
  createSecureServer,
  type Http2Server,
  type Http2SecureServer,
  type ServerHttp2Session,
} from 'node:http2';
import type { AddressInfo } from 'node:net';
import { createContextValues, type ConnectRouter } from '@connectrpc/connect';
import { connectNodeAdapter } from '@connectrpc/connect-node';
import type { Logger } from '@lab/server-kit';
import type { TlsIdentity } from '../../domain/tls-identity.js';
import { PEER_ADDRESS } from './rpc.js';

export const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;
export const KEEPALIVE_INTERVAL_MS = 30_000;
export const KEEPALIVE_TIMEOUT_MS = 20_000;
export const SHUTDOWN_GRACE_MS = 5_000;

export interface GrpcListenOptions {
  host: string;
  port: number;
  tls: TlsIdentity | null;
  logger: Logger;
  routes: (router: ConnectRouter) => void;
  keepaliveIntervalMs?: number;
  keepaliveTimeoutMs?: number;
  graceMs?: number;
}

export interface GrpcListener {
  /** `grpc://host:port` in cleartext, `grpcs://host:port` over TLS. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

function keepAlive(session: ServerHttp2Session, intervalMs: number, timeoutMs: number, logger: Logger): void {
  const timer = setInterval(() => {
    // A session closing or destroyed takes no ping (it throws); its 'close' clears the timer.
    if (session.closed || session.destroyed) return;
    const deadline = setTimeout(() => {
      logger.debug('gRPC keepalive ping unanswered: closing the session');
      session.destroy();
    }, timeoutMs);
    deadline.unref();
    const sent = session.ping((error) => {
      clearTimeout(deadline);
      if (error !== null) session.destroy();
    });
    if (!sent) clearTimeout(deadline);
  }, intervalMs);
  timer.unref();
  session.once('close', () => clearInterval(timer));
}

export async function listenGrpc(options: GrpcListenOptions): Promise<GrpcListener> {
  const { logger } = options;
  const shutdown = new AbortController();
  const handler = connectNodeAdapter({
    routes: options.routes,
    grpc: true,
    grpcWeb: false,
    connect: false,
    readMaxBytes: MAX_MESSAGE_BYTES,
    writeMaxBytes: MAX_MESSAGE_BYTES,
    shutdownSignal: shutdown.signal,
    contextValues: (req) => createContextValues().set(PEER_ADDRESS, req.socket.remoteAddress ?? null),
  });
  const server: Http2Server | Http2SecureServer =
    options.tls === null
      ? createServer(handler)
      : createSecureServer(
          { cert: options.tls.certPem, key: options.tls.keyPem, allowHTTP1: false },
          handler,
        );
  const sessions = new Set<ServerHttp2Session>();
  server.on('session', (session: ServerHttp2Session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
    keepAlive(
      session,
      options.keepaliveIntervalMs ?? KEEPALIVE_INTERVAL_MS,
      options.keepaliveTimeoutMs ?? KEEPALIVE_TIMEOUT_MS,
      logger,
    );
  });
  // A client speaking TLS to the cleartext port, or the reverse, is the client's problem: logged, not fatal.
  server.on('sessionError', (error) => logger.debug({ err: error }, 'gRPC session error'));
  server.on('tlsClientError', (error) => logger.debug({ err: error }, 'gRPC TLS handshake failed'));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  const url = `${options.tls === null ? 'grpc' : 'grpcs'}://${host}:${port}`;
  return {
    url,
    port,
    async close() {
      shutdown.abort();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const session of sessions) session.close();
      const grace = setTimeout(() => {
        for (const session of sessions) session.destroy();
      }, options.graceMs ?? SHUTDOWN_GRACE_MS);
      await closed;
      clearTimeout(grace);
    },
  };
}
