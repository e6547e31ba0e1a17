/** `client.tokens`: the API tokens of the platform (an admin's business). */
import type { CallOptions, JsonBody, Transport } from './http.js';

export type TokenCreate = JsonBody<'/api/v1/tokens', 'post'>;

export function tokensApi({ api, call }: Transport) {
  return {
    /** Creates a token; the answer holds its secret, shown this once. */
    create: (body: TokenCreate, options?: CallOptions) =>
      call(options, (signal) => api.POST('/api/v1/tokens', { body, signal })),

    list: (options?: CallOptions) => call(options, (signal) => api.GET('/api/v1/tokens', { signal })),

    revoke: async (name: string, options?: CallOptions): Promise<void> => {
      await call(options, (signal) =>
        api.DELETE('/api/v1/tokens/{name}', { params: { path: { name } }, signal }),
      );
    },
  };
}
