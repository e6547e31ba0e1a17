/**
 * The part of the VM driver that moves a running guest to another host: QEMU's pre-copy live
 * migration over TCP, as libvirt drives it. The destination's QEMU is started waiting
 * (`LaunchSpec.incoming`) and `listen` opens its port; the source's `send` streams the guest's
 * RAM and device state there while the guest runs, then stops the guest for the last dirty pages
 * and the devices (the downtime) and the destination's QEMU starts it. Disk images are not copied:
 * both hosts open the same files on shared storage.
 *
 * The core owns the states and talks to the other host; a driver only carries the migration out.
 *
 * Beyond loopback the stream is TLS (QEMU's `tls-creds-x509`): each side presents a certificate
 * and trusts exactly one, the other side's, as a pin rather than an authority.
 */

/** `tcp:HOST:PORT`, the URI of a migration stream; an IPv6 address goes in brackets. */
export function tcpUri(host: string, port: number | string): string {
  return `tcp:${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** How far a migration is, from QEMU's `query-migrate`. */
export interface MigrationProgress {
  /** QEMU's status: `setup`, `active`, `device`, `completed`, ... */
  status: string;
  /** RAM bytes sent so far (pages sent again once dirtied count again). */
  transferredBytes: number;
  /** RAM bytes still to send; grows again when the guest dirties pages faster than they go. */
  remainingBytes: number;
  /** The guest's RAM. */
  totalBytes: number;
}

/** What a completed migration took, as QEMU measured it. */
export interface MigrationResult {
  /** From `migrate` to completion. */
  totalTimeMs: number;
  /** The guest was stopped for this long: the last pages and the devices, on the source's side. */
  downtimeMs: number;
  setupTimeMs: number;
  transferredBytes: number;
  totalBytes: number;
  /** The throughput QEMU measured, megabits per second. */
  mbps: number;
}

/** The TLS of a migration stream, as one side sees it (PEM). */
export interface MigrationTls {
  /** What this side presents: its certificate (a chain may follow the leaf) and its private key. */
  certPem: string;
  keyPem: string;
  /** The certificate the other side must present: trusted as it is, nothing issued under it. */
  peerCertPem: string;
}

export interface SendOptions {
  /** Where the destination's QEMU listens: `tcp:HOST:PORT`. */
  uri: string;
  /** The longest the guest may be stopped at the end (QEMU `downtime-limit`; its default 300). */
  downtimeLimitMs?: number;
  /** Bytes per second the stream may use (QEMU `max-bandwidth`); unlimited when absent. */
  maxBandwidthBytes?: number;
  /**
   * TLS to the destination, whose certificate must also name `hostname` (the host of its URL);
   * absent: a plain stream.
   */
  tls?: MigrationTls & { hostname: string };
  /** Aborted to cancel: the migration stops and the guest runs on here. */
  signal: AbortSignal;
  onProgress(progress: MigrationProgress): void;
}

/** How the last migration of a VM's QEMU ended, asked after a restart of the service. */
export type MigrationOutcome = 'none' | 'cancelled' | 'completed';

export interface MigrationDriver {
  /**
   * The VM's QEMU was started with `LaunchSpec.incoming`: it listens for the migration stream on
   * `host`, on a port the system picks; with `tls`, only a TLS stream from the source holding the
   * certificate `tls.peerCertPem` is taken. Resolves with the URI the source sends to.
   */
  listen(vm: string, host: string, tls?: MigrationTls): Promise<{ uri: string; port: number }>;
  /**
   * Sends the running VM to `uri`. Resolves once QEMU reports the migration completed: the guest
   * is stopped here for good (its QEMU waits in `postmigrate`; `resume` would take the guest back)
   * and its state is on the destination. Rejects when it failed or was cancelled, and the guest
   * runs on here.
   */
  send(vm: string, options: SendOptions): Promise<MigrationResult>;
  /**
   * After a restart of the service: cancels a migration the VM's QEMU still runs, and tells
   * whether the last one had completed (the guest is then stopped here and may run elsewhere).
   */
  settle(vm: string): Promise<MigrationOutcome>;
}
