/**
 * The REST API of another host running this service, as a live migration's source calls it: to
 * prepare the incoming VM, to watch it take the guest over, and to abort it. The destination's
 * token goes in the `Authorization` header of these calls and nowhere else: it is neither stored
 * nor logged, and no error message carries it.
 *
 * The other host's answers are translated where they enter: its error envelope keeps its code
 * and its message (prefixed with the host), as `hvctl` shows the service's own; a refused token
 * is MIGRATION_DESTINATION_DENIED, since the caller's own credential here was fine; a host that
 * cannot be reached is MIGRATION_DESTINATION_UNREACHABLE; anything its API does not promise is
 * MIGRATION_DESTINATION_ERROR.
 */
import { fetchPeerCertificate, pinnedFetch } from '@lab/server-kit';
import { AppError, KitErrors, type ErrorKind } from '@lab/server-kit/errors';
import { API_PREFIX } from '../config.js';
import { HvErrors, invalidField } from '../errors.js';

/** How long one call may take; preparing starts a QEMU on the other host. */
export const PEER_TIMEOUT_MS = 60_000;

/** What the destination needs to know of each disk image: where the source has it. */
export interface IncomingImage {
  name: string;
  format: 'qcow2' | 'raw';
  /** The directory of the image's pool on the source: the destination needs a pool there too. */
  pool_path: string;
  /** The image it is an overlay of, itself in the list. */
  backing: string | null;
}

/** The body of `POST /vms/{name}/incoming`. */
export interface IncomingRequest {
  uuid: string;
  definition: {
    cpu: { count: number };
    memory: { size: string };
    devices: { storage: unknown[]; network: unknown[] };
    boot: unknown;
  };
  images: IncomingImage[];
  /** The probe file the source left in each pool directory, and what it holds. */
  probe: { id: string; secret: string };
  /** A TLS stream, from the holder of this certificate (PEM); absent: a plain one. */
  tls?: { client_certificate: string };
}

export interface IncomingAnswer {
  /** Where the destination's QEMU listens, as it bound it. */
  uri: string;
  port: number;
}

export interface PeerVm {
  uuid: string;
  state: string;
}

export interface PeerHost {
  /** The other host's API base (`http://host:9400/api/v1`), for messages. */
  readonly url: string;
  /** Its host name or address, as the migration stream reaches it. */
  readonly hostname: string;
  prepareIncoming(vm: string, body: IncomingRequest): Promise<IncomingAnswer>;
  /** The VM as the other host has it, or null when it has none of that name. */
  vm(vm: string): Promise<PeerVm | null>;
  /** Tears the incoming VM down there; one already gone is fine. */
  abortIncoming(vm: string): Promise<void>;
  /**
   * The certificate its API presents (PEM, the leaf), read over a connection checked as the calls
   * are (the pinned fingerprint, or the system's CAs): the one QEMU's TLS migration stream to it
   * must meet. Null over http://.
   */
  certificate(): Promise<string | null>;
}

const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
const IPV4 = `${OCTET}(?:\\.${OCTET}){3}`;
const H16 = '[0-9A-Fa-f]{1,4}';
const LS32 = `(?:${H16}:${H16}|${IPV4})`;
/** RFC 3986's IPv6address, every form of which the URL parser takes. */
const IPV6 = [
  `(?:${H16}:){6}${LS32}`,
  `::(?:${H16}:){5}${LS32}`,
  `(?:${H16})?::(?:${H16}:){4}${LS32}`,
  `(?:(?:${H16}:){0,1}${H16})?::(?:${H16}:){3}${LS32}`,
  `(?:(?:${H16}:){0,2}${H16})?::(?:${H16}:){2}${LS32}`,
  `(?:(?:${H16}:){0,3}${H16})?::${H16}:${LS32}`,
  `(?:(?:${H16}:){0,4}${H16})?::${LS32}`,
  `(?:(?:${H16}:){0,5}${H16})?::${H16}`,
  `(?:(?:${H16}:){0,6}${H16})?::`,
].join('|');
/**
 * A DNS name whose last label starts with a letter: the URL parser reads a name ending in a number
 * (`a.1`, `0x1`) as an IPv4 address, and decodes `xn--` labels (no `--` here) as punycode.
 */
const LABEL = '[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*';
const HOSTNAME = `(?:${LABEL}\\.)*[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*`;
const PORT = '(?:[1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])';
/**
 * The destinations `peerBaseUrl` takes, as a JSON Schema pattern: http or https, a host name, an
 * IPv4 address or a bracketed IPv6 address, an optional port, and no path but the API's.
 */
export const DESTINATION_PATTERN = `^https?://(?:${HOSTNAME}|${IPV4}|\\[(?:${IPV6})\\])(?::${PORT})?(?:${API_PREFIX})?/?$`;

