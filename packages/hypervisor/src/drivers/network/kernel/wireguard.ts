/**
 * The kernel side of a network's tunnel (tunnel-driver.ts): a WireGuard interface `hw-<network>`
 * made by the kernel module when `ip link add ... type wireguard` works (probed once, in the
 * service's namespace), else by Debian's `wireguard-go`, which daemonizes, outlives the service
 * and exits when its interface is deleted. `wg` configures both; it reads keys from files only (and
 * cannot open /dev/stdin when that is Node's socket), so each key goes into a 0600 file in a 0700
 * directory of the run directory, removed as soon as `wg` has read it: never on a command line.
 * Like a bridge, the interface is the service's only with its alias `hypervisor:tunnel:<network>`.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { findExecutable } from '@lab/server-kit';
import { HvErrors } from '../../../errors.js';
import { OWNER_ALIAS, type NetworkAvailability } from '../network-driver.js';
import {
  TUNNEL_PREFIX,
  tunnelName,
  type TunnelCounters,
  type TunnelDriver,
  type TunnelPeer,
  type TunnelSpec,
} from '../tunnel-driver.js';
import type { RunCommand } from './command.js';
import { deleteLink, findLink, listLinks, type Link } from './ip-link.js';

export type WireguardImplementation = TunnelCounters['implementation'];

/** WireGuard's own default: 1500 less its 80 bytes of IPv6, UDP and WireGuard headers. */
export const TUNNEL_MTU = 1420;
/** Where wireguard-go listens for `wg` (one socket per interface name, shared by all namespaces). */
export const WIREGUARD_GO_SOCKETS = '/var/run/wireguard';
const GONE_WAIT_MS = 3000;

export const tunnelAlias = (network: string): string => `${OWNER_ALIAS}tunnel:${network}`;

export const isOwnedTunnel = (link: Link): boolean =>
  link.name.startsWith(TUNNEL_PREFIX) && link.alias?.startsWith(`${OWNER_ALIAS}tunnel:`) === true;

/** What `wg show <if> dump` says (keys base64, "(none)" as null). */
export interface WireguardDump {
  privateKey: string | null;
  publicKey: string | null;
  listenPort: number;
  peers: {
    publicKey: string;
    presharedKey: string | null;
    endpoint: string | null;
    allowedIps: string[];
    /** Epoch seconds; 0 before the first handshake. */
    latestHandshake: number;
    rxBytes: number;
    txBytes: number;
  }[];
}

const none = (value: string | undefined): string | null =>
  value === undefined || value === '(none)' || value === '' ? null : value;

export function parseDump(text: string): WireguardDump {
  const [head, ...rest] = text.split('\n').filter((line) => line.length > 0);
  const fields = (head ?? '').split('\t');
  return {
    privateKey: none(fields[0]),
    publicKey: none(fields[1]),
    listenPort: Number(fields[2] ?? 0),
    peers: rest.map((line) => {
      const [publicKey, psk, endpoint, allowed, handshake, rx, tx] = line.split('\t');
      return {
        publicKey: publicKey ?? '',
        presharedKey: none(psk),
        endpoint: none(endpoint),
        allowedIps: none(allowed)?.split(',') ?? [],
        latestHandshake: Number(handshake ?? 0),
        rxBytes: Number(rx ?? 0),
        txBytes: Number(tx ?? 0),
      };
    }),
  };
}

/** An X25519 key pair as `wg genkey | wg pubkey` gives it: base64 of the raw 32 bytes, clamped. */
export function wireguardKeyPair(): { privateKey: string; publicKey: string } {
  const jwk = generateKeyPairSync('x25519').privateKey.export({ format: 'jwk' });
  const secret = Buffer.from(jwk.d!, 'base64url');
  // X25519 clamps the scalar anyway (so the public key is unchanged); wg genkey stores it clamped.
  secret[0]! &= 248;
  secret[31]! &= 127;
  secret[31]! |= 64;
  return {
    privateKey: secret.toString('base64'),
    publicKey: Buffer.from(jwk.x!, 'base64url').toString('base64'),
  };
}

