/**
 * The host's IPv4 routes, every table (main, local, policy tables), read with `ip -4 -j route show
 * table all`: a new network's subnet may overlap none of them.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { HvErrors } from '../../errors.js';
import type { HostRoute } from '../../domain/subnets.js';

const run = promisify(execFile);
const ROUTES_TIMEOUT_MS = 10_000;

interface IpRoute {
  dst?: string;
  dev?: string;
  type?: string;
}

export async function readHostRoutes(): Promise<HostRoute[]> {
  const args = ['-4', '-j', 'route', 'show', 'table', 'all'];
  let stdout: string;
  try {
    ({ stdout } = await run('ip', args, { timeout: ROUTES_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 }));
  } catch (error) {
    throw HvErrors.toolFailed(
      { tool: 'ip', reason: (error as Error).message },
      { cause: error, details: { args } },
    );
  }
  const routes = JSON.parse(stdout === '' ? '[]' : stdout) as IpRoute[];
  return routes
    .filter((route) => typeof route.dst === 'string')
    .map((route) => ({ dst: route.dst!, dev: route.dev ?? null, type: route.type ?? 'unicast' }));
}
