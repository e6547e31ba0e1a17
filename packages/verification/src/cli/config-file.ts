/**
 * `verifyctl`'s configuration: named contexts, each a platform URL, a token and a default project,
 * kept in `$XDG_CONFIG_HOME/verifyctl/config.json` (default `~/.config/verifyctl/config.json`) as
 * kubectl keeps its contexts. The file holds tokens: server-kit's `private-config.ts` writes it
 * 0600 in a 0700 directory, atomically, and refuses it when others may read it.
 *
 * `resolveSettings` decides what a command uses; the order is in its comment.
 */
import { readPrivateConfig, userConfigPath, writePrivateConfig } from '@lab/server-kit/cli';
import { Type, type Static } from 'typebox';
import { CliErrors } from './errors.js';

export const DEFAULT_CONTEXT = 'default';
export const CONTEXT_NAME_PATTERN = /^[a-z0-9][a-z0-9._-]{0,62}$/i;
/** What `config set` takes: the interface's `url` and `token`, and the default `project`. */
export const CONFIG_KEYS = ['url', 'token', 'project'] as const;
export type ConfigKey = (typeof CONFIG_KEYS)[number];
const CONFIG_VERSION = 1;

/** `http(s)://host[:port]`, nothing after: the SDK adds `/api/v1`. */
const URL_PATTERN = '^https?://[^/?#]+/?$';

const ContextSchema = Type.Object(
  {
    url: Type.Optional(Type.String({ pattern: URL_PATTERN })),
    token: Type.Optional(Type.String({ minLength: 1 })),
    project: Type.Optional(Type.String({ minLength: 1 })),
  },
  { additionalProperties: false },
);

const ConfigSchema = Type.Object(
  {
    version: Type.Literal(CONFIG_VERSION),
    current_context: Type.String({ pattern: CONTEXT_NAME_PATTERN.source }),
    contexts: Type.Record(Type.String({ pattern: CONTEXT_NAME_PATTERN.source }), ContextSchema),
  },
  { additionalProperties: false },
);

export type Context = Static<typeof ContextSchema>;
export type VerifyctlConfig = Static<typeof ConfigSchema>;

export const EMPTY_CONFIG: VerifyctlConfig = {
  version: CONFIG_VERSION,
  current_context: DEFAULT_CONTEXT,
  contexts: {},
};

export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  return userConfigPath('verifyctl', env);
}

/** The configuration at `path`; a missing file is the empty one, whose `default` context is current. */
export function readConfig(path: string): VerifyctlConfig {
  return readPrivateConfig(path, ConfigSchema, EMPTY_CONFIG);
}

export function writeConfig(path: string, config: VerifyctlConfig): void {
  writePrivateConfig(path, config);
}

export function checkContextName(name: string): string {
  if (!CONTEXT_NAME_PATTERN.test(name)) throw CliErrors.badContextName({ name });
  return name;
}

/** `url` without a trailing slash, refused unless it is `http(s)://host[:port]`. */
export function normalizeUrl(url: string): string {
  if (!new RegExp(URL_PATTERN).test(url) || !URL.canParse(url)) throw CliErrors.badUrl({ url });
  return url.replace(/\/$/, '');
}

/** The flags every command against the platform takes (the program's global options). */
export interface TargetFlags {
  url?: string | undefined;
  token?: string | undefined;
  context?: string | undefined;
  project?: string | undefined;
}

/** What a command talks to: the context and the values picked for it. */
export interface Settings {
  context: string;
  url?: string | undefined;
  token?: string | undefined;
  project?: string | undefined;
}

/**
 * For each of url, token and project the first that is set: the flag (`--url`, `--token`,
 * `--project`), the variable (`VERIFY_URL`, `VERIFY_TOKEN`, `VERIFY_PROJECT`), the context (named
 * by `--context`, else the file's current one). A context named by `--context` must exist in the
 * file; the current one may be empty (a fresh installation driven by variables alone). An empty
 * variable counts as unset, as CI systems export unset secrets as empty strings.
 */
export function resolveSettings(
  flags: TargetFlags,
  config: VerifyctlConfig,
  path: string,
  env: NodeJS.ProcessEnv = process.env,
): Settings {
  const name = flags.context ?? config.current_context;
  const context = config.contexts[name];
  if (flags.context !== undefined && context === undefined) {
    throw CliErrors.contextNotFound({ name: flags.context, path });
  }
  const pick = (flag: string | undefined, variable: string, stored: string | undefined) =>
    flag ?? (env[variable] === undefined || env[variable] === '' ? stored : env[variable]);
  const url = pick(flags.url, 'VERIFY_URL', context?.url);
  return {
    context: name,
    url: url === undefined ? undefined : normalizeUrl(url),
    token: pick(flags.token, 'VERIFY_TOKEN', context?.token),
    project: pick(flags.project, 'VERIFY_PROJECT', context?.project),
  };
}

/** The token as `config list` shows it: its prefix and last four characters, never the secret. */
export function maskToken(token: string): string {
  if (token.length <= 12) return '****';
  const prefix = token.includes('_') ? token.slice(0, token.indexOf('_') + 1) : '';
  return `${prefix}****${token.slice(-4)}`;
}
