import { join } from 'node:path';
import { describeApiConformance } from '@lab/server-kit/testing';
import { startTestService } from '../support/in-process.js';
import { createToken } from '../support/socket-client.js';

describeApiConformance({
  service: 'hypervisor',
  start: async () => {
    const service = await startTestService();
    // Tokens are made over the Unix socket, which listens once the app does.
    await service.app.listen({ host: '127.0.0.1', port: 0 });
    const token = await createToken(join(service.runDir, 'api.sock'), ['admin']);
    return { app: service.app, headers: { authorization: `Bearer ${token}` }, close: () => service.close() };
  },
  skipEmptyBody: {
    'POST /api/v1/pqc/self-test': 'runs every known-answer test for seconds; its parsing is any route’s',
    'POST /api/v1/pqc/benchmark': 'measures every algorithm for seconds; its parsing is any route’s',
  },
});
