/**
 * The layout of the network end-to-end tests: the service runs inside a "host" namespace of its
 * own (`ip netns exec`), with the QEMU driver under TCG, and a "client" namespace stands for the
 * outside world, joined to the host by a veth pair:
 *
 *   client ns  lab1 192.168.250.2/30  <-- veth -->  lab0 192.168.250.1/30  host ns (the service,
 *              route 10.77.0.0/16 via .1                                   its bridges, taps,
 *                                                                          nft table, dnsmasq)
 *
 * More namespaces (`attach`) plug a veth end into a network's bridge, as a machine on that
 * network. The tests talk to the service over its Unix socket (a path, which every namespace
 * shares); its TCP port is inside the host namespace. `destroy` kills everything left in the
 * namespaces (the service, QEMU, dnsmasq) and deletes them, also after a failure.
 */
import { execFile, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ServiceProcess } from '@lab/server-kit/testing';
import { serveQemu, type TestGuest } from './guest.js';
import { connectVeth, createNetns, type Netns } from './netns.js';
import { killQemuUnder } from './qemu-processes.js';
import { socketApi, type SocketResponse } from './socket-client.js';
import { until } from './until.js';

/** The host namespace's end of the veth pair: the address port forwards listen on. */
export const HOST_ADDRESS = '192.168.250.1';
export const CLIENT_ADDRESS = '192.168.250.2';
/** Every subnet the tests give their networks is inside this, routed from the client to the host. */
export const LAB_SUBNETS = '10.77.0.0/16';
/** A guest under TCG boots and takes its lease in about 10 s; a loaded machine takes longer. */
export const GUEST_WAIT = { timeoutMs: 120_000, intervalMs: 250 };

export interface NetworkLab {
  readonly dir: string;
  readonly host: Netns;
  readonly client: Netns;
  readonly guest: TestGuest;
  /** The running service (replaced by `restart`). */
  service(): ServiceProcess;
  /** Starts the service in the host namespace (again, after it was stopped or killed). */
  start(): Promise<void>;
  /** A request to the REST API (`/api/v1` + path) over the service's Unix socket. */
  api(method: string, path: string, body?: unknown): Promise<SocketResponse>;
  /** The service's SQLite database file. */
  readonly database: string;
  /** What the VM's serial console printed so far. */
  serial(vm: string): string;
  /** Waits until the VM's console has a line starting with `prefix`; returns the rest of that line. */
  consoleLine(vm: string, prefix: string): Promise<string>;
  /** `GET url` from the client namespace: the body of a 200, or null when it failed or timed out. */
  clientGet(url: string, timeoutSeconds?: number): Promise<string | null>;
  /**
   * An HTTP server in the client namespace on `port` that answers every request with the address
   * the connection came from; kill the process to stop it.
   */
  clientEcho(port: number): Promise<ChildProcess>;
  /**
   * A namespace with one veth end (`eth0`, `address` CIDR, default route via `gateway`) whose
   * other end is a port of `bridge` in the host namespace: a machine on that network.
   */
  attach(bridge: string, address: string, gateway: string): Promise<Netns>;
  /** nft's JSON of the service's table in the host namespace. */
  nftTable(): Promise<NftObject[]>;
  destroy(): Promise<void>;
}

export type NftObject = Record<string, Record<string, unknown>>;

/** `node -e ECHO_SERVER port`: answers the peer's address; prints a line once it listens. */
const ECHO_SERVER = `
require('node:http')
  .createServer((request, response) => response.end(request.socket.remoteAddress))
  .listen(Number(process.argv[1]), '0.0.0.0', () => console.log('listening'));
`;

/** `node -e HTTP_GET url timeoutMs`: prints the body of a 200 and exits 0, else exits 1. */
const HTTP_GET = `
const [url, timeout] = process.argv.slice(1);
const request = require('node:http').get(url, { timeout: Number(timeout) }, (response) => {
  let body = '';
  response.on('data', (chunk) => (body += chunk));
  response.on('end', () => {
    process.stdout.write(body);
    process.exit(response.statusCode === 200 ? 0 : 1);
  });
});
request.on('timeout', () => request.destroy(new Error('timed out')));
request.on('error', (error) => {
  process.stderr.write(error.message);
  process.exit(1);
});
`;
const run = promisify(execFile);

