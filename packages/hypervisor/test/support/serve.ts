/** `hvctl serve` (the compiled binary) in its own process, as the CLI and integration tests and the benchmarks start it. */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  startServiceProcess,
  type ServiceProcess,
  type ServiceProcessOptions,
} from '@lab/server-kit/testing';

export const HVCTL = fileURLToPath(new URL('../../bin/hvctl.js', import.meta.url));

/**
 * The service over `dir` (`dir/data`, `dir/run`) on free ports (REST and gRPC), with `args` after; `options.prefix`
 * runs it under another command (`ip netns exec NS`, for the network tests).
 */
export function serveHypervisor(
  dir: string,
  args: readonly string[] = [],
  options: ServiceProcessOptions = {},
): Promise<ServiceProcess> {
  return startServiceProcess(
    HVCTL,
    [
      'serve',
      '--port',
      '0',
      '--grpc-port',
      '0',
      '--data-dir',
      join(dir, 'data'),
      '--run-dir',
      join(dir, 'run'),
      ...args,
    ],
    options,
  );
}
