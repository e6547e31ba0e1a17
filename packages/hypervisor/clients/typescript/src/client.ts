/**
 * The client: one method per operation of the API, named as its RPC in camelCase (`ListVms` is
 * `listVms`, the list in docs/hypervisor-grpc.md), over `openapi-fetch` and the generated `paths`,
 * so each path, parameter and body is checked against the OpenAPI document at compile time.
 *
 * Every call takes `CallOptions` last: a `signal` to cancel it and a `timeoutMs` of its own (the
 * client's otherwise). A call answers the response's data or throws a `HypervisorError`.
 * `watchVmEvents` follows the event stream and resumes it after a dropped connection;
 * `waitOperation` and `migrateVm` follow long work with a progress callback.
 *
 * Only `fetch` is used, so this module runs in browsers as in Node; the Unix socket and TLS
 * pinning come from `@lab/hypervisor-client/node`, which passes its own `fetch`.
 */
import createFetchClient, { type Client } from 'openapi-fetch';
import {
  ApiError,
  apiErrorOfCode,
  CancelledError,
  errorFromFailure,
  errorFromResponse,
  isHypervisorError,
  TimeoutError,
} from './errors.js';
import type { paths } from './gen/openapi.js';
import { readSse } from './sse.js';
import type * as T from './types.js';

/** The time-out of a call when neither the client nor the call sets one. */
export const DEFAULT_TIMEOUT_MS = 30_000;

