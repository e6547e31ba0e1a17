/** Parsers of the CLI's option values: a bad value fails before anything runs, naming the option. */
import { InvalidArgumentError } from 'commander';

export function integerOption(value: string): number {
  if (!/^[+-]?\d+$/.test(value.trim())) throw new InvalidArgumentError('expected an integer.');
  return Number(value);
}

export function probabilityOption(value: string): number {
  const p = Number(value);
  if (value.trim() === '' || !Number.isFinite(p) || p < 0 || p > 1)
    throw new InvalidArgumentError('expected a probability from 0 to 1.');
  return p;
}

/** `--input name=value`, repeatable: numbers, `true`/`false`, or bit strings as their integer value. */
export function inputOption(
  value: string,
  previous: Record<string, number | boolean> = {},
): Record<string, number | boolean> {
  const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.+)$/.exec(value.trim());
  if (match === null) throw new InvalidArgumentError('expected NAME=VALUE, for example theta=0.5.');
  const [, name, raw] = match as unknown as [string, string, string];
  let parsed: number | boolean;
  if (raw === 'true' || raw === 'false') parsed = raw === 'true';
  else if (/^"[01]+"$/.test(raw)) parsed = parseInt(raw.slice(1, -1), 2);
  else {
    parsed = Number(raw);
    if (!Number.isFinite(parsed)) throw new InvalidArgumentError(`'${raw}' is not a number, true or false.`);
  }
  return { ...previous, [name]: parsed };
}
