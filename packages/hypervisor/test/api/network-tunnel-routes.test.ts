/**
 * The post-quantum tunnel through the API: two in-process services (simulated VM and network
 * drivers, T1's simulated tunnel driver holding the installed peer and PSK) talking over real
 * HTTP on 127.0.0.1. Both configure the tunnel alike; the key exchange agrees one PSK on both,
 * renewals change it, a stopped peer makes the other side fail closed after the key lifetime
 * and come back, a peer signing key other than the pinned one is refused, bad input is refused
 * with the field, and the secrets appear in no response, audit row or log line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { openDatabase } from '@lab/server-kit';
import {
  createSimulatedNetworkDriver,
  type SimulatedNetworkDriver,
} from '../../src/drivers/network/simulated-network-driver.js';
import { createInit, kem, signer } from '../../src/domain/tunnel/protocol.js';
import { capturedLogger } from '../support/captured-logger.js';
import { startTestService, type TestService } from '../support/in-process.js';
import { createToken } from '../support/socket-client.js';
import { until } from '../support/until.js';

interface Side {
  service: TestService;
  net: SimulatedNetworkDriver;
  port: number;
  admin: string;
  /** A token this side issued for the other (network:write). */
  peerToken: string;
  pem: string;
  lines: string[];
  subnet: string;
}

async function call(side: Side, method: string, path: string, body?: unknown) {
  const response = await fetch(`http://127.0.0.1:${side.port}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${side.admin}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // A PEM.
  }
  return { status: response.status, body: json as any, text };
}

async function startSide(subnet: string, dir?: string, port = 0): Promise<Side> {
  const { logger, lines } = capturedLogger();
  const net = createSimulatedNetworkDriver();
  const service = await startTestService({
    networkDriver: net,
    logger,
    ...(dir === undefined ? {} : { dir }),
  });
  await service.app.listen({ host: '127.0.0.1', port });
  const socket = join(service.runDir, 'api.sock');
  const side: Side = {
    service,
    net,
    port: (service.app.server.address() as AddressInfo).port,
    admin: await createToken(socket, ['admin']),
    peerToken: await createToken(socket, ['network:write']),
    pem: '',
    lines,
    subnet,
  };
  if (dir === undefined) {
    const key = await call(side, 'POST', '/pqc/keys', {
      name: 'host-sign',
      algorithm: 'ML-DSA-65',
      purpose: 'signing',
    });
    expect(key.status).toBe(201);
  }
  side.pem = (await call(side, 'GET', '/pqc/keys/host-sign/public?format=pem')).text;
  return side;
}

const tunnelOf = (self: Side, peer: Side, extra: object = {}) => ({
  peer_url: `http://127.0.0.1:${peer.port}/api/v1/networks/lan`,
  peer_token: peer.peerToken,
  peer_signing_key: peer.pem,
  signing_key: 'host-sign',
  listen_port: self === a ? 51_820 : 51_821,
  endpoint: `127.0.0.1:${self === a ? 51_821 : 51_820}`,
  remote_subnets: [peer.subnet],
  rekey_seconds: 2,
  ...extra,
});

let a: Side;
let b: Side;
const status = async (side: Side) => (await call(side, 'GET', '/networks/lan/tunnel')).body;
const psk = (side: Side) => side.net.tunnels.presharedKey('lan');

beforeAll(async () => {
  a = await startSide('10.241.1.0/24');
  b = await startSide('10.241.2.0/24');
}, 30_000);
afterAll(async () => {
  await a?.service.close();
  await b?.service.close();
  // B was started again on its own directory, which its close keeps.
  if (b !== undefined) rmSync(b.service.dir, { recursive: true, force: true });
});

