/**
 * The driver and its accelerator, chosen once at start: in-process for the simulated driver and an
 * explicit `--accel tcg`, and end to end for `--accel auto`, where the real service runs the real
 * probe on this host, whatever kind it is (KVM works, crashes, hangs, or is absent): its log line,
 * `/system/info` and the process table must agree with one another.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@lab/server-kit';
import { requireTools } from '@lab/server-kit/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { probeKvm } from '../../src/drivers/qemu/host.js';
import { createQemuDriver } from '../../src/drivers/qemu/qemu-driver.js';
import { givenDriver, selectDriver } from '../../src/drivers/select.js';
import { killQemuUnder, qemuProcessesUnder } from '../support/qemu-processes.js';
import { serveHypervisor } from '../support/serve.js';
import { socketApi } from '../support/socket-client.js';

const dir = mkdtempSync(join(tmpdir(), 'hv-select-'));
afterAll(async () => {
  await killQemuUnder(dir);
  rmSync(dir, { recursive: true, force: true });
});
const logger = createLogger({ service: 'select-test', level: 'silent' });
const tools = requireTools(['qemu-system-x86_64']);
const settings = { runDir: join(dir, 'run'), kvmProbeTimeoutMs: 5_000 };

describe('selectDriver', () => {
  it('gives the simulated driver no accelerator and says why', async () => {
    const { driver, accelerator } = await selectDriver(
      { ...settings, driver: 'simulated', accel: 'auto' },
      logger,
    );
    expect(driver.name).toBe('simulated');
    expect(accelerator).toEqual({
      requested: 'auto',
      selected: 'none',
      reason: 'the simulated driver runs no guest',
      probedAt: null,
      probeMs: null,
    });
    await driver.close();
  });

  it("describes a driver made elsewhere by that driver's accelerator", async () => {
    const qemu = createQemuDriver({ runDir: settings.runDir, accelerator: 'tcg', logger });
    expect(givenDriver(qemu, 'auto').accelerator).toEqual({
      requested: 'auto',
      selected: 'tcg',
      reason: 'the driver was given to the service ready-made',
      probedAt: null,
      probeMs: null,
    });
    await qemu.close();
  });

  it.skipIf(tools.skip)(
    `runs no probe for --accel tcg${tools.skip ? ` (skipped: ${tools.reason})` : ''}`,
    async () => {
      const { driver, accelerator } = await selectDriver(
        { ...settings, driver: 'qemu', accel: 'tcg' },
        logger,
      );
      expect([driver.name, driver.accelerator]).toEqual(['qemu', 'tcg']);
      expect(accelerator).toMatchObject({ requested: 'tcg', selected: 'tcg', probedAt: null, probeMs: null });
      expect(existsSync(settings.runDir) ? readdirSync(settings.runDir) : []).toEqual([]);
      await driver.close();
    },
  );
});

describe.skipIf(tools.skip)(
  `hvctl serve --accel auto on this host${tools.skip ? ` (skipped: ${tools.reason})` : ''}`,
  () => {
    it('chooses by the probe within its bound, logs it, shows it in /system/info and leaves no QEMU', async () => {
      const root = join(dir, 'serve');
      const boundMs = 2_000;
      const service = await serveHypervisor(root, [
        '--driver',
        'qemu',
        '--kvm-probe-timeout-ms',
        String(boundMs),
      ]);
      try {
        const info = (await socketApi(join(root, 'run'), 'GET', '/system/info')).body;
        const selection = info.accelerator_selection;
        expect(selection).toMatchObject({ requested: 'auto', selected: info.accelerator });
        const device = probeKvm();
        if (!device.usable) {
          expect(selection).toEqual({
            requested: 'auto',
            selected: 'tcg',
            reason: device.reason,
            probed_at: null,
            probe_ms: null,
          });
        } else {
          expect(Date.parse(selection.probed_at)).toBeLessThanOrEqual(Date.now());
          // The probe ends at its bound at the latest (the kill and QEMU's end take a few ms more).
          expect(selection.probe_ms).toBeLessThan(boundMs + 1_000);
          if (selection.selected === 'kvm') expect(selection.reason).toMatch(/^a KVM guest reached/);
          else expect(selection.reason).toMatch(/^(KVM guest did not reach|QEMU with KVM)/);
        }
        const line = service.logs.find((entry) => entry.reason === selection.reason);
        // Falling back from auto is a warning; KVM chosen is information.
        expect(line).toMatchObject({
          level: selection.selected === 'kvm' ? 30 : 40,
          accelerator: selection.selected,
        });
        if (selection.selected === 'tcg') {
          expect(line?.msg).toBe(`KVM is not used, VMs run under TCG: ${selection.reason}`);
        }
      } finally {
        await service.stop();
      }
      expect(qemuProcessesUnder(root)).toEqual([]);
      expect(readdirSync(join(root, 'run')).filter((name) => name.startsWith('kvm-probe-'))).toEqual([]);
    }, 60_000);
  },
);
