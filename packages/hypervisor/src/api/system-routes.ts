/** The `/system` routes: host facts, host stats, confidential computing, IOMMU groups, configuration. */
import { defineRoute, type RouteSpec } from '@lab/server-kit';
import { ConfigViewSchema } from '../domain/system-config.js';
import { SystemInfoSchema } from '../domain/system-info.js';
import { CcCapabilitiesSchema, IommuSchema, type SystemService } from '../domain/system-service.js';
import { SystemStatsSchema } from '../domain/system-stats.js';

const READ = { scope: 'system:read' } as const;

export function systemRoutes(system: SystemService): RouteSpec[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/system/info',
      summary: 'Host and service facts',
      tags: ['system'],
      access: READ,
      schema: {
        description:
          'CPU (/proc/cpuinfo), memory (/proc/meminfo), kernel, QEMU version, whether KVM can be used, ' +
          'and the driver, accelerator and version of this service.',
        response: { 200: SystemInfoSchema },
      },
      handler: async () => system.info(),
    }),
    defineRoute({
      method: 'GET',
      url: '/system/stats',
      summary: 'Host resource use now',
      tags: ['system'],
      access: READ,
      schema: {
        description:
          'CPU use by state (/proc/stat), memory (/proc/meminfo), load average, uptime, the filesystem ' +
          'of each storage pool, and the number of running VMs. A request within 100 ms of the previous ' +
          'one, or the first, waits 200 ms for its CPU sample.',
        response: { 200: SystemStatsSchema },
      },
      handler: async () => system.stats(),
    }),
    defineRoute({
      method: 'GET',
      url: '/system/cc',
      summary: 'Confidential-computing capabilities',
      tags: ['system'],
      access: READ,
      schema: {
        description:
          'AMD SEV, SEV-ES, SEV-SNP and Intel TDX. Each is available when the CPU reports it (a ' +
          '/proc/cpuinfo flag, which the kernel clears when the firmware left it off) and KVM offers it ' +
          'to guests (the kvm_amd or kvm_intel module parameter is Y). `source` names the fact the ' +
          'answer rests on, `reason` says why not.',
        response: { 200: CcCapabilitiesSchema },
      },
      handler: async () => system.cc(),
    }),
    defineRoute({
      method: 'GET',
      url: '/system/iommu',
      summary: 'IOMMU groups and their PCI devices',
      tags: ['system'],
      access: READ,
      schema: {
        description:
          'The groups of /sys/kernel/iommu_groups with the vendor, device and class IDs and the bound ' +
          'driver of each device. `enabled: false` and no groups when the host has no IOMMU or it is off.',
        response: { 200: IommuSchema },
      },
      handler: async () => system.iommu(),
    }),
    defineRoute({
      method: 'GET',
      url: '/system/config',
      summary: 'Active configuration',
      tags: ['system'],
      access: READ,
      schema: {
        description:
          'The validated settings of `hvctl serve`, named in snake_case. A setting whose name contains ' +
          'secret, token, password, passphrase, credential or private is shown as `***`.',
        response: { 200: ConfigViewSchema },
      },
      handler: async () => system.config(),
    }),
  ];
}
