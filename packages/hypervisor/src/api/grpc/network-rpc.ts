/**
 * `NetworkService`: networks, firewall rules, port forwards and DHCP leases, each RPC calling the
 * network core as its REST route does (network-routes.ts), with the same schemas and scopes.
 * REST's `null` in a PATCH body (remove the tunnel, a rule's ports...) is a `clear_<field>` flag.
 */
import type { JsonValue } from '@bufbuild/protobuf';
import type { Core } from '../../core.js';
import {
  ForwardCreateSchema,
  NetworkCreateSchema,
  NetworkPatchSchema,
  RuleCreateSchema,
  RulePatchSchema,
} from '../../domain/network-definition.js';
import { RuleParams } from '../network-routes.js';
import { ResourceNameParams } from '../schemas.js';
import { NetworkService } from './gen/hypervisor/v1/network_pb.js';
import { defineRpcService, unary } from './rpc.js';

const READ = { scope: 'network:read' } as const;
const WRITE = { scope: 'network:write' } as const;

type Json = Record<string, JsonValue>;

/**
 * The request's JSON with each `clear_<field>` flag as REST's `"<field>": null`. A flag given with
 * its field is left in, so the body's schema refuses it by name rather than one being dropped.
 */
function clearsAsNull(fields: readonly string[]): (json: Json) => Json {
  return (json) => {
    const rest: Json = { ...json };
    for (const field of fields) {
      const flag = `clear_${field}`;
      if (rest[flag] !== true || rest[field] !== undefined) continue;
      delete rest[flag];
      rest[field] = null;
    }
    return rest;
  };
}

export function networkRpcs(core: Core) {
  const { networks } = core;
  return defineRpcService(NetworkService, {
    listNetworks: unary({ route: 'GET /networks', access: READ }, async () => ({
      networks: await networks.list(),
    })),
    createNetwork: unary(
      { route: 'POST /networks', access: WRITE, body: NetworkCreateSchema },
      ({ body }, call) => networks.create(body, { ...call.audit, status: 201 }),
    ),
    getNetwork: unary(
      { route: 'GET /networks/{name}', access: READ, params: ResourceNameParams },
      ({ params }) => networks.get(params.name),
    ),
    updateNetwork: unary(
      {
        route: 'PATCH /networks/{name}',
        access: WRITE,
        params: ResourceNameParams,
        body: NetworkPatchSchema,
        restJson: clearsAsNull(['tunnel']),
      },
      ({ params, body }, call) => networks.update(params.name, body, call.audit),
    ),
    deleteNetwork: unary(
      { route: 'DELETE /networks/{name}', access: WRITE, params: ResourceNameParams },
      async ({ params }, call) => {
        await networks.remove(params.name, call.audit);
        return { name: params.name, deleted: true };
      },
    ),
    listRules: unary(
      { route: 'GET /networks/{name}/rules', access: READ, params: ResourceNameParams },
      async ({ params }) => ({ rules: await networks.rules(params.name) }),
    ),
    addRule: unary(
      {
        route: 'POST /networks/{name}/rules',
        access: WRITE,
        params: ResourceNameParams,
        body: RuleCreateSchema,
      },
      ({ params, body }, call) => networks.addRule(params.name, body, { ...call.audit, status: 201 }),
    ),
    updateRule: unary(
      {
        route: 'PATCH /networks/{name}/rules/{id}',
        access: WRITE,
        params: RuleParams,
        body: RulePatchSchema,
        restJson: clearsAsNull(['ports', 'source', 'destination', 'vm', 'comment']),
      },
      ({ params, body }, call) => networks.updateRule(params.name, params.id, body, call.audit),
    ),
    deleteRule: unary(
      { route: 'DELETE /networks/{name}/rules/{id}', access: WRITE, params: RuleParams },
      ({ params }, call) => networks.removeRule(params.name, params.id, call.audit),
    ),
    listForwards: unary(
      { route: 'GET /networks/{name}/forwards', access: READ, params: ResourceNameParams },
      async ({ params }) => ({ forwards: await networks.forwards(params.name) }),
    ),
    addForward: unary(
      {
        route: 'POST /networks/{name}/forwards',
        access: WRITE,
        params: ResourceNameParams,
        body: ForwardCreateSchema,
      },
      ({ params, body }, call) => networks.addForward(params.name, body, { ...call.audit, status: 201 }),
    ),
    deleteForward: unary(
      { route: 'DELETE /networks/{name}/forwards/{id}', access: WRITE, params: RuleParams },
      ({ params }, call) => networks.removeForward(params.name, params.id, call.audit),
    ),
    listLeases: unary(
      { route: 'GET /networks/{name}/dhcp', access: READ, params: ResourceNameParams },
      async ({ params }) => ({ leases: await networks.leases(params.name) }),
    ),
  });
}
