/**
 * The `/system` core: host facts, host stats, confidential-computing capabilities, IOMMU groups
 * and the active configuration. The facts are read from /proc and /sys by the host readers
 * (drivers/host/) on each request; this module shapes them into the API's answers.
 */
import { Nullable } from '@lab/server-kit';
import { Type, type Static } from 'typebox';
import type { ServeConfig } from '../config.js';
import { probeConfidentialComputing } from '../drivers/host/cc.js';
import { readIommuGroups } from '../drivers/host/iommu.js';
import { maskedSettings } from './system-config.js';
import type { SystemInfo } from './system-info.js';
import { createHostStats, type StoragePoolLocation, type SystemStats } from './system-stats.js';

const CcFeatureSchema = (name: string) =>
  Type.Object(
    {
      available: Type.Boolean({ description: 'the CPU has it and KVM offers it to guests' }),
      source: Type.String({
        description:
          'the fact the answer rests on: `/proc/cpuinfo flag <flag>` when the CPU lacks it, ' +
          '`/sys/module/<module>/parameters/<name> = <value>` when KVM does not offer it, both when available',
      }),
      reason: Type.Optional(Type.String({ description: 'why not, when not available' })),
    },
    { description: name },
  );

/** What `/system/cc` answers. */
export const CcCapabilitiesSchema = Type.Object({
  cpu_vendor: Nullable(
    Type.String({ description: '`vendor_id` of /proc/cpuinfo: AuthenticAMD, GenuineIntel' }),
  ),
  sev: CcFeatureSchema('AMD SEV: CPU flag `sev`, kvm_amd parameter `sev`'),
  sev_es: CcFeatureSchema('AMD SEV-ES: CPU flag `sev_es`, kvm_amd parameter `sev_es`'),
  sev_snp: CcFeatureSchema('AMD SEV-SNP: CPU flag `sev_snp`, kvm_amd parameter `sev_snp`'),
  tdx: CcFeatureSchema('Intel TDX: CPU flag `tdx_host_platform`, kvm_intel parameter `tdx`'),
});
export type CcCapabilities = Static<typeof CcCapabilitiesSchema>;

const HexId = (description: string) => Type.String({ description: `${description}, hexadecimal without 0x` });

/** What `/system/iommu` answers. */
export const IommuSchema = Type.Object({
  enabled: Type.Boolean({ description: 'the kernel lists IOMMU groups (an IOMMU is present and on)' }),
  groups: Type.Array(
    Type.Object({
      id: Type.Integer(),
      devices: Type.Array(
        Type.Object({
          address: Type.String({ description: 'PCI address: 0000:00:1f.2' }),
          vendor_id: HexId('PCI vendor ID'),
          device_id: HexId('PCI device ID'),
          class: HexId('PCI class, subclass and programming interface'),
          driver: Type.Optional(Type.String({ description: 'the bound driver; absent when none is' })),
        }),
      ),
    }),
    {
      description: 'from /sys/kernel/iommu_groups; a group is the smallest set of devices a VM can be given',
    },
  ),
});
export type Iommu = Static<typeof IommuSchema>;

export interface SystemService {
  info(): SystemInfo;
  stats(): Promise<SystemStats>;
  cc(): CcCapabilities;
  iommu(): Iommu;
  config(): Record<string, unknown>;
}

export interface SystemServiceOptions {
  /** Facts of the host and the service (`systemInfo` with the service's driver and versions). */
  info: () => SystemInfo;
  config: ServeConfig;
  pools: () => StoragePoolLocation[];
  /** VMs running or paused; from the VM repository, which this core does not read itself. */
  runningVms: () => number;
  /** Where /proc and /sys are looked for: `/`, or a fake tree in tests. */
  root?: string;
}

export function createSystemService(options: SystemServiceOptions): SystemService {
  const { root = '/' } = options;
  const hostStats = createHostStats({ pools: options.pools, runningVms: options.runningVms, root });
  return {
    info: options.info,
    stats: () => hostStats.stats(),
    cc() {
      const { vendor, features } = probeConfidentialComputing(root);
      return { cpu_vendor: vendor, ...features };
    },
    iommu() {
      const groups = readIommuGroups(root).map(({ id, devices }) => ({
        id,
        devices: devices.map(({ vendorId, deviceId, ...device }) => ({
          ...device,
          vendor_id: vendorId,
          device_id: deviceId,
        })),
      }));
      return { enabled: groups.length > 0, groups };
    },
    config: () => maskedSettings(options.config),
  };
}
