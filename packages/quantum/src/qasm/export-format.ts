/**
 * Text pieces the OpenQASM exporters share: numbers that read back as the same double,
 * expressions with only the parentheses they need, and the renaming of identifiers that the
 * target language reserves.
 */
import type { Expr, ParamValue } from '../circuit/expr.js';

export type Dialect = '3.0' | '2.0';

/** Largest denominator tried when a number is printed as a multiple of pi. */
const MAX_PI_DENOMINATOR = 64;
/** Largest numerator, so a large plain number never turns into `1234*pi/7`. */
const MAX_PI_NUMERATOR = 256;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * `pi/2`, `3*pi/4`, `-pi` for x when that text, evaluated left to right in double precision
 * (unary minus binds tighter than `*` and `/`, and negation is exact), is bit-identical to x.
 */
function piMultiple(x: number): string | undefined {
  const sign = x < 0 ? '-' : '';
  const magnitude = Math.abs(x);
  for (let q = 1; q <= MAX_PI_DENOMINATOR; q += 1) {
    const p = Math.round((magnitude * q) / Math.PI);
    if (p === 0 || p > MAX_PI_NUMERATOR || gcd(p, q) !== 1) continue;
    const numerator = p === 1 ? Math.PI : p * Math.PI;
    const value = q === 1 ? numerator : numerator / q;
    if (value === magnitude) return `${sign}${p === 1 ? '' : `${p}*`}pi${q === 1 ? '' : `/${q}`}`;
  }
  return undefined;
}

/**
 * A finite number as text that reads back as the same double: a multiple of pi when one is
 * exact, else the shortest round-trip decimal. OpenQASM 2.0's reals need a decimal point before
 * an exponent (`1.0e-7`, not `1e-7`).
 */
export function formatNumber(x: number, dialect: Dialect): string {
  if (Object.is(x, -0)) return '-0';
  const pi = x === 0 ? undefined : piMultiple(x);
  if (pi !== undefined) return pi;
  const text = String(x);
  return dialect === '2.0' ? text.replace(/^(-?\d+)e/, '$1.0e') : text;
}

/** Binding strength, as OpenQASM parses it: higher binds tighter. */
const Precedence = { Additive: 1, Multiplicative: 2, Unary: 3, Power: 4, Primary: 5 } as const;
type Precedence = (typeof Precedence)[keyof typeof Precedence];

function numberPrecedence(text: string): Precedence {
  if (text.includes('*') || text.includes('/')) return Precedence.Multiplicative;
  return text.startsWith('-') ? Precedence.Unary : Precedence.Primary;
}

export interface ExpressionStyle {
  readonly dialect: Dialect;
  /** How a parameter is spelled in the output (after renaming). */
  readonly name: (parameter: string) => string;
  /** Called with a reason when the value has no spelling in the dialect; without it, it prints as is. */
  readonly fail?: (reason: string) => never;
  /** How numbers print, for display; default `formatNumber`, exact. */
  readonly number?: (x: number) => string;
}

const FUNCTIONS_2_0: Partial<Record<string, string>> = {
  sin: 'sin',
  cos: 'cos',
  tan: 'tan',
  exp: 'exp',
  log: 'ln',
  sqrt: 'sqrt',
};

/**
 * Prints a parameter value. Parentheses are added where the parse would otherwise differ, and
 * also around unary operands and power operands, so no reader's precedence quirk can regroup
 * them.
 */
export function formatParam(value: ParamValue, style: ExpressionStyle): string {
  return print(typeof value === 'number' ? { kind: 'number', value } : value, style)[0];
}