export interface ClientOptions {
  /** The service's address, such as `http://127.0.0.1:9400` (the client adds `/api/v1`). */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <token>`; none over the Unix socket. */
  token?: string | undefined;
  /** Milliseconds a call may take, its answer's body included (default 30 s). */
  timeoutMs?: number | undefined;
  /** Aborts every call of the client, and its event streams. */
  signal?: AbortSignal | undefined;
  /** The `fetch` to call through (Node's transports for a Unix socket or a pinned certificate). */
  fetch?: ((request: Request) => Promise<Response>) | undefined;
  /** Headers sent with every request. */
  headers?: Record<string, string> | undefined;
}

/** What every method takes last. */
export interface CallOptions {
  /** Cancels the call: it throws a `CancelledError`. */
  signal?: AbortSignal | undefined;
  /** This call's time-out in milliseconds: past it the call throws a `TimeoutError`. */
  timeoutMs?: number | undefined;
}

export interface WaitOptions {
  /** Called with the operation when it is first read and each time its progress moves. */
  onProgress?: ((operation: T.Operation) => void) | undefined;
  /** How often the operation is read (default 100 ms). */
  pollIntervalMs?: number | undefined;
  /** Stops waiting (the operation runs on): a `CancelledError`. */
  signal?: AbortSignal | undefined;
  /** The longest to wait: past it a `TimeoutError` (the operation runs on). No limit by default. */
  timeoutMs?: number | undefined;
}

/** One event of `GET /events`. */
export interface HypervisorEvent {
  /** Its id, increasing; what a stream resumes from. */
  id: string;
  /** `vm.state_changed`, `migration.progress`, `operation.completed`, ... */
  kind: string;
  data: Record<string, unknown>;
}

export interface WatchOptions {
  /** Only these kinds (`vm.state_changed`, ...). */
  kinds?: readonly string[] | undefined;
  /** Only the events of this VM. */
  vm?: string | undefined;
  /**
   * Resume after this event id: the retained events after it are replayed first. Without it the
   * service replays every event it retains (the last 10,000), then follows.
   */
  lastEventId?: string | undefined;
  /** Ends the stream: the iteration throws a `CancelledError`. */
  signal?: AbortSignal | undefined;
  /** Milliseconds to wait before reconnecting, until the server sends its own `retry:` (default 1 s). */
  retryMs?: number | undefined;
  /** Called before each reconnection, with the failure that ended the connection. */
  onReconnect?: ((error: unknown, lastEventId: string | undefined) => void) | undefined;
}

type Answer<D> = { data?: D; error?: unknown; response: Response };
type Run<D> = (init: { signal: AbortSignal }) => Promise<Answer<D>>;

const TERMINAL = new Set(['succeeded', 'failed', 'cancelled']);

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function present<V>(value: V | undefined): value is V {
  return value !== undefined;
}

export class HypervisorClient {
  readonly baseUrl: string;
  readonly #api: Client<paths>;
  readonly #timeoutMs: number;
  readonly #signal: AbortSignal | undefined;

  constructor(options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#signal = options.signal;
    this.#api = createFetchClient<paths>({
      baseUrl: this.baseUrl,
      headers: {
        ...options.headers,
        ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }),
      },
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    });
  }

  /** Runs one request under the call's time-out and signals; its data, or the error it ends in. */
  async #call<D>(options: CallOptions | undefined, run: Run<D>): Promise<D> {
    const timeoutMs = options?.timeoutMs ?? this.#timeoutMs;
    // As AbortSignal.timeout(timeoutMs), but its timer is cleared when the call ends (one
    // AbortSignal.timeout a call left a timer pending for 30 s each), and AbortSignal.any only
    // when there is another signal to follow: the two cost a REST call about a tenth in Node.
    if (!Number.isInteger(timeoutMs) || timeoutMs < 0 || timeoutMs > 0xffff_ffff)
      throw new RangeError(`timeoutMs must be a whole number of milliseconds, not ${timeoutMs}`);
    const deadline = new AbortController();
    const timer = setTimeout(() => {
      deadline.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
    }, timeoutMs);
    // Unreferenced in Node, as AbortSignal.timeout's: a pending call's timer alone keeps no process up.
    (timer as { unref?: () => void }).unref?.();
    const timeout = deadline.signal;
    const signals = [this.#signal, options?.signal].filter(present);
    let answer: Answer<D>;
    try {
      answer = await run({ signal: signals.length === 0 ? timeout : AbortSignal.any([timeout, ...signals]) });
    } catch (error) {
      throw errorFromFailure(error, { timeout, timeoutMs, signals });
    } finally {
      clearTimeout(timer);
    }
    if (!answer.response.ok) throw errorFromResponse(answer.response, answer.error);
    return answer.data as D;
  }

  // VmService

  listVms(options?: CallOptions) {
    return this.#call(options, (init) => this.#api.GET('/api/v1/vms', init));
  }
  createVm(body: T.CreateVmRequest, options?: CallOptions) {
    return this.#call(options, (init) => this.#api.POST('/api/v1/vms', { ...init, body }));
  }
  getVm(name: string, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.GET('/api/v1/vms/{name}', { ...init, params: { path: { name } } }),
    );
  }
  startVm(name: string, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.POST('/api/v1/vms/{name}/start', { ...init, params: { path: { name } } }),
    );
  }
  /** `{force: true}` stops at once (the VM); otherwise the guest is asked first (an operation, `vm.stop`). */
  stopVm(name: string, body: T.StopVmRequest = {}, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.POST('/api/v1/vms/{name}/stop', { ...init, params: { path: { name } }, body }),
    );
  }
  pauseVm(name: string, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.POST('/api/v1/vms/{name}/pause', { ...init, params: { path: { name } } }),
    );
  }
  resumeVm(name: string, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.POST('/api/v1/vms/{name}/resume', { ...init, params: { path: { name } } }),
    );
  }

  /**
   * Migrates a running VM to another host and follows the `vm.migrate` operation to its end, as
   * the RPC streams it: `onProgress` sees the RAM sent (0 to 100). Answers the succeeded
   * operation (its `result` has the figures); a failed or cancelled one throws its error.
   */
  async migrateVm(
    name: string,
    body: T.MigrateVmRequest,
    options: CallOptions & Omit<WaitOptions, 'timeoutMs'> = {},
  ): Promise<T.Operation> {
    const operation = await this.#call(options, (init) =>
      this.#api.POST('/api/v1/vms/{name}/migrate', { ...init, params: { path: { name } }, body }),
    );
    const { onProgress, pollIntervalMs, signal } = options;
    return this.waitOperation(operation.id, { onProgress, pollIntervalMs, signal });
  }

  /**
   * The events (first the retained ones after `lastEventId`), then as they happen, until the
   * loop breaks or `signal` aborts. A dropped connection, or a stream the server ends, is
   * reconnected with `Last-Event-ID` = the last event seen, so no event is lost or repeated; a
   * refusal (401, 403, 413 for a resume too far back) throws its `ApiError`.
   */
  async *watchVmEvents(
    options: WatchOptions & Pick<CallOptions, 'timeoutMs'> = {},
  ): AsyncGenerator<HypervisorEvent> {
    let lastEventId = options.lastEventId;
    let retryMs = options.retryMs ?? 1000;
    const signals = [this.#signal, options.signal].filter(present);
    const cancelled = AbortSignal.any(signals);
    const query = {
      ...(options.kinds === undefined ? {} : { kinds: options.kinds.join(',') }),
      ...(options.vm === undefined ? {} : { vm: options.vm }),
    };
    for (;;) {
      const connection = new AbortController();
      const stop = (): void => connection.abort(cancelled.reason);
      cancelled.addEventListener('abort', stop, { once: true });
      let failure: unknown;
      try {
        const response = await this.#openEvents(query, lastEventId, connection, options.timeoutMs, signals);
        for await (const message of readSse(response.body as ReadableStream<Uint8Array>)) {
          if (message.retry !== undefined) retryMs = message.retry;
          if (message.id !== undefined) lastEventId = message.id;
          if (message.data === '' || message.id === undefined) continue;
          // Nothing more once the caller cancelled, even what was already read.
          if (cancelled.aborted) break;
          yield {
            id: message.id,
            kind: message.event,
            data: JSON.parse(message.data) as Record<string, unknown>,
          };
        }
      } catch (error) {
        if (error instanceof ApiError) throw error;
        if (cancelled.aborted) {
          throw new CancelledError({
            code: 'CANCELLED',
            message: 'the event stream was cancelled',
            cause: error,
          });
        }
        failure = error;
      } finally {
        cancelled.removeEventListener('abort', stop);
        connection.abort();
      }
      if (cancelled.aborted) {
        throw new CancelledError({ code: 'CANCELLED', message: 'the event stream was cancelled' });
      }
      options.onReconnect?.(failure, lastEventId);
      try {
        await sleep(retryMs, cancelled);
      } catch (error) {
        throw new CancelledError({
          code: 'CANCELLED',
          message: 'the event stream was cancelled',
          cause: error,
        });
      }
    }
  }

  /** `GET /events` up to its headers, within the time-out (which does not limit the stream). */
  async #openEvents(
    query: { kinds?: string; vm?: string },
    lastEventId: string | undefined,
    connection: AbortController,
    timeoutMs = this.#timeoutMs,
    signals: readonly AbortSignal[],
  ): Promise<Response> {
    const timeout = new AbortController();
    const timer = setTimeout(() => {
      timeout.abort();
      connection.abort();
    }, timeoutMs);
    try {
      const { response, error } = await this.#api.GET('/api/v1/events', {
        params: { query },
        parseAs: 'stream',
        signal: connection.signal,
        headers: {
          accept: 'text/event-stream',
          ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
        },
      });
      if (!response.ok) throw errorFromResponse(response, error);
      return response;
    } catch (error) {
      throw errorFromFailure(error, { timeout: timeout.signal, timeoutMs, signals });
    } finally {
      clearTimeout(timer);
    }
  }

  // VmManagementService, MigrationService, SnapshotService

  updateVm(name: string, body: T.UpdateVmRequest, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.PATCH('/api/v1/vms/{name}', { ...init, params: { path: { name } }, body }),
    );
  }
  deleteVm(name: string, query: T.DeleteVmQuery = {}, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.DELETE('/api/v1/vms/{name}', { ...init, params: { path: { name }, query } }),
    );
  }
  resetVm(name: string, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.POST('/api/v1/vms/{name}/reset', { ...init, params: { path: { name } } }),
    );
  }
  getVmStats(name: string, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.GET('/api/v1/vms/{name}/stats', { ...init, params: { path: { name } } }),
    );
  }
  /** A linked clone answers the new VM; a full copy answers its `vm.clone` operation. */
  cloneVm(name: string, body: T.CloneVmRequest, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.POST('/api/v1/vms/{name}/clone', { ...init, params: { path: { name } }, body }),
    );
  }
  cancelMigration(name: string, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.POST('/api/v1/vms/{name}/migrate/cancel', { ...init, params: { path: { name } } }),
    );
  }
  /** What a source host calls on the destination (the service does it for `migrateVm`). */
  prepareIncomingMigration(name: string, body: T.IncomingMigrationRequest, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.POST('/api/v1/vms/{name}/incoming', { ...init, params: { path: { name } }, body }),
    );
  }
  abortIncomingMigration(name: string, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.DELETE('/api/v1/vms/{name}/incoming', { ...init, params: { path: { name } } }),
    );
  }
  listSnapshots(name: string, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.GET('/api/v1/vms/{name}/snapshots', { ...init, params: { path: { name } } }),
    );
  }
  /** Without memory answers the snapshot; with `include_memory` its `vm.snapshot_create` operation. */
  createSnapshot(name: string, body: T.CreateSnapshotRequest, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.POST('/api/v1/vms/{name}/snapshots', { ...init, params: { path: { name } }, body }),
    );
  }
  restoreSnapshot(name: string, snap: string, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.POST('/api/v1/vms/{name}/snapshots/{snap}/restore', {
        ...init,
        params: { path: { name, snap } },
      }),
    );
  }
  deleteSnapshot(name: string, snap: string, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.DELETE('/api/v1/vms/{name}/snapshots/{snap}', { ...init, params: { path: { name, snap } } }),
    );
  }

  // NetworkService, TunnelService

  listNetworks(options?: CallOptions) {
    return this.#call(options, (init) => this.#api.GET('/api/v1/networks', init));
  }
  createNetwork(body: T.CreateNetworkRequest, options?: CallOptions) {
    return this.#call(options, (init) => this.#api.POST('/api/v1/networks', { ...init, body }));
  }
  getNetwork(name: string, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.GET('/api/v1/networks/{name}', { ...init, params: { path: { name } } }),
    );
  }
  updateNetwork(name: string, body: T.UpdateNetworkRequest, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.PATCH('/api/v1/networks/{name}', { ...init, params: { path: { name } }, body }),
    );
  }
  deleteNetwork(name: string, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.DELETE('/api/v1/networks/{name}', { ...init, params: { path: { name } } }),
    );
  }
  listRules(network: string, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.GET('/api/v1/networks/{name}/rules', { ...init, params: { path: { name: network } } }),
    );
  }
  addRule(network: string, body: T.AddRuleRequest, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.POST('/api/v1/networks/{name}/rules', { ...init, params: { path: { name: network } }, body }),
    );
  }
  updateRule(network: string, id: string, body: T.UpdateRuleRequest, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.PATCH('/api/v1/networks/{name}/rules/{id}', {
        ...init,
        params: { path: { name: network, id } },
        body,
      }),
    );
  }
  deleteRule(network: string, id: string, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.DELETE('/api/v1/networks/{name}/rules/{id}', {
        ...init,
        params: { path: { name: network, id } },
      }),
    );
  }
  listForwards(network: string, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.GET('/api/v1/networks/{name}/forwards', { ...init, params: { path: { name: network } } }),
    );
  }
  addForward(network: string, body: T.AddForwardRequest, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.POST('/api/v1/networks/{name}/forwards', {
        ...init,
        params: { path: { name: network } },
        body,
      }),
    );
  }
  deleteForward(network: string, id: string, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.DELETE('/api/v1/networks/{name}/forwards/{id}', {
        ...init,
        params: { path: { name: network, id } },
      }),
    );
  }
  listLeases(network: string, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.GET('/api/v1/networks/{name}/dhcp', { ...init, params: { path: { name: network } } }),
    );
  }
  getTunnel(network: string, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.GET('/api/v1/networks/{name}/tunnel', { ...init, params: { path: { name: network } } }),
    );
  }
  /** The tunnel's key exchange, as a peer host sends it (signed by the peer's pinned key). */
  exchangeTunnelKeys(network: string, body: T.TunnelExchangeRequest, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.POST('/api/v1/networks/{name}/tunnel/exchange', {
        ...init,
        params: { path: { name: network } },
        body,
      }),
    );
  }

  // StorageService, StoragePoolService

  listDisks(options?: CallOptions) {
    return this.#call(options, (init) => this.#api.GET('/api/v1/storage', init));
  }
  createDisk(body: T.CreateDiskRequest, options?: CallOptions) {
    return this.#call(options, (init) => this.#api.POST('/api/v1/storage', { ...init, body }));
  }
  getDisk(name: string, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.GET('/api/v1/storage/{name}', { ...init, params: { path: { name } } }),
    );
  }
  resizeDisk(name: string, body: T.ResizeDiskRequest, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.PATCH('/api/v1/storage/{name}', { ...init, params: { path: { name } }, body }),
    );
  }
  deleteDisk(name: string, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.DELETE('/api/v1/storage/{name}', { ...init, params: { path: { name } } }),
    );
  }
  /** Answers the `disk.convert` operation: `waitOperation(op.id, {onProgress})` follows it. */
  convertDisk(name: string, body: T.ConvertDiskRequest, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.POST('/api/v1/storage/{name}/convert', { ...init, params: { path: { name } }, body }),
    );
  }
  compactDisk(name: string, body: T.CompactDiskRequest = {}, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.POST('/api/v1/storage/{name}/compact', { ...init, params: { path: { name } }, body }),
    );
  }
  checkDisk(name: string, body: T.CheckDiskRequest = {}, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.POST('/api/v1/storage/{name}/check', { ...init, params: { path: { name } }, body }),
    );
  }
  rekeyDisk(name: string, body: T.RekeyDiskRequest, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.POST('/api/v1/storage/{name}/rekey', { ...init, params: { path: { name } }, body }),
    );
  }
  listPools(options?: CallOptions) {
    return this.#call(options, (init) => this.#api.GET('/api/v1/storage/pools', init));
  }
  createPool(body: T.CreatePoolRequest, options?: CallOptions) {
    return this.#call(options, (init) => this.#api.POST('/api/v1/storage/pools', { ...init, body }));
  }

  // OperationService

  listOperations(options?: CallOptions) {
    return this.#call(options, (init) => this.#api.GET('/api/v1/operations', init));
  }
  getOperation(id: string, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.GET('/api/v1/operations/{id}', { ...init, params: { path: { id } } }),
    );
  }
  cancelOperation(id: string, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.POST('/api/v1/operations/{id}/cancel', { ...init, params: { path: { id } } }),
    );
  }

  /**
   * Follows an operation to its end: answers it once `succeeded`; a `failed` or `cancelled`
   * one throws an `ApiError` with its error's code (`OPERATION_CANCELLED` for a cancel).
   */
  async waitOperation(id: string, options: WaitOptions = {}): Promise<T.Operation> {
    const deadline = options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs);
    const signal = AbortSignal.any([options.signal, deadline].filter(present));
    let progress: number | undefined;
    try {
      for (;;) {
        const operation = await this.getOperation(id, { signal });
        if (operation.progress !== progress || TERMINAL.has(operation.status)) {
          progress = operation.progress;
          options.onProgress?.(operation);
        }
        if (operation.status === 'succeeded') return operation;
        if (TERMINAL.has(operation.status)) {
          throw apiErrorOfCode(
            operation.error?.code ?? 'OPERATION_FAILED',
            operation.error?.message ?? `operation ${id} ${operation.status}`,
            { operation: id, kind: operation.kind, status: operation.status },
          );
        }
        await sleep(options.pollIntervalMs ?? 100, signal);
      }
    } catch (error) {
      if (deadline?.aborted === true && !(error instanceof ApiError)) {
        throw new TimeoutError({
          code: 'TIMEOUT',
          message: `operation ${id} did not end within ${options.timeoutMs} ms`,
          details: { operation: id, timeout_ms: options.timeoutMs },
          cause: error,
        });
      }
      if (isHypervisorError(error)) throw error;
      throw new CancelledError({ code: 'CANCELLED', message: 'waiting was cancelled', cause: error });
    }
  }

  // PqcService, PqcKeyService

  getStatus(options?: CallOptions) {
    return this.#call(options, (init) => this.#api.GET('/api/v1/pqc/status', init));
  }
  /** An ML-KEM or ML-DSA key answers at once; an SLH-DSA one answers its `pqc.key_create` operation. */
  generateKey(body: T.GenerateKeyRequest, options?: CallOptions) {
    return this.#call(options, (init) => this.#api.POST('/api/v1/pqc/keys', { ...init, body }));
  }
  attest(name: string, body: T.AttestRequest, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.POST('/api/v1/vms/{name}/attest', { ...init, params: { path: { name } }, body }),
    );
  }
  listKeys(options?: CallOptions) {
    return this.#call(options, (init) => this.#api.GET('/api/v1/pqc/keys', init));
  }
  getKey(name: string, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.GET('/api/v1/pqc/keys/{name}', { ...init, params: { path: { name } } }),
    );
  }
  deleteKey(name: string, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.DELETE('/api/v1/pqc/keys/{name}', { ...init, params: { path: { name } } }),
    );
  }
  rotateKey(name: string, body: T.RotateKeyRequest = {}, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.POST('/api/v1/pqc/keys/{name}/rotate', { ...init, params: { path: { name } }, body }),
    );
  }
  /** The key's raw public key (base64, JSON), or with `{format: 'pem'}` its PEM text. */
  exportPublicKey(
    name: string,
    query: T.ExportPublicKeyQuery & { format: 'pem' },
    options?: CallOptions,
  ): Promise<string>;
  exportPublicKey(
    name: string,
    query?: T.ExportPublicKeyQuery & { format?: 'raw' },
    options?: CallOptions,
  ): Promise<{
    name: string;
    version: number;
    algorithm: string;
    oid: string;
    format: 'raw';
    public_key: string;
  }>;
  exportPublicKey(name: string, query: T.ExportPublicKeyQuery = {}, options?: CallOptions): Promise<unknown> {
    return this.#call(options, (init) =>
      this.#api.GET('/api/v1/pqc/keys/{name}/public', {
        ...init,
        params: { path: { name }, query },
        ...(query.format === 'pem' ? { parseAs: 'text' as const } : {}),
      }),
    );
  }
  runSelfTest(body: T.SelfTestRequest = {}, options?: CallOptions) {
    return this.#call(options, (init) => this.#api.POST('/api/v1/pqc/self-test', { ...init, body }));
  }
  runBenchmark(body: T.BenchmarkRequest = {}, options?: CallOptions) {
    return this.#call(options, (init) => this.#api.POST('/api/v1/pqc/benchmark', { ...init, body }));
  }
  verifyAttestation(body: T.VerifyAttestationRequest, options?: CallOptions) {
    return this.#call(options, (init) => this.#api.POST('/api/v1/pqc/verify', { ...init, body }));
  }

  // SystemService, AuditService, TokenService

  getSystemInfo(options?: CallOptions) {
    return this.#call(options, (init) => this.#api.GET('/api/v1/system/info', init));
  }
  getSystemStats(options?: CallOptions) {
    return this.#call(options, (init) => this.#api.GET('/api/v1/system/stats', init));
  }
  getConfidentialComputing(options?: CallOptions) {
    return this.#call(options, (init) => this.#api.GET('/api/v1/system/cc', init));
  }
  listIommuGroups(options?: CallOptions) {
    return this.#call(options, (init) => this.#api.GET('/api/v1/system/iommu', init));
  }
  getSystemConfig(options?: CallOptions) {
    return this.#call(options, (init) => this.#api.GET('/api/v1/system/config', init));
  }
  /** One page, newest first; pass its `next_cursor` as `cursor` for the next. */
  listAuditEvents(query: T.AuditQuery = {}, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.GET('/api/v1/audit/events', { ...init, params: { query } }),
    );
  }
  listTokens(options?: CallOptions) {
    return this.#call(options, (init) => this.#api.GET('/api/v1/tokens', init));
  }
  /** Answers the token's secret this once. */
  createToken(body: T.CreateTokenRequest, options?: CallOptions) {
    return this.#call(options, (init) => this.#api.POST('/api/v1/tokens', { ...init, body }));
  }
  deleteToken(name: string, options?: CallOptions) {
    return this.#call(options, (init) =>
      this.#api.DELETE('/api/v1/tokens/{name}', { ...init, params: { path: { name } } }),
    );
  }
}
