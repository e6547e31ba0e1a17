import { fileURLToPath } from 'node:url';
import { describeServeCommand } from '@lab/server-kit/testing';

describeServeCommand({
  service: 'hypervisor',
  bin: fileURLToPath(new URL('../bin/hvctl.js', import.meta.url)),
  prefix: '/api/v1',
  databaseFile: 'hypervisor.db',
  // The specification's API reference is at revision 1.0.
  version: '1.0.0',
  // The KVM probe of `--accel auto` (up to 5 s a start) has its own tests; the suite runs two
  // services at once, so each takes a free gRPC port too.
  serveArgs: ['--accel', 'tcg', '--grpc-port', '0'],
});
