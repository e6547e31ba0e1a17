/**
 * A VCD trace (IEEE 1364 §18) read from its text, for drawing: the header (`$date`, `$version`,
 * `$timescale`), the scopes and their variables, and every variable's value changes in time order.
 *
 * The text is read as whitespace-separated tokens, as the standard defines it. What yosys-smtbmc
 * writes is read as any other writer's: variables declared before the first `$scope`
 * (`smt_step`, `smt_clock`), one-bit wires dumped as vectors (`b1 n11`), names with brackets in
 * them (`mem<0>`), events. A vector shorter than its variable is extended as §18.2.3.8 says (with
 * 0, or with its own leading x or z); several variables may share one identifier code (aliases).
 */

export type TimeUnit = 's' | 'ms' | 'us' | 'ns' | 'ps' | 'fs';

export interface Timescale {
  /** 1, 10 or 100. */
  magnitude: number;
  unit: TimeUnit;
}

export interface VcdVariable {
  /** The identifier code the value changes use (several variables may share one). */
  id: string;
  /** `wire`, `reg`, `integer`, `event`, `real`, ... as declared. */
  type: string;
  width: number;
  /** The name as declared, with a bit range when it has one (`data [7:0]`). */
  name: string;
  /** The scopes it is in, outermost first (empty for one declared outside every scope). */
  scope: string[];
}

export interface ValueChange {
  time: number;
  /** Bits (`0`, `1`, `x`, `z`), most significant first, `width` of them; a real as written. */
  value: string;
}

export interface Vcd {
  date: string | null;
  version: string | null;
  timescale: Timescale;
  variables: VcdVariable[];
  /**
   * Per identifier code, its changes in time order: one per time (the last written wins), and
   * only where the value differs from the one before.
   */
  changes: ReadonlyMap<string, readonly ValueChange[]>;
  /** The first and last times of the value changes (0 and 0 without any). */
  startTime: number;
  endTime: number;
}

/** A VCD the parser cannot read, with the line where it stopped. */
export class VcdParseError extends Error {
  override name = 'VcdParseError';
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`line ${line}: ${message}`);
  }
}

const UNITS: readonly TimeUnit[] = ['s', 'ms', 'us', 'ns', 'ps', 'fs'];
const NEWLINE = 10;
// Space, tab, newline, vertical tab, form feed, carriage return: the standard's white space.
const isSpace = (code: number) => code === 32 || (code >= 9 && code <= 13);
const SIMULATION_KEYWORDS = new Set(['$dumpvars', '$dumpall', '$dumpon', '$dumpoff']);

/** A vector value extended to its variable's width (IEEE 1364 §18.2.3.8), lower case. */
function extendValue(value: string, width: number): string {
  const bits = value.toLowerCase();
  if (bits.length >= width) return bits.slice(-width);
  const fill = bits.startsWith('x') || bits.startsWith('z') ? bits.charAt(0) : '0';
  return fill.repeat(width - bits.length) + bits;
}

function parseTimescale(text: string, line: number): Timescale {
  const match = /^(1|10|100)\s*(s|ms|us|ns|ps|fs)$/.exec(text.trim());
  if (match === null) throw new VcdParseError(`unknown timescale "${text.trim()}"`, line);
  return { magnitude: Number(match[1]), unit: match[2] as TimeUnit };
}