describe('network tunnel', () => {
  it('answers not_configured for a network without one, 404 for no network', async () => {
    expect((await call(a, 'POST', '/networks', { name: 'plain', mode: 'nat' })).status).toBe(201);
    expect(await status(a)).toMatchObject({ error: { code: 'NETWORK_NOT_FOUND' } });
    expect((await call(a, 'GET', '/networks/plain/tunnel')).body).toMatchObject({
      state: 'not_configured',
      peer: null,
      epoch: 0,
    });
  });

  it.each([
    ['an unknown signing key', { signing_key: 'nope' }, 400, 'VALIDATION_ERROR', 'tunnel.signing_key'],
    [
      'a malformed PEM',
      { peer_signing_key: 'not a pem' },
      400,
      'VALIDATION_ERROR',
      'tunnel.peer_signing_key',
    ],
    [
      'a remote subnet overlapping the network itself',
      { remote_subnets: ['10.241.1.128/25'] },
      409,
      'NETWORK_OVERLAP',
      'tunnel.remote_subnets[0]',
    ],
    [
      'a remote subnet that is no CIDR',
      { remote_subnets: ['10.9.9.9/24'] },
      400,
      'VALIDATION_ERROR',
      'tunnel.remote_subnets[0]',
    ],
    ['an endpoint without a port', { endpoint: '127.0.0.1' }, 400, 'VALIDATION_ERROR', 'tunnel.endpoint'],
    [
      'an endpoint with a bad address',
      { endpoint: '300.1.1.1:51820' },
      400,
      'VALIDATION_ERROR',
      'tunnel.endpoint',
    ],
    [
      'a peer URL that is no network',
      { peer_url: 'http://127.0.0.1:1/api/v1/vms/x' },
      400,
      'VALIDATION_ERROR',
      'tunnel.peer_url',
    ],
  ])('refuses %s with the field', async (_what, extra, code, error, field) => {
    const refused = await call(a, 'POST', '/networks', {
      name: 'lan',
      mode: 'nat',
      subnet: a.subnet,
      tunnel: tunnelOf(a, b, extra),
    });
    expect(refused.status).toBe(code);
    expect(refused.body.error).toMatchObject({ code: error, details: { field } });
  });

  it.each([
    ['a rekey interval below the bound', { rekey_seconds: 1 }],
    ['a rekey interval above the bound', { rekey_seconds: 3_601 }],
  ])('refuses %s', async (_what, extra) => {
    const refused = await call(a, 'POST', '/networks', {
      name: 'lan',
      mode: 'nat',
      subnet: a.subnet,
      tunnel: tunnelOf(a, b, extra),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/rekey_seconds/);
  });

  it('refuses a signing key of another purpose', async () => {
    await call(a, 'POST', '/pqc/keys', { name: 'a-kem', algorithm: 'ML-KEM-768', purpose: 'kem' });
    const refused = await call(a, 'POST', '/networks', {
      name: 'lan',
      mode: 'nat',
      subnet: a.subnet,
      tunnel: tunnelOf(a, b, { signing_key: 'a-kem' }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/is a ML-KEM-768 key of purpose kem/);
  });

  it('agrees the same PSK on both sides, renews it, and shows the status without key material', async () => {
    expect(
      (
        await call(a, 'POST', '/networks', {
          name: 'lan',
          mode: 'nat',
          subnet: a.subnet,
          tunnel: tunnelOf(a, b),
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await call(b, 'POST', '/networks', {
          name: 'lan',
          mode: 'nat',
          subnet: b.subnet,
          tunnel: tunnelOf(b, a),
        })
      ).status,
    ).toBe(201);
    await until(
      '(await status(a)).state === up && (await status(b)).state ',
      async () => (await status(a)).state === 'up' && (await status(b)).state === 'up',
      { timeoutMs: 15_000 },
    );
    const first = await psk(a);
    expect(first).not.toBeNull();
    expect(await psk(b)).toBe(first);
    const shown = await status(a);
    expect(shown).toMatchObject({
      state: 'up',
      reason: null,
      interface: 'hw-lan',
      algorithms: ['ML-KEM-768', 'ML-DSA-65', 'X25519 (WireGuard)'],
      rekey_seconds: 2,
      key_lifetime_seconds: 4,
      remote_subnets: ['10.241.2.0/24'],
      peer: { url: `http://127.0.0.1:${b.port}/api/v1/networks/lan`, endpoint: '127.0.0.1:51821' },
    });
    expect(shown.peer.public_key).toBe((await status(b)).public_key);
    expect(shown.peer.signing_key_fingerprint).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(a.net.tunnels.peers.get('lan')).toMatchObject({
      publicKey: shown.peer.public_key,
      endpoint: '127.0.0.1:51821',
      allowedIps: ['10.241.2.0/24'],
    });
    // The network's chains know the tunnel.
    expect(a.net.specs.get('lan')?.tunnel).toEqual({ interface: 'hw-lan', remoteSubnets: ['10.241.2.0/24'] });

    const epoch = (await status(a)).epoch as number;
    await until(
      '(await status(a)).epoch > epoch && (await status(b)).epoch >',
      async () => (await status(a)).epoch > epoch && (await status(b)).epoch > epoch,
      { timeoutMs: 10_000 },
    );
    await until('(await psk(a)) === (await psk(b))', async () => (await psk(a)) === (await psk(b)), {
      timeoutMs: 5_000,
    });
    expect(await psk(a)).not.toBe(first);
  }, 40_000);

  it('fails closed when the peer stops: down after the key lifetime with the reason, up again after', async () => {
    const dir = b.service.dir;
    const port = b.port;
    // Kept: startTestService removes only directories it made itself.
    await b.service.app.close();
    await until('(await status(a)).state === down', async () => (await status(a)).state === 'down', {
      timeoutMs: 15_000,
    });
    const down = await status(a);
    // Whether A initiated (its renewals fail) or answered (none came) follows from the WireGuard keys.
    if (down.role === 'initiator') {
      expect(down.reason).toMatch(
        /^no key renewal since \S+ \(lifetime 4 s\): the peer http:\S+ could not be reached: .*ECONNREFUSED/,
      );
      expect(down.failed_exchanges).toBeGreaterThan(0);
    } else {
      expect(down.role).toBe('responder');
      expect(down.reason).toMatch(
        /^no key renewal since \S+ \(lifetime 4 s\): the peer started no exchange$/,
      );
    }
    expect(await psk(a)).toBeNull();
    expect(a.net.tunnels.peers.has('lan')).toBe(false);

    b = await startSide('10.241.2.0/24', dir, port);
    await until(
      '(await status(a)).state === up && (await status(b)).state ',
      async () => (await status(a)).state === 'up' && (await status(b)).state === 'up',
      { timeoutMs: 15_000 },
    );
    await until(
      '(await psk(a)) !== null && (await psk(a)) === (await psk(b))',
      async () => (await psk(a)) !== null && (await psk(a)) === (await psk(b)),
      { timeoutMs: 5_000 },
    );
  }, 60_000);

  it('refuses an exchange signed by a key other than the pinned one, and counts it', async () => {
    await call(b, 'POST', '/pqc/keys', { name: 'other', algorithm: 'ML-DSA-65', purpose: 'signing' });
    const other = (await call(b, 'GET', '/pqc/keys/other/public?format=pem')).text;
    const before = (await status(b)).failed_exchanges as number;
    // B now pins a key that is not A's: whichever side initiates, B refuses what A signed.
    const patched = await call(b, 'PATCH', '/networks/lan', {
      tunnel: tunnelOf(b, a, { peer_signing_key: other }),
    });
    expect(patched.status).toBe(200);
    // The key agreed under the key pinned before goes at once.
    expect(await psk(b)).toBeNull();
    expect((await status(b)).state).toBe('down');
    await until(
      '(await status(b)).failed_exchanges > before',
      async () => (await status(b)).failed_exchanges > before,
      { timeoutMs: 10_000 },
    );
    expect((await status(b)).last_error).toMatch(/not signed by the pinned peer signing key/);
    await call(b, 'PATCH', '/networks/lan', { tunnel: tunnelOf(b, a) });
    await until(
      '(await status(b)).state === up && (await status(b)).last_e',
      async () => (await status(b)).state === 'up' && (await status(b)).last_error === null,
      { timeoutMs: 10_000 },
    );
  }, 30_000);

  it('joins a peer whose tunnel was made anew (a new WireGuard key, whichever side it sorts on)', async () => {
    const old = (await status(b)).public_key as string;
    expect((await call(b, 'PATCH', '/networks/lan', { tunnel: null })).status).toBe(200);
    expect((await call(b, 'PATCH', '/networks/lan', { tunnel: tunnelOf(b, a) })).status).toBe(200);
    const fresh = (await status(b)).public_key as string;
    expect(fresh).not.toBe(old);
    await until(
      'both up with the new key',
      async () =>
        (await status(a)).state === 'up' &&
        (await status(b)).state === 'up' &&
        (await status(a)).peer.public_key === fresh,
      { timeoutMs: 15_000 },
    );
    await until('equal keys', async () => (await psk(a)) !== null && (await psk(a)) === (await psk(b)), {
      timeoutMs: 5_000,
    });
  }, 30_000);

  it('records rekeys and state changes as events, with no key material', () => {
    const db = openDatabase(join(a.service.dataDir, 'hypervisor.db'), {
      namespace: 'hypervisor',
      migrations: [],
    });
    const events = db
      .prepare<[], { kind: string; data: string }>(
        "SELECT kind, data FROM events WHERE kind LIKE '%tunnel%' ORDER BY id",
      )
      .all();
    db.close();
    const rekeyed = events.filter((e) => e.kind === 'pqc.tunnel_rekeyed').map((e) => JSON.parse(e.data));
    expect(rekeyed.length).toBeGreaterThan(2);
    expect(Object.keys(rekeyed[0]).sort()).toEqual(['epoch', 'network', 'timestamp']);
    const states = events
      .filter((e) => e.kind === 'network.tunnel_state_changed')
      .map((e) => JSON.parse(e.data) as { from: string; to: string });
    expect(states.map((s) => `${s.from}>${s.to}`)).toEqual(
      expect.arrayContaining(['not_configured>down', 'down>up', 'degraded>down']),
    );
  });

  it('keeps the peer token and the WireGuard private key out of responses, the audit log, the log and the database in clear', async () => {
    const privateKey = a.net.tunnels.specs.get('lan')!.privateKey;
    const secrets = [b.peerToken, privateKey];
    const seen = [
      JSON.stringify(await status(a)),
      JSON.stringify((await call(a, 'GET', '/networks/lan')).body),
      JSON.stringify((await call(a, 'GET', '/audit/events?limit=500')).body),
      JSON.stringify((await call(b, 'GET', '/audit/events?limit=500')).body),
      a.lines.join(''),
      b.lines.join(''),
    ];
    expect(a.lines.join('')).toMatch(/tunnel key renewed/);
    for (const secret of secrets) for (const text of seen) expect(text).not.toContain(secret);
    const db = openDatabase(join(a.service.dataDir, 'hypervisor.db'), {
      namespace: 'hypervisor',
      migrations: [],
    });
    const row = db
      .prepare<[], { sealed_peer_token: Uint8Array; sealed_wg_private: Uint8Array }>(
        "SELECT sealed_peer_token, sealed_wg_private FROM network_tunnels WHERE network = 'lan'",
      )
      .get()!;
    db.close();
    expect(Buffer.from(row.sealed_peer_token).toString('latin1')).not.toContain(b.peerToken);
    expect(Buffer.from(row.sealed_wg_private).toString('latin1')).not.toContain(privateKey);
    // The audit names the change, never its body.
    const audit = (await call(a, 'GET', '/audit/events?resource=network/lan')).body.events;
    expect(
      audit.some((e: { method: string; status: number }) => e.method === 'POST' && e.status === 201),
    ).toBe(true);
  });

  it('answers a stranger on the exchange route: 403 for a foreign signature (counted, an event, audited), 409 for an unknown session or no tunnel', async () => {
    const before = (await status(a)).failed_exchanges as number;
    const stranger = signer().keygen();
    const init = createInit(
      { signingPublicKey: stranger.publicKey, signingSecretKey: stranger.secretKey, wgPublicKey: 'AAAA' },
      new Uint8Array(1952),
      1_000,
    );
    const refused = await call(a, 'POST', '/networks/lan/tunnel/exchange', init.message);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'TUNNEL_PEER_UNTRUSTED' });
    expect((await status(a)).failed_exchanges).toBe(before + 1);
    const audit = (await call(a, 'GET', '/audit/events?resource=network/lan&limit=500')).body.events as {
      path: string;
      status: number;
    }[];
    expect(audit.some((e) => e.path === '/api/v1/networks/lan/tunnel/exchange' && e.status === 403)).toBe(
      true,
    );
    const db = openDatabase(join(a.service.dataDir, 'hypervisor.db'), {
      namespace: 'hypervisor',
      migrations: [],
    });
    const failed = db
      .prepare<[], { data: string }>("SELECT data FROM events WHERE kind = 'network.tunnel_exchange_failed'")
      .all()
      .map((e) => JSON.parse(e.data) as { role: string; reason: string });
    db.close();
    expect(failed).toContainEqual(
      expect.objectContaining({
        role: 'responder',
        reason: 'the init is not signed by the pinned peer signing key',
      }),
    );

    const session = await call(a, 'POST', '/networks/lan/tunnel/exchange', {
      type: 'confirm',
      session: '0'.repeat(32),
      ciphertext: Buffer.from(kem().keygen().publicKey.subarray(0, 1088)).toString('base64'),
      signature: 'AAAA',
    });
    expect(session.status).toBe(409);
    expect(session.body.error).toMatchObject({
      code: 'TUNNEL_EXCHANGE_REFUSED',
      details: { reason: 'invalid' },
    });
    const none = await call(a, 'POST', '/networks/plain/tunnel/exchange', init.message);
    expect(none.body.error).toMatchObject({ code: 'TUNNEL_NOT_CONFIGURED' });
  });

  it('tears the tunnel down with tunnel: null', async () => {
    const removed = await call(a, 'PATCH', '/networks/lan', { tunnel: null });
    expect(removed.status).toBe(200);
    expect(await status(a)).toMatchObject({ state: 'not_configured' });
    expect(a.net.tunnels.specs.has('lan')).toBe(false);
    expect(a.net.specs.get('lan')?.tunnel).toBeNull();
  });
});
