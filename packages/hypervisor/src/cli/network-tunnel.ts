/**
 * `hvctl network tunnel set|show|remove`: a network's post-quantum tunnel, through `tunnel` of
 * PATCH /networks/{name} and GET /networks/{name}/tunnel. The peer's token and signing key are
 * read from files (`-` is standard input), so the token never shows on a command line.
 */
import type { Command } from 'commander';
import type { NetworkView } from '../domain/network-definition.js';
import type { TunnelStatus } from '../domain/tunnel/tunnel-definition.js';
import {
  clientCommand,
  clientFor,
  collect,
  positiveIntegerOption,
  print,
  segment,
  shortTime,
  type ClientFlags,
} from './options.js';
import { readTokenFile } from './migration.js';

interface TunnelFlags extends ClientFlags {
  peerUrl: string;
  peerFingerprint?: string;
  peerTokenFile: string;
  peerSigningKeyFile: string;
  signingKey: string;
  listenPort: number;
  endpoint: string;
  remoteSubnet: string[];
  rekeySeconds?: number;
}

function formatTunnel(t: TunnelStatus): string {
  if (t.state === 'not_configured') return `network '${t.network}' has no tunnel`;
  const lines = [
    `network:          ${t.network}`,
    `state:            ${t.state}${t.reason === null ? '' : ` (${t.reason})`}`,
    `interface:        ${t.interface ?? '-'} (port ${t.listen_port ?? '-'}, key ${t.public_key ?? '-'})`,
    `peer:             ${t.peer?.url ?? '-'}`,
    `peer endpoint:    ${t.peer?.endpoint ?? '-'} (key ${t.peer?.public_key ?? 'not yet known'})`,
    `peer signing key: ${t.peer?.signing_key_fingerprint ?? '-'} (pinned)`,
    `remote subnets:   ${t.remote_subnets.join(', ')}`,
    `role:             ${t.role ?? 'not yet known'}`,
    `algorithms:       ${t.algorithms.join(', ')}`,
    `epoch:            ${t.epoch}`,
    `rekey:            every ${t.rekey_seconds ?? '-'} s, key lifetime ${t.key_lifetime_seconds ?? '-'} s`,
    `last rekey:       ${shortTime(t.last_rekey_at)}`,
    `next rekey:       ${shortTime(t.next_rekey_at)}`,
    `last handshake:   ${shortTime(t.last_handshake_at)}`,
    `bytes:            ${t.rx_bytes} in, ${t.tx_bytes} out`,
    `failed exchanges: ${t.failed_exchanges}${t.last_error === null ? '' : ` (last: ${t.last_error})`}`,
  ];
  return lines.join('\n');
}

export function addTunnelCommands(network: Command): void {
  const tunnel = network
    .command('tunnel')
    .description("Manage a network's post-quantum tunnel to another host");
  const path = (name: string): string => `/networks/${segment(name)}`;

  clientCommand(tunnel, 'set', 'Configure (or replace) the tunnel; the peer configures its side alike')
    .argument('<network>', 'network name')
    .requiredOption('--peer-url <url>', "the peer's network: http(s)://host:port/api/v1/networks/<name>")
    .option(
      '--peer-fingerprint <sha256>',
      "the peer service's TLS certificate fingerprint (its system info's tls.fingerprint), pinned",
    )
    .requiredOption(
      '--peer-token-file <file>',
      'a file holding a token the peer issued with network:write (- for stdin)',
    )
    .requiredOption(
      '--peer-signing-key-file <file>',
      "the peer's ML-DSA-65 public key, PEM (hvctl key public there)",
    )
    .requiredOption('--signing-key <name>', "this host's ML-DSA-65 signing key in the key store")
    .requiredOption('--listen-port <port>', "this side's WireGuard UDP port", positiveIntegerOption)
    .requiredOption('--endpoint <host:port>', "the peer's WireGuard address and port")
    .requiredOption('--remote-subnet <cidr>', "a subnet of the peer's network (repeat for more)", collect)
    .option(
      '--rekey-seconds <seconds>',
      'seconds between key renewals, 2 to 3600 (default 120)',
      positiveIntegerOption,
    )
    .action(async (name: string, flags: TunnelFlags) => {
      const body = {
        tunnel: {
          peer_url: flags.peerUrl,
          ...(flags.peerFingerprint === undefined ? {} : { peer_fingerprint: flags.peerFingerprint }),
          peer_token: await readTokenFile(flags.peerTokenFile),
          peer_signing_key: await readTokenFile(flags.peerSigningKeyFile),
          signing_key: flags.signingKey,
          listen_port: flags.listenPort,
          endpoint: flags.endpoint,
          remote_subnets: flags.remoteSubnet,
          ...(flags.rekeySeconds === undefined ? {} : { rekey_seconds: flags.rekeySeconds }),
        },
      };
      await clientFor(flags).request<NetworkView>('PATCH', path(name), body);
      print(
        flags,
        await clientFor(flags).request<TunnelStatus>('GET', `${path(name)}/tunnel`),
        (t) => `tunnel of network '${name}' set: ${t.state}${t.reason === null ? '' : ` (${t.reason})`}`,
      );
    });

  clientCommand(tunnel, 'show', "Show the tunnel's state, peer, epoch and counters")
    .argument('<network>', 'network name')
    .action(async (name: string, flags: ClientFlags) => {
      print(flags, await clientFor(flags).request<TunnelStatus>('GET', `${path(name)}/tunnel`), formatTunnel);
    });

  clientCommand(tunnel, 'remove', 'Tear the tunnel down (its interface and peer go at once)')
    .argument('<network>', 'network name')
    .action(async (name: string, flags: ClientFlags) => {
      print(
        flags,
        await clientFor(flags).request<NetworkView>('PATCH', path(name), { tunnel: null }),
        (n) => `tunnel of network '${n.name}' removed`,
      );
    });
}
