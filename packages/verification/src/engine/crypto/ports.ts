/**
 * Port values as the harness contract carries them: drawn for a port's role and packing, written
 * as exactly ceil(width / 4) hexadecimal digits, read back from a responses line, and split into
 * or joined from packed elements (`element i at [i*w +: w]`).
 */
import type { CryptoInputPort } from '../../domain/verify-config.js';
import type { SeededRandom } from './random.js';

export const hexDigits = (width: number): number => Math.ceil(width / 4);

export function toHex(value: bigint, width: number): string {
  return value.toString(16).padStart(hexDigits(width), '0');
}

/** A port's elements, least significant first. */
export function unpackElements(value: bigint, elementWidth: number, count: number): bigint[] {
  const mask = (1n << BigInt(elementWidth)) - 1n;
  return Array.from({ length: count }, (_, i) => (value >> BigInt(i * elementWidth)) & mask);
}

export function packElements(elements: readonly bigint[], elementWidth: number): bigint {
  return elements.reduceRight((value, element) => (value << BigInt(elementWidth)) | element, 0n);
}

/** How many whole elements a port packs, or null when it declares no element packing. */
export function elementCount(port: Pick<CryptoInputPort, 'width' | 'element_width'>): number | null {
  return port.element_width === undefined ? null : Math.floor(port.width / port.element_width);
}

/** A value for `port`: uniform over its bits, or element by element in [0, modulus). */
export function drawPortValue(port: CryptoInputPort, random: SeededRandom): bigint {
  const count = elementCount(port);
  if (count === null || port.element_width === undefined) return random.bits(port.width);
  const bound = port.modulus === undefined ? 1n << BigInt(port.element_width) : BigInt(port.modulus);
  return packElements(
    Array.from({ length: count }, () => random.below(bound)),
    port.element_width,
  );
}

/**
 * The values of one responses line, or why it cannot be read. An `x` or `z` digit means the
 * design left an output undriven or unknown, which no check accepts.
 */
export function parseResponseLine(
  line: string,
  outputs: readonly { name: string; width: number }[],
): bigint[] | { error: string } {
  const fields = line
    .trim()
    .split(/\s+/)
    .filter((field) => field !== '');
  if (fields.length !== outputs.length) {
    return { error: `expected ${outputs.length} output values, found ${fields.length}` };
  }
  const values: bigint[] = [];
  for (const [index, field] of fields.entries()) {
    const port = outputs[index]!;
    if (!/^[0-9a-fA-F]+$/.test(field)) {
      return { error: `output ${port.name} is not fully defined: ${field.slice(0, 80)}` };
    }
    const value = BigInt(`0x${field}`);
    if (value >> BigInt(port.width) !== 0n) {
      return { error: `output ${port.name} is wider than its ${port.width} bits` };
    }
    values.push(value);
  }
  return values;
}
