import { describe, expect, it } from 'vitest';
import {
  NTT_PARAMETERS,
  inverseNtt,
  ntt,
  toMontgomery,
  toNaturalOrder,
  zetas,
  type NttVariant,
} from '../../../src/engine/crypto/ntt-reference.js';
import { seeded } from './seeded.js';

// FIPS 203 (ML-KEM), Appendix A, first table: ζ^BitRev7(i) mod q for i = 0..127 (ζ = 17,
// q = 3329), row by row. As transcribed in several implementations (one of them machine-checked
// in Lean against 17^BitRev7(i) mod 3329); the table starts 1, 1729, 2580, 3289, 2642, 630, ...
const FIPS_203_ZETAS = [
  1, 1729, 2580, 3289, 2642, 630, 1897, 848, 1062, 1919, 193, 797, 2786, 3260, 569, 1746, 296, 2447, 1339,
  1476, 3046, 56, 2240, 1333, 1426, 2094, 535, 2882, 2393, 2879, 1974, 821, 289, 331, 3253, 1756, 1197, 2304,
  2277, 2055, 650, 1977, 2513, 632, 2865, 33, 1320, 1915, 2319, 1435, 807, 452, 1438, 2868, 1534, 2402, 2647,
  2617, 1481, 648, 2474, 3110, 1227, 910, 17, 2761, 583, 2649, 1637, 723, 2288, 1100, 1409, 2662, 3281, 233,
  756, 2156, 3015, 3050, 1703, 1651, 2789, 1789, 1847, 952, 1461, 2687, 939, 2308, 2437, 2388, 733, 2337, 268,
  641, 1584, 2298, 2037, 3220, 375, 2549, 2090, 1645, 1063, 319, 2773, 757, 2099, 561, 2466, 2594, 2804, 1092,
  403, 1026, 1143, 2150, 2775, 886, 1722, 1212, 1874, 1029, 2110, 2935, 885, 2154,
];

// FIPS 203 Appendix A, second table: γᵢ = ζ^(2·BitRev7(i)+1) mod q, the moduli X² − γᵢ of
// BaseCaseMultiply (Algorithm 12). It starts 17, 3312 (= −17), 2761, 568 (= −2761), ...
const FIPS_203_GAMMAS = [
  17, 3312, 2761, 568, 583, 2746, 2649, 680, 1637, 1692, 723, 2606, 2288, 1041, 1100, 2229, 1409, 1920, 2662,
  667, 3281, 48, 233, 3096, 756, 2573, 2156, 1173, 3015, 314, 3050, 279, 1703, 1626, 1651, 1678, 2789, 540,
  1789, 1540, 1847, 1482, 952, 2377, 1461, 1868, 2687, 642, 939, 2390, 2308, 1021, 2437, 892, 2388, 941, 733,
  2596, 2337, 992, 268, 3061, 641, 2688, 1584, 1745, 2298, 1031, 2037, 1292, 3220, 109, 375, 2954, 2549, 780,
  2090, 1239, 1645, 1684, 1063, 2266, 319, 3010, 2773, 556, 757, 2572, 2099, 1230, 561, 2768, 2466, 863, 2594,
  735, 2804, 525, 1092, 2237, 403, 2926, 1026, 2303, 1143, 2186, 2150, 1179, 2775, 554, 886, 2443, 1722, 1607,
  1212, 2117, 1874, 1455, 1029, 2300, 2110, 1219, 2935, 394, 885, 2444, 2154, 1175,
];

