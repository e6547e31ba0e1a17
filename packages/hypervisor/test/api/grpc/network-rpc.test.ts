/**
 * NetworkService and TunnelService over gRPC against the in-process service (simulated VM
 * driver, the recording simulated network driver as the REST route tests use): every answer read
 * back as JSON equals what REST answers for the same thing, the catalogue's errors come out with
 * their gRPC code and ErrorInfo, `clear_*` stands for REST's null, and a whole key exchange runs
 * over gRPC with an initiator holding the pinned signing key.
 */
import { fromJson, toJson, type DescMessage, type MessageShape } from '@bufbuild/protobuf';
import { Code } from '@connectrpc/connect';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DhcpLeaseSchema,
  ExchangeTunnelKeysRequestSchema,
  ExchangeTunnelKeysResponseSchema,
  NetworkRuleSchema,
  NetworkSchema,
  NetworkService,
  NetworkTunnelSchema,
  PortForwardSchema,
  TunnelService,
} from '../../../src/api/grpc/gen/hypervisor/v1/network_pb.js';
import { confirm, confirmationMatches, createInit, signer } from '../../../src/domain/tunnel/protocol.js';
import type { ReplyMessage } from '../../../src/domain/tunnel/tunnel-definition.js';
import { subjectPublicKeyInfo, toPem } from '../../../src/pqc/spki.js';
import { grpcClient, grpcFailure } from '../../support/grpc.js';
import { startTestService, type TestService } from '../../support/in-process.js';
import { createRecordingNetworkDriver } from '../../support/recording-network-driver.js';
import { createToken, socketApi } from '../../support/socket-client.js';

let service: TestService;
let writer: string;
let reader: string;
const driver = createRecordingNetworkDriver();
const rest = async (method: string, path: string, body?: unknown) => {
  const answer = await socketApi(service.runDir, method, path, body);
  return answer.body as Record<string, unknown>;
};

beforeAll(async () => {
  service = await startTestService({ networkDriver: driver });
  mkdirSync(join(service.dataDir, 'boot'), { recursive: true });
  writeFileSync(join(service.dataDir, 'boot', 'vmlinuz'), 'kernel');
  const socket = join(service.runDir, 'api.sock');
  writer = await createToken(socket, ['network:write', 'network:read', 'audit:read']);
  reader = await createToken(socket, ['network:read']);
});
afterAll(() => service?.close());

const client = <S extends typeof NetworkService | typeof TunnelService>(of: S, token: string) =>
  grpcClient(of, { url: service.app.grpcUrl ?? '', token });
const nets = (token = writer) => client(NetworkService, token);
const tunnels = (token = writer) => client(TunnelService, token);

/**
 * A JSON value in one form whichever transport answered: REST's nulls are proto3's absent fields,
 * times compare as instants (Timestamp's JSON drops REST's `.000`), int64s as numbers.
 */
function comparable(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => comparable(item));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== null)
        .map(([k, v]) => [k, comparable(v, k)]),
    );
  }
  if (typeof value === 'string' && key.endsWith('_at')) return Date.parse(value);
  if (typeof value === 'string' && /^-?[0-9]+$/.test(value) && key !== 'ports') return Number(value);
  return value;
}

/** The message as REST's JSON would have it (proto field names, empty lists and zeros kept). */
const asJson = <D extends DescMessage>(schema: D, message: MessageShape<D>) =>
  comparable(toJson(schema, message, { useProtoFieldName: true, alwaysEmitImplicit: true }));

/** An exchange message as the peer sends it to REST, over gRPC. */
const exchange = (network: string, message: object, token = writer) =>
  tunnels(token).exchangeTunnelKeys(fromJson(ExchangeTunnelKeysRequestSchema, { name: network, ...message }));

const vm = (name: string, network: object[]) => ({
  name,
  cpu: { count: 1 },
  memory: { size: '64M' },
  boot: { kernel: 'vmlinuz' },
  devices: { network },
});

