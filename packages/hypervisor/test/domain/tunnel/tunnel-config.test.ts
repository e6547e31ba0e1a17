import { describe, expect, it } from 'vitest';
import { checkRemoteSubnets, parseEndpoint, parsePeerUrl } from '../../../src/domain/tunnel/tunnel-config.js';
import type { NetworkRecord } from '../../../src/store/networks.js';
import type { TunnelRecord } from '../../../src/store/tunnels.js';

const network = (name: string, subnet: string) => ({ name, subnet }) as NetworkRecord;
const tunnel = (name: string, remoteSubnets: string[]) => ({ network: name, remoteSubnets }) as TunnelRecord;

const refusal = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return error as { code: string; message: string; details: Record<string, unknown> };
  }
  throw new Error('not refused');
};

describe('tunnel configuration checks', () => {
  it('takes remote subnets that overlap nothing, in canonical form', () => {
    expect(
      checkRemoteSubnets(
        'lan',
        '10.1.0.0/24',
        ['10.2.0.0/24', '10.3.0.0/16'],
        [network('lan', '10.1.0.0/24')],
        [],
      ),
    ).toEqual(['10.2.0.0/24', '10.3.0.0/16']);
  });

  it.each([
    ['its own network', ['10.1.0.128/25'], 'tunnel.remote_subnets[0]', /network 'lan'/],
    ['another network', ['10.9.0.0/16'], 'tunnel.remote_subnets[0]', /network 'dmz' \(10\.9\.1\.0\/24\)/],
    ['another tunnel', ['10.5.5.0/24'], 'tunnel.remote_subnets[0]', /network 'far''s tunnel/],
    ['another of the list', ['10.7.0.0/24', '10.7.0.0/16'], 'tunnel.remote_subnets[1]', /remote subnet 0/],
  ])('refuses a remote subnet overlapping %s', (_what, remote, field, message) => {
    const error = refusal(() =>
      checkRemoteSubnets(
        'lan',
        '10.1.0.0/24',
        remote,
        [network('lan', '10.1.0.0/24'), network('dmz', '10.9.1.0/24'), network('far', '10.4.0.0/24')],
        [tunnel('far', ['10.5.0.0/16'])],
      ),
    );
    expect(error).toMatchObject({ code: 'NETWORK_OVERLAP', details: { field } });
    expect(error.message).toMatch(message);
  });

  it('checks the subnet a network is given, not the one it had', () => {
    expect(() =>
      checkRemoteSubnets('lan', '10.8.0.0/24', ['10.1.0.0/24'], [network('lan', '10.1.0.0/24')], []),
    ).not.toThrow();
  });

  it.each(['10.0.0.1', '10.0.0.1:0', '10.0.0.1:65536', '300.0.0.1:51820', 'a b:1', ':51820'])(
    'refuses the endpoint %s',
    (endpoint) => {
      expect(refusal(() => parseEndpoint(endpoint))).toMatchObject({ details: { field: 'tunnel.endpoint' } });
    },
  );

  it('takes host:port endpoints and network URLs', () => {
    expect(parseEndpoint('192.0.2.7:51820')).toBe('192.0.2.7:51820');
    expect(parseEndpoint('peer.example:51820')).toBe('peer.example:51820');
    expect(parsePeerUrl('https://peer:8443/api/v1/networks/lan/')).toBe(
      'https://peer:8443/api/v1/networks/lan',
    );
  });

  it('sends the peer token in clear to loopback only, unless --insecure-tcp', () => {
    const lan = 'http://10.0.0.2:9400/api/v1/networks/lan';
    expect(refusal(() => parsePeerUrl(lan))).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'tunnel.peer_url' },
      message: expect.stringContaining('cross the network in clear'),
    });
    expect(parsePeerUrl(lan, { insecureTcp: true, fingerprint: undefined })).toBe(lan);
    expect(parsePeerUrl('http://127.0.0.1:9400/api/v1/networks/lan')).toBe(
      'http://127.0.0.1:9400/api/v1/networks/lan',
    );
    expect(
      refusal(() =>
        parsePeerUrl('http://127.0.0.1:9400/api/v1/networks/lan', {
          insecureTcp: true,
          fingerprint: 'a'.repeat(64),
        }),
      ),
    ).toMatchObject({ details: { field: 'tunnel.peer_fingerprint' } });
    expect(
      parsePeerUrl('https://10.0.0.2:9400/api/v1/networks/lan', {
        insecureTcp: false,
        fingerprint: 'a'.repeat(64),
      }),
    ).toBe('https://10.0.0.2:9400/api/v1/networks/lan');
  });

  it.each(['ftp://peer/api/v1/networks/lan', 'http://peer/api/v1/vms/x', 'not a url'])(
    'refuses the peer URL %s',
    (url) => {
      expect(refusal(() => parsePeerUrl(url))).toMatchObject({ details: { field: 'tunnel.peer_url' } });
    },
  );
});
