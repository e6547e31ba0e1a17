import { fileURLToPath } from 'node:url';
import { describeServeCommand } from '@lab/server-kit/testing';

describeServeCommand({
  service: 'verification',
  bin: fileURLToPath(new URL('../bin/verifyctl.js', import.meta.url)),
  prefix: '/api/v1',
  databaseFile: 'verification.db',
  // The specification's API reference is at version 0.4.0.
  version: '0.4.0',
});
