import { describe, expect, it } from 'vitest';
import { classifyAddress } from '../../src/domain/webhooks/address-classes.js';
import { refusedTargetReason } from '../../src/domain/webhooks/target-policy.js';

describe('webhook target addresses', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['febf::1', 'link-local'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['[::ffff:7f00:1]', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
  ])('classifies %s as %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it.each(['8.8.8.8', '172.32.0.1', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'takes %s for public',
    (address) => {
      expect(classifyAddress(address)).toBe('public');
    },
  );

  it('refuses non-http schemes, credentials and non-public literal addresses; allows them when told', async () => {
    expect(await refusedTargetReason('ftp://example.com/', false)).toMatch(/http and https/);
    expect(await refusedTargetReason('http://user:pw@example.com/', false)).toMatch(/credentials/);
    expect(await refusedTargetReason('http://127.0.0.1:9/hook', false)).toBe(
      'refused: 127.0.0.1, a loopback address',
    );
    expect(await refusedTargetReason('http://[fe80::1]/hook', false)).toMatch(/link-local/);
    expect(await refusedTargetReason('https://93.184.216.34/hook', false)).toBeUndefined();
    expect(await refusedTargetReason('http://127.0.0.1:9/hook', true)).toBeUndefined();
  });

  it('resolves host names and refuses one that leads to loopback', async () => {
    expect(await refusedTargetReason('http://localhost/hook', false)).toMatch(
      /^refused: localhost resolves to/,
    );
  });
});
