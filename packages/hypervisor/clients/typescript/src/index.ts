/**
 * `@lab/hypervisor-client`: the hypervisor's REST API (revision 1.0) for browsers and Node.
 * This entry imports nothing from Node; `@lab/hypervisor-client/node` adds the Unix socket and
 * TLS certificate pinning.
 */
export {
  DEFAULT_TIMEOUT_MS,
  HypervisorClient,
  type CallOptions,
  type ClientOptions,
  type HypervisorEvent,
  type WaitOptions,
  type WatchOptions,
} from './client.js';
export {
  ApiError,
  CancelledError,
  errorKindOf,
  isHypervisorError,
  TimeoutError,
  TransportError,
  type ApiErrorKind,
  type ClientErrorKind,
  type ErrorCode,
  type ErrorDetails,
  type ErrorKind,
  type HypervisorError,
} from './errors.js';
export { ERROR_CATALOGUE, type KnownErrorCode } from './gen/errors.js';
export type { components, paths } from './gen/openapi.js';
export { readSse, type SseMessage } from './sse.js';
export type * from './types.js';

/** The API revision this client implements. */
export const API_REVISION = '1.0';
