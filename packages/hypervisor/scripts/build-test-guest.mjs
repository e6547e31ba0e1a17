// Builds the tiny guest the hypervisor's tests boot under QEMU: Debian's stock kernel and an
// initramfs holding busybox-static, whose /init prints a marker line on the serial console and
// powers the machine off when the ACPI power button is pressed; with `NET.word` on its command
// line it also takes an address by DHCP on eth0 and serves a marker over HTTP. Plain Node with no
// npm dependency; the only download is the kernel package, from Debian's mirrors through apt.
//
//   node packages/hypervisor/scripts/build-test-guest.mjs          build unless already built
//   node packages/hypervisor/scripts/build-test-guest.mjs --force  build again
//   node packages/hypervisor/scripts/build-test-guest.mjs --json   print the guest as JSON last
//
// The result goes to packages/hypervisor/.cache/test-guest/<kernel release>/ (the kernel,
// initrd.img, guest.json) and is reused while the kernel release, this script and busybox stay
// the same.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

export const CACHE_DIR = fileURLToPath(new URL('../.cache/test-guest/', import.meta.url));
export const MARKER = 'HV-TEST-GUEST-READY';
// quiet: the boot log goes through an emulated UART, and every byte of it costs time under TCG.
export const CMDLINE = 'console=ttyS0 quiet';
/**
 * Words that, added to the command line, make the guest act on its own right after the marker:
 * panic, power itself off, or print `TICK n` (n = 1, 2, ...) every second, so a test can see that
 * a guest goes on where it was (a live migration) rather than booting again.
 */
export const ACTIONS = { panic: 'hv-test-panic', powerOff: 'hv-test-poweroff', tick: 'hv-test-tick' };
export const TICK = 'HV-TEST-GUEST-TICK';
/**
 * Networking, off unless `word` is on the command line (so guests without a NIC boot as fast as
 * ever). Then, beside whatever else it does, the guest brings eth0 up and asks for a lease with
 * busybox udhcpc (sending the hostname given as `hostnameWord` + NAME, if any), prints
 * `address` and its IPv4 address (or `address` FAILED), pings the gateway the lease named and
 * prints `gateway` ok or fail, and serves `http` followed by its hostname and address as
 * /index.html with busybox httpd on port 80.
 */
export const NET = {
  word: 'hv-test-net',
  hostnameWord: 'hv-test-hostname=',
  address: 'HV-TEST-GUEST-NET',
  gateway: 'HV-TEST-GUEST-GATEWAY',
  http: 'HV-TEST-GUEST-HTTP',
};
const META_PACKAGE = 'linux-image-amd64';
const BUSYBOX = '/bin/busybox';
/**
 * Drivers the guest needs, by kernel option and module name: the ACPI power button and the event
 * device it reports through, and virtio-blk for a disk. Built-in ones need nothing; modules go
 * into the initramfs with what they depend on, and /init loads them in order.
 */
const DRIVERS = [
  { option: 'CONFIG_ACPI_BUTTON', module: 'button' },
  { option: 'CONFIG_INPUT_EVDEV', module: 'evdev' },
  { option: 'CONFIG_VIRTIO_PCI', module: 'virtio_pci' },
  { option: 'CONFIG_VIRTIO_BLK', module: 'virtio_blk' },
  // QEMU's pvpanic device, through which a guest panic reaches QEMU (the crash tests use it).
  { option: 'CONFIG_PVPANIC_MMIO', module: 'pvpanic_mmio' },
  // A NIC (virtio-net-pci; Debian's module needs net_failover and failover), and the packet
  // sockets udhcpc sends its first DHCP messages through.
  { option: 'CONFIG_VIRTIO_NET', module: 'virtio_net' },
  { option: 'CONFIG_PACKET', module: 'af_packet' },
];

/**
 * udhcpc's hook, as busybox's examples/udhcp/simple.script: $1 is what happened, the lease comes
 * in the environment ($ip, $mask as a prefix length, $router, $dns, $domain, $hostname).
 */
const UDHCPC_SCRIPT = `#!/bin/sh
case "$1" in
  deconfig)
    ip -4 addr flush dev "$interface"
    ip link set "$interface" up
    ;;
  bound|renew)
    ip -4 addr flush dev "$interface"
    ip addr add "$ip/$mask" dev "$interface"
    ip route del default 2>/dev/null
    for gateway in $router; do ip route add default via "$gateway" dev "$interface"; break; done
    : > /etc/resolv.conf
    [ -n "$domain" ] && echo "search $domain" >> /etc/resolv.conf
    for server in $dns; do echo "nameserver $server" >> /etc/resolv.conf; done
    [ -n "$hostname" ] && hostname "$hostname"
    echo "$ip $router" > /tmp/lease
    ;;
esac
exit 0
`;

