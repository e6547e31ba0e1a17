/**
 * grpc.health.v1.Health over a real connection: public (no token), SERVING for the server and
 * every served service once the core started, List, and a Watch stream that sees NOT_SERVING when
 * the service begins to shut down and then ends cleanly.
 */
import { Code } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Health,
  HealthCheckResponse_ServingStatus as ServingStatus,
} from '../../../src/api/grpc/gen/grpc/health/v1/health_pb.js';
import { startTestService, type TestService } from '../../support/in-process.js';
import { grpcClient, grpcFailure } from '../../support/grpc.js';

let service: TestService;
let closed = false;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  if (!closed) await service.close();
});

const health = () => grpcClient(Health, { url: service.app.grpcUrl ?? '' });

describe('grpc.health.v1.Health', () => {
  it('answers SERVING for the server ("") and each served service, without a token', async () => {
    for (const name of [
      '',
      'hypervisor.v1.VmService',
      'grpc.health.v1.Health',
      'grpc.reflection.v1.ServerReflection',
    ]) {
      expect((await health().check({ service: name })).status).toBe(ServingStatus.SERVING);
    }
  });

  it('answers NOT_FOUND for a service it does not serve', async () => {
    expect((await grpcFailure(health().check({ service: 'nope.v1.Nope' }))).code).toBe(Code.NotFound);
  });

  it('lists every status', async () => {
    const { statuses } = await health().list({});
    expect(Object.keys(statuses)).toEqual(
      expect.arrayContaining(['', 'hypervisor.v1.VmService', 'grpc.reflection.v1alpha.ServerReflection']),
    );
    for (const status of Object.values(statuses)) expect(status.status).toBe(ServingStatus.SERVING);
  });

  it('watches an unknown service as SERVICE_UNKNOWN without failing', async () => {
    const stream = health().watch({ service: 'nope.v1.Nope' }, { signal: AbortSignal.timeout(2_000) });
    for await (const answer of stream) {
      expect(answer.status).toBe(ServingStatus.SERVICE_UNKNOWN);
      break;
    }
  });

  it('streams SERVING, then NOT_SERVING as shutdown begins, and the stream ends cleanly', async () => {
    const seen: ServingStatus[] = [];
    let first: () => void = () => undefined;
    const serving = new Promise<void>((resolve) => (first = resolve));
    const watched = (async () => {
      for await (const answer of health().watch({ service: '' })) {
        seen.push(answer.status);
        first();
      }
    })();
    await serving;
    closed = true;
    await service.close();
    await watched;
    expect(seen).toEqual([ServingStatus.SERVING, ServingStatus.NOT_SERVING]);
  });
});