// FIPS 204 (ML-DSA), Appendix B: zetas[k] = ζ^BitRev8(k) mod q for k = 0..255 (ζ = 1753,
// q = 8380417), as transcribed in implementations. Entry 0 is never used by Algorithm 41 and the
// transcriptions disagree on it (0 or 1), so it is left out here: ζ^BitRev8(0) = ζ⁰ = 1.
const FIPS_204_ZETAS_FROM_1 = [
  4808194, 3765607, 3761513, 5178923, 5496691, 5234739, 5178987, 7778734, 3542485, 2682288, 2129892, 3764867,
  7375178, 557458, 7159240, 5010068, 4317364, 2663378, 6705802, 4855975, 7946292, 676590, 7044481, 5152541,
  1714295, 2453983, 1460718, 7737789, 4795319, 2815639, 2283733, 3602218, 3182878, 2740543, 4793971, 5269599,
  2101410, 3704823, 1159875, 394148, 928749, 1095468, 4874037, 2071829, 4361428, 3241972, 2156050, 3415069,
  1759347, 7562881, 4805951, 3756790, 6444618, 6663429, 4430364, 5483103, 3192354, 556856, 3870317, 2917338,
  1853806, 3345963, 1858416, 3073009, 1277625, 5744944, 3852015, 4183372, 5157610, 5258977, 8106357, 2508980,
  2028118, 1937570, 4564692, 2811291, 5396636, 7270901, 4158088, 1528066, 482649, 1148858, 5418153, 7814814,
  169688, 2462444, 5046034, 4213992, 4892034, 1987814, 5183169, 1736313, 235407, 5130263, 3258457, 5801164,
  1787943, 5989328, 6125690, 3482206, 4197502, 7080401, 6018354, 7062739, 2461387, 3035980, 621164, 3901472,
  7153756, 2925816, 3374250, 1356448, 5604662, 2683270, 5601629, 4912752, 2312838, 7727142, 7921254, 348812,
  8052569, 1011223, 6026202, 4561790, 6458164, 6143691, 1744507, 1753, 6444997, 5720892, 6924527, 2660408,
  6600190, 8321269, 2772600, 1182243, 87208, 636927, 4415111, 4423672, 6084020, 5095502, 4663471, 8352605,
  822541, 1009365, 5926272, 6400920, 1596822, 4423473, 4620952, 6695264, 4969849, 2678278, 4611469, 4829411,
  635956, 8129971, 5925040, 4234153, 6607829, 2192938, 6653329, 2387513, 4768667, 8111961, 5199961, 3747250,
  2296099, 1239911, 4541938, 3195676, 2642980, 1254190, 8368000, 2998219, 141835, 8291116, 2513018, 7025525,
  613238, 7070156, 6161950, 7921677, 6458423, 4040196, 4908348, 2039144, 6500539, 7561656, 6201452, 6757063,
  2105286, 6006015, 6346610, 586241, 7200804, 527981, 5637006, 6903432, 1994046, 2491325, 6987258, 507927,
  7192532, 7655613, 6545891, 5346675, 8041997, 2647994, 3009748, 5767564, 4148469, 749577, 4357667, 3980599,
  2569011, 6764887, 1723229, 1665318, 2028038, 1163598, 5011144, 3994671, 8368538, 7009900, 3020393, 3363542,
  214880, 545376, 7609976, 3105558, 7277073, 508145, 7826699, 860144, 3430436, 140244, 6866265, 6195333,
  3123762, 2358373, 6187330, 5365997, 6663603, 2926054, 7987710, 8077412, 3531229, 4405932, 4606686, 1900052,
  7598542, 1054478, 7648983,
];

// pq-crystals/kyber ref/ntt.c, `zetas[128]`: ζ^BitRev7(i)·2¹⁶ mod q, centred in (−q/2, q/2).
// (The older copy of that file in the same repository has the same values unsigned:
// 2285, 2571, 2970, 1812, 1493, 1422, 287, 202, ...)
const PQ_CRYSTALS_KYBER_ZETAS = [
  -1044, -758, -359, -1517, 1493, 1422, 287, 202, -171, 622, 1577, 182, 962, -1202, -1474, 1468, 573, -1325,
  264, 383, -829, 1458, -1602, -130, -681, 1017, 732, 608, -1542, 411, -205, -1571, 1223, 652, -552, 1015,
  -1293, 1491, -282, -1544, 516, -8, -320, -666, -1618, -1162, 126, 1469, -853, -90, -271, 830, 107, -1421,
  -247, -951, -398, 961, -1508, -725, 448, -1065, 677, -1275, -1103, 430, 555, 843, -1251, 871, 1550, 105,
  422, 587, 177, -235, -291, -460, 1574, 1653, -246, 778, 1159, -147, -777, 1483, -602, 1119, -1590, 644,
  -872, 349, 418, 329, -156, -75, 817, 1097, 603, 610, 1322, -1285, -1465, 384, -1215, -136, 1218, -1335,
  -874, 220, -1187, -1659, -1185, -1530, -1278, 794, -1510, -854, -870, 478, -108, -308, 996, 991, 958, -1460,
  1522, 1628,
];
const PQ_CRYSTALS_KYBER_ZETAS_UNSIGNED_START = [2285, 2571, 2970, 1812, 1493, 1422, 287, 202];