const INIT = `#!/bin/sh
# PID 1 of the hypervisor test guest. It never exits: the kernel panics when PID 1 does.
export PATH=/sbin:/usr/sbin:/bin:/usr/bin
/bin/busybox --install -s
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
for module in $(cat /lib/modules/load-order); do insmod "/lib/modules/$module.ko"; done
# The ACPI power button is an input device; one event from it means it was pressed.
for device in /sys/class/input/event*; do
  if [ "$(cat "$device/device/name" 2>/dev/null)" = "Power Button" ]; then
    (dd if="/dev/input/\${device##*/}" of=/dev/null bs=24 count=1 2>/dev/null; poweroff -f) &
  fi
done
# Read the first disk, if there is one (virtio device id 2), so the host sees block I/O in its counters.
if grep -qs 0x0002 /sys/bus/virtio/devices/*/device; then
  tries=0
  while [ ! -b /dev/vda ] && [ "$tries" -lt 50 ]; do
    sleep 0.1
    tries=$((tries + 1))
  done
  dd if=/dev/vda of=/dev/null bs=4096 count=16 2>/dev/null
fi
echo ${MARKER}
net() {
  ip link set lo up
  for word in $(cat /proc/cmdline); do
    case "$word" in ${NET.hostnameWord}*) hostname "\${word#${NET.hostnameWord}}" ;; esac
  done
  name=$(hostname)
  set --
  [ "$name" != "(none)" ] && set -- -x "hostname:$name"
  # udhcpc goes to the background with the lease (to renew it) and fails after 60 tries unanswered.
  if ! udhcpc -i eth0 -s /etc/udhcpc.script -t 60 -T 1 -A 1 -n "$@" >/dev/null 2>&1; then
    echo "${NET.address} FAILED"
    return
  fi
  read -r ip router < /tmp/lease
  mkdir -p /www
  echo "${NET.http} $(hostname) $ip" > /www/index.html
  httpd -p 80 -h /www
  echo "${NET.address} $ip"
  if ping -c 3 -W 3 "$router" >/dev/null 2>&1; then
    echo "${NET.gateway} ok"
  else
    echo "${NET.gateway} fail"
  fi
}
case " $(cat /proc/cmdline) " in *" ${NET.word} "*) net & ;; esac
case " $(cat /proc/cmdline) " in
  *" ${ACTIONS.panic} "*) echo c > /proc/sysrq-trigger ;;
  *" ${ACTIONS.powerOff} "*) poweroff -f ;;
  *" ${ACTIONS.tick} "*) n=0; while true; do n=$((n + 1)); echo "${TICK} $n"; sleep 1; done ;;
esac
while true; do sleep 3600; done
`;

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.error !== undefined) throw new Error(`${command} could not run: ${result.error.message}`);
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status}): ${result.stderr.trim()}`);
  }
  return result.stdout;
}

/** The kernel release the meta package points at, e.g. `6.1.0-56-amd64`. */
function kernelRelease() {
  const depends = run('apt-cache', ['depends', META_PACKAGE]);
  const match = /Depends: linux-image-(\d\S*)/.exec(depends);
  if (match === null) {
    throw new Error(`apt-cache names no kernel for ${META_PACKAGE} (run apt-get update first): ${depends}`);
  }
  return match[1];
}

/** Throws unless busybox is statically linked: the initramfs has no C library for it. */
function checkStatic(elf) {
  if (elf.readUInt32BE(0) !== 0x7f454c46 || elf[4] !== 2)
    throw new Error(`${BUSYBOX} is not a 64-bit ELF file`);
  const phoff = Number(elf.readBigUInt64LE(0x20));
  const phentsize = elf.readUInt16LE(0x36);
  const phnum = elf.readUInt16LE(0x38);
  for (let i = 0; i < phnum; i += 1) {
    const PT_INTERP = 3;
    if (elf.readUInt32LE(phoff + i * phentsize) === PT_INTERP) {
      throw new Error(`${BUSYBOX} is dynamically linked; install the busybox-static package`);
    }
  }
}

/** `depends=` of a module, read from its .modinfo strings, as modinfo prints it. */
function moduleDepends(file) {
  const match = /\0depends=([^\0]*)\0/.exec(readFileSync(file).toString('latin1'));
  return match === null || match[1] === '' ? [] : match[1].split(',');
}

/** Every module file of the tree, by name (`-` and `_` are the same to the kernel). */
function indexModules(dir, index = new Map()) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) indexModules(path, index);
    else if (entry.name.endsWith('.ko')) index.set(entry.name.slice(0, -3).replaceAll('-', '_'), path);
  }
  return index;
}

/** The value of a kernel option (`y`, `m`) in the package's config file, or undefined. */
function kernelOption(config, option) {
  return new RegExp(`^${option}=(.*)$`, 'm').exec(config)?.[1];
}

/** The modules among `DRIVERS` and their dependencies, each after what it needs. */
function loadOrder(config, index) {
  const order = [];
  const visit = (name) => {
    const key = name.replaceAll('-', '_');
    if (order.includes(key)) return;
    const file = index.get(key);
    if (file === undefined) throw new Error(`module ${name} is not in the kernel package`);
    for (const dependency of moduleDepends(file)) visit(dependency);
    order.push(key);
  };
  for (const { option, module } of DRIVERS) {
    const value = kernelOption(config, option);
    if (value === 'm') visit(module);
    else if (value !== 'y')
      throw new Error(`the kernel lacks ${option} (${module}), which the test guest needs`);
  }
  return order.map((name) => ({ name, file: index.get(name) }));
}

/** A newc cpio archive of `entries` ({ path, mode, data?, target?, rdev? }), as the kernel unpacks it. */
function cpio(entries) {
  const chunks = [];
  const pad = (length) => Buffer.alloc((4 - (length % 4)) % 4);
  const hex = (value) => value.toString(16).padStart(8, '0');
  const add = (ino, { path, mode, data = Buffer.alloc(0), rdev = [0, 0] }) => {
    const name = Buffer.from(`${path}\0`);
    const fields = [ino, mode, 0, 0, 1, 0, data.length, 0, 0, rdev[0], rdev[1], name.length, 0];
    const header = Buffer.from(`070701${fields.map(hex).join('')}`);
    chunks.push(header, name, pad(header.length + name.length), data, pad(data.length));
  };
  entries.forEach((entry, i) => {
    const data = entry.target === undefined ? entry.data : Buffer.from(entry.target);
    add(i + 1, { ...entry, data });
  });
  add(0, { path: 'TRAILER!!!', mode: 0 });
  return Buffer.concat(chunks);
}

/**
 * Where the kernel is in the work tree, in the form that boots fastest. When the kernel can be
 * entered through PVH and its payload is xz, that is the payload unpacked: QEMU then loads an ELF
 * and the guest skips decompressing itself, which halves a TCG boot (about 3 s instead of 6.5 s
 * on a 2-core machine). Otherwise the bzImage as it is.
 */
function fastestKernel(work, bzImagePath, config, log) {
  const bzImage = readFileSync(bzImagePath);
  // Boot protocol 2.08+ names the payload's offset (from the protected-mode code) and length.
  const modern = bzImage.toString('latin1', 0x202, 0x206) === 'HdrS' && bzImage.readUInt16LE(0x206) >= 0x208;
  const setupSectors = bzImage[0x1f1] === 0 ? 4 : bzImage[0x1f1];
  const start = (setupSectors + 1) * 512 + (modern ? bzImage.readUInt32LE(0x248) : 0);
  const payload = bzImage.subarray(start, start + (modern ? bzImage.readUInt32LE(0x24c) : 0));
  const XZ_MAGIC = Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]);
  if (!modern || kernelOption(config, 'CONFIG_PVH') !== 'y' || !payload.subarray(0, 6).equals(XZ_MAGIC)) {
    log('test guest: the kernel cannot boot through PVH from an xz payload; using the bzImage (slower)');
    return { file: bzImagePath, name: 'vmlinuz' };
  }
  const packed = join(work, 'vmlinux.xz');
  writeFileSync(packed, payload);
  // --single-stream: the payload ends with the kernel's own 4-byte size after the xz stream.
  run('xz', ['--decompress', '--single-stream', packed]);
  return { file: join(work, 'vmlinux'), name: 'vmlinux' };
}

const DIR = 0o040755;
const FILE = 0o100644;
const EXEC = 0o100755;
const LINK = 0o120777;
const CHAR = 0o020600;

function initramfs(busybox, modules) {
  const entries = [
    ...[
      'bin',
      'sbin',
      'usr',
      'usr/bin',
      'usr/sbin',
      'dev',
      'proc',
      'sys',
      'tmp',
      'etc',
      'lib',
      'lib/modules',
    ].map((path) => ({ path, mode: DIR })),
    // The kernel opens /dev/console for init before any devtmpfs is mounted.
    { path: 'dev/console', mode: CHAR, rdev: [5, 1] },
    { path: 'bin/busybox', mode: EXEC, data: busybox },
    { path: 'bin/sh', mode: LINK, target: 'busybox' },
    { path: 'init', mode: EXEC, data: Buffer.from(INIT) },
    { path: 'etc/udhcpc.script', mode: EXEC, data: Buffer.from(UDHCPC_SCRIPT) },
    { path: 'lib/modules/load-order', mode: FILE, data: Buffer.from(modules.map((m) => m.name).join('\n')) },
    ...modules.map((m) => ({ path: `lib/modules/${m.name}.ko`, mode: FILE, data: readFileSync(m.file) })),
  ];
  return gzipSync(cpio(entries), { level: 9 });
}

function describe(dir, manifest) {
  return {
    dir,
    kernel: join(dir, manifest.kernel),
    initrd: join(dir, 'initrd.img'),
    cmdline: manifest.cmdline,
    marker: manifest.marker,
    actions: manifest.actions,
    tick: manifest.tick,
    net: manifest.net,
  };
}

function readManifest(dir) {
  try {
    return JSON.parse(readFileSync(join(dir, 'guest.json'), 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Holds the cache while `fn` runs: test files build in parallel workers, and one build must not
 * replace the guest another is booting. A lock left by a process that died is taken over.
 */
function withLock(fn) {
  mkdirSync(CACHE_DIR, { recursive: true });
  const lock = join(CACHE_DIR, '.lock');
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lock, 'utf8'));
      if (!alive(holder)) rmSync(lock, { force: true });
      else if (Date.now() > deadline) throw new Error(`${lock} is held by process ${holder}`);
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { force: true });
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * Builds the guest unless the cache holds it already; returns { dir, kernel, initrd, cmdline,
 * marker, actions, tick, net }. Logs go through `log`.
 */
export function buildTestGuest(options = {}) {
  return withLock(() => build(options));
}

function build({ force = false, log = console.error }) {
  const busybox = readFileSync(BUSYBOX);
  checkStatic(busybox);
  const recipe = createHash('sha256')
    .update(readFileSync(fileURLToPath(import.meta.url)))
    .update(busybox)
    .digest('hex');
  const release = kernelRelease();
  const dir = join(CACHE_DIR, release);
  const existing = readManifest(dir);
  if (!force && existing?.recipe === recipe) {
    log(`test guest: up to date in ${dir}`);
    return describe(dir, existing);
  }

  const work = mkdtempSync(join(CACHE_DIR, '.work-'));
  try {
    const pkg = `linux-image-${release}`;
    log(`test guest: downloading ${pkg}`);
    // As root, apt hands the download to its _apt user, which cannot write to this private directory.
    const sandbox = process.getuid?.() === 0 ? ['-o', 'APT::Sandbox::User=root'] : [];
    run('apt-get', ['download', ...sandbox, pkg], { cwd: work });
    const deb = readdirSync(work).find((name) => name.startsWith(`${pkg}_`) && name.endsWith('.deb'));
    if (deb === undefined) throw new Error(`apt-get download left no ${pkg} package in ${work}`);
    const root = join(work, 'root');
    run('dpkg', ['-x', join(work, deb), root]);

    const config = readFileSync(join(root, 'boot', `config-${release}`), 'utf8');
    const kernel = fastestKernel(work, join(root, 'boot', `vmlinuz-${release}`), config, log);
    const modules = loadOrder(config, indexModules(join(root, 'lib', 'modules', release)));

    const out = join(work, 'out');
    mkdirSync(out);
    renameSync(kernel.file, join(out, kernel.name));
    writeFileSync(join(out, 'initrd.img'), initramfs(busybox, modules));
    const manifest = {
      kernelRelease: release,
      kernelPackage: deb,
      kernel: kernel.name,
      modules: modules.map((m) => m.name),
      cmdline: CMDLINE,
      marker: MARKER,
      actions: ACTIONS,
      tick: TICK,
      net: NET,
      recipe,
    };
    writeFileSync(join(out, 'guest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    // One guest at a time: builds for earlier kernel releases go.
    for (const entry of readdirSync(CACHE_DIR)) {
      if (!entry.startsWith('.')) rmSync(join(CACHE_DIR, entry), { recursive: true, force: true });
    }
    renameSync(out, dir);
    log(`test guest: built ${dir} (kernel ${release}, modules ${manifest.modules.join(' ')})`);
    return describe(dir, manifest);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const guest = buildTestGuest({ force: process.argv.includes('--force') });
    if (process.argv.includes('--json')) console.log(JSON.stringify(guest));
  } catch (error) {
    console.error(`test guest: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
