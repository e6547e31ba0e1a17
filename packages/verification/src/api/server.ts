/**
 * The REST and WebSocket transport: the kit's app with the platform's routes under `/api/v1`,
 * authentication (off unless PLATFORM_AUTH_ENABLED), rate limits, the docs, and the platform's
 * runner stopped when the app closes.
 */
import websocket from '@fastify/websocket';
import { createApp, registerRoutes, type App, type ServiceDeps } from '@lab/server-kit';
import { API_PREFIX, type ServeConfig } from '../config.js';
import { VerifyConfigSchema } from '../domain/verify-config.js';
import { createPlatform } from '../platform.js';
import { VERSION } from '../version.js';
import { createAuth, roleDetails, SECURITY_SCHEME_NAMES, SECURITY_SCHEMES } from './auth.js';
import { registerDocsRoutes } from './docs-routes.js';
import { healthRoute } from './health-route.js';
import {
  CoverageSchema,
  JobErrorSchema,
  JobSchema,
  JobSubmittedSchema,
  LogEntrySchema,
  ResultsSchema,
} from './job-schemas.js';
import { jobRoutes } from './job-routes.js';
import { ProjectSchema, projectRoutes, registerProjectUploadRoute } from './project-routes.js';
import { RATE_LIMIT_HEADERS, registerRateLimits } from './rate-limits.js';
import { reportRoutes } from './report-routes.js';
import { SCOPES } from './scopes.js';
import { sessionRoutes, SessionViewSchema } from './session-routes.js';
import { registerStreamRoute } from './stream-route.js';
import { tokenRoutes } from './token-routes.js';
import { registerWebApp } from './web-app.js';
import { WebhookDeliverySchema, webhookRoutes, WebhookSchema } from './webhook-routes.js';
import { MAX_UPLOAD_FILES } from '../domain/project-files.js';
import { ReportService } from '../domain/reports/report-service.js';

export async function buildServer({ db, logger, config }: ServiceDeps<ServeConfig>): Promise<App> {
  const platform = createPlatform({ db, logger, config });
  const auth = createAuth(db, { enabled: config.authEnabled, sessionTtlHours: config.sessionTtlHours });
  const app = await createApp({
    title: 'Verification Platform API',
    version: VERSION,
    description:
      'Projects and verification jobs running Verilator, Icarus Verilog, Yosys and z3: lint, simulation with ' +
      'coverage, formal proofs; logs, results, artifacts and a live WebSocket stream.',
    prefix: API_PREFIX,
    logger,
    securitySchemes: SECURITY_SCHEMES,
    responseHeaders: RATE_LIMIT_HEADERS,
    schemas: [
      ProjectSchema,
      JobErrorSchema,
      JobSubmittedSchema,
      JobSchema,
      LogEntrySchema,
      ResultsSchema,
      CoverageSchema,
      VerifyConfigSchema,
      WebhookSchema,
      WebhookDeliverySchema,
      SessionViewSchema,
    ],
  });
  app.addHook('onClose', async () => platform.close());
  await registerRateLimits(app, config, auth.userKey);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  registerDocsRoutes(app);
  registerWebApp(app);
  const routeOptions = {
    prefix: API_PREFIX,
    authenticate: auth.authenticate,
    scopes: SCOPES,
    securitySchemes: SECURITY_SCHEME_NAMES,
    forbiddenDetails: roleDetails,
  };
  registerRoutes(
    app,
    [
      healthRoute({
        version: VERSION,
        tools: platform.tools,
        db,
        queue: () => ({
          depth: platform.runner.depth,
          capacity: config.queueCapacity,
          workers_busy: platform.runner.busy,
          workers_total: platform.runner.workers,
        }),
      }),
      ...projectRoutes({ projects: platform.projects }),
      ...jobRoutes(platform.jobs, API_PREFIX),
      ...reportRoutes(new ReportService(platform.jobs, API_PREFIX)),
      ...tokenRoutes(auth.tokens),
      ...sessionRoutes({
        auth,
        authEnabled: config.authEnabled,
        limits: { upload_max_bytes: config.uploadMaxBytes, upload_max_files: MAX_UPLOAD_FILES },
      }),
      ...webhookRoutes(platform.webhooks),
    ],
    routeOptions,
  );
  await registerProjectUploadRoute(
    app,
    { projects: platform.projects, limits: { maxBytes: config.uploadMaxBytes, maxFiles: MAX_UPLOAD_FILES } },
    routeOptions,
  );
  registerStreamRoute(app, {
    jobs: platform.jobs,
    authenticate: auth.authenticate,
    bySession: (request) => auth.identify(request).session !== null,
    userKey: auth.userKey,
    streamsPerUser: config.streamsPerUser,
    prefix: API_PREFIX,
    securitySchemes: SECURITY_SCHEME_NAMES,
    forbiddenDetails: roleDetails,
  });
  return app;
}
