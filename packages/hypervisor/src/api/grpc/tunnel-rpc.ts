/**
 * `TunnelService`: a network's post-quantum tunnel, its status and the key exchange the peer
 * calls, over the tunnel core as tunnel-routes.ts (the tunnel is configured with its network:
 * NetworkService's CreateNetwork and UpdateNetwork). The exchange's messages travel field for
 * field as REST's JSON, binary values in base64, so a signature covers the same bytes either way.
 */
import type { Core } from '../../core.js';
import { ExchangeRequestSchema } from '../../domain/tunnel/tunnel-definition.js';
import { ResourceNameParams } from '../schemas.js';
import { TunnelService } from './gen/hypervisor/v1/network_pb.js';
import { defineRpcService, unary } from './rpc.js';

export function tunnelRpcs(core: Core) {
  const { tunnels } = core;
  return defineRpcService(TunnelService, {
    getTunnel: unary(
      { route: 'GET /networks/{name}/tunnel', access: { scope: 'network:read' }, params: ResourceNameParams },
      ({ params }) => tunnels.status(params.name),
    ),
    exchangeTunnelKeys: unary(
      {
        route: 'POST /networks/{name}/tunnel/exchange',
        access: { scope: 'network:write' },
        params: ResourceNameParams,
        body: ExchangeRequestSchema,
      },
      ({ params, body }, call) => tunnels.exchange(params.name, body, call.audit),
    ),
  });
}
