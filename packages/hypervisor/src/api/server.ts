/**
 * The REST transport, served on TCP and on the Unix socket: the kit's app with this service's
 * routes under `/api/v1`, over the core's services. When the app is ready the core settles what an
 * earlier process left (it re-attaches to the guests still running), then the socket opens; when
 * it closes, the socket closes and the driver lets go of the guests without stopping them.
 */
import { join, resolve } from 'node:path';
import type { Server } from 'node:http';
import {
  createApp,
  createSchemaValidator,
  healthRoute,
  registerRoutes,
  type App,
  type ServiceDeps,
} from '@lab/server-kit';
import { API_PREFIX, GRPC_SOCKET_FILE, SOCKET_FILE, type ServeConfig } from '../config.js';
import { createCore, type CoreOptions } from '../core.js';
import { resolveTlsIdentity } from '../tls.js';
import { NETWORK_SCHEMAS } from '../domain/network-definition.js';
import { OperationSchema } from '../domain/operations.js';
import { PoolSchema } from '../domain/pool-service.js';
import { SnapshotSchema } from '../domain/snapshot-service.js';
import { TUNNEL_SCHEMAS } from '../domain/tunnel/tunnel-definition.js';
import { VERSION } from '../version.js';
import { auditFailures, authenticator } from './access.js';
import { createHealthState, registerHealth, ServingStatus, type HealthState } from './grpc/health.js';
import { listenGrpc, type GrpcListener } from './grpc/listener.js';
import { REFLECTION_SERVICES, registerReflection } from './grpc/reflection.js';
import { Health } from './grpc/gen/grpc/health/v1/health_pb.js';
import { registerRpcServices, rpcServices } from './grpc/services.js';
import { cloneRoutes } from './clone-routes.js';
import { eventRoutes } from './event-routes.js';
import { migrationRoutes } from './migration-routes.js';
import { networkRoutes } from './network-routes.js';
import { operationRoutes } from './operation-routes.js';
import { PQC_SCHEMAS, pqcRoutes } from './pqc-routes.js';
import { SCOPES } from './scopes.js';
import { SHARED_SCHEMAS } from './schemas.js';
import { snapshotRoutes } from './snapshot-routes.js';
import { closeSocket, listenOnSocket } from './socket.js';
import { storageRoutes } from './storage-routes.js';
import { systemRoutes } from './system-routes.js';
import { tokenRoutes } from './token-routes.js';
import { tunnelRoutes } from './tunnel-routes.js';
import { vmRoutes } from './vm-routes.js';

export type ServerOptions = CoreOptions;

declare module 'fastify' {
  interface FastifyInstance {
    /** The gRPC listener's URL (`grpc://` or `grpcs://host:port`) once the app is ready; else null. */
    grpcUrl: string | null;
  }
}

/** Every schema the routes reference by name, registered once with the app. */
export const API_SCHEMAS = [
  ...SHARED_SCHEMAS,
  ...PQC_SCHEMAS,
  ...NETWORK_SCHEMAS,
  ...TUNNEL_SCHEMAS,
  OperationSchema,
  PoolSchema,
  SnapshotSchema,
];

export async function buildServer(deps: ServiceDeps<ServeConfig>, options: ServerOptions = {}): Promise<App> {
  const { logger, config } = deps;
  const runDir = resolve(config.runDir);
  const tls = await resolveTlsIdentity(config, logger);
  // The core's KVM probe (--accel auto) runs while the app is built.
  const [app, core] = await Promise.all([
    createApp({
      ...(tls === null
        ? {}
        : { https: { cert: tls.certPem, key: tls.keyPem, fingerprint: tls.fingerprint } }),
      title: 'Hypervisor Management API',
      version: VERSION,
      description:
        'Virtual machines on QEMU, disk images, events and audit. Over TCP every request carries ' +
        '`Authorization: Bearer hvt_...` (see `hvctl token create`); the same API on the Unix socket ' +
        '`{run_dir}/api.sock` needs no token. Each route states the scope it needs.',
      prefix: API_PREFIX,
      logger,
      schemas: API_SCHEMAS,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'an API token, `hvt_` and 43 characters' },
      },
    }),
    createCore(deps, options),
  ]);

  auditFailures(app, core.audit);
  let socket: Server | undefined;
  let grpc: GrpcListener | undefined;
  let health: HealthState | undefined;
  app.decorate('grpcUrl', null);
  app.addHook('onReady', async () => {
    await core.start();
    socket = await listenOnSocket(app, join(runDir, SOCKET_FILE));
    logger.info(
      { socket: join(runDir, SOCKET_FILE), driver: core.driver.name, accelerator: core.driver.accelerator },
      'socket listening',
    );
    const validator = createSchemaValidator(API_SCHEMAS);
    const services = rpcServices(core);
    const served = [...services.map(({ service }) => service), Health];
    const state = createHealthState([...served, ...REFLECTION_SERVICES].map((service) => service.typeName));
    health = state;
    grpc = await listenGrpc({
      host: config.grpcHost ?? config.host,
      port: config.grpcPort,
      tls,
      logger,
      socketPath: join(runDir, GRPC_SOCKET_FILE),
      routes: (router) => {
        registerRpcServices(router, services, {
          tokens: core.tokens,
          audit: core.audit,
          validator,
          logger,
        });
        registerHealth(router, state);
        registerReflection(router, served);
      },
    });
    state.setAll(ServingStatus.SERVING);
    app.grpcUrl = grpc.url;
    logger.info(
      { url: grpc.url, socket: grpc.socketPath, ...(tls === null ? {} : { fingerprint: tls.fingerprint }) },
      'gRPC listening',
    );
  });
  app.addHook('onClose', async () => {
    if (socket !== undefined) await closeSocket(socket);
    // NOT_SERVING first, so health watchers see it before their streams end.
    health?.setAll(ServingStatus.NOT_SERVING);
    if (grpc !== undefined) await grpc.close();
    await core.close();
  });

  registerRoutes(
    app,
    [
      healthRoute({ service: 'hypervisor', version: VERSION, check: core.health }),
      ...vmRoutes(core.vms, config.stopTimeoutMs),
      ...cloneRoutes(core.clones),
      ...migrationRoutes(core.migrations),
      ...snapshotRoutes(core.snapshots),
      ...networkRoutes(core.networks),
      ...tunnelRoutes(core.tunnels),
      ...storageRoutes(core.disks, core.pools, core.diskOperations),
      ...eventRoutes(core.events, core.audit),
      ...tokenRoutes(core.tokens, core.unitOfWork),
      ...pqcRoutes(core.pqc, core.keys, core.attestation),
      ...operationRoutes(core.operations),
      ...systemRoutes(core.system),
    ],
    {
      prefix: API_PREFIX,
      authenticate: authenticator(core.tokens),
      scopes: SCOPES,
      securitySchemes: ['bearer'],
    },
  );
  return app;
}
