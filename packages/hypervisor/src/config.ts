/** Settings of `hvctl serve`, validated once at start-up. */
import { serveConfigProperties } from '@lab/server-kit/cli';
import { Type, type Static } from 'typebox';

export const DEFAULT_PORT = 9400;
export const DEFAULT_GRPC_PORT = 9401;
export const API_PREFIX = '/api/v1';
export const DEFAULT_DATA_DIR = 'data/hypervisor';
/** The run directory holds what does not outlive the host: the API socket, QMP sockets, pid files. */
export const DEFAULT_RUN_DIR = 'run/hypervisor';
export const SOCKET_FILE = 'api.sock';
/** gRPC on the Unix socket beside it, with the same access (no token, mode 0660). */
export const GRPC_SOCKET_FILE = 'grpc.sock';
/** How long `stop` with `force: false` waits for the guest to power off before a hard stop. */
export const DEFAULT_STOP_TIMEOUT_MS = 30_000;
/** How long the KVM probe of `--accel auto` may take at start, QEMU's own start included. */
export const DEFAULT_KVM_PROBE_TIMEOUT_MS = 5_000;

export const ServeConfigSchema = Type.Object({
  ...serveConfigProperties({ port: DEFAULT_PORT, dataDir: DEFAULT_DATA_DIR }),
  grpcPort: Type.Integer({
    minimum: 0,
    maximum: 65535,
    default: DEFAULT_GRPC_PORT,
    description: 'gRPC port (0: any free port)',
  }),
  grpcHost: Type.Optional(
    Type.String({ minLength: 1, description: 'address of the gRPC listener (default: that of --host)' }),
  ),
  tlsCert: Type.Optional(
    Type.String({
      minLength: 1,
      description: 'PEM certificate (chain) of the TCP listeners, with --tls-key; REST and gRPC over TLS',
    }),
  ),
  tlsKey: Type.Optional(
    Type.String({ minLength: 1, description: 'PEM private key of --tls-cert (the two go together)' }),
  ),
  insecureTcp: Type.Boolean({
    default: false,
    description:
      'serve plain TCP on an address beyond loopback instead of TLS with a self-signed certificate ' +
      '(tokens then cross the network in clear); also lets peers be called over http://',
  }),
  runDir: Type.String({
    minLength: 1,
    default: DEFAULT_RUN_DIR,
    description: 'directory of api.sock and the VMs runtime files (QMP socket, serial log, pid file)',
  }),
  bootDir: Type.Optional(
    Type.String({
      minLength: 1,
      description:
        'directory that boot.kernel and boot.initrd paths are relative to (default {data_dir}/boot)',
    }),
  ),
  driver: Type.Optional(
    Type.Enum(['qemu', 'simulated'], {
      description:
        'VM driver; by default qemu when qemu-system-x86_64 is installed, otherwise simulated (logged as such)',
    }),
  ),
  accel: Type.Enum(['auto', 'kvm', 'tcg'], {
    default: 'auto',
    description:
      'QEMU accelerator: auto uses KVM when /dev/kvm opens and a probe guest runs under it at start, otherwise TCG',
  }),
  kvmProbeTimeoutMs: Type.Integer({
    minimum: 500,
    maximum: 60_000,
    default: DEFAULT_KVM_PROBE_TIMEOUT_MS,
    description:
      'how long the start-up KVM probe of --accel auto may take (QEMU start included) before TCG is chosen, in milliseconds',
  }),
  luksIterTimeMs: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 60_000,
      description:
        "PBKDF time of each new LUKS key slot of an encrypted image, in milliseconds (qemu-img's " +
        "`encrypt.iter-time`; default 2000): what a guess at a stolen image's passphrase costs",
    }),
  ),
  pqcVectorsDir: Type.Optional(
    Type.String({
      minLength: 1,
      description:
        'directory of the ACVP vector sets the PQC self-test runs (default: those shipped in vectors/acvp)',
    }),
  ),
  stopTimeoutMs: Type.Integer({
    minimum: 0,
    maximum: 600_000,
    default: DEFAULT_STOP_TIMEOUT_MS,
    description: 'wait for an ACPI power-off before a hard stop, in milliseconds',
  }),
});
export type ServeConfig = Static<typeof ServeConfigSchema>;
