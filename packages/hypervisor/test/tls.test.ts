/** The TLS decision at start: given files, self-signed beyond loopback, --insecure-tcp, plain on loopback. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeSelfSigned } from '../src/drivers/tls-certificate.js';
import { resolveTlsIdentity } from '../src/tls.js';
import { capturedLogger } from './support/captured-logger.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function settings(overrides: Record<string, unknown> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'hv-tls-config-'));
  dirs.push(dataDir);
  return { host: '127.0.0.1', dataDir, insecureTcp: false, ...overrides };
}

const entries = (lines: string[]) => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('resolveTlsIdentity', () => {
  it.each(['127.0.0.1', '127.3.2.1', '::1', 'localhost'])(
    'serves plain TCP on loopback (%s)',
    async (host) => {
      const { logger, lines } = capturedLogger();
      expect(await resolveTlsIdentity(settings({ host }), logger)).toBeNull();
      expect(entries(lines).filter((e) => Number(e.level) >= 40)).toEqual([]);
    },
  );

  it('makes a self-signed certificate when a listener is bound beyond loopback, once, and reuses it', async () => {
    const { logger, lines } = capturedLogger();
    const config = settings({ host: '10.77.0.1' });
    const first = await resolveTlsIdentity(config, logger);
    expect(first).toMatchObject({ selfSigned: true, fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // The same config object (REST and gRPC) gets the same identity without a second resolution.
    expect(await resolveTlsIdentity(config, logger)).toBe(first);
    // A restart: the certificate made earlier, not a new one.
    const restarted = await resolveTlsIdentity({ ...config }, logger);
    expect(restarted?.fingerprint).toBe(first?.fingerprint);
    expect(entries(lines).map((e) => e.msg)).toEqual([
      'TLS with a self-signed certificate made now',
      'TLS with the self-signed certificate made earlier',
    ]);
    expect(entries(lines)[0]).toMatchObject({ fingerprint: first?.fingerprint });
  });

  it('counts the gRPC listener too: --grpc-host beyond loopback needs TLS', async () => {
    const { logger } = capturedLogger();
    expect(await resolveTlsIdentity(settings({ grpcHost: '0.0.0.0' }), logger)).toMatchObject({
      selfSigned: true,
    });
  });

  it('serves plain TCP beyond loopback with --insecure-tcp, and warns that tokens cross in clear', async () => {
    const { logger, lines } = capturedLogger();
    expect(await resolveTlsIdentity(settings({ host: '0.0.0.0', insecureTcp: true }), logger)).toBeNull();
    const warnings = entries(lines).filter((e) => e.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ hosts: ['0.0.0.0', '0.0.0.0'] });
    expect(String(warnings[0]?.msg)).toMatch(/tokens cross the network in clear/);
  });

  it('uses the given certificate and key, on loopback too', async () => {
    const config = settings();
    const made = await makeSelfSigned({ commonName: 'x', dnsNames: ['localhost'], ipAddresses: [] });
    writeFileSync(join(config.dataDir, 'c.pem'), made.certPem);
    writeFileSync(join(config.dataDir, 'k.pem'), made.keyPem);
    const identity = await resolveTlsIdentity(
      { ...config, tlsCert: join(config.dataDir, 'c.pem'), tlsKey: join(config.dataDir, 'k.pem') },
      capturedLogger().logger,
    );
    expect(identity).toMatchObject({ fingerprint: made.fingerprint, selfSigned: false });
  });

  it.each([
    [{ tlsCert: '/x.crt' }, 'tls-cert is given without tls-key'],
    [{ tlsKey: '/x.key' }, 'tls-key is given without tls-cert'],
  ])('refuses one of the pair without the other (%o)', async (given, words) => {
    await expect(resolveTlsIdentity(settings(given), capturedLogger().logger)).rejects.toMatchObject({
      code: 'INVALID_CONFIG',
      message: expect.stringContaining(words),
    });
  });
});