// pq-crystals/dilithium ref/ntt.c, `zetas[N]`: ζ^BitRev8(k)·2³² mod q, unsigned, with 0 as the
// unused entry 0. (The current file has them centred: 0, 25847, −2608894, −518909, 237124, ...)
const PQ_CRYSTALS_DILITHIUM_ZETAS = [
  0, 25847, 5771523, 7861508, 237124, 7602457, 7504169, 466468, 1826347, 2353451, 8021166, 6288512, 3119733,
  5495562, 3111497, 2680103, 2725464, 1024112, 7300517, 3585928, 7830929, 7260833, 2619752, 6271868, 6262231,
  4520680, 6980856, 5102745, 1757237, 8360995, 4010497, 280005, 2706023, 95776, 3077325, 3530437, 6718724,
  4788269, 5842901, 3915439, 4519302, 5336701, 3574422, 5512770, 3539968, 8079950, 2348700, 7841118, 6681150,
  6736599, 3505694, 4558682, 3507263, 6239768, 6779997, 3699596, 811944, 531354, 954230, 3881043, 3900724,
  5823537, 2071892, 5582638, 4450022, 6851714, 4702672, 5339162, 6927966, 3475950, 2176455, 6795196, 7122806,
  1939314, 4296819, 7380215, 5190273, 5223087, 4747489, 126922, 3412210, 7396998, 2147896, 2715295, 5412772,
  4686924, 7969390, 5903370, 7709315, 7151892, 8357436, 7072248, 7998430, 1349076, 1852771, 6949987, 5037034,
  264944, 508951, 3097992, 44288, 7280319, 904516, 3958618, 4656075, 8371839, 1653064, 5130689, 2389356,
  8169440, 759969, 7063561, 189548, 4827145, 3159746, 6529015, 5971092, 8202977, 1315589, 1341330, 1285669,
  6795489, 7567685, 6940675, 5361315, 4499357, 4751448, 3839961, 2091667, 3407706, 2316500, 3817976, 5037939,
  2244091, 5933984, 4817955, 266997, 2434439, 7144689, 3513181, 4860065, 4621053, 7183191, 5187039, 900702,
  1859098, 909542, 819034, 495491, 6767243, 8337157, 7857917, 7725090, 5257975, 2031748, 3207046, 4823422,
  7855319, 7611795, 4784579, 342297, 286988, 5942594, 4108315, 3437287, 5038140, 1735879, 203044, 2842341,
  2691481, 5790267, 1265009, 4055324, 1247620, 2486353, 1595974, 4613401, 1250494, 2635921, 4832145, 5386378,
  1869119, 1903435, 7329447, 7047359, 1237275, 5062207, 6950192, 7929317, 1312455, 3306115, 6417775, 7100756,
  1917081, 5834105, 7005614, 1500165, 777191, 2235880, 3406031, 7838005, 5548557, 6709241, 6533464, 5796124,
  4656147, 594136, 4603424, 6366809, 2432395, 2454455, 8215696, 1957272, 3369112, 185531, 7173032, 5196991,
  162844, 1616392, 3014001, 810149, 1652634, 4686184, 6581310, 5341501, 3523897, 3866901, 269760, 2213111,
  7404533, 1717735, 472078, 7953734, 1723600, 6577327, 1910376, 6712985, 7276084, 8119771, 4546524, 5441381,
  6144432, 7959518, 6094090, 183443, 7403526, 1612842, 4834730, 7826001, 3919660, 8332111, 7018208, 3937738,
  1400424, 7534263, 1976782,
];
const PQ_CRYSTALS_DILITHIUM_ZETAS_SIGNED_START = [
  0, 25847, -2608894, -518909, 237124, -777960, -876248, 466468,
];

const VARIANTS: NttVariant[] = ['kyber', 'dilithium'];

// Independent arithmetic for the checks: BigInt, so nothing here shares the module's shortcuts.
const modBig = (value: bigint, q: bigint) => ((value % q) + q) % q;
function powBig(base: bigint, exponent: bigint, q: bigint): bigint {
  let result = 1n;
  let square = modBig(base, q);
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * square) % q;
    square = (square * square) % q;
  }
  return result;
}
const inverseBig = (value: bigint, q: bigint) => powBig(value, q - 2n, q); // q is prime

