import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startServiceProcess } from '../../src/testing/index.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/listening-logger.mjs', import.meta.url));

describe('startServiceProcess', () => {
  it('finds the URL the service logs and stops it with the signal given', async () => {
    const service = await startServiceProcess(FIXTURE, ['serve', '--port', '0']);
    expect(service.url).toBe('http://127.0.0.1:1');
    expect(service.logs[0]).toMatchObject({ pid: service.child.pid, argv: ['serve', '--port', '0'] });
    expect(await service.stop('SIGKILL')).toBeNull();
    expect(service.child.signalCode).toBe('SIGKILL');
  });

  it('runs the service under a prefix command that execs it, so signals reach the service itself', async () => {
    // `env` execs its command as `ip netns exec` does: the service keeps the child's pid.
    const service = await startServiceProcess(FIXTURE, ['serve'], {
      prefix: ['env', 'FIXTURE_MARK=under-env'],
    });
    expect(service.logs[0]).toMatchObject({ pid: service.child.pid, argv: ['serve'], mark: 'under-env' });
    await service.stop('SIGKILL');
    expect(service.child.signalCode).toBe('SIGKILL');
  });
});
