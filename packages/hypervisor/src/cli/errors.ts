/**
 * Failures of the client side of `hvctl`: reaching the service and reading its answers. Errors the
 * service itself reports arrive in its envelope and keep its own codes (see `client.ts`).
 */
import { defineError } from '@lab/server-kit/errors';

export const CliErrors = {
  serviceUnreachable: defineError<{ socket: string; reason: string }>(
    'SERVICE_UNREACHABLE',
    'unavailable',
    (p) =>
      `cannot reach the hypervisor service at ${p.socket}: ${p.reason}; start it with 'hvctl serve', ` +
      'or point --socket (or HV_SOCKET) at its api.sock',
  ),
  serviceTimeout: defineError<{ socket: string; request: string; seconds: number }>(
    'SERVICE_TIMEOUT',
    'unavailable',
    (p) => `the hypervisor service at ${p.socket} did not answer ${p.request} within ${p.seconds} s`,
  ),
  /** The service answered, but not with the JSON (or event stream) its API promises. */
  badResponse: defineError<{ request: string; reason: string }>(
    'BAD_RESPONSE',
    'internal',
    (p) => `unexpected answer to ${p.request}: ${p.reason}`,
  ),
  /** A file named on the command line (`-` for standard input) could not be read or parsed. */
  badInput: defineError<{ file: string; reason: string }>(
    'BAD_INPUT',
    'invalid',
    (p) => `cannot use ${p.file === '-' ? 'standard input' : `'${p.file}'`}: ${p.reason}`,
  ),
};