/** `wg`, and the kernel module or wireguard-go with /dev/net/tun; else what is missing. */
export function tunnelAvailability(
  env: { path: string; moduleLoaded: boolean; tun: boolean } = {
    path: process.env.PATH ?? '',
    moduleLoaded: existsSync('/sys/module/wireguard'),
    tun: existsSync('/dev/net/tun'),
  },
): NetworkAvailability {
  const missing: string[] = [];
  if (findExecutable('wg', env.path) === null)
    missing.push('wg is not on PATH (Debian package wireguard-tools)');
  if (!env.moduleLoaded) {
    if (findExecutable('wireguard-go', env.path) === null) {
      missing.push('neither the wireguard kernel module nor wireguard-go (Debian package wireguard-go)');
    } else if (!env.tun) missing.push('/dev/net/tun is missing (wireguard-go needs it)');
  }
  return missing.length === 0 ? { available: true } : { available: false, reason: missing.join('; ') };
}

/** `ip route` prints a host route without its `/32`. */
const cidr = (dst: string): string => (dst.includes('/') ? dst : `${dst}/32`);

export interface WireguardTunnels extends TunnelDriver {
  /** The implementation this driver uses (probed on first use). */
  implementation(): Promise<WireguardImplementation>;
}

/**
 * The kernel TunnelDriver. `run` runs every command in the service's namespace (or the test's);
 * the caller serialises the calls (the kernel network driver's queue).
 */