/** `http://host:9400`, `http://host:9400/`, `http://host:9400/api/v1`: the API base, or a VALIDATION_ERROR. */
export function peerBaseUrl(destination: string, field = 'destination'): URL {
  let url: URL;
  try {
    url = new URL(destination);
  } catch {
    throw invalidField(field, `'${destination}' is not a URL like http://host:9400`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw invalidField(field, `'${url.protocol}' is not http: or https:`);
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw invalidField(field, 'give the host and port only (the token goes in `token`)');
  }
  const path = url.pathname.replace(/\/+$/, '');
  if (path !== '' && path !== API_PREFIX)
    throw invalidField(field, `the API is at ${API_PREFIX} of the service, not at '${url.pathname}'`);
  url.pathname = API_PREFIX;
  return url;
}

/** Node's codes for a certificate the system's CAs do not vouch for. */
const UNTRUSTED = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

const KINDS: Record<number, ErrorKind> = {
  400: 'invalid',
  404: 'not_found',
  409: 'conflict',
  413: 'too_large',
  422: 'unprocessable',
  429: 'rate_limited',
  503: 'unavailable',
};

function envelope(body: unknown): { code: string; message: string; details: Record<string, unknown> } | null {
  const error = (body as { error?: Record<string, unknown> } | null)?.error;
  if (typeof error?.code !== 'string' || typeof error.message !== 'string') return null;
  const details = typeof error.details === 'object' && error.details !== null ? error.details : {};
  return { code: error.code, message: error.message, details: details as Record<string, unknown> };
}

export function createPeerHost(options: {
  destination: string;
  token: string;
  /** The SHA-256 fingerprint its TLS certificate must have (pinned); else the system CAs decide. */
  fingerprint?: string;
  timeoutMs?: number;
}): PeerHost {
  const base = peerBaseUrl(options.destination);
  const url = base.href;
  const timeoutMs = options.timeoutMs ?? PEER_TIMEOUT_MS;
  const authorization = `Bearer ${options.token}`;

  /** A call that got no answer, as an error of this host: untrusted, or unreachable. */
  function unanswered(error: unknown): AppError {
    if (KitErrors.tlsFingerprintMismatch.is(error)) {
      return HvErrors.migrationDestinationUntrusted(
        { destination: url, reason: error.message },
        { cause: error, details: { field: 'destination_fingerprint', ...error.details } },
      );
    }
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    if (UNTRUSTED.has(cause?.code ?? '')) {
      return HvErrors.migrationDestinationUntrusted(
        {
          destination: url,
          reason: `its certificate is not valid for the system's CAs (${cause?.code}); give destination_fingerprint to trust a self-signed one`,
        },
        { cause: error, details: { field: 'destination_fingerprint' } },
      );
    }
    const reason =
      (error as Error).name === 'TimeoutError'
        ? `no answer within ${timeoutMs} ms`
        : (cause?.code ?? cause?.message ?? (error as Error).message);
    return HvErrors.migrationDestinationUnreachable({ destination: url, reason }, { cause: error });
  }

  async function call(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; json: unknown }> {
    let response: Response;
    try {
      response = await pinnedFetch(`${url}${path}`, {
        ...(options.fingerprint === undefined ? {} : { fingerprint: options.fingerprint }),
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw unanswered(error);
    }
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text === '' ? null : JSON.parse(text);
    } catch {
      json = null;
    }
    return { status: response.status, json };
  }

  /** The other host's refusal as an error of this one. */
  function refusal(status: number, json: unknown, what: string): AppError {
    const error = envelope(json);
    if (status === 401 || status === 403) {
      const reason = error === null ? `HTTP ${status}` : `${error.code}: ${error.message}`;
      return HvErrors.migrationDestinationDenied({ destination: url, reason });
    }
    const kind = KINDS[status];
    if (error === null || kind === undefined || (status === 404 && error.code === 'NOT_FOUND')) {
      const reason =
        error === null
          ? `HTTP ${status} to ${what}`
          : `HTTP ${status} ${error.code} to ${what}: ${error.message}`;
      return HvErrors.migrationDestinationBroken({ destination: url, reason });
    }
    // The destination's own code and words, as `hvctl` shows the service's: it knows best what it refused.
    return new AppError(error.code, kind, `the migration destination ${url} refused: ${error.message}`, {
      details: { ...error.details, destination: url },
    });
  }

  const vmPath = (vm: string): string => `/vms/${encodeURIComponent(vm)}`;

  return {
    url,
    hostname: base.hostname.replace(/^\[(.*)\]$/, '$1'),

    async prepareIncoming(vm, body) {
      const { status, json } = await call('POST', `${vmPath(vm)}/incoming`, body);
      if (status !== 201) throw refusal(status, json, 'prepare the incoming VM');
      const answer = json as Partial<IncomingAnswer> | null;
      if (typeof answer?.uri !== 'string' || typeof answer.port !== 'number') {
        throw HvErrors.migrationDestinationBroken({
          destination: url,
          reason: 'no uri and port in its answer',
        });
      }
      return { uri: answer.uri, port: answer.port };
    },

    async vm(vm) {
      const { status, json } = await call('GET', vmPath(vm));
      if (status === 404 && envelope(json)?.code === 'VM_NOT_FOUND') return null;
      if (status !== 200) throw refusal(status, json, 'read the VM');
      const found = json as Partial<PeerVm> | null;
      if (typeof found?.uuid !== 'string' || typeof found.state !== 'string') {
        throw HvErrors.migrationDestinationBroken({ destination: url, reason: 'a VM without uuid or state' });
      }
      return { uuid: found.uuid, state: found.state };
    },

    async certificate() {
      if (base.protocol !== 'https:') return null;
      try {
        const { chain } = await fetchPeerCertificate(
          base,
          options.fingerprint,
          AbortSignal.timeout(timeoutMs),
        );
        return chain[0]!;
      } catch (error) {
        // fetch gives the socket's error as its cause; a bare TLS connection throws it itself.
        const timedOut = (error as Error).name === 'TimeoutError';
        throw unanswered(
          KitErrors.tlsFingerprintMismatch.is(error) || timedOut
            ? error
            : new TypeError('fetch failed', { cause: error }),
        );
      }
    },

    async abortIncoming(vm) {
      const { status, json } = await call('DELETE', `${vmPath(vm)}/incoming`);
      if (status === 200 || (status === 404 && envelope(json)?.code === 'VM_NOT_FOUND')) return;
      throw refusal(status, json, 'abort the incoming VM');
    },
  };
}
