/**
 * The hypervisor's error catalogue. The core throws these; the transports map their kinds to
 * statuses through the server kit, so REST, the socket and the CLI show the same codes.
 */
import { defineError, KitErrors, type AppError } from '@lab/server-kit/errors';

export const HvErrors = {
  vmNotFound: defineError<{ name: string }>(
    'VM_NOT_FOUND',
    'not_found',
    (p) => `VM '${p.name}' does not exist`,
  ),
  vmAlreadyExists: defineError<{ name: string }>(
    'VM_ALREADY_EXISTS',
    'conflict',
    (p) => `a VM named '${p.name}' already exists`,
  ),
  vmAlreadyRunning: defineError<{ name: string }>(
    'VM_ALREADY_RUNNING',
    'conflict',
    (p) => `VM '${p.name}' is already running`,
  ),
  vmNotRunning: defineError<{ name: string; state: string }>(
    'VM_NOT_RUNNING',
    'conflict',
    (p) => `VM '${p.name}' is not running (state ${p.state})`,
  ),
  /** The VM exists and the action is known, but not from the state it is in. */
  vmInvalidState: defineError<{ name: string; state: string; action: string; hint: string }>(
    'VM_INVALID_STATE',
    'conflict',
    (p) => `cannot ${p.action} VM '${p.name}' in state ${p.state}: ${p.hint}`,
  ),
  diskNotFound: defineError<{ name: string }>(
    'DISK_NOT_FOUND',
    'not_found',
    (p) => `disk image '${p.name}' does not exist`,
  ),
  diskAlreadyExists: defineError<{ name: string }>(
    'DISK_ALREADY_EXISTS',
    'conflict',
    (p) => `a disk image named '${p.name}' already exists`,
  ),
  diskInUse: defineError<{ name: string; vm: string }>(
    'DISK_IN_USE',
    'conflict',
    (p) => `disk image '${p.name}' is attached to VM '${p.vm}', which is running`,
  ),
  /** A host tool (qemu-img) refused or failed: its own text is the reason, its arguments in `details.args`. */
  toolFailed: defineError<{ tool: string; reason: string }>(
    'TOOL_FAILED',
    'internal',
    (p) => `${p.tool} failed: ${p.reason}`,
  ),
  /** The VM's QEMU process could not be started, or its QMP channel failed. */
  driverFailed: defineError<{ vm: string; action: string; reason: string }>(
    'DRIVER_ERROR',
    'internal',
    (p) => `${p.action} of VM '${p.vm}' failed: ${p.reason}`,
  ),
  /** `--accel kvm` on a host whose /dev/kvm cannot be opened. */
  accelUnavailable: defineError<{ accel: string; reason: string }>(
    'ACCEL_UNAVAILABLE',
    'invalid',
    (p) => `accelerator '${p.accel}' cannot be used on this host: ${p.reason}`,
  ),
  driverUnavailable: defineError<{ driver: string; reason: string }>(
    'DRIVER_UNAVAILABLE',
    'invalid',
    (p) => `driver '${p.driver}' cannot be used on this host: ${p.reason}`,
  ),
  /** A host fact under /proc or /sys (or a filesystem's usage) could not be read or made sense of. */
  hostReadFailed: defineError<{ path: string; reason: string }>(
    'HOST_READ_FAILED',
    'internal',
    (p) => `cannot read ${p.path}: ${p.reason}`,
  ),
  poolNotFound: defineError<{ name: string }>(
    'POOL_NOT_FOUND',
    'not_found',
    (p) => `storage pool '${p.name}' does not exist`,
  ),
  poolAlreadyExists: defineError<{ name: string }>(
    'POOL_ALREADY_EXISTS',
    'conflict',
    (p) => `a storage pool named '${p.name}' already exists`,
  ),
  /** The pool's capacity (the virtual sizes of its images, added up) would be exceeded. */
  poolFull: defineError<{ pool: string; capacity: string; free: string; field: string }>(
    'POOL_FULL',
    'conflict',
    (p) => `storage pool '${p.pool}' (capacity ${p.capacity}) has ${p.free} left: not enough for ${p.field}`,
  ),
  operationNotFound: defineError<{ id: string }>(
    'OPERATION_NOT_FOUND',
    'not_found',
    (p) => `operation '${p.id}' does not exist`,
  ),
  operationNotRunning: defineError<{ id: string; status: string }>(
    'OPERATION_NOT_RUNNING',
    'conflict',
    (p) => `operation '${p.id}' is ${p.status}, not running`,
  ),
  keyNotFound: defineError<{ name: string }>(
    'KEY_NOT_FOUND',
    'not_found',
    (p) => `PQC key '${p.name}' does not exist`,
  ),
  keyVersionNotFound: defineError<{ name: string; version: number }>(
    'KEY_VERSION_NOT_FOUND',
    'not_found',
    (p) => `PQC key '${p.name}' has no version ${p.version}`,
  ),
  keyAlreadyExists: defineError<{ name: string }>(
    'KEY_ALREADY_EXISTS',
    'conflict',
    (p) => `a PQC key named '${p.name}' already exists`,
  ),
  /** The start-up (or latest) self-test failed: no PQC operation runs until one passes. */
  pqcUnavailable: defineError<{ failed: number; first: string }>(
    'PQC_UNAVAILABLE',
    'unavailable',
    (p) =>
      `PQC operations are disabled: the self-test failed (${p.failed} failed, first: ${p.first}); ` +
      'fix the cause and run POST /pqc/self-test',
  ),
  keyRotationConflict: defineError<{ name: string; version: number }>(
    'KEY_ROTATION_CONFLICT',
    'conflict',
    (p) => `PQC key '${p.name}' was rotated meanwhile (now version ${p.version}); try again`,
  ),
  /** One benchmark at a time: two would share the cores and both measure wrong. */
  pqcBusy: defineError<Record<string, never>>(
    'PQC_BUSY',
    'conflict',
    () => 'a PQC benchmark is already running; try again when it ends',
  ),
  /** The host key file that seals PQC secret keys is unsafe (readable by others) or damaged. */
  hostKeyInsecure: defineError<{ file: string; mode: string }>(
    'HOST_KEY_INSECURE',
    'internal',
    (p) => `the PQC host key ${p.file} is refused (${p.mode}); it must be 32 bytes with mode 0600`,
  ),
  sealedKeyUnreadable: defineError<{ context: string; reason: string }>(
    'SEALED_KEY_UNREADABLE',
    'internal',
    (p) => `the sealed secret of ${p.context} cannot be opened with the host key: ${p.reason}`,
  ),
};

/** A 400 `VALIDATION_ERROR` naming the offending field, for checks a JSON Schema cannot express. */
export function invalidField(
  field: string,
  message: string,
  details: Record<string, unknown> = {},
): AppError {
  return KitErrors.validation({ message: `${field}: ${message}` }, { details: { field, ...details } });
}
