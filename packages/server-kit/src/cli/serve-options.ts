/**
 * The `serve` settings every service shares (address, data directory, log level): one TypeBox
 * schema for their types, ranges and defaults, and the matching commander flags, each of which
 * can also come from an environment variable.
 */
import { Option, type Command } from 'commander';
import { Type } from 'typebox';
import { LOG_LEVELS } from '../lifecycle/log-levels.js';

export interface ServeDefaults {
  port: number;
  dataDir: string;
}

export function serveConfigProperties(defaults: ServeDefaults) {
  return {
    host: Type.String({ minLength: 1, default: '127.0.0.1', description: 'address to listen on' }),
    port: Type.Integer({
      minimum: 0,
      maximum: 65535,
      default: defaults.port,
      description: 'TCP port (0: any free port)',
    }),
    dataDir: Type.String({
      minLength: 1,
      default: defaults.dataDir,
      description: 'directory of the SQLite file and other state',
    }),
    logLevel: Type.Enum([...LOG_LEVELS], { default: 'info', description: 'pino log level' }),
  };
}

/** Adds `--host`, `--port`, `--data-dir`, `--log-level`, read from `<PREFIX>_HOST` etc. when absent. */
export function addServeOptions(command: Command, envPrefix: string, defaults: ServeDefaults): Command {
  return command
    .addOption(
      new Option('--host <address>', 'address to listen on (default 127.0.0.1)').env(`${envPrefix}_HOST`),
    )
    .addOption(new Option('--port <port>', `TCP port (default ${defaults.port})`).env(`${envPrefix}_PORT`))
    .addOption(
      new Option('--data-dir <dir>', `state directory (default ${defaults.dataDir})`).env(
        `${envPrefix}_DATA_DIR`,
      ),
    )
    .addOption(
      new Option('--log-level <level>', 'log level (default info)')
        .choices(LOG_LEVELS)
        .env(`${envPrefix}_LOG_LEVEL`),
    );
}
