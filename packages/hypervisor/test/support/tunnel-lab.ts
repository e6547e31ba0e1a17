/**
 * The layout of the tunnel end-to-end tests and benchmark: two "hosts", each a namespace running
 * its own service (the QEMU driver under TCG, so the kernel network driver is the one in use),
 * joined by a veth pair that stands for the path between them; each service has a network, and a
 * namespace plugged into that network's bridge is a machine on it (the "endpoint"):
 *
 *   endpoint A ── bridge ── host A  wan0 192.168.251.1/30 ══ veth ══ 192.168.251.2/30 wan0  host B ── bridge ── endpoint B
 *   10.77.31.10      hv-<a>     service A, API :7443, tunnel hw-<a>     service B, API :7443, tunnel hw-<b>    hv-<b>    10.77.32.10
 *
 * The networks are named `t<6 hex>a` and `t<6 hex>b`, new for each lab: the tunnels' interfaces
 * name wireguard-go's sockets, which every namespace shares.
 *
 * The services reach each other's TCP API over the path (each listens on its path address, so
 * over TLS with a self-signed certificate, which the peer pins), the tests reach each over its
 * Unix socket. `destroy` kills everything left in the namespaces (the
 * services, wireguard-go, dnsmasq, servers the tests started) and deletes them, also after a
 * failure.
 */
import { execFile, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ServiceProcess } from '@lab/server-kit/testing';
import type { TunnelInput, TunnelStatus } from '../../src/domain/tunnel/tunnel-definition.js';
import { connectVeth, createNetns, type Netns } from './netns.js';
import { serveHypervisor } from './serve.js';
import { createToken, socketApi, type SocketResponse } from './socket-client.js';

const run = promisify(execFile);

/** Each service's TCP API port, inside its own namespace. */
export const API_PORT = 7443;
/** Each side's WireGuard listen port. */
export const WIREGUARD_PORT = 51820;
/** The interface of the path between the hosts, in both host namespaces. */
export const PATH_INTERFACE = 'wan0';

export interface TunnelSide {
  readonly label: 'A' | 'B';
  readonly dir: string;
  readonly runDir: string;
  /** The namespace the service runs in. */
  readonly host: Netns;
  /** The namespace on the network's bridge: a machine on the network. */
  readonly endpoint: Netns;
  /** The address of this host on the path between the hosts. */
  readonly pathAddress: string;
  readonly network: string;
  readonly subnet: string;
  readonly gateway: string;
  /** The endpoint's address on the network. */
  readonly endpointAddress: string;
  /**
   * `https://<path address>:<API_PORT>`: where the peer reaches this service's TCP API, over TLS
   * with the certificate the service made at its first start (it listens beyond loopback).
   */
  readonly url: string;
  /** That certificate's SHA-256 fingerprint, as `/system/info` shows it: what the peer pins. */
  readonly fingerprint: string;
  /** The running service. */
  service(): ServiceProcess;
  /** Starts the service (again, after it was stopped or killed). */
  start(): Promise<void>;
  /** A request to the REST API (`/api/v1` + path) over the service's Unix socket. */
  api(method: string, path: string, body?: unknown): Promise<SocketResponse>;
  /** A new token of this service with `scopes` (what `hvctl token create` makes). */
  token(scopes: readonly string[]): Promise<string>;
  /** Creates an ML-DSA-65 key of purpose `signing` named `name`; returns its public key as PEM. */
  signingKey(name: string): Promise<string>;
  /** `wg show hw-<network> preshared-keys` in the host namespace: the installed key, or null. */
  presharedKey(): Promise<string | null>;
  /** `GET /networks/{network}/tunnel`'s body (fails the test on another status than 200). */
  tunnel(): Promise<TunnelStatus>;
}

export interface TunnelLab {
  readonly a: TunnelSide;
  readonly b: TunnelSide;
  destroy(): Promise<void>;
}

/** What each side's tunnel settings need beyond the layout. */
export interface TunnelSettings {
  /** The name of this side's own ML-DSA key. */
  signingKey: string;
  /** The peer's ML-DSA public key, PEM: the one this side pins. */
  peerSigningKey: string;
  /** A token the peer issued with network:write. */
  peerToken: string;
  rekeySeconds: number;
}

/** The `tunnel` member of `PATCH /networks/{name}` that joins a network to `peer`'s. */
export function tunnelSettings(peer: TunnelSide, settings: TunnelSettings): TunnelInput {
  return {
    peer_url: `${peer.url}/api/v1/networks/${peer.network}`,
    peer_fingerprint: peer.fingerprint,
    peer_token: settings.peerToken,
    peer_signing_key: settings.peerSigningKey,
    signing_key: settings.signingKey,
    listen_port: WIREGUARD_PORT,
    endpoint: `${peer.pathAddress}:${WIREGUARD_PORT}`,
    remote_subnets: [peer.subnet],
    rekey_seconds: settings.rekeySeconds,
  };
}

const SIDES = [
  { label: 'A', pathAddress: '192.168.251.1', third: 31 },
  { label: 'B', pathAddress: '192.168.251.2', third: 32 },
] as const;

