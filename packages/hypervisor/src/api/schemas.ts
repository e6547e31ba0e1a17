/**
 * The REST API's own schemas: the VM as answered, path parameters, the delete answer. Schemas of
 * what the core and the store produce live beside them (VM definitions, disk images, stats, host
 * facts, audit rows), so each type has one source. They validate, shape the JSON written out,
 * and are the OpenAPI document; shared ones have an `$id` and become named components.
 */
import { Nullable } from '@lab/server-kit';
import { Type, type Static } from 'typebox';
import { DiskImageSchema } from '../domain/disk-service.js';
import {
  RESOURCE_NAME_PATTERN,
  VM_NAME_PATTERN,
  VM_STATES,
  BootSchema,
  DevicesSchema,
} from '../domain/vm-definition.js';
import { AuditEntrySchema } from '../store/audit.js';

const Timestamp = (description: string) => Type.String({ format: 'date-time', description });

export const VmSchema = Type.Object(
  {
    name: Type.String(),
    uuid: Type.String({ format: 'uuid', description: 'assigned by the service on create' }),
    state: Type.Enum([...VM_STATES]),
    cpu: Type.Object({ count: Type.Integer() }),
    memory: Type.Object({ size: Type.String({ description: 'as given, e.g. 512M' }) }),
    devices: Type.Required(DevicesSchema),
    boot: Nullable(BootSchema),
    created_at: Timestamp('when the VM was created'),
    updated_at: Timestamp('last change of definition or state'),
    state_changed_at: Timestamp('last change of state'),
    runtime: Nullable(
      Type.Object(
        {
          driver: Type.String({ description: 'qemu or simulated' }),
          accelerator: Type.String({ description: 'kvm, tcg, or none (simulated)' }),
          pid: Nullable(Type.Integer({ description: "the QEMU process's id" })),
          files: Type.Record(Type.String(), Type.String(), {
            description: 'runtime files in the run directory: qmp_socket, serial_log, pid_file, qemu_log',
          }),
        },
        { description: 'present while the VM runs or is paused' },
      ),
    ),
    last_error: Nullable(
      Type.Object(
        {
          message: Type.String({ description: "QEMU's own text where there is one" }),
          at: Timestamp('when'),
        },
        { description: 'why the VM crashed or why its last action failed' },
      ),
    ),
  },
  { $id: 'Vm', description: 'A virtual machine' },
);
export type VmView = Static<typeof VmSchema>;

export const SHARED_SCHEMAS = [VmSchema, DiskImageSchema, AuditEntrySchema];

export const VmNameParams = Type.Object({ name: Type.String({ pattern: VM_NAME_PATTERN }) });
export const ResourceNameParams = Type.Object({ name: Type.String({ pattern: RESOURCE_NAME_PATTERN }) });

export const Deleted = Type.Object({ name: Type.String(), deleted: Type.Literal(true) });
