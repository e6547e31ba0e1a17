/**
 * `verifyctl config ...`: the platform URL, token and default project of each named context, and
 * which context is current, in kubectl's style (`use-context`, `get-contexts`, `current-context`).
 * `--context NAME` makes `config set` and `config unset` act on that context (creating it), and
 * every other command use it instead of the current one.
 */
import type { Command } from 'commander';
import {
  checkContextName,
  CONFIG_KEYS,
  configPath,
  DEFAULT_CONTEXT,
  maskToken,
  normalizeUrl,
  readConfig,
  resolveSettings,
  writeConfig,
  type ConfigKey,
  type Context,
  type VerifyctlConfig,
} from './config-file.js';
import { CliErrors } from './errors.js';
import { addJsonOption, emit, table, type JsonFlag } from './output.js';
import { commandFlags } from './target.js';

function configKey(key: string): ConfigKey {
  if (!(CONFIG_KEYS as readonly string[]).includes(key)) {
    throw CliErrors.usage({ message: `unknown key '${key}': one of ${CONFIG_KEYS.join(', ')}` });
  }
  return key as ConfigKey;
}

/** Reads the file, lets `change` edit it, writes it back whole. */
function updateConfig(change: (config: VerifyctlConfig, path: string) => void): void {
  const path = configPath();
  const config = readConfig(path);
  change(config, path);
  writeConfig(path, config);
}

/** Refuses a context the file does not hold. */
function assertContext(config: VerifyctlConfig, name: string, path: string): void {
  if (config.contexts[checkContextName(name)] === undefined) throw CliErrors.contextNotFound({ name, path });
}

/** The context `--context` names, else the current one. */
function chosenContext(command: Command, config: VerifyctlConfig): string {
  return checkContextName(commandFlags(command).context ?? config.current_context);
}

/** The value `config set` stores: a URL without its trailing slash. */
function storedValue(key: ConfigKey, value: string): string {
  return key === 'url' ? normalizeUrl(value) : value;
}

type Source = 'flag' | 'env' | 'context' | 'unset';

/** Where the value a command would use comes from: `resolveSettings`' order, told. */
function sourceOf(
  key: ConfigKey,
  flags: Partial<Record<ConfigKey, string>>,
  context: Context | undefined,
): Source {
  const variable = { url: 'VERIFY_URL', token: 'VERIFY_TOKEN', project: 'VERIFY_PROJECT' }[key];
  if (flags[key] !== undefined) return 'flag';
  if (process.env[variable] !== undefined && process.env[variable] !== '') return 'env';
  return context?.[key] === undefined ? 'unset' : 'context';
}

export function addConfigCommands(program: Command): void {
  const config = program
    .command('config')
    .description(`Configure the platform URL, token and default project (${configPath()})`);

  config
    .command('set')
    .description(`Store ${CONFIG_KEYS.join('|')} in the current context (or --context NAME, made if new)`)
    .argument('<key>', CONFIG_KEYS.join(' | '), configKey)
    .argument('<value>')
    .action((key: ConfigKey, value: string, _flags: unknown, command: Command) => {
      const stored = storedValue(key, value);
      updateConfig((file) => {
        const name = chosenContext(command, file);
        file.contexts[name] = { ...file.contexts[name], [key]: stored };
      });
    });

  config
    .command('unset')
    .description('Remove a key from the current context (or --context NAME)')
    .argument('<key>', CONFIG_KEYS.join(' | '), configKey)
    .action((key: ConfigKey, _flags: unknown, command: Command) => {
      updateConfig((file) => {
        const name = chosenContext(command, file);
        const context = file.contexts[name];
        if (context !== undefined) delete context[key];
      });
    });

  config
    .command('get')
    .description('Print a stored value of the current context (or --context NAME); the token in full')
    .argument('<key>', CONFIG_KEYS.join(' | '), configKey)
    .action((key: ConfigKey, _flags: unknown, command: Command) => {
      const file = readConfig(configPath());
      const name = chosenContext(command, file);
      const value = file.contexts[name]?.[key];
      if (value === undefined) throw CliErrors.unsetKey({ key, context: name });
      process.stdout.write(`${value}\n`);
    });

  addJsonOption(
    config
      .command('list')
      .description(
        'The values a command would use, where each comes from (flag, env, context), the token masked',
      ),
  ).action((flags: JsonFlag, command: Command) => {
    const path = configPath();
    const file = readConfig(path);
    const settings = resolveSettings(commandFlags(command), file, path);
    const context = file.contexts[settings.context];
    const given = commandFlags<Partial<Record<ConfigKey, string>>>(command);
    const rows = CONFIG_KEYS.map((key) => {
      const value = settings[key];
      return {
        key,
        value: value === undefined ? null : key === 'token' ? maskToken(value) : value,
        source: sourceOf(key, given, context),
      };
    });
    emit(flags, { context: settings.context, path, values: rows }, (view) =>
      [
        `context: ${view.context} (${view.path})`,
        table(
          [
            { header: 'KEY', value: (row: (typeof rows)[number]) => row.key },
            { header: 'VALUE', value: (row) => row.value ?? '-' },
            { header: 'SOURCE', value: (row) => row.source },
          ],
          view.values,
        ),
      ].join('\n'),
    );
  });

  config
    .command('use-context')
    .description('Make a context the current one')
    .argument('<name>')
    .action((name: string) => {
      updateConfig((file, path) => {
        assertContext(file, name, path);
        file.current_context = name;
      });
    });

  config
    .command('current-context')
    .description('Print the name of the current context')
    .action(() => {
      process.stdout.write(`${readConfig(configPath()).current_context}\n`);
    });

  addJsonOption(
    config.command('get-contexts').description('List the contexts; * marks the current one'),
  ).action((flags: JsonFlag) => {
    const file = readConfig(configPath());
    const contexts = Object.entries(file.contexts).map(([name, context]) => ({
      name,
      current: name === file.current_context,
      url: context.url ?? null,
      project: context.project ?? null,
      token: context.token === undefined ? null : maskToken(context.token),
    }));
    emit(flags, { current_context: file.current_context, contexts }, (view) =>
      table(
        [
          { header: 'CURRENT', value: (row: (typeof contexts)[number]) => (row.current ? '*' : '') },
          { header: 'NAME', value: (row) => row.name },
          { header: 'URL', value: (row) => row.url ?? '-' },
          { header: 'PROJECT', value: (row) => row.project ?? '-' },
          { header: 'TOKEN', value: (row) => row.token ?? '-' },
        ],
        view.contexts,
      ),
    );
  });

  config
    .command('delete-context')
    .description('Delete a context (the current one becomes `default`)')
    .argument('<name>')
    .action((name: string) => {
      updateConfig((file, path) => {
        assertContext(file, name, path);
        delete file.contexts[name];
        if (file.current_context === name) file.current_context = DEFAULT_CONTEXT;
      });
    });
}
