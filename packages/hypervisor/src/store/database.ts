/** The service's SQLite file and its migrations. */
import { join } from 'node:path';
import { openDatabase, type Database, type Migration } from '@lab/server-kit';
import { ATTESTATIONS_MIGRATION } from './attestations.js';
import { AUDIT_GRPC_MIGRATION, AUDIT_MIGRATION } from './audit.js';
import { DISK_BACKING_MIGRATION, DISK_ENCRYPTION_MIGRATION, DISKS_MIGRATION } from './disks.js';
import { EVENTS_MIGRATION } from './events.js';
import { NETWORKS_MIGRATION } from './networks.js';
import { OPERATIONS_MIGRATION } from './operations.js';
import { POOLS_MIGRATION } from './pools.js';
import { PQC_KEYS_MIGRATION } from './pqc-keys.js';
import { SNAPSHOTS_MIGRATION } from './snapshots.js';
import { TUNNEL_PEER_FINGERPRINT_MIGRATION, TUNNELS_MIGRATION } from './tunnels.js';
import { VM_MIGRATION_STATES_MIGRATION, VMS_MIGRATION } from './vms.js';

export const MIGRATIONS: readonly Migration[] = [
  VMS_MIGRATION,
  DISKS_MIGRATION,
  EVENTS_MIGRATION,
  AUDIT_MIGRATION,
  PQC_KEYS_MIGRATION,
  ATTESTATIONS_MIGRATION,
  OPERATIONS_MIGRATION,
  POOLS_MIGRATION,
  SNAPSHOTS_MIGRATION,
  VM_MIGRATION_STATES_MIGRATION,
  DISK_BACKING_MIGRATION,
  DISK_ENCRYPTION_MIGRATION,
  NETWORKS_MIGRATION,
  TUNNELS_MIGRATION,
  AUDIT_GRPC_MIGRATION,
  TUNNEL_PEER_FINGERPRINT_MIGRATION,
];

export function openStore(dataDir: string): Database {
  return openDatabase(join(dataDir, 'hypervisor.db'), { namespace: 'hypervisor', migrations: MIGRATIONS });
}
