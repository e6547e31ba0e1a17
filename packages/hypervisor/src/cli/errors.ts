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
  /** A remote that does not answer (the code is the socket's: `events` reconnects after either). */
  remoteUnreachable: defineError<{ url: string; remote?: string; reason: string }>(
    'SERVICE_UNREACHABLE',
    'unavailable',
    (p) =>
      p.remote === undefined
        ? `cannot reach the hypervisor service at ${p.url}: ${p.reason}`
        : `cannot reach the hypervisor service at ${p.url} (remote '${p.remote}'): ${p.reason}; ` +
          "'hvctl remote list' shows the remotes",
  ),
  /** `at`: the socket's path or the remote's URL. */
  serviceTimeout: defineError<{ at: string; request: string; seconds: number }>(
    'SERVICE_TIMEOUT',
    'unavailable',
    (p) => `the hypervisor service at ${p.at} did not answer ${p.request} within ${p.seconds} s`,
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
  /** The server's certificate is not the one pinned for it: the request was never sent. */
  certificateMismatch: defineError<{ url: string; expected: string; actual: string }>(
    'CERTIFICATE_MISMATCH',
    'forbidden',
    (p) =>
      `the server at ${p.url} presents the certificate with SHA-256 fingerprint ${p.actual}, not the ` +
      `pinned ${p.expected}; nothing was sent to it (if its certificate was replaced on purpose, ` +
      'remove the remote and add it again)',
  ),
  /** `hvctl remote add` met a certificate no authority vouches for, and nobody accepted it. */
  certificateNotTrusted: defineError<{ url: string; fingerprint: string; reason: string }>(
    'CERTIFICATE_NOT_TRUSTED',
    'forbidden',
    (p) =>
      `the certificate of ${p.url} (SHA-256 fingerprint ${p.fingerprint}) was not trusted: ${p.reason}; ` +
      'compare it with the fingerprint the service logs and shows in GET /system/info, then pass ' +
      '--fingerprint, or --accept-certificate; nothing was saved',
  ),
  /** A remote's name or URL that `hvctl remote` cannot use. */
  badRemote: defineError<{ field: string; reason: string }>('INVALID_REMOTE', 'invalid', (p) => p.reason),
  /** A plain-HTTP URL to anything but loopback would carry the token in clear. */
  insecureUrl: defineError<{ url: string }>(
    'INSECURE_URL',
    'invalid',
    (p) =>
      `${p.url} is plain HTTP to a host other than loopback: the token would cross the network in ` +
      'clear; use https:// (the service serves TLS whenever it listens beyond loopback)',
  ),
  remoteNotFound: defineError<{ name: string; path: string }>(
    'REMOTE_NOT_FOUND',
    'not_found',
    (p) => `no remote '${p.name}' in ${p.path}; 'hvctl remote list' shows the remotes`,
  ),
  remoteExists: defineError<{ name: string }>(
    'REMOTE_EXISTS',
    'conflict',
    (p) => `a remote '${p.name}' exists already; 'hvctl remote remove ${p.name}' first to replace it`,
  ),
  /** `--remote` naming a remote and `--socket` naming the local socket: which one is meant? */
  conflictingTargets: defineError<{ remote: string }>(
    'CONFLICTING_TARGETS',
    'invalid',
    (p) => `--remote ${p.remote} and --socket name different services; give one of them`,
  ),
};
