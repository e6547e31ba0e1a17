/**
 * Certificates for the tests of `hvctl`'s remotes: a certificate authority of the test's own and a
 * server certificate it signs for 127.0.0.1 and localhost. Without the CA among the trusted ones the
 * server certificate is one no authority vouches for (it must be pinned); with it
 * (`NODE_EXTRA_CA_CERTS`) it is CA-valid.
 */
import { webcrypto } from 'node:crypto';
// Before @peculiar/x509, whose dependency needs the Reflect metadata API at import.
import 'reflect-metadata';
import { certificateFingerprint } from '@lab/server-kit';
import * as x509 from '@peculiar/x509';

const ECDSA = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGNING = { name: 'ECDSA', hash: 'SHA-256' } as const;

export interface TestCertificates {
  caPem: string;
  /** The server certificate alone (not the chain), PEM. */
  certPem: string;
  keyPem: string;
  /** SHA-256 of the server certificate's DER, lowercase hex. */
  fingerprint: string;
}

export async function makeTestCertificates(commonName = 'hv-test'): Promise<TestCertificates> {
  const { subtle } = webcrypto;
  const notBefore = new Date(Date.now() - 60_000);
  const notAfter = new Date(Date.now() + 24 * 3600_000);
  const caKeys = await subtle.generateKey(ECDSA, false, ['sign', 'verify']);
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    name: `CN=${commonName} test CA`,
    notBefore,
    notAfter,
    keys: caKeys,
    signingAlgorithm: SIGNING,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign, true),
    ],
  });
  const keys = await subtle.generateKey(ECDSA, true, ['sign', 'verify']);
  const leaf = await x509.X509CertificateGenerator.create({
    subject: `CN=${commonName}`,
    issuer: ca.subject,
    notBefore,
    notAfter,
    publicKey: keys.publicKey,
    signingKey: caKeys.privateKey,
    signingAlgorithm: SIGNING,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension([
        { type: 'dns', value: 'localhost' },
        { type: 'ip', value: '127.0.0.1' },
      ]),
    ],
  });
  const pkcs8 = await subtle.exportKey('pkcs8', keys.privateKey);
  return {
    caPem: ca.toString('pem'),
    certPem: leaf.toString('pem'),
    keyPem: x509.PemConverter.encode(pkcs8, 'PRIVATE KEY'),
    fingerprint: certificateFingerprint(new Uint8Array(leaf.rawData)),
  };
}