describe('NetworkService', () => {
  it('creates, reads, lists and changes a network as REST shows it', async () => {
    const made = await nets().createNetwork({ name: 'glan', mode: 'nat', subnet: '10.233.1.0/24' });
    expect(made).toMatchObject({ name: 'glan', bridge: 'hv-glan', gateway: '10.233.1.1', state: 'active' });
    expect(made.dhcp).toMatchObject({ enabled: true, rangeStart: '10.233.1.128', leaseTime: 3600 });
    const read = await nets(reader).getNetwork({ name: 'glan' });
    expect(asJson(NetworkSchema, read)).toEqual(comparable(await rest('GET', '/networks/glan')));
    const { networks } = await nets(reader).listNetworks({});
    expect(networks.map((n) => n.name)).toContain('glan');

    const changed = await nets().updateNetwork({ name: 'glan', mtu: 1400, dhcp: { enabled: false } });
    expect(changed).toMatchObject({ mtu: 1400, dhcp: { enabled: false } });
    expect(driver.applied.at(-1)).toMatchObject({ name: 'glan', mtu: 1400 });
    expect(asJson(NetworkSchema, changed)).toEqual(comparable(await rest('GET', '/networks/glan')));

    const audit = (await rest('GET', '/audit/events?resource=network/glan')).events as object[];
    expect(audit).toContainEqual(
      expect.objectContaining({
        transport: 'grpc',
        path: '/hypervisor.v1.NetworkService/CreateNetwork',
        status: 201,
        outcome: 'success',
      }),
    );
  });

  it('maps the catalogue: ALREADY_EXISTS, FAILED_PRECONDITION for an overlap, NOT_FOUND, INVALID_ARGUMENT naming the field', async () => {
    expect(await grpcFailure(nets().createNetwork({ name: 'glan', mode: 'nat' }))).toMatchObject({
      code: Code.AlreadyExists,
      reason: 'NETWORK_ALREADY_EXISTS',
      domain: 'hypervisor',
    });
    const overlap = await grpcFailure(
      nets().createNetwork({ name: 'g2', mode: 'nat', subnet: '10.233.0.0/16' }),
    );
    expect(overlap).toMatchObject({ code: Code.FailedPrecondition, reason: 'NETWORK_OVERLAP' });
    expect(overlap.metadata.field).toBe('subnet');
    expect(await grpcFailure(nets(reader).getNetwork({ name: 'nope' }))).toMatchObject({
      code: Code.NotFound,
      reason: 'NETWORK_NOT_FOUND',
    });
    const cidr = await grpcFailure(
      nets().createNetwork({ name: 'g3', mode: 'nat', subnet: '10.234.0.1/24' }),
    );
    expect(cidr).toMatchObject({ code: Code.InvalidArgument, reason: 'VALIDATION_ERROR' });
    expect(cidr.metadata.field).toBe('subnet');
    expect(cidr.message).toBe(
      "subnet: '10.234.0.1/24' has host bits set: the network of 10.234.0.1/24 is 10.234.0.0/24",
    );
    const lease = await grpcFailure(
      nets().createNetwork({ name: 'g4', mode: 'nat', dhcp: { leaseTime: 60 } }),
    );
    expect(lease.metadata.field).toBe('dhcp.lease_time');
    const name = await grpcFailure(nets(reader).getNetwork({ name: 'Bad Name' }));
    expect(name).toMatchObject({ code: Code.InvalidArgument });
    expect(name.metadata.field).toBe('name');
    const denied = await grpcFailure(nets(reader).createNetwork({ name: 'g5', mode: 'nat' }));
    expect(denied).toMatchObject({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
    expect(denied.metadata.required_scope).toBe('network:write');
  });

  it('adds, moves, clears and deletes firewall rules', async () => {
    expect(
      (
        await socketApi(
          service.runDir,
          'POST',
          '/vms',
          vm('gweb', [{ type: 'virtio-net', network: 'glan', ip: '10.233.1.10' }]),
        )
      ).status,
    ).toBe(201);
    const web = await nets().addRule({
      name: 'glan',
      direction: 'in',
      action: 'accept',
      protocol: 'tcp',
      ports: '80',
      vm: 'gweb',
      comment: 'web',
    });
    expect(web).toMatchObject({ position: 0, network: 'glan', ports: '80', vm: 'gweb' });
    const drop = await nets().addRule({
      name: 'glan',
      direction: 'in',
      action: 'drop',
      protocol: 'any',
      position: 0,
      comment: 'first',
    });
    expect(drop.position).toBe(0);
    driver.counterTable.set('glan', new Map([[web.id, { packets: 7, bytes: 420 }]]));
    const { rules } = await nets(reader).listRules({ name: 'glan' });
    expect(rules.map((r) => [r.id, r.position, r.packets])).toEqual([
      [drop.id, 0, 0n],
      [web.id, 1, 7n],
    ]);
    expect(rules.map((r) => asJson(NetworkRuleSchema, r))).toEqual(
      comparable((await rest('GET', '/networks/glan/rules')).rules),
    );

    // clear_comment is REST's `"comment": null`; given with the comment, it is refused by name.
    const moved = await nets().updateRule({ name: 'glan', id: drop.id, position: 1, clearComment: true });
    expect(moved).toMatchObject({ position: 1 });
    expect(moved.comment).toBeUndefined();
    const cleared = await nets().updateRule({ name: 'glan', id: web.id, clearPorts: true, clearVm: true });
    expect(cleared.ports).toBeUndefined();
    expect(cleared.vm).toBeUndefined();
    // A changed rule is answered without its counter, over REST too; the list reads it.
    expect(comparable((await rest('GET', '/networks/glan/rules')).rules)).toContainEqual({
      ...(asJson(NetworkRuleSchema, cleared) as object),
      packets: 7,
      bytes: 420,
    });
    const both = await grpcFailure(
      nets().updateRule({ name: 'glan', id: web.id, comment: 'x', clearComment: true }),
    );
    expect(both).toMatchObject({ code: Code.InvalidArgument, reason: 'VALIDATION_ERROR' });
    expect(both.metadata.field).toBe('clear_comment');
    const ports = await grpcFailure(
      nets().addRule({ name: 'glan', direction: 'in', action: 'drop', protocol: 'tcp', ports: '65536' }),
    );
    expect(ports.metadata.field).toBe('ports');
    const badId = await grpcFailure(nets().updateRule({ name: 'glan', id: 'not-a-uuid', position: 0 }));
    expect(badId.metadata.field).toBe('id');

    const removed = await nets().deleteRule({ name: 'glan', id: drop.id });
    expect(removed.id).toBe(drop.id);
    expect(await grpcFailure(nets().deleteRule({ name: 'glan', id: drop.id }))).toMatchObject({
      code: Code.NotFound,
      reason: 'RULE_NOT_FOUND',
    });
    expect((await nets(reader).getNetwork({ name: 'glan' })).rules).toBe(1);
  });

  it('forwards a port to a VM, refuses a taken one, and deletes it', async () => {
    const added = await nets().addForward({
      name: 'glan',
      protocol: 'tcp',
      listenPort: 8180,
      vm: 'gweb',
      guestPort: 80,
    });
    expect(added).toMatchObject({ listenPort: 8180, guestPort: 80, guestAddress: '10.233.1.10' });
    expect(added.listenAddress).toBeUndefined();
    const { forwards } = await nets(reader).listForwards({ name: 'glan' });
    expect(forwards.map((f) => asJson(PortForwardSchema, f))).toEqual(
      comparable((await rest('GET', '/networks/glan/forwards')).forwards),
    );
    const taken = await grpcFailure(
      nets().addForward({
        name: 'glan',
        protocol: 'tcp',
        listenAddress: '127.0.0.1',
        listenPort: 8180,
        vm: 'gweb',
        guestPort: 81,
      }),
    );
    expect(taken).toMatchObject({ code: Code.FailedPrecondition, reason: 'FORWARD_PORT_TAKEN' });
    expect(taken.metadata.field).toBe('listen_port');
    const range = await grpcFailure(
      nets().addForward({ name: 'glan', protocol: 'tcp', listenPort: 70_000, vm: 'gweb', guestPort: 80 }),
    );
    expect(range.metadata.field).toBe('listen_port');
    expect((await nets().deleteForward({ name: 'glan', id: added.id })).id).toBe(added.id);
    expect(await grpcFailure(nets().deleteForward({ name: 'glan', id: added.id }))).toMatchObject({
      code: Code.NotFound,
      reason: 'FORWARD_NOT_FOUND',
    });
  });

  it('lists the DHCP leases as REST does', async () => {
    const mac = ((await rest('GET', '/vms/gweb')).devices as { network: { mac: string }[] }).network[0]!.mac;
    driver.leaseTable.set('glan', [
      { mac, ip: '10.233.1.130', hostname: 'gweb', expiresAt: '2026-11-26T20:00:00.000Z' },
      { mac: '52:54:00:00:00:98', ip: '10.233.1.131', hostname: null, expiresAt: null },
    ]);
    const { leases } = await nets(reader).listLeases({ name: 'glan' });
    expect(leases[0]).toMatchObject({ mac, vm: 'gweb', nic: 0, hostname: 'gweb' });
    expect(leases[1]?.vm).toBeUndefined();
    expect(leases[1]?.expiresAt).toBeUndefined();
    expect(leases.map((l) => asJson(DhcpLeaseSchema, l))).toEqual(
      comparable((await rest('GET', '/networks/glan/dhcp')).leases),
    );
  });

  it('refuses a subnet change and a delete while a VM is on the network (FAILED_PRECONDITION NETWORK_IN_USE)', async () => {
    const change = await grpcFailure(nets().updateNetwork({ name: 'glan', subnet: '10.233.2.0/24' }));
    expect(change).toMatchObject({ code: Code.FailedPrecondition, reason: 'NETWORK_IN_USE' });
    const remove = await grpcFailure(nets().deleteNetwork({ name: 'glan' }));
    expect(remove).toMatchObject({ code: Code.FailedPrecondition, reason: 'NETWORK_IN_USE' });
    expect(remove.message).toMatch(/VM\(s\) 'gweb' have a NIC on it/);
    expect((await socketApi(service.runDir, 'DELETE', '/vms/gweb')).status).toBe(200);
    expect(await nets().deleteNetwork({ name: 'glan' })).toMatchObject({ name: 'glan', deleted: true });
    expect(driver.calls.at(-1)).toBe('remove glan');
    expect(await grpcFailure(nets().deleteNetwork({ name: 'glan' }))).toMatchObject({
      code: Code.NotFound,
      reason: 'NETWORK_NOT_FOUND',
    });
  });
});

describe('TunnelService', () => {
  // The peer: a signing key this test holds, pinned by the service's tunnel.
  const peer = signer().keygen();
  const peerPem = toPem(subjectPublicKeyInfo(signer(), peer.publicKey));
  // The lower WireGuard key initiates: '+' sorts before every other base64 character.
  const peerWg = Buffer.alloc(32, Buffer.from([0xfb, 0xef, 0xbe])).toString('base64');
  const tunnel = {
    peerUrl: 'http://127.0.0.1:9/api/v1/networks/gtun',
    peerToken: 'hvt_peer',
    peerSigningKey: peerPem,
    signingKey: 'gsign',
    listenPort: 51_830,
    endpoint: '127.0.0.1:51831',
    remoteSubnets: ['10.236.9.0/24'],
    rekeySeconds: 3_600,
  };

  beforeAll(async () => {
    const key = await socketApi(service.runDir, 'POST', '/pqc/keys', {
      name: 'gsign',
      algorithm: 'ML-DSA-65',
      purpose: 'signing',
    });
    expect(key.status).toBe(201);
  });

  it('configures a tunnel with the network and reads it as REST does; clear_tunnel tears it down', async () => {
    const plain = await nets().createNetwork({ name: 'gplain', mode: 'nat', subnet: '10.235.1.0/24' });
    expect((await tunnels(reader).getTunnel({ name: plain.name })).state).toBe('not_configured');
    const wrong = await grpcFailure(
      nets().createNetwork({ name: 'gbad', mode: 'nat', tunnel: { ...tunnel, peerSigningKey: 'not a pem' } }),
    );
    expect(wrong).toMatchObject({ code: Code.InvalidArgument, reason: 'VALIDATION_ERROR' });
    expect(wrong.metadata.field).toBe('tunnel.peer_signing_key');

    await nets().createNetwork({ name: 'gtun', mode: 'nat', subnet: '10.235.2.0/24', tunnel });
    const status = await tunnels(reader).getTunnel({ name: 'gtun' });
    expect(status).toMatchObject({ network: 'gtun', listenPort: 51_830, remoteSubnets: ['10.236.9.0/24'] });
    expect(status.peer?.url).toBe(tunnel.peerUrl);
    // Until a peer answers, the service's own attempts to initiate change the counters between reads.
    const volatile = new Set(['failed_exchanges', 'last_error', 'next_rekey_at', 'reason', 'state']);
    const steady = (view: unknown) =>
      Object.fromEntries(Object.entries(view as object).filter(([key]) => !volatile.has(key)));
    expect(steady(asJson(NetworkTunnelSchema, status))).toEqual(
      steady(comparable(await rest('GET', '/networks/gtun/tunnel'))),
    );
    expect(await grpcFailure(tunnels(reader).getTunnel({ name: 'nope' }))).toMatchObject({
      code: Code.NotFound,
      reason: 'NETWORK_NOT_FOUND',
    });

    await nets().updateNetwork({
      name: 'gplain',
      tunnel: { ...tunnel, listenPort: 51_832, remoteSubnets: ['10.236.10.0/24'] },
    });
    expect((await tunnels(reader).getTunnel({ name: 'gplain' })).peer).toBeDefined();
    const both = await grpcFailure(nets().updateNetwork({ name: 'gplain', tunnel, clearTunnel: true }));
    expect(both).toMatchObject({ code: Code.InvalidArgument, reason: 'VALIDATION_ERROR' });
    expect(both.metadata.field).toBe('clear_tunnel');
    await nets().updateNetwork({ name: 'gplain', clearTunnel: true });
    expect(await rest('GET', '/networks/gplain/tunnel')).toMatchObject({
      state: 'not_configured',
      peer: null,
    });
  });

  it('runs a whole key exchange over gRPC with the pinned peer key: init → reply, confirm → done', async () => {
    const own = await rest('GET', '/pqc/keys/gsign/public');
    const servicePublic = new Uint8Array(Buffer.from(own.public_key as string, 'base64'));
    const self = { signingPublicKey: peer.publicKey, signingSecretKey: peer.secretKey, wgPublicKey: peerWg };
    const state = createInit(self, servicePublic, 7);
    const reply = await exchange('gtun', state.message);
    expect(reply.type).toBe('reply');
    const replied = toJson(ExchangeTunnelKeysResponseSchema, reply, { useProtoFieldName: true });
    const agreed = confirm(self, servicePublic, state, replied as unknown as ReplyMessage);
    const done = await exchange('gtun', agreed.message);
    expect(done).toMatchObject({ type: 'done', epoch: 7n });
    expect(confirmationMatches(agreed.confirmation, done.confirmation ?? '')).toBe(true);
    // The PSK the service installed is the one this side derived.
    expect(await driver.tunnels.presharedKey('gtun')).toBe(agreed.psk);
    const status = await tunnels(reader).getTunnel({ name: 'gtun' });
    expect(status).toMatchObject({ state: 'up', epoch: 7n, role: 'responder' });
    expect(status.peer?.publicKey).toBe(peerWg);
    expect(asJson(NetworkTunnelSchema, status)).toEqual(
      comparable(await rest('GET', '/networks/gtun/tunnel')),
    );

    // The same init again is a replay: its epoch is not past the one installed.
    const replay = await grpcFailure(exchange('gtun', state.message));
    expect(replay).toMatchObject({ code: Code.FailedPrecondition, reason: 'TUNNEL_EXCHANGE_REFUSED' });
    expect(replay.metadata).toMatchObject({ reason: 'stale_epoch', epoch: '7' });
  });

  it('refuses a foreign signature (PERMISSION_DENIED), an unknown session, a network without a tunnel, and a bad message by field', async () => {
    const stranger = signer().keygen();
    const forged = createInit(
      { signingPublicKey: stranger.publicKey, signingSecretKey: stranger.secretKey, wgPublicKey: peerWg },
      new Uint8Array(1952),
      1_000,
    );
    const untrusted = await grpcFailure(exchange('gtun', forged.message));
    expect(untrusted).toMatchObject({ code: Code.PermissionDenied, reason: 'TUNNEL_PEER_UNTRUSTED' });
    expect(untrusted.message).toMatch(/not signed by the pinned peer signing key/);

    const session = await grpcFailure(
      tunnels().exchangeTunnelKeys({
        name: 'gtun',
        type: 'confirm',
        session: '0'.repeat(32),
        ciphertext: 'AAAA',
        signature: 'AAAA',
      }),
    );
    expect(session).toMatchObject({ code: Code.FailedPrecondition, reason: 'TUNNEL_EXCHANGE_REFUSED' });
    const none = await grpcFailure(exchange('gplain', forged.message));
    expect(none).toMatchObject({ code: Code.FailedPrecondition, reason: 'TUNNEL_NOT_CONFIGURED' });
    const bad = await grpcFailure(exchange('gtun', { ...forged.message, nonce: 'not base64!' }));
    expect(bad).toMatchObject({ code: Code.InvalidArgument, reason: 'VALIDATION_ERROR' });
    expect(bad.metadata.field).toBe('nonce');
    const reader403 = await grpcFailure(exchange('gtun', forged.message, reader));
    expect(reader403).toMatchObject({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
  });
});
