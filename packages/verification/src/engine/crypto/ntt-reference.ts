/**
 * Reference number-theoretic transforms of 256-coefficient polynomials, the outputs a hardware NTT
 * is checked against:
 *
 * - Kyber / ML-KEM (FIPS 203): q = 3329, ζ = 17 a primitive 256th root of unity. Algorithm 9
 *   (7 layers) leaves 128 degree-1 residues, f mod (X² − ζ^(2·BitRev7(i)+1)) at positions 2i, 2i+1;
 *   Algorithm 10 inverts it and multiplies by 3303 = 128⁻¹ mod q.
 * - Dilithium / ML-DSA (FIPS 204): q = 8380417, ζ = 1753 a primitive 512th root of unity.
 *   Algorithm 41 (8 layers) gives the evaluation at ζ^(2·BitRev8(i)+1) at position i; Algorithm 42
 *   inverts it and multiplies by 8347681 = 256⁻¹ mod q.
 *
 * Both algorithms' outputs are in the standard ("bit-reversed") order, coefficients fully reduced
 * into [0, q). A design may instead produce the natural order or Montgomery-form coefficients;
 * toNaturalOrder and toMontgomery map the standard output to those conventions.
 *
 * All arithmetic is on plain numbers: q < 2²³, so a product of two reduced values is below 2⁴⁶
 * and exact in a double (whose integers are exact to 2⁵³).
 */

export type NttVariant = 'kyber' | 'dilithium';

export interface NttParameters {
  q: number;
  n: 256;
  /** The root of unity the transform is built on. */
  zeta: number;
  /** The bits a reduced coefficient needs. */
  coefficientBits: number;
  /** The Montgomery radix modulo q: 2¹⁶ for Kyber, 2³² for Dilithium, as their reference code uses. */
  montgomeryR: number;
  /** The layers of butterflies: 7 for Kyber (stopping at degree-1 residues), 8 for Dilithium. */
  layers: number;
  /** The scaling that ends the inverse: 2^-layers mod q. */
  inverseScale: number;
}

export const NTT_PARAMETERS: Readonly<Record<NttVariant, Readonly<NttParameters>>> = Object.freeze({
  kyber: Object.freeze({
    q: 3329,
    n: 256,
    zeta: 17,
    coefficientBits: 12,
    montgomeryR: 2285,
    layers: 7,
    inverseScale: 3303,
  }),
  dilithium: Object.freeze({
    q: 8380417,
    n: 256,
    zeta: 1753,
    coefficientBits: 23,
    montgomeryR: 4193792,
    layers: 8,
    inverseScale: 8347681,
  }),
});

const N = 256;

const mod = (value: number, q: number) => ((value % q) + q) % q;

function power(base: number, exponent: number, q: number): number {
  let result = 1;
  let square = base % q;
  for (let e = exponent; e > 0; e >>= 1) {
    if (e & 1) result = (result * square) % q;
    square = (square * square) % q;
  }
  return result;
}

/** The bits of `value`, `width` of them, in reverse order (FIPS 203's BitRev7, FIPS 204's BitRev8). */
function bitReverse(value: number, width: number): number {
  let reversed = 0;
  for (let bit = 0; bit < width; bit++) reversed = (reversed << 1) | ((value >> bit) & 1);
  return reversed;
}

function parametersOf(variant: NttVariant): Readonly<NttParameters> {
  const parameters = (NTT_PARAMETERS as Partial<Record<string, Readonly<NttParameters>>>)[variant];
  if (parameters === undefined) throw new RangeError(`unknown NTT variant '${String(variant)}'`);
  return parameters;
}

function zetaTable(variant: NttVariant): readonly number[] {
  const { zeta, q, layers } = NTT_PARAMETERS[variant];
  return Object.freeze(Array.from({ length: 2 ** layers }, (_, i) => power(zeta, bitReverse(i, layers), q)));
}

const ZETAS: Readonly<Record<NttVariant, readonly number[]>> = {
  kyber: zetaTable('kyber'),
  dilithium: zetaTable('dilithium'),
};

