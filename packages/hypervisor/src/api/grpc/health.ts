/**
 * The gRPC health checking protocol (`grpc.health.v1.Health`): Check, Watch and List for the
 * server as a whole (`""`) and for every service it serves. All start NOT_SERVING, turn SERVING
 * once the core has started, and NOT_SERVING again as shutdown begins, before the streams are
 * ended, so a Watch sees the change. Public, like REST's `/health`: it tells only whether the
 * service answers, which a load balancer must learn without a token.
 */
import { create } from '@bufbuild/protobuf';
import { Code, ConnectError, type HandlerContext } from '@connectrpc/connect';
import type { ServiceRouter } from './listener.js';
import {
  Health,
  HealthCheckResponseSchema,
  HealthCheckResponse_ServingStatus as ServingStatus,
  HealthListResponseSchema,
  type HealthCheckRequest,
  type HealthCheckResponse,
} from './gen/grpc/health/v1/health_pb.js';

export { ServingStatus };

export interface HealthState {
  /** Every service name with a status, `""` (the whole server) first. */
  readonly names: readonly string[];
  status(name: string): ServingStatus | undefined;
  /** Sets the status of every name (the whole server serves, or stops, at once). */
  setAll(status: ServingStatus): void;
  /** Resolves at the next change of a status, or when the signal aborts. */
  changed(signal: AbortSignal): Promise<void>;
}

export function createHealthState(serviceNames: readonly string[]): HealthState {
  const names = ['', ...serviceNames];
  const statuses = new Map<string, ServingStatus>(names.map((name) => [name, ServingStatus.NOT_SERVING]));
  let waiters: (() => void)[] = [];
  return {
    names,
    status: (name) => statuses.get(name),
    setAll(status) {
      for (const name of names) statuses.set(name, status);
      const woken = waiters;
      waiters = [];
      for (const wake of woken) wake();
    },
    changed(signal) {
      return new Promise<void>((resolve) => {
        if (signal.aborted) return resolve();
        const done = () => {
          signal.removeEventListener('abort', done);
          waiters = waiters.filter((waiter) => waiter !== done);
          resolve();
        };
        waiters.push(done);
        signal.addEventListener('abort', done, { once: true });
      });
    },
  };
}

const answer = (status: ServingStatus): HealthCheckResponse => create(HealthCheckResponseSchema, { status });

export function registerHealth(router: ServiceRouter, health: HealthState): void {
  router.service(Health, {
    check(request: HealthCheckRequest) {
      const status = health.status(request.service);
      if (status === undefined) throw new ConnectError(`unknown service '${request.service}'`, Code.NotFound);
      return answer(status);
    },
    // As the protocol asks: the current status at once, then every change, until the call ends;
    // an unknown service is SERVICE_UNKNOWN (it may appear later), not an error.
    async *watch(request: HealthCheckRequest, context: HandlerContext) {
      let last: ServingStatus | undefined;
      for (;;) {
        const status = health.status(request.service) ?? ServingStatus.SERVICE_UNKNOWN;
        if (status !== last) {
          last = status;
          yield answer(status);
        }
        if (context.signal.aborted) return;
        await health.changed(context.signal);
      }
    },
    list() {
      return create(HealthListResponseSchema, {
        statuses: Object.fromEntries(
          health.names.map((name) => [name, answer(health.status(name) ?? ServingStatus.UNKNOWN)]),
        ),
      });
    },
  });
}