export async function createNetworkLab(
  guest: TestGuest,
  serveArgs: readonly string[] = [],
): Promise<NetworkLab> {
  const dir = mkdtempSync(join(tmpdir(), 'hv-net-'));
  const runDir = join(dir, 'run');
  const namespaces: Netns[] = [];
  let service: ServiceProcess | undefined;
  let attached = 0;

  const destroy = async (): Promise<void> => {
    await service?.stop('SIGKILL');
    // QEMU, dnsmasq and anything else inside go with their namespace.
    for (const netns of namespaces.reverse()) await netns.destroy();
    await killQemuUnder(dir);
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    const host = await createNetns();
    namespaces.push(host);
    const client = await createNetns();
    namespaces.push(client);
    await connectVeth(host, 'lab0', client, 'lab1', { a: `${HOST_ADDRESS}/30`, b: `${CLIENT_ADDRESS}/30` });
    await client.exec('ip', ['route', 'add', LAB_SUBNETS, 'via', HOST_ADDRESS]);

    const lab: NetworkLab = {
      dir,
      host,
      client,
      guest,
      database: join(dir, 'data', 'hypervisor.db'),
      service() {
        if (service === undefined) throw new Error('the service is not started');
        return service;
      },
      async start() {
        service = await serveQemu(dir, guest, serveArgs, {
          prefix: ['ip', 'netns', 'exec', host.name],
          timeoutMs: 60_000,
        });
      },
      api: (method, path, body) => socketApi(runDir, method, path, body),
      serial(vm) {
        const file = join(runDir, 'vms', vm, 'serial.log');
        return existsSync(file) ? readFileSync(file, 'utf8') : '';
      },
      consoleLine(vm, prefix) {
        return until(
          `"${prefix}" on the console of ${vm}`,
          () => {
            const line = lab
              .serial(vm)
              .split(/\r?\n/)
              .find((l) => l.startsWith(`${prefix} `));
            return line?.slice(prefix.length + 1).trim();
          },
          GUEST_WAIT,
        );
      },
      clientGet: (url, timeoutSeconds) => httpGet(client, url, timeoutSeconds),
      async clientEcho(port) {
        const server = client.spawn(process.execPath, ['-e', ECHO_SERVER, String(port)], {
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        await new Promise<void>((resolve, reject) => {
          server.once('exit', (code) => reject(new Error(`the echo server exited (${code})`)));
          server.stdout?.once('data', () => resolve());
        });
        return server;
      },
      async attach(bridge, address, gateway) {
        const netns = await createNetns();
        namespaces.push(netns);
        attached += 1;
        const port = `labp${attached}`;
        await connectVeth(host, port, netns, 'eth0', { b: address });
        await host.exec('ip', ['link', 'set', port, 'master', bridge]);
        await netns.exec('ip', ['route', 'add', 'default', 'via', gateway]);
        return netns;
      },
      async nftTable() {
        const { stdout } = await host.exec('nft', ['-j', 'list', 'table', 'inet', 'hypervisor']);
        return (JSON.parse(stdout) as { nftables: NftObject[] }).nftables;
      },
      destroy,
    };
    await lab.start();
    return lab;
  } catch (error) {
    await destroy();
    throw error;
  }
}

/** A VM definition for the test guest with one NIC on `network`, its DHCP client and HTTP server on. */
export function netGuestVm(
  guest: TestGuest,
  name: string,
  network: string,
  nic: { mac?: string; ip?: string } = {},
): Record<string, unknown> {
  return {
    name,
    cpu: { count: 1 },
    memory: { size: '128M' },
    boot: {
      kernel: guest.kernel.split('/').at(-1),
      initrd: guest.initrd.split('/').at(-1),
      cmdline: `${guest.cmdline} ${guest.net.word} ${guest.net.hostnameWord}${name}`,
    },
    devices: { network: [{ type: 'virtio-net', network, ...nic }] },
  };
}

/** `GET url` from inside `netns`: the body of a 200, or null when it failed or timed out. */
export async function httpGet(netns: Netns, url: string, timeoutSeconds = 3): Promise<string | null> {
  const result = await netns.tryExec(process.execPath, ['-e', HTTP_GET, url, String(timeoutSeconds * 1000)], {
    timeoutMs: (timeoutSeconds + 10) * 1000,
  });
  return result.code === 0 ? result.stdout : null;
}

/** Whether `address` answers one ping from inside `netns` within `timeoutSeconds`. */
export async function pings(netns: Netns, address: string, timeoutSeconds = 2): Promise<boolean> {
  // busybox's ping: busybox-static is installed for the test guest, iputils-ping may not be.
  const result = await netns.tryExec('busybox', ['ping', '-c', '1', '-W', String(timeoutSeconds), address], {
    timeoutMs: (timeoutSeconds + 10) * 1000,
  });
  return result.code === 0;
}

/** Bridges in the host namespace, by name, with their interface index (a bridge made again has a new one). */
export async function bridges(host: Netns): Promise<Map<string, number>> {
  const { stdout } = await host.exec('ip', ['-j', 'link', 'show', 'type', 'bridge']);
  return new Map(
    (JSON.parse(stdout) as { ifname: string; ifindex: number }[]).map((l) => [l.ifname, l.ifindex]),
  );
}

/** The dnsmasq processes inside a namespace: pid and command line. */
export async function dnsmasqProcesses(netns: Netns): Promise<{ pid: number; cmdline: string }[]> {
  const { stdout } = await run('ip', ['netns', 'pids', netns.name]);
  const found: { pid: number; cmdline: string }[] = [];
  for (const pid of stdout.split('\n').filter((line) => /^\d+$/.test(line))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'dnsmasq') continue;
      found.push({
        pid: Number(pid),
        cmdline: readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' '),
      });
    } catch {
      // Gone meanwhile.
    }
  }
  return found.sort((a, b) => a.pid - b.pid);
}

/**
 * The table without what moves while nothing is changed: counter values move with traffic. With
 * `handles: false` the handles (numbers nft gives each object as it is made) go too, leaving the
 * content: every chain, rule, set and map, in order; with them, an object made again shows.
 */
export function nftContent(table: NftObject[], { handles = false } = {}): unknown[] {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'handle' && !handles) continue;
      if ((key === 'packets' || key === 'bytes') && typeof inner === 'number') out[key] = 'n';
      else out[key] = strip(inner);
    }
    return out;
  };
  return table.filter((object) => !('metainfo' in object)).map(strip);
}
