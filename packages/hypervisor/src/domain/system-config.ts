/**
 * The active configuration as `/system/config` shows it: the validated settings of `hvctl serve`
 * with snake_case names, as every other answer of the API, and secrets masked. A setting is a
 * secret when its name says so (secret, token, password, passphrase, credential, private); its
 * value is shown as `***`, so the answer tells that it is set, never what it is. Settings are flat
 * (no nested objects), so names are all at the top level.
 */
import { Type, type TSchema } from 'typebox';
import { ServeConfigSchema } from '../config.js';

export const MASK = '***';
const SECRET_NAME = /secret|token|password|passphrase|credential|private/i;

export const isSecretSetting = (name: string): boolean => SECRET_NAME.test(name);

/** `stopTimeoutMs` as `stop_timeout_ms`. */
export const snakeCase = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Settings with snake_case names, each secret one's value replaced by `***`. */
export function maskedSettings(settings: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(settings)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [snakeCase(name), isSecretSetting(name) ? MASK : value]),
  );
}

/** Each setting of the config schema under its snake_case name, a secret one as the mask. */
export const ConfigViewSchema = Type.Object(
  Object.fromEntries(
    Object.entries(ServeConfigSchema.properties).map(([name, schema]: [string, TSchema]) => {
      if (!isSecretSetting(name)) return [snakeCase(name), schema];
      const masked = Type.Literal(MASK, { description: 'a secret: set, and not shown' });
      return [snakeCase(name), Type.IsOptional(schema) ? Type.Optional(masked) : masked];
    }),
  ),
  { description: 'the settings `hvctl serve` runs with (flags, HV_* variables, defaults)' },
);
