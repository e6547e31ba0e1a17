/** `hvctl serve`'s TLS settings, flags and `HV_` variables, as the process takes them at start. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pinnedFetch } from '@lab/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSelfSigned } from '../../src/drivers/tls-certificate.js';
import { HVCTL, serveHypervisor } from '../support/serve.js';
import { until } from '../support/until.js';

const NAMES = { commonName: 'hv', dnsNames: ['localhost'], ipAddresses: ['127.0.0.1'] };

describe('hvctl serve with TLS settings', { timeout: 120_000 }, () => {
  let dir: string;
  const files = { cert: '', key: '', otherKey: '' };
  let fingerprint = '';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hv-serve-tls-'));
    const [identity, other] = await Promise.all([makeSelfSigned(NAMES), makeSelfSigned(NAMES)]);
    fingerprint = identity.fingerprint;
    files.cert = join(dir, 'server.crt');
    files.key = join(dir, 'server.key');
    files.otherKey = join(dir, 'other.key');
    writeFileSync(files.cert, identity.certPem);
    writeFileSync(files.key, identity.keyPem, { mode: 0o600 });
    writeFileSync(files.otherKey, other.keyPem, { mode: 0o600 });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const serveFails = (args: string[]) => {
    const run = spawnSync(
      process.execPath,
      [HVCTL, 'serve', '--port', '0', '--grpc-port', '0', '--data-dir', join(dir, 'data'), ...args],
      { encoding: 'utf8', timeout: 30_000 },
    );
    return { status: run.status, stderr: run.stderr };
  };

  it('stops at start with INVALID_CONFIG for a certificate without its key, or a key of another', () => {
    expect(serveFails(['--tls-cert', files.cert])).toEqual({
      status: 2,
      stderr: expect.stringContaining(
        'INVALID_CONFIG: invalid configuration: tls-cert is given without tls-key',
      ),
    });
    expect(serveFails(['--tls-cert', files.cert, '--tls-key', files.otherKey]).stderr).toContain(
      `tls-key ${files.otherKey} is not the private key of tls-cert ${files.cert}`,
    );
  });

  it('serves REST over TLS on loopback with the pair from HV_TLS_CERT and HV_TLS_KEY', async () => {
    const service = await serveHypervisor(
      join(dir, 'env'),
      ['--driver', 'simulated', '--accel', 'tcg', '--grpc-port', '0'],
      {
        env: { HV_TLS_CERT: files.cert, HV_TLS_KEY: files.key },
        timeoutMs: 30_000,
      },
    );
    try {
      const listening = await until('the REST listener', () =>
        service.logs.find((entry) => entry.msg === 'hypervisor API listening'),
      );
      expect(listening).toMatchObject({
        tls_fingerprint: fingerprint,
        url: expect.stringMatching(/^https:\/\/127\.0\.0\.1:/),
      });
      const health = await pinnedFetch(`${String(listening.url)}/health`, { fingerprint });
      expect(health.status).toBe(200);
    } finally {
      await service.stop();
    }
  });
});
