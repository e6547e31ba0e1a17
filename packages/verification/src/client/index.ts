/**
 * The TypeScript SDK of the verification platform (`@lab/verification/client`): a PlatformClient
 * with one namespace per resource, typed from the platform's OpenAPI document (gen/openapi.ts,
 * made by scripts/generate-client.mjs), and PlatformError for every failure. It imports nothing
 * of the server (Fastify, the store, the engine): types only.
 */
import { createTransport, type CallOptions, type PlatformClientOptions } from './http.js';
import { jobsApi } from './jobs.js';
import { projectsApi } from './projects.js';
import { sessionApi } from './session.js';
import { tokensApi } from './tokens.js';
import { webhooksApi } from './webhooks.js';

export class PlatformClient {
  readonly projects: ReturnType<typeof projectsApi>;
  readonly jobs: ReturnType<typeof jobsApi>;
  readonly webhooks: ReturnType<typeof webhooksApi>;
  readonly tokens: ReturnType<typeof tokensApi>;
  readonly session: ReturnType<typeof sessionApi>;
  readonly #transport: ReturnType<typeof createTransport>;

  constructor(options: PlatformClientOptions) {
    this.#transport = createTransport(options);
    this.projects = projectsApi(this.#transport);
    this.jobs = jobsApi(this.#transport);
    this.webhooks = webhooksApi(this.#transport);
    this.tokens = tokensApi(this.#transport);
    this.session = sessionApi(this.#transport);
  }

  /** The platform's base URL, as given (without a trailing slash). */
  get url(): string {
    return this.#transport.url;
  }

  /** The service's health, its queue and its tools; needs no credential. */
  health(options?: CallOptions) {
    const { api, call } = this.#transport;
    return call(options, (signal) => api.GET('/api/v1/health', { signal }));
  }
}

export { CLIENT_ERROR_CODES, PlatformError } from './errors.js';
export { DEFAULT_TIMEOUT_MS, type CallOptions, type Download, type PlatformClientOptions } from './http.js';
export type * from './jobs.js';
export type * from './projects.js';
export type * from './webhooks.js';
export type * from './tokens.js';
export type * from './session.js';
export { STREAM_RECONNECT_ATTEMPTS, type StreamOptions, type WaitOptions } from './stream.js';
export type * from './stream.js';
export type { components, paths } from './gen/openapi.js';
