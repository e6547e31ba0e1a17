/**
 * Which methods a path answers, for the 405 and its `Allow` header (RFC 9110 §15.5.6).
 *
 * Fastify's router sends a known path with an unknown method to the not-found handler, and its
 * lookup by concrete path is not public; so the routes are mirrored, as Fastify registers them,
 * into a second find-my-way router of the same options, used only on the way to a 404.
 */
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import type { App } from './app.js';

export interface AllowedMethods {
  /** The methods that have a route for `path` (no query), in a stable order; empty for none. */
  of(path: string): string[];
}

export function trackAllowedMethods(app: App, options: { maxParamLength: number }): AllowedMethods {
  const router = FindMyWay({ maxParamLength: options.maxParamLength });
  const methods = new Set<HTTPMethod>();
  const ignore = (): void => {};
  app.addHook('onRoute', (route) => {
    const routeMethods = (Array.isArray(route.method) ? route.method : [route.method]) as HTTPMethod[];
    for (const method of routeMethods) methods.add(method);
    router.on(routeMethods, route.url, ignore);
  });
  return {
    of(path) {
      const matches = [...methods].flatMap((method) => {
        const match = router.find(method, path);
        return match === null ? [] : [{ method, params: Object.keys(match.params).length }];
      });
      // The resource a path names is its most specific route's: /storage/pools is the pool
      // collection (GET, POST), though DELETE /storage/{name} would match it too.
      const specific = Math.min(...matches.map((match) => match.params));
      return matches
        .filter((match) => match.params === specific)
        .map((match) => match.method)
        .sort();
    },
  };
}
