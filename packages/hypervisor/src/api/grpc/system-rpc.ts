/** `SystemService`: the /system routes over the same system core. */
import type { Core } from '../../core.js';
import { SystemService } from './gen/hypervisor/v1/system_pb.js';
import { defineRpcService, unary } from './rpc.js';

const READ = { scope: 'system:read' } as const;

export function systemRpcs(core: Core) {
  const { system } = core;
  return defineRpcService(SystemService, {
    getSystemInfo: unary({ route: 'GET /system/info', access: READ }, () => system.info()),
    getSystemStats: unary({ route: 'GET /system/stats', access: READ }, () => system.stats()),
    getConfidentialComputing: unary({ route: 'GET /system/cc', access: READ }, () => system.cc()),
    listIommuGroups: unary({ route: 'GET /system/iommu', access: READ }, () => system.iommu()),
    getSystemConfig: unary({ route: 'GET /system/config', access: READ }, () => system.config()),
  });
}
