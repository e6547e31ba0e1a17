/**
 * The host's TLS certificate on disk: a pair given with `--tls-cert`/`--tls-key`, checked to go
 * together, or the self-signed identity this service makes once in `{data_dir}/tls/` and reuses.
 *
 * The self-signed identity is two certificates: a host CA (self-signed, CA:TRUE, ECDSA P-256)
 * and the server certificate it signs, served as a chain. One certificate cannot be both: QEMU's
 * TLS credentials (the migration channel uses the same ones) refuse a CA certificate without
 * CA:TRUE and a server certificate with it. The CA's private key signs once and is not kept, so
 * nothing else can ever be issued under it. Clients trust the identity by the server
 * certificate's fingerprint, as Incus clients do.
 */
import { X509Certificate as NodeCertificate, createPrivateKey, webcrypto } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { certificateFingerprint, KitErrors } from '@lab/server-kit';
// tsyringe, under @peculiar/x509, needs the Reflect metadata API present at import.
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import type { TlsIdentity } from '../domain/tls-identity.js';

export const TLS_DIR = 'tls';
export const CERT_FILE = 'server.crt';
export const KEY_FILE = 'server.key';
/** As Incus makes its server certificate: ten years, so that a pinned fingerprint stays. */
export const VALIDITY_YEARS = 10;

const ECDSA = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGNING = { name: 'ECDSA', hash: 'SHA-256' } as const;

const invalid = (problem: string): Error => KitErrors.invalidConfig({ problems: [problem] });

function readPem(file: string, setting: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw invalid(
      `${setting} ${file} cannot be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
}

/** A certificate (its first PEM block is the leaf) and its key, checked to go together. */
export function identityOf(
  certPem: string,
  keyPem: string,
  source: { cert: string; key: string },
  selfSigned: boolean,
): TlsIdentity {
  let leaf: NodeCertificate;
  try {
    leaf = new NodeCertificate(certPem);
  } catch (error) {
    throw invalid(`tls-cert ${source.cert} is not a PEM certificate: ${(error as Error).message}`);
  }
  let matches: boolean;
  try {
    matches = leaf.checkPrivateKey(createPrivateKey(keyPem));
  } catch (error) {
    throw invalid(`tls-key ${source.key} is not a PEM private key: ${(error as Error).message}`);
  }
  if (!matches) throw invalid(`tls-key ${source.key} is not the private key of tls-cert ${source.cert}`);
  return { certPem, keyPem, fingerprint: certificateFingerprint(leaf.raw), selfSigned };
}

/** The pair given with `--tls-cert` and `--tls-key`. */
export function loadTlsFiles(certFile: string, keyFile: string): TlsIdentity {
  const source = { cert: certFile, key: keyFile };
  return identityOf(readPem(certFile, 'tls-cert'), readPem(keyFile, 'tls-key'), source, false);
}

export interface CertificateNames {
  /** The subject's common name: the host name. */
  commonName: string;
  dnsNames: readonly string[];
  ipAddresses: readonly string[];
}

/** A new host CA and server certificate for `names`, valid from now for VALIDITY_YEARS. */
export async function makeSelfSigned(names: CertificateNames, now = new Date()): Promise<TlsIdentity> {
  const { subtle } = webcrypto;
  const notBefore = new Date(now.getTime() - 60_000);
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + VALIDITY_YEARS);
  const caKeys = await subtle.generateKey(ECDSA, false, ['sign', 'verify']);
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    name: `CN=hypervisor host CA ${names.commonName}`,
    notBefore,
    notAfter,
    keys: caKeys,
    signingAlgorithm: SIGNING,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(caKeys.publicKey, false),
    ],
  });
  const keys = await subtle.generateKey(ECDSA, true, ['sign', 'verify']);
  const leaf = await x509.X509CertificateGenerator.create({
    subject: `CN=${names.commonName}`,
    issuer: ca.subject,
    notBefore,
    notAfter,
    publicKey: keys.publicKey,
    signingKey: caKeys.privateKey,
    signingAlgorithm: SIGNING,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      // keyEncipherment too: QEMU warns of a server certificate without it.
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment,
        false,
      ),
      new x509.ExtendedKeyUsageExtension([
        x509.ExtendedKeyUsage.serverAuth,
        x509.ExtendedKeyUsage.clientAuth,
      ]),
      new x509.SubjectAlternativeNameExtension([
        ...names.dnsNames.map((value) => ({ type: 'dns' as const, value })),
        ...names.ipAddresses.map((value) => ({ type: 'ip' as const, value })),
      ]),
      await x509.AuthorityKeyIdentifierExtension.create(caKeys.publicKey, false),
    ],
  });
  const pkcs8 = await subtle.exportKey('pkcs8', keys.privateKey);
  const keyPem = x509.PemConverter.encode(pkcs8, 'PRIVATE KEY');
  const certPem = `${leaf.toString('pem')}\n${ca.toString('pem')}\n`;
  return {
    certPem,
    keyPem,
    fingerprint: certificateFingerprint(new Uint8Array(leaf.rawData)),
    selfSigned: true,
  };
}

/** Written whole or not at all: a crash mid-write leaves the old file or none. */
function writeAtomically(file: string, text: string, mode: number): void {
  const temporary = `${file}.tmp`;
  writeFileSync(temporary, text, { mode });
  chmodSync(temporary, mode);
  renameSync(temporary, file);
}

/**
 * The self-signed identity in `{dataDir}/tls/`: the one there, or, when there is none yet (or only
 * half of one), a new one for `names`, written with the key mode 0600. `made` tells which.
 */
export async function loadOrMakeSelfSigned(
  dataDir: string,
  names: () => CertificateNames,
): Promise<{ identity: TlsIdentity; made: boolean; dir: string }> {
  const dir = join(dataDir, TLS_DIR);
  const certFile = join(dir, CERT_FILE);
  const keyFile = join(dir, KEY_FILE);
  if (existsSync(certFile) && existsSync(keyFile)) {
    const identity = identityOf(
      readPem(certFile, 'tls-cert'),
      readPem(keyFile, 'tls-key'),
      { cert: certFile, key: keyFile },
      true,
    );
    return { identity, made: false, dir };
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const identity = await makeSelfSigned(names());
  writeAtomically(keyFile, identity.keyPem, 0o600);
  writeAtomically(certFile, identity.certPem, 0o644);
  return { identity, made: true, dir };
}

/**
 * The names a self-signed certificate of this host is made for: `localhost`, the loopback
 * addresses, the host name, every address of the host's interfaces now, and the listen addresses
 * (a wildcard one, `0.0.0.0` or `::`, is no name and is left out).
 */
export function hostCertificateNames(listenHosts: readonly string[]): CertificateNames {
  const interfaces = Object.values(networkInterfaces()).flatMap((list) => list ?? []);
  const addresses = new Set(['127.0.0.1', '::1', ...interfaces.map((i) => i.address.replace(/%.*$/, ''))]);
  const dnsNames = new Set(['localhost', hostname()]);
  for (const host of listenHosts) {
    const bare = host.replace(/^\[(.*)\]$/, '$1');
    if (isIP(bare) === 0) dnsNames.add(bare);
    else if (bare !== '0.0.0.0' && bare !== '::') addresses.add(bare);
  }
  return { commonName: hostname(), dnsNames: [...dnsNames], ipAddresses: [...addresses] };
}