/** Converts a reference table from Montgomery form (times R) to plain residues. */
function fromMontgomery(variant: NttVariant, table: readonly number[]): number[] {
  const q = BigInt(NTT_PARAMETERS[variant].q);
  const rInverse = inverseBig(BigInt(NTT_PARAMETERS[variant].montgomeryR), q);
  return table.map((value) => Number(modBig(BigInt(value) * rInverse, q)));
}

const randomPolynomial = (q: number, random: () => number) =>
  Array.from({ length: 256 }, () => Math.floor(random() * q));

/** The product in Z_q[X]/(X²⁵⁶ + 1), schoolbook: X²⁵⁶ = −1 wraps with a sign change. */
function negacyclicProduct(a: readonly number[], b: readonly number[], q: number): number[] {
  const qBig = BigInt(q);
  const sums = new Array<bigint>(256).fill(0n);
  for (let i = 0; i < 256; i++) {
    for (let j = 0; j < 256; j++) {
      const product = BigInt(a[i]!) * BigInt(b[j]!);
      if (i + j < 256) sums[i + j]! += product;
      else sums[i + j - 256]! -= product;
    }
  }
  return sums.map((sum) => Number(modBig(sum, qBig)));
}

/** f(x) mod q by Horner's rule. */
function evaluate(poly: readonly number[], x: bigint, q: bigint): bigint {
  let value = 0n;
  for (let i = poly.length - 1; i >= 0; i--) value = (value * x + BigInt(poly[i]!)) % q;
  return value;
}

const bitReverse = (value: number, width: number) =>
  parseInt(value.toString(2).padStart(width, '0').split('').reverse().join(''), 2);

describe('NTT_PARAMETERS', () => {
  it('holds each variant’s modulus, root of unity, Montgomery radix and inverse scale', () => {
    const kyber = NTT_PARAMETERS.kyber;
    const dilithium = NTT_PARAMETERS.dilithium;
    expect([kyber.q, kyber.zeta, kyber.coefficientBits, kyber.n]).toEqual([3329, 17, 12, 256]);
    expect([dilithium.q, dilithium.zeta, dilithium.coefficientBits, dilithium.n]).toEqual([
      8380417, 1753, 23, 256,
    ]);
    expect(BigInt(kyber.montgomeryR)).toBe(2n ** 16n % 3329n);
    expect(BigInt(dilithium.montgomeryR)).toBe(2n ** 32n % 8380417n);
    // FIPS 203 Algorithm 10 ends with ×3303, FIPS 204 Algorithm 42 with ×8347681.
    expect(kyber.inverseScale).toBe(3303);
    expect((3303n * 128n) % 3329n).toBe(1n);
    expect(dilithium.inverseScale).toBe(8347681);
    expect((8347681n * 256n) % 8380417n).toBe(1n);
  });

  it('names roots of unity of the right order: 256th for Kyber, 512th for Dilithium', () => {
    expect(powBig(17n, 128n, 3329n)).toBe(3328n); // ζ¹²⁸ = −1, so the order is 256
    expect(powBig(1753n, 256n, 8380417n)).toBe(8380416n); // ζ²⁵⁶ = −1, so the order is 512
  });

  it('sizes coefficients to hold q − 1', () => {
    for (const variant of VARIANTS) {
      const { q, coefficientBits } = NTT_PARAMETERS[variant];
      expect((q - 1).toString(2)).toHaveLength(coefficientBits);
    }
  });
});

