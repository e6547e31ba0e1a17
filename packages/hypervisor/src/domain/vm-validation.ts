/**
 * The checks on a VM definition that a JSON Schema cannot make: against the host (vCPUs,
 * memory), the store (disk images that exist, in the stated format) and the filesystem (boot
 * files inside the boot directory). Each failure names its field. An image that a linked clone
 * backs onto is read by that clone and may not be attached to a VM, which would write to it.
 * NICs are the network core's to check (VmNetworkPort.resolveNics, when a definition is stored)
 * and to make real (plug, at launch): the resolved launch leaves them out.
 */
import { invalidField } from '../errors.js';
import type { DiskRecord } from '../store/disks.js';
import type { LaunchSpec } from '../drivers/vm-driver.js';
import type { HostLimits } from './host.js';
import { containedFile } from './paths.js';
import { formatSize, MIB, parseSize } from './units.js';
import { MIN_MEMORY_BYTES, type VmDefinition } from './vm-definition.js';
import { assertNotBacking } from './backing.js';

export { MIN_MEMORY_BYTES };

export interface DefinitionContext {
  host: HostLimits;
  findDisk(name: string): DiskRecord | undefined;
  /** The images that back onto the named one (its linked clones). */
  dependents(name: string): string[];
  /** The file of an image in its pool (pool-service.ts), refusing links. */
  imageFile(disk: DiskRecord, field: string): string;
  bootDir: string;
}

function memoryBytes(definition: VmDefinition, host: HostLimits): number {
  const bytes = parseSize(definition.memory.size);
  if (bytes === undefined)
    throw invalidField('memory.size', `'${definition.memory.size}' is not a size like 512M or 2G`);
  if (bytes < MIN_MEMORY_BYTES || bytes > host.memoryBytes) {
    throw invalidField(
      'memory.size',
      `${definition.memory.size} is outside ${formatSize(MIN_MEMORY_BYTES)} to ${formatSize(host.memoryBytes)} (the host's memory)`,
      { minimum: formatSize(MIN_MEMORY_BYTES), maximum: formatSize(host.memoryBytes) },
    );
  }
  if (bytes % MIB !== 0)
    throw invalidField('memory.size', `${definition.memory.size} is not a whole number of MiB`);
  return bytes;
}

/** A launch before its NICs are plugged: the VM core adds their taps (vm-service.ts `launch`). */
export type ResolvedLaunch = Omit<LaunchSpec, 'nics'>;

/** Checks the definition and resolves it into what a driver launches, but for the NICs. */
export function resolveLaunch(
  identity: { name: string; uuid: string },
  definition: VmDefinition,
  context: DefinitionContext,
): ResolvedLaunch {
  const { host } = context;
  if (definition.cpu.count > host.threads) {
    throw invalidField(
      'cpu.count',
      `${definition.cpu.count} vCPUs exceed the host's ${host.threads} threads`,
      {
        minimum: 1,
        maximum: host.threads,
      },
    );
  }
  const memory = memoryBytes(definition, host);
  const disks = definition.devices.storage.map((device, i) => {
    const field = `devices.storage.${i}.path`;
    const disk = context.findDisk(device.path);
    if (disk === undefined) throw invalidField(field, `disk image '${device.path}' does not exist`);
    if (device.format !== undefined && device.format !== disk.format) {
      throw invalidField(
        `devices.storage.${i}.format`,
        `disk image '${device.path}' is ${disk.format}, not ${device.format}`,
      );
    }
    // QEMU would need the passphrase at every start, and the service keeps none.
    if (disk.encrypted) {
      throw invalidField(field, `disk image '${device.path}' is encrypted: VMs cannot attach it yet`);
    }
    assertNotBacking(
      context,
      disk.name,
      'a VM may not attach it, as its writes would change what the clones read',
    );
    return { path: context.imageFile(disk, field), format: disk.format };
  });
  const names = definition.devices.storage.map((d) => d.path);
  const repeated = names.find((n, i) => names.indexOf(n) !== i);
  if (repeated !== undefined)
    throw invalidField('devices.storage', `disk image '${repeated}' is attached twice`);
  const { boot } = definition;
  if (boot === null && disks.length === 0) {
    throw invalidField('boot', 'a VM needs a disk to boot from, or boot.kernel for a direct kernel boot');
  }
  return {
    name: identity.name,
    uuid: identity.uuid,
    cpus: definition.cpu.count,
    memoryBytes: memory,
    disks,
    boot:
      boot === null
        ? null
        : {
            kernel: containedFile(context.bootDir, boot.kernel, 'boot.kernel'),
            ...(boot.initrd === undefined
              ? {}
              : { initrd: containedFile(context.bootDir, boot.initrd, 'boot.initrd') }),
            ...(boot.cmdline === undefined ? {} : { cmdline: boot.cmdline }),
          },
  };
}
