/** Facts of the host and of this service, read from the real system. */
import { join } from 'node:path';
import { availableParallelism, hostname, release } from 'node:os';
import { Nullable } from '@lab/server-kit';
import { Type, type Static } from 'typebox';
import { readCpuinfo } from '../drivers/host/cpuinfo.js';
import { readMeminfo } from '../drivers/host/meminfo.js';
import { KVM_DEVICE, probeKvm } from '../drivers/qemu/host.js';
import type { AcceleratorSelection } from '../drivers/select.js';
import type { DriverName } from '../drivers/vm-driver.js';
import type { TlsIdentity } from './tls-identity.js';
import { formatSize } from './units.js';

/** What `/system/info` answers: the one source of its type and of its OpenAPI schema. */
export const SystemInfoSchema = Type.Object({
  hostname: Type.String(),
  cpu: Type.Object({
    model: Type.String({ description: '`model name` of /proc/cpuinfo, `unknown` when it has none' }),
    cores: Type.Integer({
      description:
        'physical cores: distinct (physical id, core id) pairs of /proc/cpuinfo; `threads` when it lists no topology',
    }),
    threads: Type.Integer({
      description: 'logical CPUs this service may use (as `nproc` counts them): the most vCPUs a VM may have',
    }),
  }),
  memory_total: Type.String({ description: 'MemTotal of /proc/meminfo, binary units' }),
  memory_total_bytes: Type.Integer(),
  kernel: Type.String({ description: 'the host kernel release' }),
  qemu_version: Nullable(Type.String({ description: 'null when QEMU is not installed' })),
  kvm: Type.Object(
    {
      available: Type.Boolean(),
      reason: Type.Optional(Type.String({ description: 'why not, when not' })),
    },
    {
      description:
        'whether /dev/kvm opens read-write for this service, as QEMU needs it to; whether a guest runs ' +
        'under it is `accelerator_selection`',
    },
  ),
  driver: Type.Enum(['qemu', 'simulated'], { description: 'the VM driver in use; simulated runs no guest' }),
  accelerator: Type.Enum(['kvm', 'tcg', 'none'], {
    description: 'what new VMs get: kvm, tcg, or none (simulated)',
  }),
  accelerator_selection: Type.Object(
    {
      requested: Type.Enum(['auto', 'kvm', 'tcg'], { description: 'the --accel setting' }),
      selected: Type.Enum(['kvm', 'tcg', 'none'], { description: 'the same as `accelerator`' }),
      reason: Type.String({
        description:
          "why: the probe's result with QEMU's own text when it failed, the missing /dev/kvm, or the setting",
      }),
      probed_at: Nullable(
        Type.String({ format: 'date-time', description: 'when the KVM probe guest ran; null when none ran' }),
      ),
      probe_ms: Nullable(
        Type.Integer({
          minimum: 0,
          description: 'how long the probe took (to its end, or to its bound); null when none ran',
        }),
      ),
    },
    {
      description:
        'how the accelerator was chosen, once at start: with --accel auto, KVM only when a probe guest ' +
        'reached its end under KVM within --kvm-probe-timeout-ms',
    },
  ),
  version: Type.String({ description: 'the service version' }),
  tls: Type.Object(
    {
      enabled: Type.Boolean({ description: 'whether the TCP listeners (REST and gRPC) serve TLS' }),
      fingerprint: Nullable(
        Type.String({
          pattern: '^[0-9a-f]{64}$',
          description:
            "SHA-256 of the server certificate's DER, 64 lowercase hex digits: what a client pins; null without TLS",
        }),
      ),
      self_signed: Type.Boolean({
        description:
          'whether the service made the certificate itself ({data_dir}/tls), rather than --tls-cert',
      }),
    },
    { description: 'the TLS of the TCP listeners (README "TLS"); the Unix socket is plain HTTP' },
  ),
});
export type SystemInfo = Static<typeof SystemInfoSchema>;

/** `root` is where /proc and /dev are looked for: `/`, or a fake tree in tests. */
export function systemInfo(
  service: {
    driver: DriverName;
    accelerator: AcceleratorSelection;
    qemuVersion: string | null;
    version: string;
    /** The TCP listeners' TLS identity; null (the default) when they serve plain TCP. */
    tls?: TlsIdentity | null;
  },
  root = '/',
): SystemInfo {
  const cpu = readCpuinfo(root);
  const threads = availableParallelism();
  const memory = readMeminfo(root);
  const kvm = probeKvm(join(root, KVM_DEVICE));
  return {
    hostname: hostname(),
    cpu: { model: cpu.model ?? 'unknown', cores: cpu.cores ?? threads, threads },
    memory_total: formatSize(memory.totalBytes),
    memory_total_bytes: memory.totalBytes,
    kernel: release(),
    qemu_version: service.qemuVersion,
    kvm: kvm.usable ? { available: true } : { available: false, reason: kvm.reason },
    driver: service.driver,
    accelerator: service.accelerator.selected,
    accelerator_selection: {
      requested: service.accelerator.requested,
      selected: service.accelerator.selected,
      reason: service.accelerator.reason,
      probed_at: service.accelerator.probedAt?.toISOString() ?? null,
      probe_ms: service.accelerator.probeMs,
    },
    version: service.version,
    tls: {
      enabled: (service.tls ?? null) !== null,
      fingerprint: service.tls?.fingerprint ?? null,
      self_signed: service.tls?.selfSigned ?? false,
    },
  };
}
