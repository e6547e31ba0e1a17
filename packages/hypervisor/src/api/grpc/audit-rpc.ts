/** `AuditService`: the audit log query, paged by the same function as REST's `GET /audit/events`. */
import type { Core } from '../../core.js';
import { auditPage, AuditQuerySchema } from '../../domain/audit-query.js';
import { AuditService } from './gen/hypervisor/v1/audit_pb.js';
import { defineRpcService, unary } from './rpc.js';

export function auditRpcs(core: Core) {
  return defineRpcService(AuditService, {
    listAuditEvents: unary(
      { route: 'GET /audit/events', access: { scope: 'audit:read' }, query: AuditQuerySchema },
      ({ query }) => auditPage(core.audit, query),
    ),
  });
}