describe('zetas', () => {
  it('matches the FIPS 203 Appendix A table for Kyber', () => {
    expect(zetas('kyber')).toEqual(FIPS_203_ZETAS);
  });

  it('matches the FIPS 204 Appendix B table for Dilithium, entry 0 being ζ⁰', () => {
    const table = zetas('dilithium');
    expect(table).toHaveLength(256);
    expect(table[0]).toBe(1);
    expect(table.slice(1)).toEqual(FIPS_204_ZETAS_FROM_1);
  });

  it('matches pq-crystals’ Kyber table once taken out of Montgomery form', () => {
    expect(fromMontgomery('kyber', PQ_CRYSTALS_KYBER_ZETAS)).toEqual(FIPS_203_ZETAS);
    expect(fromMontgomery('kyber', PQ_CRYSTALS_KYBER_ZETAS_UNSIGNED_START)).toEqual(
      FIPS_203_ZETAS.slice(0, 8),
    );
    expect(fromMontgomery('kyber', PQ_CRYSTALS_KYBER_ZETAS)).toEqual(zetas('kyber'));
  });

  it('matches pq-crystals’ Dilithium table once taken out of Montgomery form', () => {
    // Entry 0 of pq-crystals' table is a placeholder 0, never read.
    expect(fromMontgomery('dilithium', PQ_CRYSTALS_DILITHIUM_ZETAS).slice(1)).toEqual(
      zetas('dilithium').slice(1),
    );
    expect(fromMontgomery('dilithium', PQ_CRYSTALS_DILITHIUM_ZETAS_SIGNED_START)).toEqual(
      fromMontgomery('dilithium', PQ_CRYSTALS_DILITHIUM_ZETAS.slice(0, 8)),
    );
  });

  it('is ζ to the bit-reversed index, computed independently', () => {
    for (const variant of VARIANTS) {
      const { q, zeta, layers } = NTT_PARAMETERS[variant];
      const expected = Array.from({ length: 2 ** layers }, (_, i) =>
        Number(powBig(BigInt(zeta), BigInt(bitReverse(i, layers)), BigInt(q))),
      );
      expect(zetas(variant)).toEqual(expected);
    }
  });
});

describe('ntt and inverseNtt', () => {
  it('invert each other on random polynomials', () => {
    const random = seeded(2024);
    for (const variant of VARIANTS) {
      const { q } = NTT_PARAMETERS[variant];
      for (let trial = 0; trial < 8; trial++) {
        const poly = randomPolynomial(q, random);
        const transformed = ntt(variant, poly);
        expect(transformed.every((c) => Number.isInteger(c) && c >= 0 && c < q)).toBe(true);
        expect(inverseNtt(variant, transformed)).toEqual(poly);
        expect(ntt(variant, inverseNtt(variant, poly))).toEqual(poly);
      }
    }
  });

  it('leaves the input untouched', () => {
    const poly = randomPolynomial(3329, seeded(3));
    const copy = [...poly];
    ntt('kyber', poly);
    inverseNtt('kyber', poly);
    expect(poly).toEqual(copy);
  });

  it('maps the constant 1 to 1 at every root (Dilithium) and to (1, 0) in every residue (Kyber)', () => {
    const one = [1, ...new Array<number>(255).fill(0)];
    expect(ntt('dilithium', one)).toEqual(new Array<number>(256).fill(1));
    expect(ntt('kyber', one)).toEqual(Array.from({ length: 256 }, (_, i) => (i % 2 === 0 ? 1 : 0)));
  });

  it('turns Dilithium multiplication into the pointwise product (negacyclic convolution)', () => {
    const { q } = NTT_PARAMETERS.dilithium;
    const random = seeded(17);
    for (let trial = 0; trial < 2; trial++) {
      const a = randomPolynomial(q, random);
      const b = randomPolynomial(q, random);
      const aHat = ntt('dilithium', a);
      const bHat = ntt('dilithium', b);
      const pointwise = aHat.map((x, i) => Number((BigInt(x) * BigInt(bHat[i]!)) % BigInt(q)));
      expect(inverseNtt('dilithium', pointwise)).toEqual(negacyclicProduct(a, b, q));
    }
  });

  it('turns Kyber multiplication into FIPS 203 BaseCaseMultiply per residue (negacyclic convolution)', () => {
    const { q } = NTT_PARAMETERS.kyber;
    const random = seeded(29);
    for (let trial = 0; trial < 2; trial++) {
      const a = randomPolynomial(q, random);
      const b = randomPolynomial(q, random);
      const aHat = ntt('kyber', a);
      const bHat = ntt('kyber', b);
      // Algorithms 11 and 12: (a0 + a1X)(b0 + b1X) mod (X² − γᵢ), γᵢ = ζ^(2·BitRev7(i)+1).
      const product = new Array<number>(256);
      for (let i = 0; i < 128; i++) {
        const [a0, a1, b0, b1] = [aHat[2 * i]!, aHat[2 * i + 1]!, bHat[2 * i]!, bHat[2 * i + 1]!];
        const gamma = FIPS_203_GAMMAS[i]!;
        product[2 * i] = (a0 * b0 + ((a1 * b1) % q) * gamma) % q;
        product[2 * i + 1] = (a0 * b1 + a1 * b0) % q;
      }
      expect(inverseNtt('kyber', product)).toEqual(negacyclicProduct(a, b, q));
    }
  });

  it('uses the FIPS 203 γ table: γᵢ = ζ^(2·BitRev7(i)+1)', () => {
    const gammas = Array.from({ length: 128 }, (_, i) =>
      Number(powBig(17n, BigInt(2 * bitReverse(i, 7) + 1), 3329n)),
    );
    expect(gammas).toEqual(FIPS_203_GAMMAS);
  });
});

