/**
 * The `/system` routes on this very host: what they answer is compared with what /proc, `nproc`,
 * `uname` and `df` say here.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/in-process.js';
import { createToken, socketApi } from '../support/socket-client.js';

let service: TestService;
const api = async (path: string, method = 'GET', body?: unknown) =>
  (await socketApi(service.runDir, method, path, body)).body;
const run = (command: string, args: string[]) => execFileSync(command, args, { encoding: 'utf8' }).trim();
/** A `Name: value` field of a /proc file. */
const procField = (file: string, name: string) =>
  new RegExp(`^${name}\\s*:\\s*(.*)$`, 'm').exec(readFileSync(file, 'utf8'))?.[1]?.trim();

beforeAll(async () => {
  service = await startTestService();
  mkdirSync(join(service.dataDir, 'boot'), { recursive: true });
  writeFileSync(join(service.dataDir, 'boot', 'vmlinuz'), 'kernel');
});
afterAll(async () => service?.close());

describe('GET /system/info', () => {
  it("states this host's CPU model, memory, logical CPUs and kernel", async () => {
    const info = await api('/system/info');
    expect(info.cpu.model).toBe(procField('/proc/cpuinfo', 'model name'));
    expect(info.cpu.threads).toBe(Number(run('nproc', [])));
    expect(info.cpu.cores).toBeGreaterThanOrEqual(1);
    expect(info.memory_total_bytes).toBe(
      Number(procField('/proc/meminfo', 'MemTotal')?.replace(' kB', '')) * 1024,
    );
    expect(info.kernel).toBe(run('uname', ['-r']));
    expect(info.hostname).toBe(run('hostname', []));
    expect(info).toMatchObject({ driver: 'simulated', accelerator: 'none', version: expect.any(String) });
    // On loopback without --tls-cert the listeners are plain.
    expect(info.tls).toEqual({ enabled: false, fingerprint: null, self_signed: false });
    expect(info.accelerator_selection).toEqual({
      requested: 'tcg',
      selected: 'none',
      reason: 'the simulated driver runs no guest',
      probed_at: null,
      probe_ms: null,
    });
    expect(typeof info.kvm.available).toBe('boolean');
    if (!info.kvm.available) expect(info.kvm.reason).toMatch(/^\/dev\/kvm /);
  });

  it('answers a token with system:read over TCP', async () => {
    const token = await createToken(join(service.runDir, 'api.sock'), ['system:read']);
    const response = await service.app.inject({
      method: 'GET',
      url: '/api/v1/system/info',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveProperty('cpu.threads');
  });
});

describe('GET /system/stats', () => {
  it("states this host's memory, CPU use, load, uptime and the images directory's filesystem", async () => {
    const stats = await api('/system/stats');
    const total = Number(procField('/proc/meminfo', 'MemTotal')?.replace(' kB', '')) * 1024;
    expect(stats.memory.total_bytes).toBe(total);
    expect(stats.memory.used_bytes + stats.memory.available_bytes).toBe(total);
    const { cpu } = stats;
    expect(cpu.percent).toBeGreaterThanOrEqual(0);
    expect(cpu.percent).toBeLessThanOrEqual(100);
    expect(cpu.percent + cpu.iowait + cpu.idle).toBeCloseTo(100, 0);
    expect(cpu.interval_ms).toBeGreaterThanOrEqual(100);
    const uptime = Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]);
    expect(Math.abs(stats.uptime_seconds - uptime)).toBeLessThan(5);
    expect(Object.values(stats.load_average)).toHaveLength(3);

    const images = join(service.dataDir, 'images');
    const [size] = run('df', ['--block-size=1', '--output=size', images]).split('\n').slice(1).map(Number);
    expect(stats.storage_pools).toEqual([
      expect.objectContaining({ name: 'default', path: images, total_bytes: size }),
    ]);
  });

  it('counts the VMs that run or are paused', async () => {
    const running = async () => (await api('/system/stats')).running_vms;
    expect(await running()).toBe(0);
    await api('/vms', 'POST', {
      name: 'busy',
      cpu: { count: 1 },
      memory: { size: '64M' },
      boot: { kernel: 'vmlinuz' },
    });
    expect(await running()).toBe(0);
    await api('/vms/busy/start', 'POST');
    expect(await running()).toBe(1);
    await api('/vms/busy/pause', 'POST');
    expect(await running()).toBe(1);
    await api('/vms/busy/stop', 'POST', { force: true });
    expect(await running()).toBe(0);
  });
});

describe('GET /system/cc', () => {
  it("states each feature from this host's CPU flags and kvm module parameters", async () => {
    const cc = await api('/system/cc');
    expect(cc.cpu_vendor).toBe(procField('/proc/cpuinfo', 'vendor_id') ?? null);
    const flags = new Set(procField('/proc/cpuinfo', 'flags')?.split(' '));
    const features = { sev: 'sev', sev_es: 'sev_es', sev_snp: 'sev_snp', tdx: 'tdx_host_platform' };
    for (const [feature, flag] of Object.entries(features)) {
      if (!flags.has(flag)) {
        expect(cc[feature]).toEqual({
          available: false,
          source: `/proc/cpuinfo flag ${flag}`,
          reason: `the CPU does not report ${flag}`,
        });
      } else {
        expect(cc[feature].source).toMatch(/\/sys\/module\/kvm_(amd|intel)\/parameters\//);
      }
    }
  });
});

describe('GET /system/iommu', () => {
  it("lists this host's IOMMU groups: enabled false and none when /sys lists none", async () => {
    const dir = '/sys/kernel/iommu_groups';
    const ids = existsSync(dir) ? readdirSync(dir).map(Number) : [];
    const iommu = await api('/system/iommu');
    expect(iommu.enabled).toBe(ids.length > 0);
    expect(iommu.groups.map((group: { id: number }) => group.id).sort()).toEqual(ids.sort());
  });
});

describe('GET /system/config', () => {
  it('shows the settings the service runs with, in snake_case', async () => {
    expect(await api('/system/config')).toEqual({
      host: '127.0.0.1',
      port: 0,
      data_dir: service.dataDir,
      run_dir: service.runDir,
      grpc_port: 0,
      log_level: 'silent',
      accel: 'tcg',
      kvm_probe_timeout_ms: 5000,
      stop_timeout_ms: 2000,
      driver: 'simulated',
      insecure_tcp: false,
    });
  });
});
