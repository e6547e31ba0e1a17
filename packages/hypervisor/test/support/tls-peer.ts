/**
 * A peer over https for the tests of the calls this host makes with a peer's token: the kit's app
 * served with a self-signed identity of this service's own making, recording the Authorization
 * header of every request it receives (a wrong pin must send none).
 */
import { pino } from 'pino';
import { createApp, type App } from '@lab/server-kit';
import type { TlsIdentity } from '../../src/domain/tls-identity.js';
import { makeSelfSigned } from '../../src/drivers/tls-certificate.js';

export interface TlsPeer {
  app: App;
  /** `https://127.0.0.1:<port>`. */
  url: string;
  identity: TlsIdentity;
  /** The Authorization header of each request received, in order. */
  authorizations: (string | undefined)[];
  close(): Promise<void>;
}

/** The peer with `routes` added, listening on a free loopback port. */
export async function startTlsPeer(routes: (app: App) => void): Promise<TlsPeer> {
  const identity = await makeSelfSigned({
    commonName: 'peer',
    dnsNames: ['localhost'],
    ipAddresses: ['127.0.0.1'],
  });
  const app = await createApp({
    title: 'peer',
    version: '0',
    prefix: '/api/v1',
    logger: pino({ level: 'silent' }),
    https: { cert: identity.certPem, key: identity.keyPem, fingerprint: identity.fingerprint },
  });
  const authorizations: (string | undefined)[] = [];
  app.addHook('onRequest', async (request) => {
    authorizations.push(request.headers.authorization);
  });
  routes(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  return { app, url: `https://127.0.0.1:${port}`, identity, authorizations, close: () => app.close() };
}
