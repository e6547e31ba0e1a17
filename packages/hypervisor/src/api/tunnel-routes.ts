/**
 * A network's post-quantum tunnel: its status, and the key exchange the peer service calls
 * (domain/tunnel/*). The tunnel itself is configured with the network (`tunnel` of POST and
 * PATCH /networks).
 */
import { defineRoute, documentedError, schemaRef, type RouteSpec } from '@lab/server-kit';
import {
  ExchangeReplySchema,
  ExchangeRequestSchema,
  KEY_LIFETIME_FACTOR,
  TunnelStatusSchema,
  type TunnelStatus,
} from '../domain/tunnel/tunnel-definition.js';
import type { TunnelService } from '../domain/tunnel/tunnel-service.js';
import { auditContext } from './request-context.js';
import { ResourceNameParams } from './schemas.js';

const Tunnel = schemaRef<TunnelStatus>(TunnelStatusSchema);

export function tunnelRoutes(tunnels: TunnelService): RouteSpec[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/networks/:name/tunnel',
      summary: "Read the network's post-quantum tunnel",
      tags: ['networks'],
      access: { scope: 'network:read' },
      schema: {
        description:
          '`state`: `up` (a current key), `degraded` (renewals failing, the key still valid), `down` ' +
          `(no key: none agreed yet, or none renewed within ${KEY_LIFETIME_FACTOR} × rekey_seconds, so ` +
          'WireGuard has no peer) with the reason, or `not_configured`. No key material.',
        params: ResourceNameParams,
        response: { 200: Tunnel, 404: documentedError('NETWORK_NOT_FOUND') },
      },
      handler: async (request) => tunnels.status(request.params.name),
    }),
    defineRoute({
      method: 'POST',
      url: '/networks/:name/tunnel/exchange',
      summary: 'Key exchange with the peer service (called by the peer)',
      tags: ['networks'],
      access: { scope: 'network:write' },
      schema: {
        description:
          'One step of the ML-KEM-768 key exchange, each message signed with ML-DSA-65 (README ' +
          '"Networks > Tunnel"): `init` is answered with a `reply`, `confirm` with `done`, after which ' +
          'both sides install the new preshared key. A message not signed by the pinned peer key is 403; ' +
          'a replayed or old epoch 409.',
        params: ResourceNameParams,
        body: ExchangeRequestSchema,
        response: {
          200: ExchangeReplySchema,
          403: documentedError('TUNNEL_PEER_UNTRUSTED: not signed by the pinned peer signing key'),
          404: documentedError('NETWORK_NOT_FOUND'),
          409: documentedError(
            'TUNNEL_NOT_CONFIGURED, TUNNEL_EXCHANGE_REFUSED (`details.reason`: stale_epoch with `details.epoch`, role, invalid)',
          ),
        },
      },
      handler: async (request) => tunnels.exchange(request.params.name, request.body, auditContext(request)),
    }),
  ];
}