function print(e: Expr, style: ExpressionStyle): [text: string, precedence: Precedence] {
  const wrap = (operand: Expr, min: Precedence): string => {
    const [text, precedence] = print(operand, style);
    return precedence >= min ? text : `(${text})`;
  };
  switch (e.kind) {
    case 'number': {
      if (style.number !== undefined) {
        const text = style.number(e.value);
        return [text, numberPrecedence(text)];
      }
      if (!Number.isFinite(e.value)) style.fail?.(`the number ${e.value} has no OpenQASM spelling`);
      const text = formatNumber(e.value, style.dialect);
      return [text, numberPrecedence(text)];
    }
    case 'parameter':
      return [style.name(e.name), Precedence.Primary];
    case 'unary':
      return [`-${wrap(e.operand, Precedence.Primary)}`, Precedence.Unary];
    case 'binary': {
      if (e.op === '**') {
        const op = style.dialect === '2.0' ? '^' : '**';
        return [
          `${wrap(e.left, Precedence.Primary)}${op}${wrap(e.right, Precedence.Primary)}`,
          Precedence.Power,
        ];
      }
      const precedence = e.op === '+' || e.op === '-' ? Precedence.Additive : Precedence.Multiplicative;
      // Left-associative: the right operand must bind strictly tighter; a signed one is wrapped.
      const left = wrap(e.left, precedence);
      const right = wrap(
        e.right,
        precedence === Precedence.Additive ? Precedence.Multiplicative : Precedence.Power,
      );
      const spaced = precedence === Precedence.Additive ? ` ${e.op} ` : e.op;
      return [`${left}${spaced}${right}`, precedence];
    }
    case 'call': {
      const fn = style.dialect === '2.0' ? FUNCTIONS_2_0[e.fn] : e.fn;
      if (fn === undefined) style.fail?.(`OpenQASM 2.0 has no function '${e.fn}'`);
      return [`${fn ?? e.fn}(${e.args.map((a) => print(a, style)[0]).join(', ')})`, Precedence.Primary];
    }
  }
}

/** Words an OpenQASM 3 program cannot use as a name: keywords, built-ins, stdgates.inc gates. */
const RESERVED_3_0: ReadonlySet<string> = new Set(
  (
    'OPENQASM include defcalgrammar def cal defcal gate extern box let break continue if else end return ' +
    'for while in switch case default nop pragma input output const readonly mutable qreg qubit creg ' +
    'bool bit int uint float angle complex array void duration stretch gphase inv pow ctrl negctrl dim ' +
    'durationof delay reset measure barrier true false im pi tau euler arccos arcsin arctan ceiling cos ' +
    'exp floor log mod popcount rotl rotr sin sqrt tan real imag sizeof U CX ' +
    'p x y z h s sdg t tdg sx rx ry rz cx cy cz cp crx cry crz ch swap ccx cswap cu phase cphase id u1 u2 u3'
  ).split(' '),
);

/** The same for OpenQASM 2.0: keywords, built-ins, and every gate of Qiskit's qelib1.inc. */
const RESERVED_2_0: ReadonlySet<string> = new Set(
  (
    'OPENQASM include qreg creg gate opaque barrier measure reset if U CX pi sin cos tan exp ln sqrt ' +
    'u3 u2 u1 cx id u0 u p x y z h s sdg t tdg rx ry rz sx sxdg cz cy swap ch ccx cswap crx cry crz ' +
    'cu1 cp cu3 csx cu rxx rzz rccx rc3x c3x c3sqrtx c4x'
  ).split(' '),
);

/** What an identifier may look like: 2.0 names start with a lower-case letter. */
const IDENTIFIER: Record<Dialect, RegExp> = {
  '3.0': /^[A-Za-z_][A-Za-z0-9_]*$/,
  '2.0': /^[a-z][A-Za-z0-9_]*$/,
};

/**
 * Output names for the circuit's names. A name the dialect cannot spell or reserves gets the
 * first free suffix (`gate` -> `gate_1`, `Q` in 2.0 -> `q_1` if `q` is taken); every other
 * name is kept. One table per scope; `avoid` lists names of enclosing scopes that must stay
 * visible in it (the circuit's gates, inside a gate definition).
 */
export class NameTable {
  private readonly taken: Set<string>;
  private readonly assigned = new Map<string, string>();

  constructor(
    private readonly dialect: Dialect,
    avoid: Iterable<string> = [],
  ) {
    this.taken = new Set(avoid);
  }

  /** Claims an output name for `name` (the same one on every call). */
  claim(name: string): string {
    const existing = this.assigned.get(name);
    if (existing !== undefined) return existing;
    const reserved = this.dialect === '3.0' ? RESERVED_3_0 : RESERVED_2_0;
    let base = name.replace(/[^A-Za-z0-9_]/g, '_');
    if (this.dialect === '2.0') base = base.replace(/^[A-Z]/, (c) => c.toLowerCase());
    if (!IDENTIFIER[this.dialect].test(base)) base = `v${base}`;
    let candidate = base;
    for (let suffix = 1; this.taken.has(candidate) || reserved.has(candidate); suffix += 1)
      candidate = `${base}_${suffix}`;
    this.taken.add(candidate);
    this.assigned.set(name, candidate);
    return candidate;
  }

  /** The output name claimed for `name`. */
  get(name: string): string {
    return this.assigned.get(name) ?? this.claim(name);
  }
}
