import { afterEach, describe, expect, it } from 'vitest';
import { probeConfidentialComputing } from '../../../src/drivers/host/cc.js';
import { createFakeHost, type FakeHost } from '../../support/fake-host.js';

let host: FakeHost;
afterEach(() => host.remove());

/** A fake host whose one CPU has `flags`, with the kvm module parameters given. */
function fakeHost(vendor: string, flags: string, parameters: Record<string, string> = {}): string {
  host = createFakeHost();
  host.write('/proc/cpuinfo', `processor\t: 0\nvendor_id\t: ${vendor}\nflags\t\t: fpu ${flags}\n`);
  for (const [path, value] of Object.entries(parameters)) host.write(`/sys/module/${path}`, `${value}\n`);
  return host.root;
}

describe('probeConfidentialComputing', () => {
  it('finds SEV, SEV-ES and SEV-SNP available when the CPU has them and kvm_amd enables them', () => {
    const root = fakeHost('AuthenticAMD', 'sev sev_es sev_snp', {
      'kvm_amd/parameters/sev': 'Y',
      'kvm_amd/parameters/sev_es': 'Y',
      'kvm_amd/parameters/sev_snp': 'Y',
    });
    const cc = probeConfidentialComputing(root);
    expect(cc.vendor).toBe('AuthenticAMD');
    expect(cc.features.sev_snp).toEqual({
      available: true,
      source: '/proc/cpuinfo flag sev_snp, /sys/module/kvm_amd/parameters/sev_snp = Y',
    });
    expect(cc.features.sev.available && cc.features.sev_es.available).toBe(true);
    expect(cc.features.tdx).toEqual({
      available: false,
      source: '/proc/cpuinfo flag tdx_host_platform',
      reason: 'the CPU does not report tdx_host_platform',
    });
  });

  it('says when the CPU has it but kvm_amd disables it, and when kvm_amd is not loaded', () => {
    const root = fakeHost('AuthenticAMD', 'sev sev_es sev_snp', {
      // Older kernels show the sev parameter as an integer.
      'kvm_amd/parameters/sev': '1',
      'kvm_amd/parameters/sev_es': 'N',
    });
    const { features } = probeConfidentialComputing(root);
    expect(features.sev).toMatchObject({ available: true });
    expect(features.sev_es).toEqual({
      available: false,
      source: '/sys/module/kvm_amd/parameters/sev_es = N',
      reason: 'kvm_amd has sev_es disabled',
    });
    expect(features.sev_snp).toEqual({
      available: false,
      source: '/sys/module/kvm_amd/parameters/sev_snp',
      reason: "kvm_amd is not loaded, or this kernel's kvm_amd has no sev_snp parameter",
    });
  });

  it('finds TDX from the tdx_host_platform flag and the tdx parameter of kvm_intel', () => {
    const root = fakeHost('GenuineIntel', 'vmx tdx_host_platform', { 'kvm_intel/parameters/tdx': 'Y' });
    const cc = probeConfidentialComputing(root);
    expect(cc.vendor).toBe('GenuineIntel');
    expect(cc.features.tdx).toEqual({
      available: true,
      source: '/proc/cpuinfo flag tdx_host_platform, /sys/module/kvm_intel/parameters/tdx = Y',
    });
    expect(cc.features.sev).toMatchObject({ available: false, source: '/proc/cpuinfo flag sev' });
  });

  it("goes by the CPU flag first: a kvm parameter that is on does not make up for the CPU's lack", () => {
    const root = fakeHost('AuthenticAMD', 'svm', { 'kvm_amd/parameters/sev_snp': 'Y' });
    expect(probeConfidentialComputing(root).features.sev_snp).toMatchObject({
      available: false,
      source: '/proc/cpuinfo flag sev_snp',
    });
  });
});
