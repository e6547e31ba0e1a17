/** `verifyctl serve`: validate the settings, open the store, serve the API until a signal. */
import { addServeOptions } from '@lab/server-kit/cli';
import { Option, type Command } from 'commander';
import { API_PREFIX, DEFAULT_DATA_DIR, DEFAULT_PORT, ServeConfigSchema } from '../config.js';

/** The server is loaded here, not at start: the client commands start without Fastify or SQLite. */
async function runServe(flags: Record<string, unknown>): Promise<void> {
  const [{ runService }, { buildServer }, { openStore }] = await Promise.all([
    import('@lab/server-kit'),
    import('../api/server.js'),
    import('../store/database.js'),
  ]);
  return runService(
    {
      service: 'verification',
      configSchema: ServeConfigSchema,
      prefix: API_PREFIX,
      openStore,
      buildApp: buildServer,
    },
    flags,
  );
}

/** A setting of ServeConfigSchema as a flag, also read from `PLATFORM_<NAME>`. */
function setting(flag: string, env: string, key: keyof typeof ServeConfigSchema.properties): Option {
  const schema = ServeConfigSchema.properties[key] as { description?: string; default?: unknown };
  const description = schema.description ?? key;
  // A default that depends on the machine says so in the description itself.
  const help = description.includes('default')
    ? description
    : `${description} (default ${String(schema.default)})`;
  return new Option(flag, help).env(env);
}

/** `serve` with the kit's flags and the platform's own; each also comes from a `PLATFORM_` variable. */
export function addServeCommand(program: Command): void {
  addServeOptions(program.command('serve').description('Run the verification platform API'), 'PLATFORM', {
    port: DEFAULT_PORT,
    dataDir: DEFAULT_DATA_DIR,
  })
    .addOption(setting('--workers <n>', 'PLATFORM_WORKERS', 'workers'))
    .addOption(setting('--queue-capacity <n>', 'PLATFORM_QUEUE_CAPACITY', 'queueCapacity'))
    // A value, not a bare switch: commander turns a switch's variable on whatever it holds,
    // so PLATFORM_AUTH_ENABLED=false would enable authentication.
    .addOption(setting('--auth-enabled [enabled]', 'PLATFORM_AUTH_ENABLED', 'authEnabled'))
    .addOption(setting('--session-ttl-hours <hours>', 'PLATFORM_SESSION_TTL_HOURS', 'sessionTtlHours'))
    .addOption(
      setting('--webhook-allow-private [enabled]', 'PLATFORM_WEBHOOK_ALLOW_PRIVATE', 'webhookAllowPrivate'),
    )
    .addOption(setting('--webhook-timeout-ms <ms>', 'PLATFORM_WEBHOOK_TIMEOUT_MS', 'webhookTimeoutMs'))
    .addOption(
      setting('--webhook-retry-base-ms <ms>', 'PLATFORM_WEBHOOK_RETRY_BASE_MS', 'webhookRetryBaseMs'),
    )
    .addOption(
      setting('--job-submissions-per-hour <n>', 'PLATFORM_JOB_SUBMISSIONS_PER_HOUR', 'jobSubmissionsPerHour'),
    )
    .addOption(setting('--requests-per-minute <n>', 'PLATFORM_REQUESTS_PER_MINUTE', 'requestsPerMinute'))
    .addOption(setting('--upload-max-bytes <n>', 'PLATFORM_UPLOAD_MAX_BYTES', 'uploadMaxBytes'))
    .addOption(setting('--streams-per-user <n>', 'PLATFORM_STREAMS_PER_USER', 'streamsPerUser'))
    .addOption(setting('--sign-ins-per-minute <n>', 'PLATFORM_SIGN_INS_PER_MINUTE', 'signInsPerMinute'))
    .action(runServe);
}
