import { fileURLToPath } from 'node:url';
import { describeServeCommand } from '@lab/server-kit/testing';

describeServeCommand({
  service: 'hypervisor',
  bin: fileURLToPath(new URL('../bin/hvctl.js', import.meta.url)),
  prefix: '/api/v1',
  databaseFile: 'hypervisor.db',
});
