/** How the routes answer work they started rather than finished. */
import type { FastifyReply } from 'fastify';
import { API_PREFIX } from '../config.js';
import type { OperationView } from '../domain/operations.js';

/** A 202 with the operation and where to follow it. */
export function accepted(reply: FastifyReply, op: OperationView): OperationView {
  void reply.code(202).header('location', `${API_PREFIX}/operations/${op.id}`);
  return op;
}
