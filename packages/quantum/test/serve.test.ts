import { fileURLToPath } from 'node:url';
import { describeServeCommand } from '@lab/server-kit/testing';

describeServeCommand({
  service: 'quantum',
  bin: fileURLToPath(new URL('../bin/qcirc.js', import.meta.url)),
  prefix: '',
  databaseFile: 'quantum.db',
});
