/**
 * The REST API's own schemas: path parameters, the delete answer. Schemas of what the core and
 * the store produce live beside them (the VM as answered, VM definitions, disk images, stats, host
 * facts, audit rows), so each type has one source. They validate, shape the JSON written out,
 * and are the OpenAPI document; shared ones have an `$id` and become named components.
 */
import { Type } from 'typebox';
import { DiskImageSchema } from '../domain/disk-service.js';
import { RESOURCE_NAME_PATTERN, VM_NAME_PATTERN } from '../domain/vm-definition.js';
import { VmSchema } from '../domain/vm-view.js';
import { AuditEntrySchema } from '../store/audit.js';

export { VmSchema, type VmView } from '../domain/vm-view.js';

export const SHARED_SCHEMAS = [VmSchema, DiskImageSchema, AuditEntrySchema];

export const VmNameParams = Type.Object({ name: Type.String({ pattern: VM_NAME_PATTERN }) });
export const ResourceNameParams = Type.Object({ name: Type.String({ pattern: RESOURCE_NAME_PATTERN }) });

export const OperationIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const Deleted = Type.Object({ name: Type.String(), deleted: Type.Literal(true) });