/** Parses a VCD file's text. Throws VcdParseError on a malformed header or value change. */
export function parseVcd(text: string): Vcd {
  const vcd: Omit<Vcd, 'changes'> = {
    date: null,
    version: null,
    timescale: { magnitude: 1, unit: 's' },
    variables: [],
    startTime: 0,
    endTime: 0,
  };
  const changes = new Map<string, ValueChange[]>();
  const widths = new Map<string, number>();
  const scope: string[] = [];
  let inHeader = true;
  let time: number | null = null;
  let line = 1;
  let position = 0;

  /** The next token, or null at the end; counts lines for the errors. */
  const next = (): string | null => {
    while (position < text.length && isSpace(text.charCodeAt(position))) {
      if (text.charCodeAt(position) === NEWLINE) line++;
      position++;
    }
    if (position >= text.length) return null;
    const start = position;
    while (position < text.length && !isSpace(text.charCodeAt(position))) position++;
    return text.slice(start, position);
  };
  /** The tokens up to `$end`, joined by one space. */
  const untilEnd = (keyword: string): string[] => {
    const tokens: string[] = [];
    for (let token = next(); token !== '$end'; token = next()) {
      if (token === null) throw new VcdParseError(`${keyword} without $end`, line);
      tokens.push(token);
    }
    return tokens;
  };
  const record = (id: string, value: string) => {
    const width = widths.get(id);
    if (width === undefined) throw new VcdParseError(`a value change of undeclared identifier "${id}"`, line);
    if (time === null) throw new VcdParseError('a value change before the first #time', line);
    const list = changes.get(id)!;
    const change = { time, value: value.startsWith('r') ? value.slice(1) : extendValue(value, width) };
    const last = list.at(-1);
    if (last?.time === time) list[list.length - 1] = change;
    // A value written again unchanged (yosys-smtbmc writes every signal at every step) is no change.
    else if (last?.value !== change.value) list.push(change);
  };

  for (let token = next(); token !== null; token = next()) {
    if (token === '$comment') {
      untilEnd(token);
    } else if (inHeader) {
      if (!token.startsWith('$')) throw new VcdParseError(`"${token}" where a header keyword belongs`, line);
      const args = untilEnd(token);
      switch (token) {
        case '$date':
          vcd.date = args.join(' ');
          break;
        case '$version':
          vcd.version = args.join(' ');
          break;
        case '$timescale':
          vcd.timescale = parseTimescale(args.join(''), line);
          break;
        case '$scope':
          scope.push(args[1] ?? '');
          break;
        case '$upscope':
          scope.pop();
          break;
        case '$var': {
          const [type = '', width = '', id = '', ...reference] = args;
          const bits = Number(width);
          if (!Number.isInteger(bits) || bits < 1 || id === '' || reference.length === 0) {
            throw new VcdParseError(`a malformed $var "${args.join(' ')}"`, line);
          }
          vcd.variables.push({ id, type, width: bits, name: reference.join(' '), scope: [...scope] });
          widths.set(id, type === 'real' || type === 'realtime' ? 0 : bits);
          if (!changes.has(id)) changes.set(id, []);
          break;
        }
        case '$enddefinitions':
          inHeader = false;
          break;
        default:
        // Other header sections ($attrbegin and the like from some writers) carry nothing drawn.
      }
    } else if (token.startsWith('#')) {
      const value = Number(token.slice(1));
      if (!Number.isFinite(value) || value < 0) throw new VcdParseError(`a malformed time "${token}"`, line);
      if (time === null) vcd.startTime = value;
      time = value;
      vcd.endTime = Math.max(vcd.endTime, value);
    } else if (SIMULATION_KEYWORDS.has(token) || token === '$end') {
      // $dumpvars ... $end only brackets ordinary value changes.
    } else if (/^[bBrR]/.test(token)) {
      const id = next();
      if (id === null) throw new VcdParseError(`the value "${token}" without an identifier`, line);
      record(id, token.charAt(0).toLowerCase() === 'r' ? `r${token.slice(1)}` : token.slice(1));
    } else if (/^[01xzXZ]/.test(token)) {
      record(token.slice(1), token.charAt(0));
    } else if (/^[sS]/.test(token)) {
      // A string value (an extension some writers use): drawn as nothing, but its identifier is read.
      next();
    } else {
      throw new VcdParseError(`"${token}" is not a value change`, line);
    }
  }
  if (inHeader) throw new VcdParseError('no $enddefinitions', line);
  return { ...vcd, changes };
}

/** The value at `time`: the last change at or before it, or null before the first. */
export function valueAt(changes: readonly ValueChange[], time: number): string | null {
  let low = 0;
  let high = changes.length - 1;
  let found: string | null = null;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const change = changes[middle]!;
    if (change.time <= time) {
      found = change.value;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/**
 * Bits as hexadecimal, as waveform viewers show a bus: a digit of four bits, `x` (`z`) for one
 * whose bits are all x (z), `X` (`Z`) for one mixing them with known bits.
 */
export function bitsToHex(bits: string): string {
  const padded = '0'.repeat((4 - (bits.length % 4)) % 4) + bits;
  let hex = '';
  for (let i = 0; i < padded.length; i += 4) {
    const nibble = padded.slice(i, i + 4);
    if (/^[01]{4}$/.test(nibble)) hex += parseInt(nibble, 2).toString(16);
    else if (/^x{4}$/.test(nibble)) hex += 'x';
    else if (/^z{4}$/.test(nibble)) hex += 'z';
    else hex += nibble.includes('x') ? 'X' : 'Z';
  }
  return hex;
}

/** A time of the trace as a label in the largest unit that keeps it under 1000: `75 ns`, `1.5 us`. */
export function formatTime(time: number, timescale: Timescale): string {
  const value = time * timescale.magnitude;
  let unit = UNITS.indexOf(timescale.unit);
  let scaled = value;
  while (Math.abs(scaled) >= 1000 && unit > 0) {
    scaled /= 1000;
    unit--;
  }
  return `${Number(scaled.toPrecision(6))} ${UNITS[unit]}`;
}
