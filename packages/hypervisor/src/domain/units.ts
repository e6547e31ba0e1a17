/**
 * Sizes as people write them: `512M`, `2G`, `1.5T`, `4096` (bytes). Suffixes are binary
 * (K = 1024), as QEMU and qemu-img read them; `Ki`/`KiB`/`KB` spellings are accepted too.
 * Sizes going out are written the same way (`formatSize`), so they round-trip.
 */

const UNITS = ['', 'K', 'M', 'G', 'T', 'P'] as const;
const SIZE = /^(\d+(?:\.\d+)?)\s*([KMGTP]?)(?:i?B)?$/i;

/** Bytes of a size string, or undefined when it is not one. Fractions are rounded down to a byte. */
export function parseSize(text: string): number | undefined {
  const match = SIZE.exec(text.trim());
  if (match === null) return undefined;
  const exponent = UNITS.indexOf((match[2] ?? '').toUpperCase() as (typeof UNITS)[number]);
  const bytes = Math.floor(Number(match[1]) * 1024 ** exponent);
  return Number.isSafeInteger(bytes) ? bytes : undefined;
}

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
