/**
 * One dnsmasq per network, for DHCP and DNS, as libvirt runs it: its own config file, pid file,
 * lease file and host files under `<runDir>/networks/<name>/`, bound to the network's bridge only.
 * dnsmasq daemonizes, so it outlives the service (kill -9 included) and guests keep their leases;
 * at start the service adopts it by pid file when its config is unchanged. Reservations live in
 * `dhcp-hostsfile` and `addn-hosts`, which dnsmasq re-reads on SIGHUP, so changing them restarts
 * nothing.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { NetworkSpec } from '../network-driver.js';
import type { RunCommand } from './command.js';

export interface DnsmasqFiles {
  dir: string;
  conf: string;
  pid: string;
  leases: string;
  dhcpHosts: string;
  hosts: string;
  log: string;
}

export const networksDir = (runDir: string): string => join(runDir, 'networks');

export function dnsmasqFiles(runDir: string, network: string): DnsmasqFiles {
  const dir = join(networksDir(runDir), network);
  return {
    dir,
    conf: join(dir, 'dnsmasq.conf'),
    pid: join(dir, 'dnsmasq.pid'),
    leases: join(dir, 'dnsmasq.leases'),
    dhcpHosts: join(dir, 'dhcp-hosts'),
    hosts: join(dir, 'hosts'),
    log: join(dir, 'dnsmasq.log'),
  };
}

function netmask(subnet: string): string {
  const prefix = Number(subnet.split('/')[1]);
  const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
  return [24, 16, 8, 0].map((shift) => (mask >>> shift) & 0xff).join('.');
}

/** The config file's text (pure). Reservations are not in it: they live in the host files. */
export function dnsmasqConfig(spec: NetworkSpec, files: DnsmasqFiles, user: string): string {
  const lines = [
    `# dnsmasq for the hypervisor network ${spec.name}; written by the service, overwritten on every change.`,
    'strict-order',
    // Only this file's settings and names: not /etc/dnsmasq.conf, not /etc/hosts.
    'no-hosts',
    // The service's run directory is not readable by dnsmasq's usual user, and SIGHUP re-reads from it.
    `user=${user}`,
    `pid-file=${files.pid}`,
    'except-interface=lo',
    'bind-interfaces',
    `interface=${spec.bridge}`,
    `domain=${spec.dnsDomain}`,
    `local=/${spec.dnsDomain}/`,
    'expand-hosts',
    `addn-hosts=${files.hosts}`,
    `log-facility=${files.log}`,
  ];
  if (spec.dhcp.enabled) {
    lines.push(
      `dhcp-range=${spec.dhcp.rangeStart},${spec.dhcp.rangeEnd},${netmask(spec.subnet)},${spec.dhcp.leaseSeconds}s`,
      // As libvirt: an isolated network offers no router (there is nowhere to route to).
      spec.mode === 'nat' ? `dhcp-option=option:router,${spec.gateway}` : 'dhcp-option=3',
      `dhcp-option=option:dns-server,${spec.gateway}`,
      'dhcp-authoritative',
      'dhcp-no-override',
      // Every address of the subnet, so reservations outside the range never run out of leases.
      `dhcp-lease-max=${2 ** (32 - Number(spec.subnet.split('/')[1]))}`,
      `dhcp-leasefile=${files.leases}`,
      `dhcp-hostsfile=${files.dhcpHosts}`,
    );
    // The bridge's MTU, told to guests when it is not Ethernet's usual one (libvirt does the same).
    if (spec.mtu !== 1500) lines.push(`dhcp-option=option:mtu,${spec.mtu}`);
  }
  // An isolated network's guests ask only for the names of the network; nothing is forwarded upstream.
  if (spec.mode === 'isolated') lines.push('no-resolv');
  return `${lines.join('\n')}\n`;
}

