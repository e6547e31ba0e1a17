/**
 * The network core's tunnel part: a network's post-quantum tunnel configured with the network
 * (validated here, stored sealed), its WireGuard interface applied through the TunnelDriver, and
 * its preshared key renewed every `rekey_seconds` by the key exchange of protocol.ts, run with the
 * peer service over its TCP API. The side whose WireGuard public key sorts lower initiates; the
 * other answers on `POST /networks/{name}/tunnel/exchange`.
 *
 * A key lives `KEY_LIFETIME_FACTOR × rekey_seconds`. Past that without a renewal the peer is
 * removed from WireGuard (fail closed: no traffic) and the tunnel is `down` with the reason; it is
 * `up` again on the next exchange that succeeds. One timer (unref'd) looks at every tunnel.
 */
import { normalizeFingerprint, type Logger } from '@lab/server-kit';
import { HvErrors, invalidField } from '../../errors.js';
import { tunnelName, type TunnelDriver, type TunnelRouting } from '../../drivers/network/tunnel-driver.js';
import type { Sealer } from '../../pqc/host-key.js';
import { publicKeyFromPem } from '../../pqc/spki.js';
import type { AuditContext } from '../../store/audit.js';
import type { NetworkRepository } from '../../store/networks.js';
import type { TunnelRecord, TunnelRepository } from '../../store/tunnels.js';
import type { Transaction, UnitOfWork } from '../../store/unit-of-work.js';
import type { KeyService } from '../key-service.js';
import { PeerRefusal, postToPeer } from './peer-client.js';
import {
  confirm,
  confirmationMatches,
  createInit,
  finish,
  ProtocolError,
  respond,
  signer,
  TUNNEL_KEM,
  TUNNEL_SIGNATURE,
  type Identity,
  type PendingExchange,
} from './protocol.js';
import {
  checkRemoteSubnets,
  kemKeyName,
  parseEndpoint,
  parsePeerUrl,
  tokenContext,
  wgContext,
} from './tunnel-config.js';
import {
  DEFAULT_REKEY_SECONDS,
  KEEPALIVE_SECONDS,
  type ConfirmMessage,
  type DoneMessage,
  type InitMessage,
  type ReplyMessage,
  type TunnelInput,
  type TunnelStatus,
} from './tunnel-definition.js';
import { evaluate, notConfigured, statusOf, type Role } from './tunnel-state.js';

/** How often the scheduler looks at the tunnels. */
const TICK_MS = 250;
/** A reply's session waits this long for its confirm. */
const SESSION_MS = 30_000;
const MAX_PENDING = 4;
const ML_DSA_65_PUBLIC_KEY_BYTES = 1_952;

export interface TunnelServiceOptions {
  tunnels: TunnelRepository;
  networks: NetworkRepository;
  driver: TunnelDriver;
  keys: KeyService;
  sealer: Sealer;
  unitOfWork: UnitOfWork;
  logger: Logger;
  /** Whether this service runs with `--insecure-tcp`: a peer URL `http://` beyond loopback is then taken. */
  insecureTcp?: boolean;
  now?: () => number;
}

interface Runtime {
  role: 'initiator' | 'responder' | null;
  nextAttemptAt: number;
  inFlight: AbortController | null;
  /** The responder's last epoch, when it refused ours as stale. */
  peerEpoch: number;
  pending: Map<string, PendingExchange & { expiresAt: number }>;
  settling: boolean;
}

export type TunnelService = ReturnType<typeof createTunnelService>;

