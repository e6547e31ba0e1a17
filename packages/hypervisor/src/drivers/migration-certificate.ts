/**
 * The certificate a live migration's source presents on QEMU's TLS stream: made for one
 * migration (ECDSA P-256, self-signed, an hour long), its key never leaving this host. The
 * destination learns the certificate from the incoming request, which came over the token-bearing
 * call to its pinned certificate, and takes a stream from that certificate's holder only; so no
 * one who merely reaches the destination's migration port can feed its QEMU a guest's state.
 */
import { randomBytes, webcrypto } from 'node:crypto';
// tsyringe, under @peculiar/x509, needs the Reflect metadata API present at import.
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';

/** Longer than any migration needs to connect; the key is gone once QEMU has loaded it. */
export const MIGRATION_CERTIFICATE_MS = 60 * 60_000;
/** The longest certificate an incoming request may carry (one ECDSA or RSA-4096 certificate is far less). */
export const MAX_CERTIFICATE_PEM = 16 * 1024;

const ECDSA = { name: 'ECDSA', namedCurve: 'P-256' } as const;

export interface MigrationCertificate {
  certPem: string;
  keyPem: string;
}

export async function makeMigrationCertificate(vm: string, now = new Date()): Promise<MigrationCertificate> {
  const { subtle } = webcrypto;
  const keys = await subtle.generateKey(ECDSA, true, ['sign', 'verify']);
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    // Positive: the top bit of the first byte clear.
    serialNumber: randomBytes(16)
      .toString('hex')
      .replace(/^[89a-f]/, '1'),
    // A VM name (RESOURCE_NAME_PATTERN) needs no escaping in a distinguished name.
    name: `CN=live migration of ${vm}`,
    notBefore: new Date(now.getTime() - 60_000),
    notAfter: new Date(now.getTime() + MIGRATION_CERTIFICATE_MS),
    keys,
    signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' },
    extensions: [
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, false),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth]),
    ],
  });
  const pkcs8 = await subtle.exportKey('pkcs8', keys.privateKey);
  return {
    certPem: `${certificate.toString('pem')}\n`,
    keyPem: x509.PemConverter.encode(pkcs8, 'PRIVATE KEY'),
  };
}