/** Where wireguard-go puts its `wg` socket, named by interface and shared by every namespace. */
const WIREGUARD_GO_SOCKETS = '/var/run/wireguard';

export async function createTunnelLab(): Promise<TunnelLab> {
  const namespaces: Netns[] = [];
  const dirs: string[] = [];
  const services: (ServiceProcess | undefined)[] = [undefined, undefined];
  // Network names of this lab's own: the tunnels' interfaces (`hw-<network>`) name wireguard-go's
  // sockets, which all namespaces share.
  const tag = randomBytes(3).toString('hex');
  const networks = SIDES.map((side) => `t${tag}${side.label.toLowerCase()}`);

  const destroy = async (): Promise<void> => {
    for (const service of services) await service?.stop('SIGKILL');
    // wireguard-go, dnsmasq and the tests' servers go with their namespace; a killed wireguard-go
    // leaves its socket behind.
    for (const netns of namespaces.reverse()) await netns.destroy();
    for (const network of networks) rmSync(join(WIREGUARD_GO_SOCKETS, `hw-${network}.sock`), { force: true });
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  };

  try {
    const hosts: Netns[] = [];
    for (let i = 0; i < SIDES.length; i += 1) {
      const host = await createNetns();
      namespaces.push(host);
      hosts.push(host);
    }
    const [hostA, hostB] = hosts as [Netns, Netns];
    await connectVeth(hostA, PATH_INTERFACE, hostB, PATH_INTERFACE, {
      a: `${SIDES[0].pathAddress}/30`,
      b: `${SIDES[1].pathAddress}/30`,
    });

    const sides = SIDES.map((layout, index) => {
      const host = hosts[index] as Netns;
      const dir = mkdtempSync(join(tmpdir(), `hv-tun${layout.label.toLowerCase()}-`));
      dirs.push(dir);
      // The QEMU driver selects the kernel network driver; no VM is started, so the boot
      // directory stays empty.
      mkdirSync(join(dir, 'boot'));
      const runDir = join(dir, 'run');
      const api = (method: string, path: string, body?: unknown) => socketApi(runDir, method, path, body);
      const subnet = `10.77.${layout.third}.0/24`;
      const network = networks[index] as string;
      let endpoint: Netns | undefined;
      let fingerprint: string | undefined;
      const side: TunnelSide = {
        label: layout.label,
        dir,
        runDir,
        host,
        get endpoint() {
          if (endpoint === undefined) throw new Error(`endpoint ${layout.label} is not attached yet`);
          return endpoint;
        },
        pathAddress: layout.pathAddress,
        network,
        subnet,
        gateway: `10.77.${layout.third}.1`,
        endpointAddress: `10.77.${layout.third}.10`,
        url: `https://${layout.pathAddress}:${API_PORT}`,
        get fingerprint() {
          if (fingerprint === undefined) throw new Error(`service ${layout.label} is not started`);
          return fingerprint;
        },
        service() {
          const service = services[index];
          if (service === undefined) throw new Error(`service ${layout.label} is not started`);
          return service;
        },
        async start() {
          services[index] = await serveHypervisor(
            dir,
            [
              ...['--driver', 'qemu', '--accel', 'tcg', '--boot-dir', join(dir, 'boot')],
              ...['--host', layout.pathAddress, '--port', String(API_PORT)],
            ],
            { prefix: ['ip', 'netns', 'exec', host.name], timeoutMs: 60_000 },
          );
          const info = await api('GET', '/system/info');
          fingerprint = (info.body as { tls: { fingerprint: string } }).tls.fingerprint;
        },
        api,
        token: (scopes) => createToken(join(runDir, 'api.sock'), scopes),
        async signingKey(name) {
          const made = await api('POST', '/pqc/keys', { name, algorithm: 'ML-DSA-65', purpose: 'signing' });
          if (made.status !== 201)
            throw new Error(`POST /pqc/keys answered ${made.status}: ${JSON.stringify(made.body)}`);
          return pemOf(join(runDir, 'api.sock'), name);
        },
        async presharedKey() {
          const shown = await host.tryExec('wg', ['show', `hw-${network}`, 'preshared-keys']);
          // No interface (yet, or any more) has no key either.
          if (shown.code !== 0 && /No such device/.test(shown.stderr)) return null;
          if (shown.code !== 0) throw new Error(`wg show on ${layout.label}: ${shown.stderr}`);
          const key = shown.stdout.trim().split('\t')[1];
          return key === undefined || key === '(none)' ? null : key;
        },
        async tunnel() {
          const answer = await api('GET', `/networks/${network}/tunnel`);
          if (answer.status !== 200)
            throw new Error(
              `GET tunnel of ${network} answered ${answer.status}: ${JSON.stringify(answer.body)}`,
            );
          return answer.body as TunnelStatus;
        },
      };
      /** The endpoint: a veth end on the network's bridge, the other in a namespace of its own. */
      const attachEndpoint = async (): Promise<void> => {
        endpoint = await createNetns();
        namespaces.push(endpoint);
        const port = `tunp${layout.label.toLowerCase()}`;
        await connectVeth(host, port, endpoint, 'eth0', { b: `${side.endpointAddress}/24` });
        await host.exec('ip', ['link', 'set', port, 'master', `hv-${network}`]);
        await endpoint.exec('ip', ['route', 'add', 'default', 'via', side.gateway]);
      };
      return { side, attachEndpoint };
    });

    for (const { side, attachEndpoint } of sides) {
      await side.start();
      const created = await side.api('POST', '/networks', {
        name: side.network,
        mode: 'nat',
        subnet: side.subnet,
      });
      if (created.status !== 201)
        throw new Error(
          `POST /networks on ${side.label} answered ${created.status}: ${JSON.stringify(created.body)}`,
        );
      await attachEndpoint();
    }
    const [a, b] = sides.map(({ side }) => side) as [TunnelSide, TunnelSide];
    return { a, b, destroy };
  } catch (error) {
    await destroy();
    throw error;
  }
}

