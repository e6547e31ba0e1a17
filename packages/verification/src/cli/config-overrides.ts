/**
 * `job submit --set key=value` (repeatable) into the job's `config_overrides`. Each value is read
 * as the type the key's setting has in the schema the API validates with (`true`/`false` for a
 * boolean, a number for a number, the text as it is for a string), so `--set formal.depth=30` sends
 * 30 and `--set simulation.pass_pattern=42` sends "42". A key the schema does not know, or a value
 * that does not read as its type, is sent as text: the platform refuses it with VALIDATION_ERROR
 * naming the key, as it would any client's.
 */
import { CliErrors } from './errors.js';

type OverrideValue = boolean | number | string;

const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** Commander's collector for a repeatable option. */
export function collect(value: string, previous: readonly string[] = []): string[] {
  return [...previous, value];
}

export async function parseOverrides(pairs: readonly string[]): Promise<Record<string, OverrideValue>> {
  if (pairs.length === 0) return {};
  // The schema module pulls in the project configuration's validators: loaded only when needed,
  // so that a command without --set starts as fast as the others.
  const { ConfigOverridesSchema } = await import('../domain/project-config.js');
  const settings = ConfigOverridesSchema.properties as Record<string, { type?: string } | undefined>;
  const overrides: Record<string, OverrideValue> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0)
      throw CliErrors.usage({ message: `--set '${pair}': expected key=value, e.g. formal.depth=30` });
    const key = pair.slice(0, at);
    const text = pair.slice(at + 1);
    const type = settings[key]?.type;
    if (type === 'boolean' && (text === 'true' || text === 'false')) overrides[key] = text === 'true';
    else if ((type === 'integer' || type === 'number') && NUMBER.test(text)) overrides[key] = Number(text);
    else overrides[key] = text;
  }
  return overrides;
}
