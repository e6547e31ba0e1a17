/**
 * The REST API's response schemas and the request schemas that are not VM definitions (those
 * are in domain/vm-definition.ts). They validate, shape the JSON written out, and are the
 * OpenAPI document. Shared ones have an `$id` and become named components.
 */
import { Nullable } from '@lab/server-kit';
import { Type, type Static } from 'typebox';
import {
  RESOURCE_NAME_PATTERN,
  VM_NAME_PATTERN,
  VM_STATES,
  BootSchema,
  DevicesSchema,
} from '../domain/vm-definition.js';

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

export const DiskImageSchema = Type.Object(
  {
    name: Type.String(),
    format: Type.Enum(['qcow2', 'raw']),
    size: Type.String({ description: 'virtual size, binary units' }),
    size_bytes: Type.Integer(),
    actual_size: Type.String({ description: 'space used on the host, binary units' }),
    actual_size_bytes: Type.Integer(),
    created_at: Timestamp('when the image was made'),
    used_by: Type.Array(Type.String(), { description: 'VMs whose definition attaches the image' }),
  },
  { $id: 'DiskImage', description: 'A disk image (qemu-img info)' },
);

export const AuditEntrySchema = Type.Object(
  {
    id: Type.Integer(),
    time: Timestamp('when the request was answered'),
    actor: Type.String({
      description: "the token's name, `socket` for the Unix socket, `anonymous` without a credential",
    }),
    transport: Type.Enum(['tcp', 'socket']),
    method: Type.String(),
    path: Type.String(),
    resource: Type.String({ description: 'what the request addressed, e.g. `vm/web1`' }),
    outcome: Type.Enum(['success', 'failure', 'denied']),
    status: Type.Integer({ description: 'HTTP status of the answer' }),
    request_id: Type.String(),
    code: Nullable(Type.String({ description: 'the error code of a failure' })),
  },
  { $id: 'AuditEntry' },
);

export const SHARED_SCHEMAS = [VmSchema, DiskImageSchema, AuditEntrySchema];

export const VmNameParams = Type.Object({ name: Type.String({ pattern: VM_NAME_PATTERN }) });
export const ResourceNameParams = Type.Object({ name: Type.String({ pattern: RESOURCE_NAME_PATTERN }) });

export const Deleted = Type.Object({ name: Type.String(), deleted: Type.Literal(true) });
