/**
 * What a VM is made of, as a client writes it: the JSON Schema is the one source of the REST
 * validation, the OpenAPI document and these types. Checks that need the host or the store
 * (cpu count against the host, disk images that exist) are in `vm-validation.ts`.
 */
import { Type, type Static } from 'typebox';
import { formatSize, MIB, sizeSchema } from './units.js';

export const VM_NAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$';
export const RESOURCE_NAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$';

export const StorageDeviceSchema = Type.Object(
  {
    type: Type.Literal('virtio-blk', { description: 'the device model; virtio-blk is offered' }),
    path: Type.String({ pattern: RESOURCE_NAME_PATTERN, description: 'name of a disk image (GET /storage)' }),
    format: Type.Optional(
      Type.Enum(['qcow2', 'raw'], { description: "the image's format; must match it when given" }),
    ),
  },
  { additionalProperties: false },
);

export const NetworkDeviceSchema = Type.Object(
  {
    type: Type.Literal('virtio-net', { description: 'the device model; virtio-net is offered' }),
    network: Type.String({ pattern: RESOURCE_NAME_PATTERN, description: 'name of a virtual network' }),
    mac: Type.Optional(
      Type.String({
        pattern: '^[0-9a-fA-F]{2}(:[0-9a-fA-F]{2}){5}$',
        description:
          "the NIC's MAC address, unicast and unique on the network; derived from the VM's uuid " +
          '(52:54:00:xx:xx:xx, locally administered) when not given, and stored',
      }),
    ),
    ip: Type.Optional(
      Type.String({
        format: 'ipv4',
        description: "a fixed IPv4 address inside the network's subnet: a DHCP reservation for the NIC",
      }),
    ),
  },
  { additionalProperties: false },
);

export const BootSchema = Type.Object(
  {
    kernel: Type.String({
      minLength: 1,
      maxLength: 255,
      description: 'kernel image, a path relative to the boot directory ({data_dir}/boot)',
    }),
    initrd: Type.Optional(
      Type.String({ minLength: 1, maxLength: 255, description: 'initramfs, relative to the boot directory' }),
    ),
    cmdline: Type.Optional(Type.String({ maxLength: 4096, description: 'kernel command line' })),
  },
  {
    additionalProperties: false,
    description: 'direct kernel boot; without it the VM boots from its first disk',
  },
);

/** The least memory a VM may have; the most is the host's (vm-validation.ts). */
export const MIN_MEMORY_BYTES = 32 * MIB;

export const CpuSchema = Type.Object(
  {
    count: Type.Integer({
      minimum: 1,
      maximum: 512,
      description: "virtual CPUs, at most the host's threads (`cpu.threads` of GET /system/info)",
    }),
  },
  { additionalProperties: false },
);

export const MemorySchema = Type.Object(
  {
    size: sizeSchema(
      `the memory: ${formatSize(MIN_MEMORY_BYTES)} to the host's (\`memory_total\` of GET /system/info), ` +
        'a whole number of MiB',
    ),
  },
  { additionalProperties: false },
);

export const DevicesSchema = Type.Object(
  {
    storage: Type.Optional(Type.Array(StorageDeviceSchema, { maxItems: 16 })),
    network: Type.Optional(Type.Array(NetworkDeviceSchema, { maxItems: 8 })),
  },
  { additionalProperties: false },
);

export const VmCreateSchema = Type.Object(
  {
    name: Type.String({ pattern: VM_NAME_PATTERN, description: 'unique; identifies the VM in paths' }),
    cpu: CpuSchema,
    memory: MemorySchema,
    devices: Type.Optional(DevicesSchema),
    boot: Type.Optional(BootSchema),
  },
  { additionalProperties: false },
);

export const VmPatchSchema = Type.Object(
  {
    cpu: Type.Optional(CpuSchema),
    memory: Type.Optional(MemorySchema),
    devices: Type.Optional(DevicesSchema),
    boot: Type.Optional(Type.Union([BootSchema, Type.Null()])),
  },
  { additionalProperties: false, minProperties: 1 },
);

export type StorageDevice = Static<typeof StorageDeviceSchema>;
export type NetworkDevice = Static<typeof NetworkDeviceSchema>;
export type Boot = Static<typeof BootSchema>;
export type VmCreate = Static<typeof VmCreateSchema>;
export type VmPatch = Static<typeof VmPatchSchema>;

/** The stored definition: a create body without its name, with the device lists always present. */
export interface VmDefinition {
  cpu: { count: number };
  memory: { size: string };
  devices: { storage: StorageDevice[]; network: NetworkDevice[] };
  boot: Boot | null;
}

/**
 * `MIGRATING`: the VM runs here and its live migration to another host is under way. `INCOMING`:
 * a QEMU here waits for a live migration of the VM from another host (vm-states.ts).
 */
export const VM_STATES = [
  'CREATED',
  'RUNNING',
  'PAUSED',
  'STOPPED',
  'CRASHED',
  'MIGRATING',
  'INCOMING',
] as const;
export type VmState = (typeof VM_STATES)[number];
