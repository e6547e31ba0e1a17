import { describe, expect, it } from 'vitest';
import type { NetworkSpec } from '../../../../src/drivers/network/network-driver.js';
import { dnsmasqConfig, dnsmasqFiles, hostFiles } from '../../../../src/drivers/network/kernel/dnsmasq.js';

const spec: NetworkSpec = {
  name: 'web',
  bridge: 'hv-web',
  mode: 'nat',
  subnet: '10.20.30.0/24',
  gateway: '10.20.30.1',
  mtu: 1500,
  dhcp: { enabled: true, rangeStart: '10.20.30.100', rangeEnd: '10.20.30.200', leaseSeconds: 3600 },
  dnsDomain: 'web.test',
  defaultInbound: 'accept',
  rules: [],
  forwards: [],
  reservations: [
    { mac: '52:54:00:00:00:02', ip: '10.20.30.20', hostname: 'db' },
    { mac: '52:54:00:00:00:01', ip: '10.20.30.10', hostname: 'app' },
  ],
};
const files = dnsmasqFiles('/run/hv', 'web');

describe('dnsmasq config', () => {
  it('binds to the bridge only, answers the domain locally, hands out the range with the gateway', () => {
    const lines = dnsmasqConfig(spec, files, 'root').split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'interface=hv-web',
        'bind-interfaces',
        'except-interface=lo',
        'no-hosts',
        'user=root',
        'domain=web.test',
        'local=/web.test/',
        'expand-hosts',
        'pid-file=/run/hv/networks/web/dnsmasq.pid',
        'dhcp-range=10.20.30.100,10.20.30.200,255.255.255.0,3600s',
        'dhcp-option=option:router,10.20.30.1',
        'dhcp-authoritative',
        'dhcp-lease-max=256',
        'dhcp-leasefile=/run/hv/networks/web/dnsmasq.leases',
        'dhcp-hostsfile=/run/hv/networks/web/dhcp-hosts',
        'addn-hosts=/run/hv/networks/web/hosts',
      ]),
    );
  });

  it('isolated: no router offered and nothing forwarded upstream; a non-default MTU is offered', () => {
    const nat = dnsmasqConfig(spec, files, 'root');
    expect(nat).not.toContain('no-resolv');
    expect(nat).not.toContain('option:mtu');
    const isolated = dnsmasqConfig({ ...spec, mode: 'isolated', mtu: 9000 }, files, 'root').split('\n');
    expect(isolated).toEqual(
      expect.arrayContaining(['dhcp-option=3', 'no-resolv', 'dhcp-option=option:mtu,9000']),
    );
    expect(isolated).not.toContain('dhcp-option=option:router,10.20.30.1');
  });

  it('without DHCP: DNS only, no range and no lease file', () => {
    const text = dnsmasqConfig({ ...spec, dhcp: { ...spec.dhcp, enabled: false } }, files, 'root');
    expect(text).toContain('interface=hv-web');
    expect(text).not.toContain('dhcp-');
  });

  it('reservations are not in the config (they change without a restart) but in the host files', () => {
    expect(dnsmasqConfig(spec, files, 'root')).toBe(
      dnsmasqConfig({ ...spec, reservations: [] }, files, 'root'),
    );
    expect(hostFiles(spec)).toEqual({
      dhcpHosts: '52:54:00:00:00:01,10.20.30.10,app\n52:54:00:00:00:02,10.20.30.20,db\n',
      hosts: '10.20.30.10 app.web.test app\n10.20.30.20 db.web.test db\n',
    });
  });
});
