/** `hvctl system ...` (the compiled binary) against a real `hvctl serve --driver simulated`. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatUptime } from '../../src/cli/system.js';
import { runHvctl, startCliService, type CliService } from '../support/cli.js';

let cli: CliService;

beforeAll(async () => {
  cli = await startCliService({ prefix: 'hvctl-system-' });
});

afterAll(async () => cli?.stop());

function hvctl(...args: string[]) {
  const out = runHvctl(cli.socket, ['system', ...args]);
  expect(out.stderr).toBe('');
  expect(out.status).toBe(0);
  return out.stdout;
}

describe('hvctl system', { timeout: 60_000 }, () => {
  it('info: the host facts, as fields and as the JSON of the API', () => {
    const text = hvctl('info');
    expect(text).toMatch(/^cpu: +.+, \d+ cores, \d+ threads$/m);
    expect(text).toMatch(/^kvm: +(available|unavailable: .+)$/m);
    expect(text).toMatch(/^driver: +simulated, accelerator none$/m);
    expect(text).toMatch(/^accelerator: +none \(--accel auto: the simulated driver runs no guest\)$/m);
    expect(JSON.parse(hvctl('info', '--json'))).toMatchObject({
      driver: 'simulated',
      cpu: { threads: expect.any(Number) },
    });
  });

  it('stats: CPU, memory, load and uptime, then the storage pools as a table', () => {
    const text = hvctl('stats');
    expect(text).toMatch(/^cpu: +\d+\.\d % \(user [\d.]+, system [\d.]+, iowait [\d.]+, steal [\d.]+\)$/m);
    expect(text).toMatch(/^memory: +\S+ used of \S+, \S+ available$/m);
    expect(text).toMatch(/^running vms: +0$/m);
    expect(text).toMatch(/^POOL +PATH +SIZE +USED +FREE\ndefault +\S+images +\S+ +\S+ +\S+$/m);
    expect(JSON.parse(hvctl('stats', '--json')).storage_pools[0].name).toBe('default');
  });

  it('cc: each feature with whether it is available and why', () => {
    const text = hvctl('cc');
    expect(text).toMatch(/^cpu vendor: \S+\n\nFEATURE +AVAILABLE +WHY\nSEV +(yes|no) +\S/);
    expect(
      text
        .trimEnd()
        .split('\n')
        .slice(3)
        .map((line) => line.split(/ +/)[0]),
    ).toEqual(['SEV', 'SEV-ES', 'SEV-SNP', 'TDX']);
    expect(Object.keys(JSON.parse(hvctl('cc', '--json')))).toEqual([
      'cpu_vendor',
      'sev',
      'sev_es',
      'sev_snp',
      'tdx',
    ]);
  });

  it('iommu: the groups, or says there are none', () => {
    const iommu = JSON.parse(hvctl('iommu', '--json'));
    expect(hvctl('iommu')).toMatch(
      iommu.enabled ? /^GROUP +ADDRESS +VENDOR:DEVICE +CLASS +DRIVER$/m : /^IOMMU: not enabled/,
    );
  });

  it('config: the settings in snake_case', () => {
    expect(hvctl('config')).toMatch(/^driver: +simulated$/m);
    expect(JSON.parse(hvctl('config', '--json'))).toMatchObject({
      driver: 'simulated',
      run_dir: cli.runDir,
    });
  });
});

describe('formatUptime', () => {
  it('shows days, hours and minutes, leaving out leading zeros', () => {
    expect(formatUptime(59)).toBe('0m');
    expect(formatUptime(3 * 3600 + 120)).toBe('3h 2m');
    expect(formatUptime(93784)).toBe('1d 2h 3m');
    expect(formatUptime(86_400)).toBe('1d 0h 0m');
  });
});
