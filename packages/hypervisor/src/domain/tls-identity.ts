/**
 * This host's TLS identity: the certificate its TCP listeners (REST and gRPC) present, and the one
 * QEMU's migration channel presents too. Given with `--tls-cert`/`--tls-key`, or made self-signed
 * at the first start in the data directory when a listener is bound beyond loopback.
 */
export interface TlsIdentity {
  /** The certificate (a chain when given one), PEM. */
  certPem: string;
  /** Its private key, PEM. */
  keyPem: string;
  /** SHA-256 of the leaf certificate's DER encoding: 64 lowercase hex digits, no colons (as Incus shows). */
  fingerprint: string;
  /** True when the service made the certificate itself. */
  selfSigned: boolean;
}
