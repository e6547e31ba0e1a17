/**
 * Plain HTTP sent to a TLS port gets a clean answer rather than a dropped connection or a wait:
 * the first byte of every connection is read before TLS starts, and a connection whose first byte
 * is not a TLS handshake record (0x16) is answered `400 TLS_REQUIRED` with the error envelope
 * naming the https URL, then closed, as nginx's 497 does. A TLS connection is handed to the
 * server's own TLS handling with that byte put back (Node's TLS socket reads what the socket
 * already holds).
 */
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { Server as TlsServer } from 'node:tls';
import type { FastifyBaseLogger } from 'fastify';
import { KitErrors } from '../errors.js';
import { errorResponse } from './error-response.js';

/** The first byte of a TLS record carrying a handshake (a ClientHello opens every connection). */
const TLS_HANDSHAKE = 0x16;
/** How long a connection may stay silent before its first byte; then it is dropped. */
export const FIRST_BYTE_TIMEOUT_MS = 30_000;
/** How long a refused connection is kept for the client to read the answer and close. */
const LINGER_MS = 5_000;

type ConnectionListener = (socket: Socket) => void;

function refuse(socket: Socket, logger: FastifyBaseLogger): void {
  const host = socket.localAddress?.includes(':') ? `[${socket.localAddress}]` : socket.localAddress;
  const url = `https://${host ?? 'localhost'}:${socket.localPort ?? ''}`;
  const requestId = randomUUID();
  const { status, body } = errorResponse(KitErrors.tlsRequired({ url }, { details: { url } }), requestId);
  const text = JSON.stringify(body);
  logger.debug(
    { request_id: requestId, remote: socket.remoteAddress, url },
    'plain HTTP on the TLS port refused',
  );
  // The request is read and dropped: closing with unread bytes would reset the connection, and
  // the client could lose the answer. A client that does not close is dropped after a while.
  socket.resume();
  socket.setTimeout(LINGER_MS, () => socket.destroy());
  socket.end(
    [
      `HTTP/1.1 ${status} Bad Request`,
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(text)}`,
      `x-request-id: ${requestId}`,
      'connection: close',
      '',
      text,
    ].join('\r\n'),
  );
}

/**
 * Puts the first-byte check in front of `server`'s TLS handling. Call it before any other
 * `connection` listener is added: the ones there now are the TLS server's own.
 */
export function refusePlainHttp(server: TlsServer, logger: FastifyBaseLogger): void {
  const tlsListeners = server.listeners('connection') as ConnectionListener[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    socket.setTimeout(FIRST_BYTE_TIMEOUT_MS, () => socket.destroy());
    socket.once('error', () => socket.destroy());
    const peek = (): void => {
      const first = socket.read(1) as Buffer | null;
      if (first === null) {
        socket.once('readable', peek);
        return;
      }
      socket.setTimeout(0);
      if (first[0] !== TLS_HANDSHAKE) {
        refuse(socket, logger);
        return;
      }
      socket.unshift(first);
      for (const listener of tlsListeners) listener.call(server, socket);
    };
    peek();
  });
}
