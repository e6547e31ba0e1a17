/**
 * QEMU's TLS migration under the driver, on real QEMU (TCG): two VMs of one driver on 127.0.0.1,
 * one waiting for the stream, with the certificates as the service has them (the destination's a
 * self-signed host identity, a host CA and its server certificate; the source's one made for the
 * migration). Each side trusts exactly the other's certificate: the stream fails when the
 * destination presents another certificate than the one the source pinned, or the host name is not
 * the certificate's (the guest runs on at the source), and when the source presents another than
 * the one the destination takes, whose QEMU then goes on waiting for the right one, and completes
 * with it. No VM needs booting: a machine without a disk migrates as well.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@lab/server-kit';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TlsIdentity } from '../../../src/domain/tls-identity.js';
import {
  makeMigrationCertificate,
  type MigrationCertificate,
} from '../../../src/drivers/migration-certificate.js';
import type { MigrationTls } from '../../../src/drivers/migration-driver.js';
import { createQemuDriver } from '../../../src/drivers/qemu/qemu-driver.js';
import { vmRunFiles } from '../../../src/drivers/qemu/run-files.js';
import { makeSelfSigned } from '../../../src/drivers/tls-certificate.js';
import type { DriverEvent, VmDriver } from '../../../src/drivers/vm-driver.js';
import { killQemuUnder } from '../../support/qemu-processes.js';
import { until } from '../../support/until.js';

const tools = requireTools(['qemu-system-x86_64']);
const dir = mkdtempSync(join(tmpdir(), 'hv-qemu-migration-tls-'));
const runDir = join(dir, 'run');
let driver: VmDriver;
const events: { vm: string; event: DriverEvent }[] = [];

afterAll(async () => {
  await driver?.close();
  await killQemuUnder(dir);
  rmSync(dir, { recursive: true, force: true });
});

const NAMES = { commonName: 'dest', dnsNames: ['localhost'], ipAddresses: ['127.0.0.1'] };
let destination: TlsIdentity;
let impostor: TlsIdentity;
let source: MigrationCertificate;
let otherSource: MigrationCertificate;

const spec = (name: string, incoming: boolean) => ({
  name,
  uuid: randomUUID(),
  cpus: 1,
  memoryBytes: 64 << 20,
  disks: [],
  boot: null,
  nics: [],
  incoming,
});

/** A destination VM waiting for a TLS stream from the holder of `client`. */
async function listening(name: string, client: MigrationCertificate): Promise<string> {
  await driver.start(spec(name, true));
  const tls: MigrationTls = { ...destination, peerCertPem: client.certPem };
  return (await driver.migration.listen(name, '127.0.0.1', tls)).uri;
}

function send(uri: string, tls: MigrationTls & { hostname: string }) {
  return driver.migration.send('src', {
    uri,
    tls,
    signal: AbortSignal.timeout(60_000),
    onProgress: () => undefined,
  });
}

const credentialDirs = (vm: string): string[] => {
  const vmDir = vmRunFiles(runDir, vm).dir;
  return existsSync(vmDir) ? readdirSync(vmDir).filter((f) => f.startsWith('migration-tls')) : [];
};

describe.skipIf(tools.skip)('QEMU live migration over TLS (TCG)', () => {
  beforeAll(async () => {
    [destination, impostor, source, otherSource] = await Promise.all([
      makeSelfSigned(NAMES),
      makeSelfSigned(NAMES),
      makeMigrationCertificate('src'),
      makeMigrationCertificate('src'),
    ]);
    driver = createQemuDriver({
      runDir,
      accelerator: 'tcg',
      logger: createLogger({ service: 'test', level: 'silent' }),
    });
    driver.onEvent((vm, event) => events.push({ vm, event }));
    await driver.start(spec('src', false));
  }, 60_000);

  it('refuses a destination presenting another certificate than the one pinned, or for another name', async () => {
    const uri = await listening('dst2', source);
    await expect(
      send(uri, { ...source, peerCertPem: impostor.certPem, hostname: '127.0.0.1' }),
    ).rejects.toMatchObject({ code: 'MIGRATION_FAILED', message: expect.stringContaining('issuer') });
    const other = await listening('dst3', source);
    await expect(
      send(other, { ...source, peerCertPem: destination.certPem, hostname: 'elsewhere.example' }),
    ).rejects.toMatchObject({
      code: 'MIGRATION_FAILED',
      message: expect.stringContaining('does not match the hostname elsewhere.example'),
    });
  }, 60_000);

  it('refuses a source presenting another certificate than the one taken, and the holder of that one then gets through', async () => {
    const uri = await listening('dst1', source);
    await expect(
      send(uri, { ...otherSource, peerCertPem: destination.certPem, hostname: '127.0.0.1' }),
    ).rejects.toMatchObject({ code: 'MIGRATION_FAILED' });
    // The refused connection does not end the destination's wait.
    const result = await send(uri, { ...source, peerCertPem: destination.certPem, hostname: '127.0.0.1' });
    expect(result.transferredBytes).toBeGreaterThan(0);
    await until('the guest to run at the destination', () =>
      events.some((e) => e.vm === 'dst1' && e.event.kind === 'resumed'),
    );
    for (const vm of ['src', 'dst1', 'dst2', 'dst3']) expect(credentialDirs(vm)).toEqual([]);
  }, 60_000);
});
