/**
 * `hvctl network tunnel set|show|remove` (the compiled binary) against `hvctl serve --driver
 * simulated`: the tunnel configured from files (the token from standard input), shown while its
 * peer cannot be reached (down, with the reason), and removed. The exchange itself between two
 * services is test/api/network-tunnel-routes.test.ts.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hvctlJson, runHvctl, SLOW, startCliService, type CliService } from '../support/cli.js';
import { until } from '../support/until.js';

let cli: CliService;
const hvctl = (args: readonly string[], input?: string) =>
  runHvctl(cli.socket, args, input === undefined ? {} : { input });
const json = <T = Record<string, any>>(args: readonly string[]): T => hvctlJson<T>(cli.socket, args);

beforeAll(async () => {
  cli = await startCliService({ prefix: 'hvctl-tunnel-' });
}, 60_000);
afterAll(async () => cli?.stop());

describe('hvctl network tunnel', SLOW, () => {
  it('sets, shows and removes a tunnel', async () => {
    expect(hvctl(['key', 'create', 'sign', '--algorithm', 'ML-DSA-65', '--purpose', 'signing']).status).toBe(
      0,
    );
    const pem = join(cli.dir, 'peer.pem');
    writeFileSync(pem, hvctl(['key', 'public', 'sign', '--format', 'pem']).stdout);
    expect(hvctl(['network', 'create', 'lan', '--mode', 'nat', '--subnet', '10.243.1.0/24']).status).toBe(0);
    expect(hvctl(['network', 'tunnel', 'show', 'lan']).stdout).toBe("network 'lan' has no tunnel\n");

    const set = hvctl(
      [
        'network',
        'tunnel',
        'set',
        'lan',
        '--peer-url',
        'http://127.0.0.1:9/api/v1/networks/lan',
        '--peer-token-file',
        '-',
        '--peer-signing-key-file',
        pem,
        '--signing-key',
        'sign',
        '--listen-port',
        '51830',
        '--endpoint',
        '127.0.0.1:51831',
        '--remote-subnet',
        '10.243.2.0/24',
        '--remote-subnet',
        '10.243.3.0/24',
        '--rekey-seconds',
        '5',
      ],
      'hvt_not-a-real-token\n',
    );
    expect(set).toMatchObject({ status: 0, stderr: '' });
    expect(set.stdout).toMatch(/^tunnel of network 'lan' set: down \(no key agreed with the peer yet/);

    const shown = await until('a failed exchange', () => {
      const t = json(['network', 'tunnel', 'show', 'lan']);
      return t.failed_exchanges > 0 ? t : undefined;
    });
    expect(shown).toMatchObject({
      state: 'down',
      interface: 'hw-lan',
      listen_port: 51830,
      remote_subnets: ['10.243.2.0/24', '10.243.3.0/24'],
      rekey_seconds: 5,
      key_lifetime_seconds: 10,
      peer: { url: 'http://127.0.0.1:9/api/v1/networks/lan', endpoint: '127.0.0.1:51831', public_key: null },
    });
    expect(shown.reason).toMatch(/could not be reached/);
    const human = hvctl(['network', 'tunnel', 'show', 'lan']).stdout;
    expect(human).toMatch(
      /^state: +down \(no key agreed with the peer yet: the peer http:\/\/127\.0\.0\.1:9/m,
    );
    expect(human).toMatch(/^algorithms: +ML-KEM-768, ML-DSA-65, X25519 \(WireGuard\)$/m);
    expect(human).toMatch(/^peer signing key: sha256:[0-9a-f]{64} \(pinned\)$/m);
    expect(human).not.toContain('hvt_not-a-real-token');

    const bad = hvctl(
      [
        'network',
        'tunnel',
        'set',
        'lan',
        '--peer-url',
        'http://127.0.0.1:9/api/v1/networks/lan',
        '--peer-token-file',
        '-',
        '--peer-signing-key-file',
        pem,
        '--signing-key',
        'nope',
        '--listen-port',
        '51830',
        '--endpoint',
        '127.0.0.1:51831',
        '--remote-subnet',
        '10.243.2.0/24',
      ],
      'hvt_x\n',
    );
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toMatch(/tunnel\.signing_key: there is no key 'nope'/);

    expect(hvctl(['network', 'tunnel', 'remove', 'lan']).stdout).toBe("tunnel of network 'lan' removed\n");
    expect(json(['network', 'tunnel', 'show', 'lan'])).toMatchObject({ state: 'not_configured' });
  });
});
