/**
 * Whether a test may run a guest under KVM here, and what to expect of it, from the same probe the
 * service runs at start: KVM that works runs the guest; KVM that crashes ends it with QEMU's text;
 * KVM that hangs would keep a test waiting for a guest that never answers, so such tests skip with
 * the probe's reason (as they do without /dev/kvm).
 */
import { describeProbe, probeKvm, probeVerdict } from '../../src/drivers/qemu/host.js';
import { probeAccelerator } from '../../src/drivers/qemu/kvm-probe.js';
import { DEFAULT_KVM_PROBE_TIMEOUT_MS } from '../../src/config.js';

export type KvmGate =
  { skip: true; reason: string } | { skip: false; reason: ''; verdict: 'works' | 'crashes' };

/** The probe's answer, with its QEMU under `workDir` (the test's directory, which its last hook clears). */
export async function requireKvmVerdict(workDir: string): Promise<KvmGate> {
  const device = probeKvm();
  if (!device.usable) return { skip: true, reason: `KVM: ${device.reason}` };
  const outcome = await probeAccelerator({
    binary: 'qemu-system-x86_64',
    accelerator: 'kvm',
    timeoutMs: DEFAULT_KVM_PROBE_TIMEOUT_MS,
    workDir,
  });
  const verdict = probeVerdict(outcome);
  if (verdict === 'hangs') return { skip: true, reason: `KVM hangs here: ${describeProbe(outcome)}` };
  return { skip: false, reason: '', verdict };
}
