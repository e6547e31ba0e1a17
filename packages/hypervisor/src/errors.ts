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
    'already_exists',
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
  /** An operation (a clone, a snapshot with memory, a stop) holds the VM until it ends. */
  vmBusy: defineError<{ name: string; kind: string; operation: string }>(
    'VM_BUSY',
    'conflict',
    (p) =>
      `VM '${p.name}' is busy: a ${p.kind} operation holds it (operation ${p.operation}); ` +
      'wait for it to end, or cancel it',
  ),
  diskNotFound: defineError<{ name: string }>(
    'DISK_NOT_FOUND',
    'not_found',
    (p) => `disk image '${p.name}' does not exist`,
  ),
  diskAlreadyExists: defineError<{ name: string }>(
    'DISK_ALREADY_EXISTS',
    'already_exists',
    (p) => `a disk image named '${p.name}' already exists`,
  ),
  diskInUse: defineError<{ name: string; vm: string }>(
    'DISK_IN_USE',
    'conflict',
    (p) => `disk image '${p.name}' is attached to VM '${p.vm}', which is running`,
  ),
  snapshotNotFound: defineError<{ vm: string; name: string }>(
    'SNAPSHOT_NOT_FOUND',
    'not_found',
    (p) => `VM '${p.vm}' has no snapshot named '${p.name}'`,
  ),
  /** The VM has a snapshot of this name, or one of its images holds a snapshot tagged so. */
  snapshotAlreadyExists: defineError<{ vm: string; name: string; where: string }>(
    'SNAPSHOT_ALREADY_EXISTS',
    'already_exists',
    (p) => `a snapshot named '${p.name}' already exists ${p.where}`,
  ),
  /** The VM's disks cannot hold internal snapshots (none, or one is not qcow2). */
  snapshotUnsupported: defineError<{ vm: string; reason: string }>(
    'SNAPSHOT_UNSUPPORTED',
    'conflict',
    (p) => `VM '${p.vm}' cannot have snapshots: ${p.reason}`,
  ),
  /** The snapshot's data is no longer where its record says (an image deleted, a tag removed). */
  snapshotInconsistent: defineError<{ vm: string; name: string; reason: string }>(
    'SNAPSHOT_INCONSISTENT',
    'conflict',
    (p) => `snapshot '${p.name}' of VM '${p.vm}' cannot be restored: ${p.reason}`,
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
    'already_exists',
    (p) => `a storage pool named '${p.name}' already exists`,
  ),
  /** The pool's capacity (the virtual sizes of its images, added up) would be exceeded. */
  poolFull: defineError<{ pool: string; capacity: string; free: string; field: string }>(
    'POOL_FULL',
    'conflict',
    (p) => `storage pool '${p.pool}' (capacity ${p.capacity}) has ${p.free} left: not enough for ${p.field}`,
  ),
  /** Another operation on the image (a convert, compact, check, resize or rekey) has not ended. */
  diskBusy: defineError<{ name: string; operation: string }>(
    'DISK_BUSY',
    'conflict',
    (p) => `disk image '${p.name}' is busy: a ${p.operation} of it is under way`,
  ),
  /** The operation does not apply to this image (a compact of a raw image, a rekey of a clear one). */
  diskOperationUnsupported: defineError<{ name: string; operation: string; reason: string }>(
    'DISK_OPERATION_UNSUPPORTED',
    'conflict',
    (p) => `cannot ${p.operation} disk image '${p.name}': ${p.reason}`,
  ),
  /** qemu-img ran and refused the new size; its words are the reason. */
  resizeRefused: defineError<{ reason: string }>(
    'RESIZE_REFUSED',
    'conflict',
    (p) => `qemu-img refused the resize: ${p.reason}`,
  ),
  /** The passphrase given opens no LUKS key slot of the image (the service maps it to its field). */
  secretRefused: defineError<{ reason: string }>(
    'SECRET_REFUSED',
    'invalid',
    (p) => `the secret does not unlock the image: ${p.reason}`,
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
  /** The work is past the point where stopping would leave things half done (a rekey erasing the old slot). */
  operationNotCancellable: defineError<{ id: string; reason: string }>(
    'OPERATION_NOT_CANCELLABLE',
    'conflict',
    (p) => `operation '${p.id}' can no longer be cancelled: ${p.reason}; it ends on its own shortly`,
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
    'already_exists',
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
  /** A key whose generation or rotation runs as an operation takes no other create or rotate meanwhile. */
  keyBusy: defineError<{ name: string; work: string; operation: string }>(
    'KEY_BUSY',
    'conflict',
    (p) => `PQC key '${p.name}' is busy: its ${p.work} is under way (operation ${p.operation})`,
  ),
  keyRotationConflict: defineError<{ name: string; version: number }>(
    'KEY_ROTATION_CONFLICT',
    'conflict',
    (p) => `PQC key '${p.name}' was rotated meanwhile (now version ${p.version}); try again`,
  ),
  /** One benchmark and one self-test at a time: two benchmarks would share the cores and both measure wrong. */
  pqcBusy: defineError<{ work: string }>(
    'PQC_BUSY',
    'conflict',
    (p) => `a PQC ${p.work} is already running; try again when it ends`,
  ),
  /** The PQC worker pool has every thread busy and its queue full. */
  pqcQueueFull: defineError<{ running: number; queued: number }>(
    'PQC_QUEUE_FULL',
    'unavailable',
    (p) =>
      `the PQC work queue is full (${p.running} running, ${p.queued} waiting); try again when some of it has ended`,
  ),
  /** PQC work ran past its wall-clock cap and its worker thread was ended. */
  pqcTimeLimit: defineError<{ work: string; seconds: number; hint: string }>(
    'PQC_TIME_LIMIT',
    'unavailable',
    (p) => `the PQC ${p.work} did not finish within its limit of ${p.seconds} s and was stopped; ${p.hint}`,
  ),
  /** A PQC task failed inside its worker thread, or the thread died. */
  pqcTaskFailed: defineError<{ work: string; reason: string }>(
    'PQC_TASK_FAILED',
    'internal',
    (p) => `the PQC ${p.work} failed in its worker thread: ${p.reason}`,
  ),
  /** The caller hung up, or the service is stopping, before the answer: the work for it was dropped. */
  requestAbandoned: defineError<{ reason: string }>(
    'REQUEST_ABANDONED',
    'unavailable',
    (p) => `the work of this request was dropped: ${p.reason}`,
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
  /** A linked clone's image backs onto this one: it may be neither deleted nor written by a VM. */
  diskIsBacking: defineError<{ name: string; clones: string[]; hint: string }>(
    'DISK_IS_BACKING',
    'conflict',
    (p) =>
      `disk image '${p.name}' is the backing file of linked clone image(s) ${p.clones.map((c) => `'${c}'`).join(', ')}: ${p.hint}`,
  ),
  /** The destination of a live migration cannot open an image where the source has it. */
  migrationStorageUnshared: defineError<{ image: string; path: string; reason: string }>(
    'MIGRATION_STORAGE_UNSHARED',
    'conflict',
    (p) =>
      `the destination cannot use disk image '${p.image}' at ${p.path}: ${p.reason}; live migration ` +
      'needs every image on storage both hosts share, in a pool at the same path on each',
  ),
  migrationDestinationUnreachable: defineError<{ destination: string; reason: string }>(
    'MIGRATION_DESTINATION_UNREACHABLE',
    'unavailable',
    (p) => `cannot reach the migration destination ${p.destination}: ${p.reason}`,
  ),
  /** The destination's TLS certificate is not the pinned one, or, with no pin, not valid for the system CAs. */
  migrationDestinationUntrusted: defineError<{ destination: string; reason: string }>(
    'MIGRATION_DESTINATION_UNTRUSTED',
    'invalid',
    (p) => `the migration destination ${p.destination} is not trusted: ${p.reason}`,
  ),
  /** The destination refused the token the caller gave for it (401 or 403 there). */
  migrationDestinationDenied: defineError<{ destination: string; reason: string }>(
    'MIGRATION_DESTINATION_DENIED',
    'invalid',
    (p) =>
      `the migration destination ${p.destination} refused the token: ${p.reason} (it needs a token ` +
      'of that host with scope vm:write)',
  ),
  /** The destination answered something its API does not promise. */
  migrationDestinationBroken: defineError<{ destination: string; reason: string }>(
    'MIGRATION_DESTINATION_ERROR',
    'internal',
    (p) => `the migration destination ${p.destination} answered unexpectedly: ${p.reason}`,
  ),
  /** QEMU's migration failed, or the destination did not take the guest over. */
  migrationFailed: defineError<{ vm: string; reason: string }>(
    'MIGRATION_FAILED',
    'internal',
    (p) => `live migration of VM '${p.vm}' failed: ${p.reason}`,
  ),
  /** A plain migration stream beyond loopback, or a TLS one this host cannot serve: the two sides disagree. */
  migrationTlsRequired: defineError<{ vm: string; reason: string }>(
    'MIGRATION_TLS_REQUIRED',
    'conflict',
    (p) => `the incoming live migration of VM '${p.vm}' is refused: ${p.reason}`,
  ),
  migrationNotRunning: defineError<{ vm: string }>(
    'MIGRATION_NOT_RUNNING',
    'conflict',
    (p) => `no live migration of VM '${p.vm}' is under way`,
  ),
  /** A stream's reader fell too far behind the events; it resumes after the last id it got. */
  eventsBacklogExceeded: defineError<{ limit: number; lastId: number }>(
    'EVENTS_BACKLOG_EXCEEDED',
    'too_large',
    (p) => `more than ${p.limit} events waited for this stream; resume after id ${p.lastId}`,
  ),
  /** Something of the VM cannot move with it (internal snapshots' records stay with the host). */
  migrationUnsupported: defineError<{ vm: string; reason: string }>(
    'MIGRATION_UNSUPPORTED',
    'conflict',
    (p) => `VM '${p.vm}' cannot be migrated live: ${p.reason}`,
  ),
  networkNotFound: defineError<{ name: string }>(
    'NETWORK_NOT_FOUND',
    'not_found',
    (p) => `network '${p.name}' does not exist`,
  ),
  networkAlreadyExists: defineError<{ name: string }>(
    'NETWORK_ALREADY_EXISTS',
    'already_exists',
    (p) => `a network named '${p.name}' already exists`,
  ),
  /** The subnet overlaps another network's, or a route of the host (its traffic would go astray). */
  networkOverlap: defineError<{ subnet: string; other: string }>(
    'NETWORK_OVERLAP',
    'conflict',
    (p) => `subnet ${p.subnet} overlaps ${p.other}`,
  ),
  /** VMs have NICs on the network: it may not go, nor its subnet change under them. */
  networkInUse: defineError<{ name: string; vms: string[]; action: string }>(
    'NETWORK_IN_USE',
    'conflict',
    (p) =>
      `cannot ${p.action} network '${p.name}': VM(s) ${p.vms.map((v) => `'${v}'`).join(', ')} have a NIC on it; ` +
      'remove those NICs (or the VMs) first',
  ),
  /** The network driver cannot make networks on this host: what is missing is the reason. */
  networkUnavailable: defineError<{ reason: string }>(
    'NETWORK_UNAVAILABLE',
    'unavailable',
    (p) => `networks cannot be changed on this host: ${p.reason}`,
  ),
  /** A documented limit (networks, rules or forwards of a network) is reached. */
  networkLimit: defineError<{ what: string; limit: number }>(
    'NETWORK_LIMIT_REACHED',
    'conflict',
    (p) => `${p.what} has reached its limit of ${p.limit}`,
  ),
  /** The change is stored, but the kernel did not take it: the network's state says what is wrong. */
  networkApplyFailed: defineError<{ name: string; reason: string }>(
    'NETWORK_APPLY_FAILED',
    'internal',
    (p) =>
      `the change is saved but network '${p.name}' could not be applied: ${p.reason}; the next change ` +
      'or a restart of the service applies it again',
  ),
  ruleNotFound: defineError<{ network: string; id: string }>(
    'RULE_NOT_FOUND',
    'not_found',
    (p) => `network '${p.network}' has no rule '${p.id}'`,
  ),
  forwardNotFound: defineError<{ network: string; id: string }>(
    'FORWARD_NOT_FOUND',
    'not_found',
    (p) => `network '${p.network}' has no port forward '${p.id}'`,
  ),
  /** A forward of the same protocol and port on an overlapping address exists, on any network. */
  forwardPortTaken: defineError<{ protocol: string; port: number; network: string; id: string }>(
    'FORWARD_PORT_TAKEN',
    'conflict',
    (p) => `${p.protocol} port ${p.port} is already forwarded (forward '${p.id}' of network '${p.network}')`,
  ),
  /** The VM has no address on the network yet: neither a reserved `ip` nor a DHCP lease. */
  forwardNoAddress: defineError<{ vm: string; network: string }>(
    'FORWARD_NO_ADDRESS',
    'conflict',
    (p) =>
      `VM '${p.vm}' has no reserved or leased address on network '${p.network}': give its NIC an \`ip\`, ` +
      'or start it and wait for its DHCP lease',
  ),
  macInUse: defineError<{ mac: string; network: string; vm: string }>(
    'MAC_ADDRESS_IN_USE',
    'conflict',
    (p) => `MAC address ${p.mac} is taken on network '${p.network}' by VM '${p.vm}'`,
  ),
  ipInUse: defineError<{ ip: string; network: string; vm: string }>(
    'IP_ADDRESS_IN_USE',
    'conflict',
    (p) => `address ${p.ip} is reserved on network '${p.network}' by VM '${p.vm}'`,
  ),
  tunnelNotConfigured: defineError<{ network: string }>(
    'TUNNEL_NOT_CONFIGURED',
    'conflict',
    (p) => `network '${p.network}' has no tunnel`,
  ),
  /** A key-exchange message not signed by the peer's pinned ML-DSA key: refused and counted. */
  tunnelPeerUntrusted: defineError<{ network: string; reason: string }>(
    'TUNNEL_PEER_UNTRUSTED',
    'forbidden',
    (p) => `key exchange for network '${p.network}' refused: ${p.reason}`,
  ),
  /** An init whose epoch is not past the last one (a replay), or of the wrong side, or malformed. */
  tunnelExchangeRefused: defineError<{ network: string; reason: string }>(
    'TUNNEL_EXCHANGE_REFUSED',
    'conflict',
    (p) => `key exchange for network '${p.network}' refused: ${p.reason}`,
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