/** `dhcp-hostsfile` lines (`mac,ip,hostname`) and `addn-hosts` lines (`ip name.domain name`). */
export function hostFiles(spec: NetworkSpec): { dhcpHosts: string; hosts: string } {
  const sorted = [...spec.reservations].sort((a, b) => a.mac.localeCompare(b.mac));
  return {
    dhcpHosts: sorted.map((r) => `${r.mac},${r.ip},${r.hostname}\n`).join(''),
    hosts: sorted.map((r) => `${r.ip} ${r.hostname}.${spec.dnsDomain} ${r.hostname}\n`).join(''),
  };
}

async function readText(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return null;
  }
}

/** Written whole and renamed into place, so dnsmasq never reads half a file. */
async function writeIfChanged(path: string, text: string): Promise<boolean> {
  if ((await readText(path)) === text) return false;
  await writeFile(`${path}.new`, text, { mode: 0o644 });
  await rename(`${path}.new`, path);
  return true;
}

/** The pid in the pid file when that process is our dnsmasq (its command line names our config). */
export async function runningPid(files: DnsmasqFiles): Promise<number | null> {
  const pid = Number((await readText(files.pid))?.trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  const cmdline = await readText(`/proc/${pid}/cmdline`);
  if (cmdline === null || !(await isAlive(pid))) return null;
  const argv = cmdline.split('\0');
  const isOurs = (argv[0] ?? '').endsWith('dnsmasq') && argv.includes(`--conf-file=${files.conf}`);
  return isOurs ? pid : null;
}

const STOP_TIMEOUT_MS = 3_000;

/** Alive and not a zombie (a daemon's reaper may be slow, or absent in a container). */
async function isAlive(pid: number): Promise<boolean> {
  const status = await readText(`/proc/${pid}/status`);
  return status !== null && !/^State:\s+Z/m.test(status);
}

async function stopPid(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!(await isAlive(pid))) return;
    await sleep(10);
  }
  process.kill(pid, 'SIGKILL');
}

export type DnsmasqOutcome = 'unchanged' | 'reloaded' | 'adopted' | 'started' | 'restarted';

/**
 * Makes the network's dnsmasq match the spec: host files rewritten and SIGHUP when only they
 * changed; a new config (or no process) means a (re)start, and so does `bridgeMade` (a bridge made
 * anew is a new interface, which the old process's sockets are not bound to). `known` says whether
 * this service process has seen that dnsmasq before (otherwise keeping it is an adoption).
 */
export async function ensureDnsmasq(
  run: RunCommand,
  runDir: string,
  spec: NetworkSpec,
  state: { known: boolean; bridgeMade: boolean },
): Promise<DnsmasqOutcome> {
  const files = dnsmasqFiles(runDir, spec.name);
  await mkdir(files.dir, { recursive: true, mode: 0o750 });
  const config = dnsmasqConfig(spec, files, userInfo().username);
  const hosts = hostFiles(spec);
  const dhcpHostsChanged = await writeIfChanged(files.dhcpHosts, hosts.dhcpHosts);
  const hostsChanged = (await writeIfChanged(files.hosts, hosts.hosts)) || dhcpHostsChanged;
  const pid = await runningPid(files);
  if (pid !== null && !state.bridgeMade && (await readText(files.conf)) === config) {
    if (hostsChanged) {
      process.kill(pid, 'SIGHUP');
      return 'reloaded';
    }
    return state.known ? 'unchanged' : 'adopted';
  }
  if (pid !== null) await stopPid(pid);
  await writeIfChanged(files.conf, config);
  await run('dnsmasq', [`--conf-file=${files.conf}`]);
  return pid === null ? 'started' : 'restarted';
}

/** Stops the network's dnsmasq (when it runs) and removes its files. */
export async function removeDnsmasq(runDir: string, network: string): Promise<void> {
  const files = dnsmasqFiles(runDir, network);
  const pid = await runningPid(files);
  if (pid !== null) await stopPid(pid);
  await rm(files.dir, { recursive: true, force: true });
}
