/**
 * Attestation of a real guest: `hvctl serve` with the QEMU driver (TCG) boots the tiny test
 * guest with a disk attached; its report measures the kernel, the initramfs and the SeaBIOS file
 * QEMU loads (compared with `sha384sum`), names the disk, and verifies. A changed definition
 * changes the measurement, which verification against the old value names.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { requireTools, type ServiceProcess } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killQemuUnder } from '../support/qemu-processes.js';
import { requireTestGuest, serveQemu, type GuestGate, type TestGuest } from '../support/guest.js';
import { apiCall } from '../support/http.js';
import { createToken } from '../support/socket-client.js';

const tools = requireTools(['qemu-system-x86_64', 'qemu-img', 'sha384sum']);
const gate: GuestGate = tools.skip ? { skip: true, reason: tools.reason } : await requireTestGuest();
const dir = mkdtempSync(join(tmpdir(), 'hv-attest-'));
// The last hook: whatever QEMU a failed or timed-out test left under this directory goes.
afterAll(async () => {
  await killQemuUnder(dir);
  rmSync(dir, { recursive: true, force: true });
});
let service: ServiceProcess;
let token: string;
let guest: TestGuest;

const api = (method: string, path: string, body?: unknown) => apiCall(service.url, token, method, path, body);

const sha384sum = (file: string): string =>
  execFileSync('sha384sum', [file], { encoding: 'utf8' }).split(' ')[0]!;
const nonce = (text: string): string => Buffer.from(text.padEnd(16, '.')).toString('base64');

describe.skipIf(gate.skip)('attestation of a guest under QEMU (TCG)', () => {
  beforeAll(async () => {
    if (gate.skip) return;
    guest = gate.guest;
    service = await serveQemu(dir, guest, ['--stop-timeout-ms', '2000']);
    token = await createToken(join(dir, 'run', 'api.sock'), ['vm:write', 'storage:write', 'pqc:write']);
  }, 300_000);

  afterAll(async () => {
    await api('DELETE', '/vms/measured?force=true').catch(() => undefined);
    await service?.stop();
  });

  it('measures the boot payload, the firmware and the disks of the running guest, and verifies', async () => {
    expect((await api('POST', '/storage', { name: 'scratch', size: '16M' })).status).toBe(201);
    await api('POST', '/vms', {
      name: 'measured',
      cpu: { count: 1 },
      memory: { size: '256M' },
      devices: { storage: [{ type: 'virtio-blk', path: 'scratch', format: 'qcow2' }] },
      boot: { kernel: basename(guest.kernel), initrd: basename(guest.initrd), cmdline: guest.cmdline },
    });
    expect((await api('POST', '/vms/measured/start')).body.state).toBe('RUNNING');

    const attested = await api('POST', '/vms/measured/attest', { nonce: nonce('first') });
    expect(attested.status).toBe(200);
    const report = attested.body;
    const components = report.measurement.components;
    expect(components.kernel).toBe(sha384sum(guest.kernel));
    expect(components.initrd).toBe(sha384sum(guest.initrd));
    expect(basename(components.firmware.file)).toBe('bios-256k.bin');
    expect(components.firmware.sha384).toBe(sha384sum(components.firmware.file));
    expect(components.disks).toEqual([
      { name: 'scratch', format: 'qcow2', virtual_size_bytes: 16 * 1024 * 1024 },
    ]);
    expect(report.host).toMatchObject({
      driver: 'qemu',
      accelerator: 'tcg',
      qemu_version: expect.any(String),
    });

    const verified = await api('POST', '/pqc/verify', {
      report,
      nonce: nonce('first'),
      expected_measurement: report.measurement.value,
    });
    expect(verified.body).toMatchObject({ valid: true, reasons: [] });

    // Another definition is another measurement: what was attested before no longer matches.
    expect((await api('POST', '/vms/measured/stop', { force: true })).body.state).toBe('STOPPED');
    await api('PATCH', '/vms/measured', { memory: { size: '192M' } });
    await api('POST', '/vms/measured/start');
    const changed = (await api('POST', '/vms/measured/attest', { nonce: nonce('second') })).body;
    expect(changed.measurement.components.kernel).toBe(components.kernel);
    expect(changed.measurement.components.definition).not.toBe(components.definition);
    const mismatch = await api('POST', '/pqc/verify', {
      report: changed,
      expected_measurement: report.measurement.value,
    });
    expect(mismatch.body.valid).toBe(false);
    expect(mismatch.body.reasons).toEqual([
      `measurement: ${changed.measurement.value} is not the expected ${report.measurement.value}`,
    ]);
  }, 240_000);
});
