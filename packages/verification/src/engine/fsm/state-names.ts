/**
 * Names for a machine's state codes, recovered from the module's source text: Yosys keeps the
 * codes but not the constants they were written as. A name is taken from a `localparam` (or a
 * `parameter` in the body) or an `enum` member of the module whose width is the register's
 * and whose value is a state code, when exactly one such constant has that code. A constant
 * whose width cannot be told (an unsized number without a range) is not used.
 */

interface Constant {
  name: string;
  width: number;
  /** Most significant bit first, `width` characters. */
  bits: string;
}

const RADIX: Record<string, number> = { b: 2, o: 8, d: 10, h: 16 };
const SIZED = /^(\d+)\s*'[sS]?([bBoOdDhH])\s*([0-9a-fA-F_]+)$/;
const UNSIZED = /^'[sS]?([bBoOdDhH])\s*([0-9a-fA-F_]+)$|^(\d[\d_]*)$/;
const RANGE = String.raw`\[\s*(\d+)\s*:\s*(\d+)\s*\]`;
const DATA_TYPE = String.raw`(?:(?:logic|bit|reg)\s*)?(?:(?:signed|unsigned)\s*)?`;
const DECLARATION = new RegExp(
  String.raw`\b(?:localparam|parameter)\s+${DATA_TYPE}(?:${RANGE})?([^;]*);`,
  'g',
);
const ENUM = new RegExp(String.raw`\benum\b\s*${DATA_TYPE}(?:${RANGE})?\s*\{([^}]*)\}`, 'g');

function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, ' ');
}

function toBits(value: bigint, width: number): string | null {
  const bits = value.toString(2);
  return bits.length > width ? null : bits.padStart(width, '0');
}

function parseDigits(radix: number, digits: string): bigint | null {
  const clean = digits.replace(/_/g, '').toLowerCase();
  const valid = { 2: /^[01]+$/, 8: /^[0-7]+$/, 10: /^\d+$/, 16: /^[0-9a-f]+$/ }[radix as 2 | 8 | 10 | 16];
  if (!valid.test(clean)) return null;
  return [...clean].reduce((value, digit) => value * BigInt(radix) + BigInt(parseInt(digit, 16)), 0n);
}

/** A literal's value and width (its size, else the declared range's; null when neither is known). */
function literal(text: string, declaredWidth: number | null): { value: bigint; width: number } | null {
  const sized = SIZED.exec(text);
  if (sized !== null) {
    const value = parseDigits(RADIX[sized[2]!.toLowerCase()]!, sized[3]!);
    return value === null ? null : { value, width: declaredWidth ?? Number(sized[1]) };
  }
  const unsized = UNSIZED.exec(text);
  if (unsized === null || declaredWidth === null) return null;
  const value =
    unsized[3] !== undefined
      ? parseDigits(10, unsized[3])
      : parseDigits(RADIX[unsized[1]!.toLowerCase()]!, unsized[2]!);
  return value === null ? null : { value, width: declaredWidth };
}

const rangeWidth = (msb: string | undefined, lsb: string | undefined) =>
  msb === undefined || lsb === undefined ? null : Math.abs(Number(msb) - Number(lsb)) + 1;

function declaredConstants(body: string): Constant[] {
  const constants: Constant[] = [];
  for (const match of body.matchAll(DECLARATION)) {
    const width = rangeWidth(match[1], match[2]);
    for (const assignment of (match[3] ?? '').split(',')) {
      const parts = /^\s*([A-Za-z_]\w*)\s*=\s*(.+?)\s*$/.exec(assignment);
      const value = parts === null ? null : literal(parts[2]!, width);
      const bits = value === null ? null : toBits(value.value, value.width);
      if (parts !== null && value !== null && bits !== null)
        constants.push({ name: parts[1]!, width: value.width, bits });
    }
  }
  return constants;
}

function enumConstants(body: string): Constant[] {
  const constants: Constant[] = [];
  for (const match of body.matchAll(ENUM)) {
    // An enum without a range has the base type's width: 32 for int, 1 for a bare logic or bit.
    const width =
      rangeWidth(match[1], match[2]) ?? (/^\s*enum\s*(?:logic|bit|reg)\b/.test(match[0]) ? 1 : 32);
    let next = 0n;
    for (const member of (match[3] ?? '').split(',')) {
      const parts = /^\s*([A-Za-z_]\w*)\s*(?:=\s*(.+?))?\s*$/.exec(member);
      if (parts === null) continue;
      const value = parts[2] === undefined ? next : literal(parts[2], width)?.value;
      if (value === undefined) break;
      const bits = toBits(value, width);
      if (bits !== null) constants.push({ name: parts[1]!, width, bits });
      next = value + 1n;
    }
  }
  return constants;
}

/** The text between `module <name>` and its `endmodule`, comments removed. */
function moduleBody(sourceTexts: readonly string[], module: string): string | null {
  const escaped = module.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(
    String.raw`\bmodule\s+(?:(?:static|automatic)\s+)?${escaped}\b([\s\S]*?)\bendmodule\b`,
  );
  for (const text of sourceTexts) {
    const body = pattern.exec(withoutComments(text))?.[1];
    if (body !== undefined) return body;
  }
  return null;
}

/** The name of each state code that one constant of the module names unambiguously. */
export function stateNames(
  sourceTexts: readonly string[],
  machine: { module: string; width: number; states: readonly string[] },
): Map<string, string> {
  const body = moduleBody(sourceTexts, machine.module);
  if (body === null) return new Map();
  const byCode = new Map<string, Set<string>>();
  for (const constant of [...declaredConstants(body), ...enumConstants(body)]) {
    if (constant.width !== machine.width || !machine.states.includes(constant.bits)) continue;
    byCode.set(constant.bits, (byCode.get(constant.bits) ?? new Set()).add(constant.name));
  }
  return new Map(
    [...byCode]
      .filter(([, names]) => names.size === 1)
      .map(([code, names]) => [code, [...names][0]!] as [string, string]),
  );
}
