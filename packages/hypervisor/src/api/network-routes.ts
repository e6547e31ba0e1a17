/**
 * The network routes: networks, their firewall rules, port forwards and DHCP leases. Each handler
 * calls one function of the network service (domain/network-service.ts) with the request's audit
 * context. Changes answer 503 NETWORK_UNAVAILABLE where the driver cannot make networks (not root
 * and no CAP_NET_ADMIN, or a tool missing); reads keep working.
 */
import { defineRoute, documentedError, schemaRef, type RouteSpec } from '@lab/server-kit';
import { Type } from 'typebox';
import { API_PREFIX } from '../config.js';
import {
  ForwardCreateSchema,
  ForwardSchema,
  LeaseSchema,
  MAX_FORWARDS_PER_NETWORK,
  MAX_NETWORKS,
  MAX_RULES_PER_NETWORK,
  NetworkCreateSchema,
  NetworkPatchSchema,
  NetworkSchema,
  RuleCreateSchema,
  RulePatchSchema,
  RuleSchema,
  type ForwardView,
  type LeaseView,
  type NetworkView,
  type RuleView,
} from '../domain/network-definition.js';
import type { NetworkService } from '../domain/network-service.js';
import { auditContext } from './request-context.js';
import { Deleted, ResourceNameParams } from './schemas.js';

const Network = schemaRef<NetworkView>(NetworkSchema);
const Rule = schemaRef<RuleView>(RuleSchema);
const Forward = schemaRef<ForwardView>(ForwardSchema);
const Lease = schemaRef<LeaseView>(LeaseSchema);
const READ = { scope: 'network:read' } as const;
const WRITE = { scope: 'network:write' } as const;

/** A rule's or a forward's path: the network and the item's id. */
export const RuleParams = Type.Object({
  name: ResourceNameParams.properties.name,
  id: Type.String({ format: 'uuid' }),
});

const notFound = documentedError('NETWORK_NOT_FOUND');
const unavailable = documentedError(
  'NETWORK_UNAVAILABLE: the service cannot make networks here (not root and no CAP_NET_ADMIN, or a tool missing); the message says what',
);
const applyFailed = documentedError(
  'NETWORK_APPLY_FAILED: the change is saved, the kernel refused it; the network shows state and reason',
);

