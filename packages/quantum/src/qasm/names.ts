/**
 * Circuit-model names for OpenQASM names. The circuit wants ASCII identifiers, unique among
 * registers and among gate definitions, and no definition may take a standard gate's name;
 * OpenQASM allows Unicode names and a program may define a gate named like a standard one.
 */
import type { Circuit } from '../circuit/circuit.js';
import { STANDARD_GATES } from '../circuit/gates.js';

export class CircuitNames {
  private readonly registers = new Set<string>();

  constructor(private readonly circuit: Circuit) {}

  /** A register name: the program's, spelled in ASCII, with `_1`, `_2`, ... if taken. */
  register(preferred: string): string {
    const base = identifierName(preferred);
    let name = base;
    for (let i = 1; this.registers.has(name); i += 1) name = `${base}_${i}`;
    this.registers.add(name);
    return name;
  }

  /** A gate definition's name: the program's, or `name_custom` (`name_custom2`, ...) if a standard gate or another definition has it. */
  gate(preferred: string): string {
    const base = identifierName(preferred);
    const taken = (n: string) => STANDARD_GATES.has(n) || this.circuit.gateDefinitions.has(n);
    if (!taken(base)) return base;
    for (let i = 1; ; i += 1) {
      const candidate = `${base}_custom${i === 1 ? '' : i}`;
      if (!taken(candidate)) return candidate;
    }
  }
}

/** An ASCII identifier for a name: other characters become `_u<hex code point>`. */
function identifierName(name: string): string {
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return name;
  const ascii = [...name]
    .map((ch) => (/[A-Za-z0-9_]/.test(ch) ? ch : `_u${ch.codePointAt(0)!.toString(16)}`))
    .join('');
  return /^[A-Za-z_]/.test(ascii) ? ascii : `_${ascii}`;
}