describe('toNaturalOrder', () => {
  it('puts the Dilithium evaluation at ζ^(2k+1) at position k', () => {
    const q = 8380417n;
    const poly = randomPolynomial(8380417, seeded(41));
    const natural = toNaturalOrder('dilithium', ntt('dilithium', poly));
    natural.forEach((value, k) => {
      expect(BigInt(value)).toBe(evaluate(poly, powBig(1753n, BigInt(2 * k + 1), q), q));
    });
  });

  it('puts the Kyber residue mod X² − ζ^(2k+1) at positions 2k, 2k+1', () => {
    const q = 3329n;
    const poly = randomPolynomial(3329, seeded(43));
    const natural = toNaturalOrder('kyber', ntt('kyber', poly));
    for (let k = 0; k < 128; k++) {
      // Modulo X² − γ, X²ᵐ = γᵐ: the even coefficients make c0, the odd ones c1.
      const gamma = powBig(17n, BigInt(2 * k + 1), q);
      const even = poly.filter((_, i) => i % 2 === 0);
      const odd = poly.filter((_, i) => i % 2 === 1);
      expect([BigInt(natural[2 * k]!), BigInt(natural[2 * k + 1]!)]).toEqual([
        evaluate(even, gamma, q),
        evaluate(odd, gamma, q),
      ]);
    }
  });

  it('keeps the standard order’s own mapping: out[i] belongs to ζ^(2·BitRev(i)+1)', () => {
    const q = 8380417n;
    const poly = randomPolynomial(8380417, seeded(47));
    const standard = ntt('dilithium', poly);
    for (const i of [0, 1, 2, 127, 128, 255]) {
      const root = powBig(1753n, BigInt(2 * bitReverse(i, 8) + 1), q);
      expect(BigInt(standard[i]!)).toBe(evaluate(poly, root, q));
    }
  });
});

describe('toMontgomery', () => {
  it('multiplies each coefficient by R mod q', () => {
    const poly = Array.from({ length: 256 }, (_, i) => i);
    expect(toMontgomery('kyber', poly)).toEqual(poly.map((c) => Number((BigInt(c) * 2n ** 16n) % 3329n)));
    expect(toMontgomery('dilithium', poly)).toEqual(
      poly.map((c) => Number((BigInt(c) * 2n ** 32n) % 8380417n)),
    );
  });

  it('turns the Dilithium zetas into pq-crystals’ Montgomery-form table', () => {
    expect(toMontgomery('dilithium', [...zetas('dilithium')]).slice(1)).toEqual(
      PQ_CRYSTALS_DILITHIUM_ZETAS.slice(1),
    );
  });
});

describe('input validation', () => {
  const kyberZero = () => new Array<number>(256).fill(0);

  it('needs 256 coefficients', () => {
    expect(() => ntt('kyber', [1, 2, 3])).toThrow(/256 coefficients, got 3/);
    expect(() => inverseNtt('dilithium', new Array<number>(257).fill(0))).toThrow(RangeError);
  });

  it('names the coefficient that is out of range or not an integer', () => {
    const tooLarge = kyberZero();
    tooLarge[17] = 3329;
    expect(() => ntt('kyber', tooLarge)).toThrow(/coefficient 17 is 3329, not an integer in \[0, 3329\)/);
    const negative = kyberZero();
    negative[0] = -1;
    expect(() => toMontgomery('kyber', negative)).toThrow(/coefficient 0 is -1/);
    const fractional = kyberZero();
    fractional[255] = 0.5;
    expect(() => toNaturalOrder('dilithium', fractional)).toThrow(/coefficient 255 is 0.5/);
  });

  it('refuses an unknown variant', () => {
    expect(() => ntt('falcon' as NttVariant, kyberZero())).toThrow(/unknown NTT variant 'falcon'/);
    expect(() => zetas('falcon' as NttVariant)).toThrow(RangeError);
  });
});
