/** Parsers of the CLI's option values: a bad value fails before anything runs, naming the option. */
import { InvalidArgumentError, type Command } from 'commander';
import type { NoiseOptions } from '../engine/noise.js';

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

/** η, a fraction of errors: above 0, at most 1. */
export function erasureFractionOption(value: string): number {
  const eta = Number(value);
  if (value.trim() === '' || !Number.isFinite(eta) || eta <= 0 || eta > 1)
    throw new InvalidArgumentError('expected a fraction above 0 and at most 1.');
  return eta;
}

/** The noise flags of `run` and `estimate`, one per field of the noise model (NoiseOptions). */
export interface NoiseFlags {
  loss?: number;
  pauli?: number;
  erasureFraction?: number;
}

export function addNoiseOptions(command: Command): Command {
  return command
    .option(
      '--loss <p>',
      'heralded erasure probability per qubit per cycle (default 0.005; 0 is ideal)',
      probabilityOption,
    )
    .option(
      '--pauli <p>',
      'silent Pauli error probability per qubit per cycle (default loss × (1 − η) / η; loss + pauli ≤ 1)',
      probabilityOption,
    )
    .option(
      '--erasure-fraction <eta>',
      'η, the fraction of errors that are heralded erasures, for the default --pauli (default 0.98)',
      erasureFractionOption,
    );
}

/** The noise options the flags give; undefined when none was given (the default model). */
export function noiseOf({ loss, pauli, erasureFraction }: NoiseFlags): NoiseOptions | undefined {
  if (loss === undefined && pauli === undefined && erasureFraction === undefined) return undefined;
  return {
    ...(loss === undefined ? {} : { loss }),
    ...(pauli === undefined ? {} : { pauli }),
    ...(erasureFraction === undefined ? {} : { erasureFraction }),
  };
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
