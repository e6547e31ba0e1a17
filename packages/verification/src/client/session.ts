/**
 * `client.session`: who the client's credential is, and the web application's sign-in done from
 * code (a browser test, say, that puts the cookie in its browser instead of typing the token).
 */
import type { components } from './gen/openapi.js';
import type { CallOptions, Transport } from './http.js';

export type SessionView = components['schemas']['Session'];

/** A session opened with `open`: its view and the `Cookie` header value that carries it. */
export interface OpenedSession {
  session: SessionView;
  /** `vp_session=...`, to send as the `Cookie` header (or give to a browser). */
  cookie: string;
}

export function sessionApi({ api, call, exchange }: Transport) {
  return {
    /** The caller as the platform sees it: name, role, expiry (`auth_enabled: false` without auth). */
    get: (options?: CallOptions) => call(options, (signal) => api.GET('/api/v1/session', { signal })),

    /** Exchanges `token` for a session; the answer's `csrf_token` goes with every change made with the cookie. */
    open: async (token: string, options?: CallOptions): Promise<OpenedSession> => {
      const { data, response } = await exchange(options, (signal) =>
        api.POST('/api/v1/session', { body: { token }, signal }),
      );
      const [cookie = ''] = (response.headers.get('set-cookie') ?? '').split(';');
      return { session: data, cookie };
    },

    /** Ends the session `opened` names. */
    close: async (opened: OpenedSession, options?: CallOptions): Promise<void> => {
      await call(options, (signal) =>
        api.DELETE('/api/v1/session', {
          headers: { cookie: opened.cookie, 'x-csrf-token': opened.session.csrf_token ?? '' },
          signal,
        }),
      );
    },
  };
}