export function networkRoutes(networks: NetworkService): RouteSpec[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/networks',
      summary: 'List virtual networks',
      tags: ['networks'],
      access: READ,
      schema: { response: { 200: Type.Object({ networks: Type.Array(Network) }) } },
      handler: async () => ({ networks: await networks.list() }),
    }),
    defineRoute({
      method: 'POST',
      url: '/networks',
      summary: 'Create a virtual network',
      tags: ['networks'],
      access: WRITE,
      schema: {
        description:
          'A Linux bridge `hv-<name>` with the gateway address, a chain set in the nftables table ' +
          '`inet hypervisor` (masquerade for `nat`) and a dnsmasq for DHCP and DNS, made before it is ' +
          `recorded. Answers 201 with the network and its \`subnet\`. At most ${MAX_NETWORKS} networks.`,
        body: NetworkCreateSchema,
        response: {
          201: Network,
          400: documentedError(
            'VALIDATION_ERROR: name (pattern, or longer than 12: `hv-<name>` must fit 15 characters), ' +
              'subnet (not a CIDR, host bits set, prefix outside /16 to /29), gateway, dhcp range; `details.field` names it',
          ),
          409: documentedError(
            'NETWORK_ALREADY_EXISTS, NETWORK_OVERLAP (the subnet overlaps another network or a route of the host), ' +
              'NETWORK_LIMIT_REACHED',
          ),
          500: applyFailed,
          503: unavailable,
        },
      },
      handler: async (request, reply) => {
        const network = await networks.create(request.body, auditContext(request, 201));
        void reply.code(201).header('location', `${API_PREFIX}/networks/${network.name}`);
        return network;
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/networks/:name',
      summary: 'Read a virtual network',
      tags: ['networks'],
      access: READ,
      schema: {
        description: 'With its state as the driver sees it now, and the reason when it is not `active`.',
        params: ResourceNameParams,
        response: { 200: Network, 404: notFound },
      },
      handler: async (request) => networks.get(request.params.name),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/networks/:name',
      summary: 'Change a virtual network',
      tags: ['networks'],
      access: WRITE,
      schema: {
        description:
          'Applied live: mode, MTU, default inbound policy and the firewall at once; dnsmasq is restarted ' +
          'when its settings (DHCP, DNS domain, subnet) change. The subnet changes only while no VM has a ' +
          'NIC on the network; gateway and DHCP range then follow it unless given.',
        params: ResourceNameParams,
        body: NetworkPatchSchema,
        response: {
          200: Network,
          400: documentedError('VALIDATION_ERROR: subnet, gateway, dhcp range; `details.field` names it'),
          404: notFound,
          409: documentedError('NETWORK_OVERLAP, NETWORK_IN_USE (a subnet change while VMs are attached)'),
          500: applyFailed,
          503: unavailable,
        },
      },
      handler: async (request) => networks.update(request.params.name, request.body, auditContext(request)),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/networks/:name',
      summary: 'Delete a virtual network',
      tags: ['networks'],
      access: WRITE,
      schema: {
        description:
          'Removes its bridge, chains, dnsmasq and files, with its rules and forwards. Refused while a VM ' +
          'has a NIC on it.',
        params: ResourceNameParams,
        response: {
          200: Deleted,
          404: notFound,
          409: documentedError('NETWORK_IN_USE: VMs have NICs on it (`vms` in the message)'),
          503: unavailable,
        },
      },
      handler: async (request) => {
        await networks.remove(request.params.name, auditContext(request));
        return { name: request.params.name, deleted: true as const };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/networks/:name/rules',
      summary: 'List the firewall rules of a network',
      tags: ['networks'],
      access: READ,
      schema: {
        description: 'In evaluation order, each with the packets and bytes its nftables counter matched.',
        params: ResourceNameParams,
        response: { 200: Type.Object({ rules: Type.Array(Rule) }), 404: notFound },
      },
      handler: async (request) => ({ rules: await networks.rules(request.params.name) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/networks/:name/rules',
      summary: 'Add a firewall rule',
      tags: ['networks'],
      access: WRITE,
      schema: {
        description:
          "The rules compile to the network's chains, replaced in one atomic nftables transaction. The " +
          'first rule that matches decides; what none decides follows `default_inbound` (in) or is ' +
          `accepted (out). At most ${MAX_RULES_PER_NETWORK} rules a network. Answers 201 with the rule and its \`id\`.`,
        params: ResourceNameParams,
        body: RuleCreateSchema,
        response: {
          201: Rule,
          400: documentedError(
            'VALIDATION_ERROR: ports (out of 1-65535, reversed, or with icmp/any), source, destination, ' +
              'vm (no such VM, or no NIC on the network), position (past the end)',
          ),
          404: notFound,
          409: documentedError('NETWORK_LIMIT_REACHED'),
          500: applyFailed,
          503: unavailable,
        },
      },
      handler: async (request, reply) => {
        const rule = await networks.addRule(request.params.name, request.body, auditContext(request, 201));
        void reply.code(201);
        return rule;
      },
    }),
    defineRoute({
      method: 'PATCH',
      url: '/networks/:name/rules/:id',
      summary: 'Change or move a firewall rule',
      tags: ['networks'],
      access: WRITE,
      schema: {
        description:
          'Changes its fields (null clears one) and moves it to `position`; the rules between close up. ' +
          'One transaction, one apply.',
        params: RuleParams,
        body: RulePatchSchema,
        response: {
          200: Rule,
          400: documentedError('VALIDATION_ERROR: as for a new rule; position past the last'),
          404: documentedError('NETWORK_NOT_FOUND, RULE_NOT_FOUND'),
          500: applyFailed,
          503: unavailable,
        },
      },
      handler: async (request) =>
        networks.updateRule(request.params.name, request.params.id, request.body, auditContext(request)),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/networks/:name/rules/:id',
      summary: 'Delete a firewall rule',
      tags: ['networks'],
      access: WRITE,
      schema: {
        description: 'The rules after it move up one. Answers the rule as it was.',
        params: RuleParams,
        response: {
          200: Rule,
          404: documentedError('NETWORK_NOT_FOUND, RULE_NOT_FOUND'),
          500: applyFailed,
          503: unavailable,
        },
      },
      handler: async (request) =>
        networks.removeRule(request.params.name, request.params.id, auditContext(request)),
    }),
    defineRoute({
      method: 'GET',
      url: '/networks/:name/forwards',
      summary: 'List the port forwards of a network',
      tags: ['networks'],
      access: READ,
      schema: {
        description: "Each with the guest address it leads to now (the VM's reserved or leased address).",
        params: ResourceNameParams,
        response: { 200: Type.Object({ forwards: Type.Array(Forward) }), 404: notFound },
      },
      handler: async (request) => ({ forwards: await networks.forwards(request.params.name) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/networks/:name/forwards',
      summary: 'Add a port forward',
      tags: ['networks'],
      access: WRITE,
      schema: {
        description:
          "A DNAT from the host's `listen_address` (default: any of its addresses) and `listen_port` to " +
          "the VM's address on the network and `guest_port`, in prerouting and in output (connections " +
          'from the host itself). The VM needs a reserved `ip` or a DHCP lease. A listen port is the ' +
          `host's: one forward per protocol, port and address across all networks. At most ` +
          `${MAX_FORWARDS_PER_NETWORK} forwards a network. Answers 201 with its \`id\`.`,
        params: ResourceNameParams,
        body: ForwardCreateSchema,
        response: {
          201: Forward,
          400: documentedError(
            'VALIDATION_ERROR: a port outside 1-65535, vm (no such VM, or no NIC on the network)',
          ),
          404: notFound,
          409: documentedError(
            'FORWARD_PORT_TAKEN, FORWARD_NO_ADDRESS (the VM has no reserved or leased address), NETWORK_LIMIT_REACHED',
          ),
          500: applyFailed,
          503: unavailable,
        },
      },
      handler: async (request, reply) => {
        const forward = await networks.addForward(
          request.params.name,
          request.body,
          auditContext(request, 201),
        );
        void reply.code(201);
        return forward;
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/networks/:name/forwards/:id',
      summary: 'Delete a port forward',
      tags: ['networks'],
      access: WRITE,
      schema: {
        description: 'Answers the forward as it was.',
        params: RuleParams,
        response: {
          200: Forward,
          404: documentedError('NETWORK_NOT_FOUND, FORWARD_NOT_FOUND'),
          500: applyFailed,
          503: unavailable,
        },
      },
      handler: async (request) =>
        networks.removeForward(request.params.name, request.params.id, auditContext(request)),
    }),
    defineRoute({
      method: 'GET',
      url: '/networks/:name/dhcp',
      summary: "List the network's DHCP leases",
      tags: ['networks'],
      access: READ,
      schema: {
        description: "dnsmasq's leases, each with the VM and NIC whose MAC it is (null for a stranger).",
        params: ResourceNameParams,
        response: { 200: Type.Object({ leases: Type.Array(Lease) }), 404: notFound },
      },
      handler: async (request) => ({ leases: await networks.leases(request.params.name) }),
    }),
  ];
}