/**
 * The twiddle factors in the order the forward transform uses them: ζ^BitRev7(i) for Kyber's
 * 128 (FIPS 203 Appendix A), ζ^BitRev8(k) for Dilithium's 256 (FIPS 204 Appendix B).
 */
export function zetas(variant: NttVariant): readonly number[] {
  parametersOf(variant);
  return ZETAS[variant];
}

function checkedPolynomial(variant: NttVariant, poly: readonly number[]): number[] {
  const { q } = parametersOf(variant);
  if (poly.length !== N) throw new RangeError(`a polynomial has ${N} coefficients, got ${poly.length}`);
  return poly.map((coefficient, index) => {
    if (!Number.isInteger(coefficient) || coefficient < 0 || coefficient >= q) {
      throw new RangeError(`coefficient ${index} is ${coefficient}, not an integer in [0, ${q})`);
    }
    return coefficient;
  });
}

/** The forward NTT (FIPS 203 Algorithm 9, FIPS 204 Algorithm 41), in the standard output order. */
export function ntt(variant: NttVariant, poly: readonly number[]): number[] {
  const { q, layers } = parametersOf(variant);
  const table = ZETAS[variant];
  const f = checkedPolynomial(variant, poly);
  let k = 1;
  for (let len = N / 2; len >= N >> layers; len >>= 1) {
    for (let start = 0; start < N; start += 2 * len) {
      const zeta = table[k++]!;
      for (let j = start; j < start + len; j++) {
        const t = (zeta * f[j + len]!) % q;
        f[j + len] = mod(f[j]! - t, q);
        f[j] = (f[j]! + t) % q;
      }
    }
  }
  return f;
}

/** The inverse NTT (FIPS 203 Algorithm 10, FIPS 204 Algorithm 42), from the standard order. */
export function inverseNtt(variant: NttVariant, poly: readonly number[]): number[] {
  const { q, layers, inverseScale } = parametersOf(variant);
  const table = ZETAS[variant];
  const f = checkedPolynomial(variant, poly);
  let k = table.length;
  for (let len = N >> layers; len <= N / 2; len <<= 1) {
    for (let start = 0; start < N; start += 2 * len) {
      // FIPS 203 multiplies the difference by ζ^BitRev7(k); FIPS 204 by −ζ^BitRev8(k) and takes
      // t − f[j+len] instead of f[j+len] − t: the same product, as the two signs cancel.
      const zeta = table[--k]!;
      for (let j = start; j < start + len; j++) {
        const t = f[j]!;
        f[j] = (t + f[j + len]!) % q;
        f[j + len] = (zeta * mod(f[j + len]! - t, q)) % q;
      }
    }
  }
  return f.map((coefficient) => (coefficient * inverseScale) % q);
}

/**
 * The standard NTT output rearranged so the residue for ζ^(2k+1) comes k-th: for Kyber the pair
 * at 2i, 2i+1 (for ζ^(2·BitRev7(i)+1)) moves to 2·BitRev7(i), 2·BitRev7(i)+1; for Dilithium the
 * evaluation at i (at ζ^(2·BitRev8(i)+1)) moves to BitRev8(i).
 */
export function toNaturalOrder(variant: NttVariant, nttOutput: readonly number[]): number[] {
  const { layers } = parametersOf(variant);
  const standard = checkedPolynomial(variant, nttOutput);
  const natural = new Array<number>(N);
  // A residue is N >> layers coefficients: a pair for Kyber, one value for Dilithium.
  const width = N >> layers;
  for (let i = 0; i < 2 ** layers; i++) {
    const k = bitReverse(i, layers);
    for (let c = 0; c < width; c++) natural[width * k + c] = standard[width * i + c]!;
  }
  return natural;
}

/** Each coefficient times the Montgomery radix R mod q, the form Montgomery-multiplier designs keep. */
export function toMontgomery(variant: NttVariant, poly: readonly number[]): number[] {
  const { q, montgomeryR } = parametersOf(variant);
  return checkedPolynomial(variant, poly).map((coefficient) => (coefficient * montgomeryR) % q);
}
