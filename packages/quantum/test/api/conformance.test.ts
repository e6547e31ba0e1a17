import { describeApiConformance } from '@lab/server-kit/testing';
import { inProcessApp } from './in-process.js';

describeApiConformance({
  service: 'quantum',
  start: async () => {
    const app = await inProcessApp();
    return { app, close: () => app.close() };
  },
});
