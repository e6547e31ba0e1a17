/** `qcirc serve`: validate the settings, open the store, serve REST until a signal. */
import { addServeOptions } from '@lab/server-kit/cli';
import { Option, type Command } from 'commander';
import { API_PREFIX, DEFAULT_DATA_DIR, DEFAULT_PORT, ServeConfigSchema } from '../config.js';
import { MEMORY_FRACTION, memorySetting } from '../backends/memory.js';
import { DEFAULT_MAX_JOBS, DEFAULT_MAX_RUNNING_JOBS } from '../jobs/limits.js';

/** The server is loaded here, not at start: `run`, `draw` and the rest start without Fastify or SQLite. */
async function runServe(flags: Record<string, unknown>): Promise<void> {
  // Checked before anything starts, with a message that says what a size looks like.
  if (typeof flags.maxMemory === 'string') memorySetting(flags.maxMemory);
  const [{ runService }, { buildServer }, { openStore }] = await Promise.all([
    import('@lab/server-kit'),
    import('../api/server.js'),
    import('../store/database.js'),
  ]);
  return runService(
    {
      service: 'quantum',
      configSchema: ServeConfigSchema,
      prefix: API_PREFIX,
      openStore,
      buildApp: buildServer,
    },
    flags,
  );
}

/** `serve` with the kit's flags, the job limits and the memory budget, each also read from a `QCIRC_` variable. */
export function addServeCommand(program: Command): void {
  addServeOptions(program.command('serve').description('Run the local REST API'), 'QCIRC', {
    port: DEFAULT_PORT,
    dataDir: DEFAULT_DATA_DIR,
  })
    .addOption(
      new Option(
        '--max-running-jobs <n>',
        `jobs simulated at once, one worker thread each (default ${DEFAULT_MAX_RUNNING_JOBS}: half the cores)`,
      ).env('QCIRC_MAX_RUNNING_JOBS'),
    )
    .addOption(
      new Option(
        '--max-jobs <n>',
        `jobs queued or running at once; more are refused with 429 (default ${DEFAULT_MAX_JOBS})`,
      ).env('QCIRC_MAX_JOBS'),
    )
    .addOption(
      new Option(
        '--max-memory <size>',
        `memory the running jobs may hold together, like 1.5G or 512M (default ${MEMORY_FRACTION * 100} % of ` +
          "the process's cgroup limit or RAM, less what the service holds)",
      ).env('QCIRC_MAX_MEMORY'),
    )
    .action(runServe);
}