export function createWireguardTunnels(run: RunCommand, runDir: string): WireguardTunnels {
  let picked: Promise<WireguardImplementation> | undefined;
  const keysDir = join(runDir, 'tunnel-keys');

  /** `work(path)` with `key` in a file only this user reads, removed afterwards whatever happens. */
  const withKeyFile = async <T>(key: string, work: (path: string) => Promise<T>): Promise<T> => {
    await mkdir(keysDir, { recursive: true, mode: 0o700 });
    const path = join(keysDir, randomBytes(8).toString('hex'));
    await writeFile(path, `${key}\n`, { mode: 0o600, flag: 'wx' });
    try {
      return await work(path);
    } finally {
      await rm(path, { force: true });
    }
  };

  /** The kernel module when an interface of its type can be made here, else wireguard-go. */
  const implementation = (): Promise<WireguardImplementation> => {
    picked ??= (async () => {
      const probe = `hwp${randomBytes(4).toString('hex')}`;
      try {
        await run('ip', ['link', 'add', probe, 'type', 'wireguard']);
      } catch {
        return 'wireguard-go';
      }
      await deleteLink(run, probe);
      return 'kernel';
    })();
    return picked;
  };

  const ownedLink = async (network: string): Promise<Link | undefined> => {
    const link = await findLink(run, tunnelName(network));
    if (link !== undefined && !isOwnedTunnel(link)) {
      throw HvErrors.toolFailed({
        tool: 'ip',
        reason: `interface ${link.name} exists and is not the service's (alias ${link.alias ?? 'none'})`,
      });
    }
    return link;
  };

  const dump = async (name: string): Promise<WireguardDump> =>
    parseDump(await run('wg', ['show', name, 'dump']));

  /** wireguard-go detaches at once only when it has no log to write to our pipes. */
  const wireguardGoEnv = (): NodeJS.ProcessEnv => {
    const env = { ...process.env };
    delete env.LOG_LEVEL;
    delete env.WG_PROCESS_FOREGROUND;
    return env;
  };

  /** A deleted interface's wireguard-go exits a moment later; its socket must be gone before a new one. */
  const socketGone = async (name: string): Promise<void> => {
    const socket = `${WIREGUARD_GO_SOCKETS}/${name}.sock`;
    const deadline = Date.now() + GONE_WAIT_MS;
    while (existsSync(socket) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  };

  const create = async (name: string): Promise<void> => {
    if ((await implementation()) === 'kernel') {
      await run('ip', ['link', 'add', name, 'type', 'wireguard']);
      return;
    }
    await socketGone(name);
    await run('wireguard-go', [name], { env: wireguardGoEnv() });
  };

  const routes = async (spec: TunnelSpec): Promise<void> => {
    const listed = JSON.parse(await run('ip', ['-j', 'route', 'show', 'dev', spec.interface])) as {
      dst: string;
    }[];
    const present = new Set(listed.map((route) => cidr(route.dst)));
    const wanted = new Set(spec.remoteSubnets.map(cidr));
    for (const dst of present) {
      if (!wanted.has(dst)) await run('ip', ['route', 'del', dst, 'dev', spec.interface]);
    }
    for (const dst of wanted) {
      if (!present.has(dst)) await run('ip', ['route', 'replace', dst, 'dev', spec.interface]);
    }
  };

  const apply = async (spec: TunnelSpec): Promise<void> => {
    if (spec.interface !== tunnelName(spec.network)) {
      throw HvErrors.toolFailed({
        tool: 'ip',
        reason: `tunnel interface ${spec.interface} is not ${tunnelName(spec.network)}`,
      });
    }
    const link = await ownedLink(spec.network);
    if (link === undefined) await create(spec.interface);
    const now = await dump(spec.interface);
    if (now.privateKey !== spec.privateKey || now.listenPort !== spec.listenPort) {
      await withKeyFile(spec.privateKey, (file) =>
        run('wg', ['set', spec.interface, 'private-key', file, 'listen-port', String(spec.listenPort)]),
      );
    }
    const alias = tunnelAlias(spec.network);
    if (link === undefined || link.mtu !== TUNNEL_MTU || link.alias !== alias || !link.up) {
      await run('ip', [
        'link',
        'set',
        'dev',
        spec.interface,
        'mtu',
        String(TUNNEL_MTU),
        'alias',
        alias,
        'up',
      ]);
    }
    await routes(spec);
  };

  const setPeer = async (network: string, peer: TunnelPeer | null): Promise<void> => {
    const name = tunnelName(network);
    const link = await ownedLink(network);
    if (link === undefined) {
      // No interface, no traffic: removing the peer of a missing tunnel has nothing to do.
      if (peer === null) return;
      throw HvErrors.toolFailed({ tool: 'wg', reason: `tunnel interface ${name} does not exist` });
    }
    const args = ['set', name];
    for (const old of (await dump(name)).peers) {
      if (old.publicKey !== peer?.publicKey) args.push('peer', old.publicKey, 'remove');
    }
    if (peer === null) {
      if (args.length > 2) await run('wg', args);
      return;
    }
    // One `wg set`: an old peer goes and the new one comes with its key in the same call.
    await withKeyFile(peer.presharedKey, (file) =>
      run('wg', [
        ...args,
        'peer',
        peer.publicKey,
        'preshared-key',
        file,
        'endpoint',
        peer.endpoint,
        'allowed-ips',
        peer.allowedIps.join(','),
        'persistent-keepalive',
        String(peer.persistentKeepaliveSeconds),
      ]),
    );
  };

  const counters = async (network: string): Promise<TunnelCounters | null> => {
    const link = await ownedLink(network);
    if (link === undefined) return null;
    const peer = (await dump(link.name)).peers[0];
    return {
      implementation: link.kind === 'wireguard' ? 'kernel' : 'wireguard-go',
      present: link.up,
      peer: peer?.publicKey ?? null,
      lastHandshakeAt:
        peer === undefined || peer.latestHandshake === 0
          ? null
          : new Date(peer.latestHandshake * 1000).toISOString(),
      rxBytes: peer?.rxBytes ?? 0,
      txBytes: peer?.txBytes ?? 0,
    };
  };

  const remove = async (network: string): Promise<void> => {
    const link = await ownedLink(network);
    if (link === undefined) return;
    // The routes go with the interface, and wireguard-go exits when its interface is deleted.
    await deleteLink(run, link.name);
    if (link.kind !== 'wireguard') await socketGone(link.name);
  };

  return {
    implementation,
    availability: () => tunnelAvailability(),
    generateKeyPair: async () => wireguardKeyPair(),
    apply,
    setPeer,
    presharedKey: async (network) => {
      const link = await ownedLink(network);
      if (link === undefined) return null;
      return (await dump(link.name)).peers[0]?.presharedKey ?? null;
    },
    counters,
    remove,
    present: async () =>
      (await listLinks(run)).filter(isOwnedTunnel).map((link) => link.name.slice(TUNNEL_PREFIX.length)),
  };
}