/** `GET /pqc/keys/{name}/public?format=pem` over the socket: the body is the PEM file, not JSON. */
function pemOf(socketPath: string, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(
      { socketPath, path: `/api/v1/pqc/keys/${name}/public?format=pem`, method: 'GET', agent: false },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          res.statusCode === 200 && text.startsWith('-----BEGIN PUBLIC KEY-----')
            ? resolve(text)
            : reject(new Error(`public key of ${name} answered ${res.statusCode}: ${text}`)),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Whether `address` answers one ping from inside `netns` within `timeoutSeconds`. */
export async function pings(netns: Netns, address: string, timeoutSeconds = 2): Promise<boolean> {
  const result = await netns.tryExec('busybox', ['ping', '-c', '1', '-W', String(timeoutSeconds), address], {
    timeoutMs: (timeoutSeconds + 10) * 1000,
  });
  return result.code === 0;
}

/** `node -e ECHO port`: a TCP server that sends back what it gets; prints a line once it listens. */
const TCP_ECHO = `
require('node:net')
  .createServer((socket) => socket.pipe(socket))
  .listen(Number(process.argv[1]), '0.0.0.0', () => console.log('listening'));
`;

/** `node -e SEND host port text`: sends text over TCP, prints what comes back, exits 0 when it matched. */
const TCP_SEND = `
const [host, port, text] = process.argv.slice(1);
const socket = require('node:net').connect(Number(port), host, () => socket.write(text));
let back = '';
socket.setTimeout(5000, () => { process.stderr.write('timed out'); process.exit(1); });
socket.on('data', (chunk) => {
  back += chunk;
  if (back.length >= text.length) { process.stdout.write(back); process.exit(back === text ? 0 : 1); }
});
socket.on('error', (error) => { process.stderr.write(error.message); process.exit(1); });
`;

/** A TCP echo server on `port` in `netns`, listening when this resolves; kill the process to stop it. */
export async function tcpEcho(netns: Netns, port: number): Promise<ChildProcess> {
  const server = netns.spawn(process.execPath, ['-e', TCP_ECHO, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`the echo server exited (${code})`)));
    server.stdout?.once('data', () => resolve());
  });
  return server;
}

/** Sends `text` from `netns` to an echo server at `host:port`; resolves with what came back, or null. */
export async function tcpSend(
  netns: Netns,
  host: string,
  port: number,
  text: string,
): Promise<string | null> {
  const result = await netns.tryExec(process.execPath, ['-e', TCP_SEND, host, String(port), text], {
    timeoutMs: 15_000,
  });
  return result.code === 0 ? result.stdout : null;
}

export interface Capture {
  /** Stops tcpdump and returns the capture file's bytes (pcap). */
  stop(): Promise<Buffer>;
}

/** `tcpdump -i iface -w file` inside `netns`, capturing when this resolves. */
export async function capture(netns: Netns, iface: string, file: string): Promise<Capture> {
  // -Z root: Debian's tcpdump otherwise drops to its own user, who cannot write the test's
  // directory. --immediate-mode: without it packets wait in the kernel's ring for up to a second
  // and those still there when tcpdump is interrupted never reach the file.
  const tcpdump = netns.spawn(
    'tcpdump',
    ['-i', iface, '-n', '--immediate-mode', '-U', '-s', '0', '-Z', 'root', '-w', file],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const exited = new Promise<number | null>((resolve) => tcpdump.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    let said = '';
    tcpdump.stderr?.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('listening on')) resolve();
    });
    void exited.then((code) => reject(new Error(`tcpdump exited (${code}): ${said}`)));
  });
  return {
    async stop() {
      tcpdump.kill('SIGINT');
      await exited;
      return readFileSync(file);
    },
  };
}

/** Every process of a namespace whose command is `comm` (e.g. wireguard-go). */
export async function processesNamed(netns: Netns, comm: string): Promise<number[]> {
  const { stdout } = await run('ip', ['netns', 'pids', netns.name]);
  return stdout
    .split('\n')
    .filter((line) => /^\d+$/.test(line))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === comm;
      } catch {
        return false;
      }
    })
    .map(Number);
}
