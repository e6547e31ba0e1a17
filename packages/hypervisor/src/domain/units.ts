/**
 * Sizes as people write them: `512M`, `2G`, `1.5T`, `2GiB`, `4096` (bytes). Suffixes are binary
 * (K = 1024), as QEMU and qemu-img read them, in any case, with `B` or `iB` after them allowed.
 * `SIZE_PATTERN` is that syntax, and `parseSize` reads exactly it, so every size field of the
 * API (`sizeSchema`) states what the service takes. Sizes going out are written the same way
 * (`formatSize`), so they round-trip.
 */
import { Type } from 'typebox';

const UNITS = ['', 'K', 'M', 'G', 'T', 'P'] as const;
/**
 * ASCII classes only: a JSON Schema pattern is read by other regular-expression engines too
 * (Python's `\d` matches every Unicode digit), and none may take more than this does.
 */
export const SIZE_PATTERN = '^([0-9]+(?:\\.[0-9]+)?)(?:([KMGTPkmgtp])(?:[Ii]?[Bb])?|[Bb])?$';
const SIZE = new RegExp(SIZE_PATTERN);
const SIZE_MAX_LENGTH = 32;

/** Bytes of a size string, or undefined when it is not one. Fractions are rounded down to a byte. */
export function parseSize(text: string): number | undefined {
  const match = text.length <= SIZE_MAX_LENGTH ? SIZE.exec(text) : null;
  if (match === null) return undefined;
  const exponent = UNITS.indexOf((match[2] ?? '').toUpperCase() as (typeof UNITS)[number]);
  const bytes = Math.floor(Number(match[1]) * 1024 ** exponent);
  return Number.isSafeInteger(bytes) ? bytes : undefined;
}

/**
 * A size field of the API. Its bounds are numbers of bytes, which a pattern over a string with a
 * unit cannot state, so `range` says them and the service checks them (400 naming the field).
 */
export const sizeSchema = (range: string) =>
  Type.String({
    pattern: SIZE_PATTERN,
    maxLength: SIZE_MAX_LENGTH,
    description:
      `${range}; a number (a fraction allowed) and a binary unit K, M, G, T or P (1024 apart, any ` +
      'case, optionally followed by B or iB), e.g. `512M`, `1.5G`, `2GiB`; none, or B, is bytes',
  });

/** `1610612736` → `1.5G`; at most one decimal, trailing `.0` dropped. */
export function formatSize(bytes: number): string {
  let exponent = 0;
  let value = bytes;
  while (value >= 1024 && exponent < UNITS.length - 1) {
    value /= 1024;
    exponent += 1;
  }
  const rounded = Math.round(value * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1)}${UNITS[exponent]}`;
}

export const MIB = 1024 * 1024;
