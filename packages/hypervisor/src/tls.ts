/**
 * The TLS identity of the TCP listeners (REST and gRPC), decided once at start:
 * - `--tls-cert` and `--tls-key` given: that pair (both or neither);
 * - else a listener bound beyond loopback (`--host` or `--grpc-host` other than 127.0.0.0/8,
 *   `::1`, `localhost`): the self-signed identity of `{data_dir}/tls/`, made at the first start
 *   and reused after; unless `--insecure-tcp`, which serves plain TCP and logs a warning;
 * - else (loopback only): plain, as the spec's defaults are.
 * The Unix socket is plain HTTP in every case. REST and gRPC ask for it with the same config
 * object and get the same identity: it is resolved once per process.
 */
import { KitErrors, type Logger } from '@lab/server-kit';
import { resolve } from 'node:path';
import type { ServeConfig } from './config.js';
import { isLoopbackHost } from './domain/peer-transport.js';
import type { TlsIdentity } from './domain/tls-identity.js';
import { hostCertificateNames, loadOrMakeSelfSigned, loadTlsFiles } from './drivers/tls-certificate.js';

type TlsSettings = Pick<ServeConfig, 'host' | 'grpcHost' | 'dataDir' | 'tlsCert' | 'tlsKey' | 'insecureTcp'>;

/** The addresses the TCP listeners bind: REST's `--host` and gRPC's `--grpc-host` (default the same). */
export const listenHosts = (config: TlsSettings): string[] => [config.host, config.grpcHost ?? config.host];

async function decide(config: TlsSettings, logger: Logger): Promise<TlsIdentity | null> {
  if ((config.tlsCert === undefined) !== (config.tlsKey === undefined)) {
    const given = config.tlsCert === undefined ? 'tls-key' : 'tls-cert';
    throw KitErrors.invalidConfig(
      {
        problems: [
          `${given} is given without ${given === 'tls-cert' ? 'tls-key' : 'tls-cert'}: give both or neither`,
        ],
      },
      { details: { errors: [{ field: given, expected: 'given together with the other' }] } },
    );
  }
  if (config.tlsCert !== undefined && config.tlsKey !== undefined) {
    const identity = loadTlsFiles(config.tlsCert, config.tlsKey);
    logger.info(
      { cert: config.tlsCert, fingerprint: identity.fingerprint },
      'TLS with the given certificate',
    );
    return identity;
  }
  const beyondLoopback = listenHosts(config).filter((host) => !isLoopbackHost(host));
  if (beyondLoopback.length === 0) return null;
  if (config.insecureTcp) {
    logger.warn(
      { hosts: beyondLoopback },
      '--insecure-tcp: plain TCP beyond loopback; API tokens cross the network in clear',
    );
    return null;
  }
  const { identity, made, dir } = await loadOrMakeSelfSigned(resolve(config.dataDir), () =>
    hostCertificateNames(listenHosts(config)),
  );
  logger.info(
    { dir, fingerprint: identity.fingerprint },
    made
      ? 'TLS with a self-signed certificate made now'
      : 'TLS with the self-signed certificate made earlier',
  );
  return identity;
}

const resolved = new WeakMap<object, Promise<TlsIdentity | null>>();

/**
 * This host's TLS identity, or null when its TCP listeners serve plain TCP; INVALID_CONFIG for a
 * certificate and key that do not go together. The same promise for the same config object.
 */
export function resolveTlsIdentity(config: TlsSettings, logger: Logger): Promise<TlsIdentity | null> {
  let identity = resolved.get(config);
  if (identity === undefined) {
    identity = decide(config, logger);
    resolved.set(config, identity);
  }
  return identity;
}
