/**
 * What the core records about a request: who (token name, or `socket`), through which
 * transport, and which resource. The Unix socket's connections are marked when accepted, so a
 * request knows its transport from its own socket and no header can claim it.
 */
import type { Socket } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { API_PREFIX } from '../config.js';
import type { AuditContext } from '../store/audit.js';

const socketConnections = new WeakSet<Socket>();

export function markSocketConnection(socket: Socket): void {
  socketConnections.add(socket);
}

export function transportOf(request: FastifyRequest): 'tcp' | 'socket' {
  return socketConnections.has(request.raw.socket) ? 'socket' : 'tcp';
}

/** Collections whose items the audit names by their own kind. */
const KINDS: Record<string, string> = {
  vms: 'vm',
  tokens: 'token',
  networks: 'network',
  'pqc/keys': 'pqc-key',
};

/**
 * `/api/v1/vms/web1/start` → `vm/web1`, `/api/v1/pqc/keys/k1/rotate` → `pqc-key/k1`; other paths
 * name their collection alone (`pqc/self-test`). A POST to a collection names what its body names.
 */
export function resourceOfPath(path: string, method: string, bodyName: unknown): string {
  const segments = path.slice(API_PREFIX.length).split('/').filter(Boolean);
  const nested = KINDS[segments.slice(0, 2).join('/')] !== undefined;
  const collection = nested ? segments.slice(0, 2).join('/') : (segments[0] ?? '');
  const name = nested ? segments[2] : segments[1];
  const kind = KINDS[collection] ?? collection;
  const id = name ?? (method === 'POST' && typeof bodyName === 'string' ? bodyName : undefined);
  return id === undefined ? kind : `${kind}/${safeDecode(id)}`;
}

export function resourceOf(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? '';
  return resourceOfPath(path, request.method, (request.body as { name?: unknown } | undefined)?.name);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The audit context of a request whose success answers `status`. */
export function auditContext(request: FastifyRequest, status = 200): AuditContext {
  return {
    actor: request.principal?.name ?? (transportOf(request) === 'socket' ? 'socket' : 'anonymous'),
    transport: transportOf(request),
    method: request.method,
    path: request.url.split('?')[0] ?? '',
    resource: resourceOf(request),
    requestId: request.id,
    status,
  };
}
