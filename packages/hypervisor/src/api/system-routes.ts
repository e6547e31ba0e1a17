/** Host facts: `/system/info` (the rest of `/system` arrives with its issue). */
import { defineRoute, Nullable, type RouteSpec } from '@lab/server-kit';
import { Type } from 'typebox';
import type { SystemInfo } from '../domain/system-info.js';

const SystemInfoSchema = Type.Object({
  hostname: Type.String(),
  cpu: Type.Object({ model: Type.String(), threads: Type.Integer() }),
  memory_total: Type.String(),
  memory_total_bytes: Type.Integer(),
  kernel: Type.String({ description: 'the host kernel release' }),
  qemu_version: Nullable(Type.String({ description: 'null when QEMU is not installed' })),
  driver: Type.Enum(['qemu', 'simulated'], { description: 'the VM driver in use; simulated runs no guest' }),
  accelerator: Type.Enum(['kvm', 'tcg', 'none'], {
    description: 'what new VMs get: kvm, tcg, or none (simulated)',
  }),
  version: Type.String({ description: 'the service version' }),
});

export function systemRoutes(info: () => SystemInfo): RouteSpec[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/system/info',
      summary: 'Host and service facts',
      tags: ['system'],
      access: { scope: 'system:read' },
      schema: { response: { 200: SystemInfoSchema } },
      handler: async () => info(),
    }),
  ];
}
