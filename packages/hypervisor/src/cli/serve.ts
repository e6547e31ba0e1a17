/** `hvctl serve`: validate the settings, open the store, serve REST on TCP and the Unix socket. */
import { addServeOptions } from '@lab/server-kit/cli';
import { Option, type Command } from 'commander';
import {
  API_PREFIX,
  DEFAULT_DATA_DIR,
  DEFAULT_GRPC_PORT,
  DEFAULT_KVM_PROBE_TIMEOUT_MS,
  DEFAULT_PORT,
  DEFAULT_RUN_DIR,
  DEFAULT_STOP_TIMEOUT_MS,
  ServeConfigSchema,
} from '../config.js';

/** The server is loaded here, not at start: every other command starts without Fastify, gRPC or SQLite. */
async function runServe(flags: Record<string, unknown>): Promise<void> {
  const [{ runService }, { buildServer }, { openStore }] = await Promise.all([
    import('@lab/server-kit'),
    import('../api/server.js'),
    import('../store/database.js'),
  ]);
  return runService(
    {
      service: 'hypervisor',
      configSchema: ServeConfigSchema,
      prefix: API_PREFIX,
      openStore,
      buildApp: buildServer,
    },
    flags,
  );
}

/** `serve` with the kit's flags and the hypervisor's own, each also read from an `HV_` variable. */
export function addServeCommand(program: Command): void {
  addServeOptions(program.command('serve').description('Run the management API'), 'HV', {
    port: DEFAULT_PORT,
    dataDir: DEFAULT_DATA_DIR,
  })
    .addOption(
      new Option('--grpc-port <port>', `gRPC port (default ${DEFAULT_GRPC_PORT})`).env('HV_GRPC_PORT'),
    )
    .addOption(
      new Option('--grpc-host <address>', 'address of the gRPC listener (default: that of --host)').env(
        'HV_GRPC_HOST',
      ),
    )
    .addOption(
      new Option('--tls-cert <file>', 'PEM certificate of the TCP listeners (with --tls-key)').env(
        'HV_TLS_CERT',
      ),
    )
    .addOption(new Option('--tls-key <file>', 'PEM private key of --tls-cert').env('HV_TLS_KEY'))
    .addOption(
      new Option(
        '--insecure-tcp',
        'plain TCP beyond loopback instead of a self-signed certificate (tokens cross the network in clear)',
      ).env('HV_INSECURE_TCP'),
    )
    .addOption(
      new Option(
        '--run-dir <dir>',
        `run directory: api.sock and VM runtime files (default ${DEFAULT_RUN_DIR})`,
      ).env('HV_RUN_DIR'),
    )
    .addOption(
      new Option(
        '--boot-dir <dir>',
        'where boot.kernel/boot.initrd paths point into (default {data-dir}/boot)',
      ).env('HV_BOOT_DIR'),
    )
    .addOption(
      new Option('--driver <driver>', 'VM driver (default: qemu when installed, else simulated)')
        .choices(['qemu', 'simulated'])
        .env('HV_DRIVER'),
    )
    .addOption(
      new Option(
        '--accel <accel>',
        'QEMU accelerator (default auto: KVM when /dev/kvm opens and a probe guest runs under it, else TCG)',
      )
        .choices(['auto', 'kvm', 'tcg'])
        .env('HV_ACCEL'),
    )
    .addOption(
      new Option(
        '--kvm-probe-timeout-ms <ms>',
        `bound of the KVM probe guest of --accel auto (default ${DEFAULT_KVM_PROBE_TIMEOUT_MS})`,
      ).env('HV_KVM_PROBE_TIMEOUT_MS'),
    )
    .addOption(
      new Option(
        '--stop-timeout-ms <ms>',
        `wait for an ACPI power-off before a hard stop (default ${DEFAULT_STOP_TIMEOUT_MS})`,
      ).env('HV_STOP_TIMEOUT_MS'),
    )
    .addOption(
      new Option(
        '--luks-iter-time-ms <ms>',
        "PBKDF time of each new LUKS key slot (default qemu-img's 2000; lower only for tests)",
      ).env('HV_LUKS_ITER_TIME_MS'),
    )
    .addOption(
      new Option(
        '--pqc-vectors-dir <dir>',
        'ACVP vector sets of the PQC self-test (default: those shipped with the service)',
      ).env('HV_PQC_VECTORS_DIR'),
    )
    .action(runServe);
}
