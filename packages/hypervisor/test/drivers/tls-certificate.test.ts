/** The host's certificate on disk: the self-signed identity made once and reused, a given pair checked. */
import { execFile } from 'node:child_process';
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { certificateFingerprint } from '@lab/server-kit';
import { requireTools } from '@lab/server-kit/testing';
import { afterEach, describe, expect, it } from 'vitest';
import {
  KEY_FILE,
  TLS_DIR,
  hostCertificateNames,
  loadOrMakeSelfSigned,
  loadTlsFiles,
  makeSelfSigned,
} from '../../src/drivers/tls-certificate.js';

const run = promisify(execFile);
const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hv-tls-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const NAMES = {
  commonName: 'host-a',
  dnsNames: ['localhost', 'host-a'],
  ipAddresses: ['127.0.0.1', '10.9.8.7'],
};

/** The PEM blocks of a chain, leaf first. */
const blocks = (pem: string): X509Certificate[] =>
  (pem.match(/-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g) ?? []).map(
    (block) => new X509Certificate(block),
  );

describe('makeSelfSigned', () => {
  it('makes a server certificate for the names, signed by a host CA served with it, for ten years', async () => {
    const identity = await makeSelfSigned(NAMES);
    const [leaf, ca] = blocks(identity.certPem);
    expect(identity.selfSigned).toBe(true);
    expect(identity.fingerprint).toBe(certificateFingerprint(leaf!.raw));
    expect(identity.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(leaf!.subjectAltName?.split(', ').sort()).toEqual(
      ['DNS:host-a', 'DNS:localhost', 'IP Address:10.9.8.7', 'IP Address:127.0.0.1'].sort(),
    );
    expect(leaf!.ca).toBe(false);
    expect(leaf!.checkPrivateKey(createPrivateKey(identity.keyPem))).toBe(true);
    expect(ca!.ca).toBe(true);
    expect(leaf!.verify(ca!.publicKey)).toBe(true);
    expect(leaf!.checkIssued(ca!)).toBe(true);
    const years = (Date.parse(leaf!.validTo) - Date.parse(leaf!.validFrom)) / (365.25 * 86_400_000);
    expect(years).toBeGreaterThan(9.99);
    expect(leaf!.publicKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
  });

  it("names the host's name, its interfaces' addresses and the listen addresses, never a wildcard", () => {
    const names = hostCertificateNames(['0.0.0.0', '10.1.2.3', 'api.example']);
    expect(names.dnsNames).toEqual(expect.arrayContaining(['localhost', 'api.example']));
    expect(names.ipAddresses).toEqual(expect.arrayContaining(['127.0.0.1', '::1', '10.1.2.3']));
    expect(names.ipAddresses).not.toContain('0.0.0.0');
  });
});

describe('loadOrMakeSelfSigned', () => {
  it('makes the identity at the first start and reuses it after (same fingerprint), the key 0600', async () => {
    const dataDir = tempDir();
    let calls = 0;
    const names = () => {
      calls += 1;
      return NAMES;
    };
    const first = await loadOrMakeSelfSigned(dataDir, names);
    const again = await loadOrMakeSelfSigned(dataDir, names);
    expect(first.made).toBe(true);
    expect(again.made).toBe(false);
    expect(calls).toBe(1);
    expect(again.identity).toEqual(first.identity);
    expect(statSync(join(dataDir, TLS_DIR, KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, TLS_DIR)).mode & 0o777).toBe(0o700);
  });

  it('makes a new one when half of it is gone', async () => {
    const dataDir = tempDir();
    const first = await loadOrMakeSelfSigned(dataDir, () => NAMES);
    rmSync(join(dataDir, TLS_DIR, KEY_FILE));
    const second = await loadOrMakeSelfSigned(dataDir, () => NAMES);
    expect(second.made).toBe(true);
    expect(second.identity.fingerprint).not.toBe(first.identity.fingerprint);
  });
});

describe('loadTlsFiles', () => {
  async function writePair(
    dir: string,
    name: string,
  ): Promise<{ cert: string; key: string; fingerprint: string }> {
    const identity = await makeSelfSigned(NAMES);
    const cert = join(dir, `${name}.crt`);
    const key = join(dir, `${name}.key`);
    writeFileSync(cert, identity.certPem);
    writeFileSync(key, identity.keyPem);
    return { cert, key, fingerprint: identity.fingerprint };
  }

  it('loads a given pair, its fingerprint that of the first certificate', async () => {
    const dir = tempDir();
    const pair = await writePair(dir, 'a');
    const identity = loadTlsFiles(pair.cert, pair.key);
    expect(identity).toMatchObject({ fingerprint: pair.fingerprint, selfSigned: false });
  });

  it('refuses a key that is not the certificate’s, a file that is not PEM, a file that is not there', async () => {
    const dir = tempDir();
    const a = await writePair(dir, 'a');
    const b = await writePair(dir, 'b');
    expect(() => loadTlsFiles(a.cert, b.key)).toThrow(
      expect.objectContaining({
        code: 'INVALID_CONFIG',
        message: expect.stringContaining(`tls-key ${b.key} is not the private key of tls-cert ${a.cert}`),
      }),
    );
    expect(() => loadTlsFiles(a.key, a.key)).toThrow(/is not a PEM certificate/);
    expect(() => loadTlsFiles(a.cert, a.cert)).toThrow(/is not a PEM private key/);
    expect(() => loadTlsFiles(join(dir, 'none.crt'), a.key)).toThrow(/cannot be read: ENOENT/);
  });
});

const qemu = requireTools(['qemu-system-x86_64']);

describe.skipIf(qemu.skip)("QEMU's TLS credentials", () => {
  /** Starts QEMU with only the credentials object; it refuses bad ones at once, else runs until killed. */
  async function qemuTakes(dir: string, endpoint: 'server' | 'client'): Promise<string> {
    const result = await run('timeout', [
      '3',
      'qemu-system-x86_64',
      '-nodefaults',
      '-machine',
      'none',
      '-display',
      'none',
      '-monitor',
      'none',
      '-S',
      '-object',
      `tls-creds-x509,id=tls0,dir=${dir},endpoint=${endpoint}`,
    ]).catch((error: { code?: number; stderr?: string }) => ({
      code: error.code,
      stderr: error.stderr ?? '',
    }));
    // timeout's 124: QEMU ran with the credentials until it was stopped.
    return 'code' in result && result.code !== 124 ? result.stderr : 'accepted';
  }

  it('take the host CA as the CA and the server certificate as the server’s, not the server certificate as a CA', async () => {
    const identity = await makeSelfSigned(NAMES);
    const [leaf, ca] = blocks(identity.certPem);
    const server = join(tempDir(), 'server');
    mkdirSync(server);
    writeFileSync(join(server, 'ca-cert.pem'), ca!.toString());
    writeFileSync(join(server, 'server-cert.pem'), leaf!.toString());
    writeFileSync(join(server, 'server-key.pem'), identity.keyPem);
    expect(await qemuTakes(server, 'server')).toBe('accepted');
    const client = join(tempDir(), 'client');
    mkdirSync(client);
    writeFileSync(join(client, 'ca-cert.pem'), ca!.toString());
    expect(await qemuTakes(client, 'client')).toBe('accepted');
    writeFileSync(join(client, 'ca-cert.pem'), leaf!.toString());
    expect(await qemuTakes(client, 'client')).toMatch(/basic constraints do not show a CA/);
  });
});
