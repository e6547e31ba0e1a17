/**
 * Confidential-computing capabilities of the host: AMD SEV, SEV-ES, SEV-SNP and Intel TDX. Each
 * needs two things, read from two places:
 *
 * - the CPU has it: a flag in `/proc/cpuinfo` (`sev`, `sev_es`, `sev_snp`, `tdx_host_platform`),
 *   which the kernel clears when the firmware left the feature off;
 * - KVM offers it to guests: the parameter of the same name of `kvm_amd` or `kvm_intel` under
 *   `/sys/module/<module>/parameters/`, `Y` (or `1` on older kernels) when enabled.
 *
 * A feature is available when both hold; `source` names the fact the answer rests on.
 */
import { CPUINFO, readCpuinfo } from './cpuinfo.js';
import { readHostFileIfPresent } from './files.js';

const REQUIREMENTS = {
  sev: { flag: 'sev', module: 'kvm_amd' },
  sev_es: { flag: 'sev_es', module: 'kvm_amd' },
  sev_snp: { flag: 'sev_snp', module: 'kvm_amd' },
  tdx: { flag: 'tdx_host_platform', module: 'kvm_intel' },
} as const;
export type CcFeature = keyof typeof REQUIREMENTS;

export type CcAnswer =
  { available: true; source: string } | { available: false; source: string; reason: string };

export interface CcCapabilities {
  /** `vendor_id` of the CPU, null when `/proc/cpuinfo` has none. */
  vendor: string | null;
  features: Record<CcFeature, CcAnswer>;
}

export function probeConfidentialComputing(root = '/'): CcCapabilities {
  const cpu = readCpuinfo(root);
  const answer = (feature: CcFeature): CcAnswer => {
    const { flag, module } = REQUIREMENTS[feature];
    const flagSource = `${CPUINFO} flag ${flag}`;
    if (!cpu.flags.has(flag)) {
      return { available: false, source: flagSource, reason: `the CPU does not report ${flag}` };
    }
    const parameter = `/sys/module/${module}/parameters/${feature}`;
    const value = readHostFileIfPresent(root, parameter)?.trim();
    if (value === undefined) {
      return {
        available: false,
        source: parameter,
        reason: `${module} is not loaded, or this kernel's ${module} has no ${feature} parameter`,
      };
    }
    const source = `${parameter} = ${value}`;
    if (value !== 'Y' && value !== '1') {
      return { available: false, source, reason: `${module} has ${feature} disabled` };
    }
    return { available: true, source: `${flagSource}, ${source}` };
  };
  return {
    vendor: cpu.vendor,
    features: {
      sev: answer('sev'),
      sev_es: answer('sev_es'),
      sev_snp: answer('sev_snp'),
      tdx: answer('tdx'),
    },
  };
}
