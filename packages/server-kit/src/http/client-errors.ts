/**
 * Requests that Node's HTTP parser refuses before Fastify sees them (headers over the size limit,
 * a request that timed out, bytes that are not HTTP) are answered here, with the same envelope and
 * an `X-Request-Id` like every other answer, then the connection is closed: the parser cannot
 * continue on it.
 */
import { randomUUID } from 'node:crypto';
import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { KitErrors, type AppError } from '../errors.js';
import { errorResponse } from './error-response.js';

function errorOfParser(code: string | undefined): AppError {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return KitErrors.headersTooLarge(
        { limitBytes: maxHeaderSize },
        { details: { limit_bytes: maxHeaderSize } },
      );
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return KitErrors.requestTimeout();
    default:
      return KitErrors.badRequest({ reason: `the request is not valid HTTP (${code ?? 'unknown error'})` });
  }
}

/** A `clientErrorHandler` for Fastify: the envelope, written on the raw socket. */
export function clientErrorHandler(logger: FastifyBaseLogger) {
  return (error: Error & { code?: string }, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const requestId = randomUUID();
    const appError = errorOfParser(error.code);
    const { status, body } = errorResponse(appError, requestId);
    const text = JSON.stringify(body);
    logger.info(
      { request_id: requestId, code: appError.code, status, reason: error.code },
      'request refused',
    );
    if (socket.writable) {
      socket.write(
        [
          `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
          'content-type: application/json; charset=utf-8',
          `content-length: ${Buffer.byteLength(text)}`,
          `x-request-id: ${requestId}`,
          'connection: close',
          '',
          text,
        ].join('\r\n'),
      );
    }
    socket.destroy(error);
  };
}
