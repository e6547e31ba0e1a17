import { requireTools } from '@lab/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { readHostRoutes } from '../../../src/drivers/network/host-routes.js';

const ip = requireTools(['ip']);

describe.skipIf(ip.skip)("the host's routes", () => {
  it('reads every IPv4 table, the local one included, without changing anything', async () => {
    const routes = await readHostRoutes();
    // The loopback route lives in table local on every Linux host.
    expect(routes).toContainEqual({ dst: '127.0.0.0/8', dev: 'lo', type: 'local' });
    expect(routes.filter((r) => r.dst === 'default').every((r) => r.type === 'unicast')).toBe(true);
    expect(routes.every((r) => !r.dst.includes(':'))).toBe(true);
  });
});
