import { fileURLToPath } from 'node:url';
import { describeServeCommand } from '@lab/server-kit/testing';

describeServeCommand({
  service: 'quantum',
  bin: fileURLToPath(new URL('../bin/qcirc.js', import.meta.url)),
  prefix: '',
  databaseFile: 'quantum.db',
  // The specification's library is at version 0.2.0.
  version: '0.2.0',
});
