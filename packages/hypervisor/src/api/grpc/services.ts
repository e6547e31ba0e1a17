/**
 * Every gRPC service of the API, over the core: the list the listener serves, and that the parity
 * test checks against the REST routes through docs/grpc.md's table.
 */
import type { ServiceRouter } from './listener.js';
import type { Core } from '../../core.js';
import { auditRpcs } from './audit-rpc.js';
import { networkRpcs } from './network-rpc.js';
import { operationRpcs } from './operation-rpc.js';
import { pqcKeyRpcs, pqcRpcs } from './pqc-rpc.js';
import type { RpcDeps, RpcService } from './rpc.js';
import { storagePoolRpcs, storageRpcs } from './storage-rpc.js';
import { systemRpcs } from './system-rpc.js';
import { tokenRpcs } from './token-rpc.js';
import { tunnelRpcs } from './tunnel-rpc.js';
import { migrationRpcs, snapshotRpcs, vmManagementRpcs } from './vm-admin-rpc.js';
import { vmRpcs } from './vm-rpc.js';

export function rpcServices(core: Core): RpcService[] {
  return [
    vmRpcs(core),
    vmManagementRpcs(core),
    migrationRpcs(core),
    snapshotRpcs(core),
    networkRpcs(core),
    tunnelRpcs(core),
    pqcRpcs(core),
    pqcKeyRpcs(core),
    systemRpcs(core),
    auditRpcs(core),
    tokenRpcs(core),
    storageRpcs(core),
    storagePoolRpcs(core),
    operationRpcs(core),
  ];
}

/** Binds each RPC to the deps and adds its service to the router. */
export function registerRpcServices(
  router: ServiceRouter,
  services: readonly RpcService[],
  deps: RpcDeps,
): void {
  for (const { service, rpcs } of services) {
    const impl = Object.fromEntries(Object.entries(rpcs).map(([name, rpc]) => [name, rpc.bind(deps)]));
    router.service(service, impl);
  }
}