export function createTunnelService(options: TunnelServiceOptions) {
  const { tunnels, networks, driver, keys, sealer, unitOfWork, logger } = options;
  const now = options.now ?? Date.now;
  const runtimes = new Map<string, Runtime>();
  let timer: NodeJS.Timeout | undefined;

  function runtimeOf(network: string): Runtime {
    let runtime = runtimes.get(network);
    if (runtime === undefined) {
      runtime = {
        role: null,
        nextAttemptAt: 0,
        inFlight: null,
        peerEpoch: 0,
        pending: new Map(),
        settling: false,
      };
      runtimes.set(network, runtime);
    }
    return runtime;
  }

  /** The role the last exchange or refusal showed, else the one the WireGuard keys give. */
  function roleOf(record: TunnelRecord): Role | null {
    const shown = runtimes.get(record.network)?.role ?? null;
    if (shown !== null || record.peerWgPublicKey === null) return shown;
    return record.wgPublicKey < record.peerWgPublicKey ? 'initiator' : 'responder';
  }

  function identityOf(record: TunnelRecord): Identity {
    const pair = keys.keyPairOf(record.signingKey, 'signing', TUNNEL_SIGNATURE);
    if (!pair.ok) throw new Error(`the signing key is unusable: ${pair.reason}`);
    return {
      signingPublicKey: pair.publicKey,
      signingSecretKey: pair.secretKey,
      wgPublicKey: record.wgPublicKey,
    };
  }

  function staticKemOf(network: string): { publicKey: Uint8Array; secretKey: Uint8Array } {
    keys.ensureKey(kemKeyName(network), TUNNEL_KEM, 'kem');
    const pair = keys.keyPairOf(kemKeyName(network), 'kem', TUNNEL_KEM);
    if (!pair.ok) throw new Error(`the tunnel's KEM key is unusable: ${pair.reason}`);
    return pair;
  }

  function emitState(
    tx: Transaction,
    network: string,
    from: string,
    to: string,
    reason: string | null,
  ): void {
    if (from !== to) tx.emit('network.tunnel_state_changed', { network, from, to, reason, timestamp: tx.at });
  }

  /** Records what `change` makes of the stored row (read afresh inside the transaction). */
  function update(
    network: string,
    change: (record: TunnelRecord, tx: Transaction) => Partial<TunnelRecord>,
    context: AuditContext | null = null,
  ): TunnelRecord | undefined {
    return unitOfWork((tx) => {
      const current = tunnels.find(network);
      if (current === undefined) return undefined;
      const next = { ...current, ...change(current, tx), updatedAt: tx.at };
      const { state, reason } = evaluate(next, now());
      tunnels.save({ ...next, state, reason });
      emitState(tx, network, current.state, state, reason);
      tx.audit(context);
      return { ...next, state, reason };
    });
  }

  /** Past its lifetime the key goes: the peer is removed, so WireGuard carries nothing. */
  async function settle(network: string): Promise<void> {
    const runtime = runtimeOf(network);
    const record = tunnels.find(network);
    if (record === undefined || runtime.settling) return;
    const { state, reason } = evaluate(record, now());
    if (state === record.state && reason === record.reason) return;
    runtime.settling = true;
    try {
      if (state === 'down' && record.lastRekeyAt !== null) {
        await driver.setPeer(network, null);
        logger.warn({ network, reason }, 'tunnel key expired: peer removed (fail closed)');
      }
      update(network, () => ({}));
    } catch (error) {
      logger.error({ err: error, network }, 'removing the expired tunnel peer failed');
    } finally {
      runtime.settling = false;
    }
  }

  function failed(network: string, role: string, message: string): void {
    try {
      update(network, (record, tx) => {
        tx.emit('network.tunnel_exchange_failed', { network, role, reason: message, timestamp: tx.at });
        return { failedExchanges: record.failedExchanges + 1, lastError: message };
      });
    } catch (error) {
      logger.error({ err: error, network }, 'recording a failed tunnel exchange failed');
    }
    logger.warn({ network, role, reason: message }, 'tunnel key exchange failed');
  }

  /** Installs a key both sides agreed, and records the epoch. */
  async function install(
    record: TunnelRecord,
    peerWg: string,
    psk: string,
    epoch: number,
    context: AuditContext | null,
  ) {
    await driver.setPeer(record.network, {
      publicKey: peerWg,
      endpoint: record.endpoint,
      allowedIps: record.remoteSubnets,
      presharedKey: psk,
      persistentKeepaliveSeconds: KEEPALIVE_SECONDS,
    });
    update(
      record.network,
      (_, tx) => {
        tx.emit('pqc.tunnel_rekeyed', { network: record.network, epoch, timestamp: tx.at });
        return { peerWgPublicKey: peerWg, epoch, lastRekeyAt: tx.at, lastError: null };
      },
      context,
    );
    logger.info({ network: record.network, epoch }, 'tunnel key renewed');
  }

  /** One exchange as the initiator. */
  async function initiate(network: string): Promise<void> {
    const runtime = runtimeOf(network);
    const controller = new AbortController();
    runtime.inFlight = controller;
    let record = tunnels.find(network);
    try {
      if (record === undefined) return;
      const identity = identityOf(record);
      const epoch = Math.max(record.epoch, runtime.peerEpoch) + 1;
      const state = createInit(identity, record.peerSigningKey, epoch);
      const token = Buffer.from(sealer.open(record.sealedPeerToken, tokenContext(network))).toString();
      const reply = await postToPeer<ReplyMessage>(record, token, state.message, controller.signal);
      const agreed = confirm(identity, record.peerSigningKey, state, reply);
      const done = await postToPeer<DoneMessage>(record, token, agreed.message, controller.signal);
      if (!confirmationMatches(agreed.confirmation, done.confirmation)) {
        throw new Error("the peer's key confirmation does not match: the keys differ");
      }
      record = tunnels.find(network);
      if (record === undefined) return;
      await install(record, agreed.peerWg, agreed.psk, epoch, null);
      runtime.role = 'initiator';
      runtime.nextAttemptAt = now() + record.rekeySeconds * 1000;
    } catch (error) {
      if (controller.signal.aborted || record === undefined) return;
      const refusal = error instanceof PeerRefusal ? error.peer : undefined;
      if (refusal?.code === 'TUNNEL_EXCHANGE_REFUSED' && refusal.details.reason === 'role') {
        // The peer's WireGuard key sorts lower: it initiates, this side answers.
        runtime.role = 'responder';
        return;
      }
      if (refusal?.code === 'TUNNEL_EXCHANGE_REFUSED' && typeof refusal.details.epoch === 'number') {
        runtime.peerEpoch = refusal.details.epoch;
      }
      const message =
        error instanceof ProtocolError
          ? `the peer's reply was refused: ${error.message}`
          : (error as Error).message;
      failed(network, 'initiator', message);
      runtime.nextAttemptAt = now() + Math.max(1_000, (record.rekeySeconds * 1000) / 8);
    } finally {
      if (runtime.inFlight === controller) runtime.inFlight = null;
    }
  }

  function tick(): void {
    for (const record of tunnels.list()) {
      const runtime = runtimeOf(record.network);
      void settle(record.network);
      if (roleOf(record) !== 'responder' && runtime.inFlight === null && now() >= runtime.nextAttemptAt) {
        void initiate(record.network);
      }
      for (const [session, pending] of runtime.pending)
        if (pending.expiresAt < now()) runtime.pending.delete(session);
    }
  }

  function refusal(network: string, error: unknown, lastEpoch: number): Error {
    if (!(error instanceof ProtocolError)) return error as Error;
    if (error.reason !== 'role') failed(network, 'responder', error.message);
    if (error.reason === 'untrusted') return HvErrors.tunnelPeerUntrusted({ network, reason: error.message });
    return HvErrors.tunnelExchangeRefused(
      { network, reason: error.message },
      { details: { reason: error.reason, epoch: lastEpoch } },
    );
  }

  return {
    /** The tunnel's routing for the network's spec, or null. */
    routing(network: string): TunnelRouting | null {
      const record = tunnels.find(network);
      return record === undefined
        ? null
        : { interface: tunnelName(network), remoteSubnets: record.remoteSubnets };
    },

    /** Every tunnel's remote subnets, for the overlap checks of networks. */
    remoteSubnets(): { network: string; subnet: string }[] {
      return tunnels.list().flatMap((t) => t.remoteSubnets.map((subnet) => ({ network: t.network, subnet })));
    },

    /**
     * Checks a tunnel for the network on `subnet` and makes its record (secrets sealed; this side's
     * WireGuard key pair kept from the current tunnel, or made). Nothing is stored yet.
     */
    async prepare(network: string, input: TunnelInput, subnet: string): Promise<TunnelRecord> {
      const peerUrl = parsePeerUrl(input.peer_url, {
        insecureTcp: options.insecureTcp ?? false,
        fingerprint: input.peer_fingerprint,
      });
      const endpoint = parseEndpoint(input.endpoint);
      const own = keys.keyPairOf(input.signing_key, 'signing', TUNNEL_SIGNATURE);
      if (!own.ok) throw invalidField('tunnel.signing_key', own.reason);
      const pinned = publicKeyFromPem(input.peer_signing_key, signer(), ML_DSA_65_PUBLIC_KEY_BYTES);
      if (!pinned.ok) throw invalidField('tunnel.peer_signing_key', `the PEM ${pinned.reason}`);
      const taken = tunnels.list().find((t) => t.network !== network && t.listenPort === input.listen_port);
      if (taken !== undefined) {
        throw invalidField(
          'tunnel.listen_port',
          `${input.listen_port} is the port of network '${taken.network}''s tunnel`,
        );
      }
      const remoteSubnets = checkRemoteSubnets(
        network,
        subnet,
        input.remote_subnets,
        networks.list(),
        tunnels.list(),
      );
      staticKemOf(network);
      const current = tunnels.find(network);
      const wg =
        current === undefined
          ? await driver.generateKeyPair()
          : { publicKey: current.wgPublicKey, privateKey: null };
      // A peer pinned anew is trusted from its first exchange on: the key agreed with the one
      // pinned before goes now rather than at the end of its lifetime.
      const kept =
        current !== undefined && Buffer.from(current.peerSigningKey).equals(Buffer.from(pinned.publicKey))
          ? current
          : undefined;
      const stamp = new Date(now()).toISOString();
      return {
        network,
        peerUrl,
        peerFingerprint:
          input.peer_fingerprint === undefined
            ? null
            : (normalizeFingerprint(input.peer_fingerprint) ?? null),
        sealedPeerToken: sealer.seal(new TextEncoder().encode(input.peer_token), tokenContext(network)),
        peerSigningKey: pinned.publicKey,
        signingKey: input.signing_key,
        listenPort: input.listen_port,
        endpoint,
        remoteSubnets,
        rekeySeconds: input.rekey_seconds ?? DEFAULT_REKEY_SECONDS,
        wgPublicKey: wg.publicKey,
        sealedWgPrivate:
          wg.privateKey === null
            ? current!.sealedWgPrivate
            : sealer.seal(new TextEncoder().encode(wg.privateKey), wgContext(network)),
        peerWgPublicKey: kept?.peerWgPublicKey ?? null,
        epoch: current?.epoch ?? 0,
        lastRekeyAt: kept?.lastRekeyAt ?? null,
        failedExchanges: current?.failedExchanges ?? 0,
        lastError: current?.lastError ?? null,
        state: current?.state ?? 'down',
        reason: current?.reason ?? null,
        createdAt: current?.createdAt ?? stamp,
        updatedAt: stamp,
      };
    },

    /** Inside the network change's transaction: stores the tunnel (or removes it: null). */
    save(network: string, record: TunnelRecord | null, tx: Transaction): void {
      const current = tunnels.find(network);
      if (record === null) {
        if (current === undefined) return;
        tunnels.remove(network);
        emitState(tx, network, current.state, 'not_configured', 'the tunnel was removed');
        return;
      }
      const { state, reason } = evaluate(record, now());
      tunnels.save({ ...record, state, reason, updatedAt: tx.at });
      emitState(tx, network, current?.state ?? 'not_configured', state, reason);
    },

    /**
     * After the network's apply: the interface made or updated (its peer as it was), or removed
     * with the tunnel; an exchange is started soon, which installs the peer with a fresh key.
     */
    async applied(network: string): Promise<void> {
      const record = tunnels.find(network);
      const runtime = runtimes.get(network);
      if (record === undefined) {
        runtime?.inFlight?.abort();
        runtimes.delete(network);
        await driver.remove(network);
        return;
      }
      await driver.apply({
        network,
        interface: tunnelName(network),
        remoteSubnets: record.remoteSubnets,
        privateKey: Buffer.from(sealer.open(record.sealedWgPrivate, wgContext(network))).toString(),
        listenPort: record.listenPort,
      });
      // No key agreed with the peer pinned now: no peer in WireGuard.
      if (record.lastRekeyAt === null) await driver.setPeer(network, null);
      runtimeOf(network).nextAttemptAt = now();
    },

    /** The network is going: its tunnel's interface with it (the row goes by cascade). */
    async removed(network: string): Promise<void> {
      runtimes.get(network)?.inFlight?.abort();
      runtimes.delete(network);
      if ((await driver.present()).includes(network)) await driver.remove(network);
    },

    /** At start, after the networks' reconcile: every tunnel's interface applied, exchanges soon. */
    async recover(): Promise<void> {
      for (const record of tunnels.list()) {
        try {
          await this.applied(record.network);
        } catch (error) {
          logger.error({ err: error, network: record.network }, 'the tunnel could not be applied at start');
          update(record.network, () => ({
            lastError: `applying the tunnel at start failed: ${(error as Error).message}`,
          }));
        }
      }
      timer ??= setInterval(tick, TICK_MS).unref();
    },

    /** Starts the scheduler (also without a recover, for services built without one). */
    start(): void {
      timer ??= setInterval(tick, TICK_MS).unref();
    },

    async status(network: string): Promise<TunnelStatus> {
      if (networks.find(network) === undefined) throw HvErrors.networkNotFound({ name: network });
      const record = tunnels.find(network);
      if (record === undefined) return notConfigured(network);
      const counters = await driver.counters(network).catch(() => null);
      const next = runtimes.get(network)?.nextAttemptAt ?? null;
      return statusOf(record, roleOf(record), next, counters, now());
    },

    /** The responder's side of an exchange: an init answered with a reply, a confirm with done. */
    async exchange(
      network: string,
      message: InitMessage | ConfirmMessage,
      context: AuditContext,
    ): Promise<ReplyMessage | DoneMessage> {
      if (networks.find(network) === undefined) throw HvErrors.networkNotFound({ name: network });
      const record = tunnels.find(network);
      if (record === undefined) throw HvErrors.tunnelNotConfigured({ network });
      const runtime = runtimeOf(network);
      const identity = identityOf(record);
      if (message.type === 'init') {
        try {
          const { reply, pending } = respond(
            { ...identity, staticKem: staticKemOf(network) },
            record.peerSigningKey,
            message,
            record.epoch,
          );
          if (runtime.pending.size >= MAX_PENDING)
            runtime.pending.delete(runtime.pending.keys().next().value!);
          runtime.pending.set(reply.session, { ...pending, expiresAt: now() + SESSION_MS });
          return reply;
        } catch (error) {
          if (error instanceof ProtocolError && error.reason === 'role') {
            // The peer's signed init names a WireGuard key sorting above this side's (its tunnel was
            // made anew): this side initiates from now on, at once.
            update(network, () => ({ peerWgPublicKey: message.wg_public_key }));
            runtime.role = 'initiator';
            runtime.nextAttemptAt = now();
          }
          throw refusal(network, error, record.epoch);
        }
      }
      const pending = runtime.pending.get(message.session);
      runtime.pending.delete(message.session);
      try {
        if (pending === undefined || pending.expiresAt < now()) {
          throw new ProtocolError('invalid', 'no such session (expired, or answered already)');
        }
        if (pending.epoch <= record.epoch) {
          throw new ProtocolError(
            'stale_epoch',
            `epoch ${pending.epoch} is not past the last one, ${record.epoch}`,
          );
        }
        const { psk, done } = finish(
          { ...identity, staticKem: staticKemOf(network) },
          record.peerSigningKey,
          pending,
          message,
        );
        await install(record, pending.initiatorWg, psk, pending.epoch, context);
        runtime.role = 'responder';
        return done;
      } catch (error) {
        throw refusal(network, error, record.epoch);
      }
    },

    close(): void {
      clearInterval(timer);
      timer = undefined;
      for (const runtime of runtimes.values()) runtime.inFlight?.abort();
    },
  };
}
