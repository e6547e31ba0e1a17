/**
 * Symbol tables for the importer, as an explicit scope stack (global, gate, subroutine, block),
 * with OpenQASM 3's visibility rules:
 *
 * - gates and subroutines are global and visible everywhere; their names cannot be reused at
 *   global scope, and a parameter or local variable of the same name does not hide them from
 *   calls (a lenience: the spec forbids the shadowing, which would refuse `float t` next to the
 *   standard gate `t`);
 * - a gate body sees its parameters and qubits, global constants and gates, nothing else;
 * - a subroutine sees its arguments, global constants, gates and subroutines, and global
 *   classical variables read-only (they are implicitly `const` there); global qubits are not
 *   visible (qubits come in as arguments);
 * - blocks see everything outside them and may shadow it; redeclaring a name in the same
 *   scope is an error.
 */
import type { ParamValue } from '../circuit/expr.js';
import type { Span, SubroutineDefinition } from './ast.js';
import { BUILTIN_CONSTANTS, type ScalarType } from './classical.js';
import { qasmError } from './diagnostics.js';
import type { Value } from './values.js';

/** How a gate name lowers to the circuit model. */
export type GateBinding =
  /** A circuit-model standard gate, possibly under another name or with fixed parameters (qelib1's u2 is U(π/2, φ, λ)). */
  | {
      readonly kind: 'standard';
      readonly params: number;
      readonly qubits: number;
      readonly lower: (params: readonly ParamValue[]) => { name: string; params: ParamValue[] };
    }
  /** A circuit gate definition, named `circuitName` in the circuit. */
  | {
      readonly kind: 'custom';
      readonly circuitName: string;
      readonly params: number;
      readonly qubits: number;
    }
  /** OpenQASM 2.0's `opaque`: declared, never applicable here. */
  | { readonly kind: 'opaque'; readonly params: number; readonly qubits: number };

/** One classical bit of a program variable. */
export interface BitCell {
  /** Its value for the program: a known bit or a runtime read. */
  value: Value;
  /** The circuit clbit holding it, once it has one (global bits from the start, local bits at their first measurement). */
  clbit?: number;
  /** Where its value last changed other than by a measurement (for the end-of-program check). */
  lastWrite?: Span | undefined;
  readonly label: string;
}

export type Access = 'mutable' | 'const' | 'loop' | 'input';

export type SymbolEntry =
  | {
      readonly kind: 'qubits';
      readonly name: string;
      readonly qubits: readonly number[];
      /** How the program names each qubit: `q[0]`, `$3`, `a`. */
      readonly labels: readonly string[];
      /** `qubit q;` and single-qubit aliases: not broadcast. */
      readonly scalar: boolean;
    }
  | {
      readonly kind: 'bits';
      readonly name: string;
      readonly cells: readonly BitCell[];
      readonly scalar: boolean;
      readonly access: Access;
      /** A `let` name for bits declared elsewhere, whose clbits outlive it. */
      readonly alias?: true;
    }
  | {
      readonly kind: 'variable';
      readonly name: string;
      readonly type: ScalarType;
      value: Value;
      readonly access: Access;
    }
  | {
      readonly kind: 'array';
      readonly name: string;
      readonly element: ScalarType;
      readonly dims: readonly number[];
      /** Row-major elements. */
      readonly values: Value[];
      readonly access: Access;
    }
  | { readonly kind: 'gate'; readonly name: string; readonly binding: GateBinding }
  | { readonly kind: 'subroutine'; readonly name: string; readonly node: SubroutineDefinition };

export type FrameKind = 'global' | 'gate' | 'subroutine' | 'block';

interface Frame {
  readonly kind: FrameKind;
  /** The gate or subroutine the frame belongs to. */
  readonly owner?: string;
  readonly symbols: Map<string, { entry: SymbolEntry; at: Span | undefined }>;
}

/** A name found by `resolve`, and whether it may be written from here. */
export interface Resolved {
  readonly entry: SymbolEntry;
  readonly readonly: boolean;
}

export class Scope {
  private readonly globalFrame: Frame = { kind: 'global', symbols: new Map() };
  private frames: Frame[] = [this.globalFrame];
  /** Told the symbols of each block, gate or subroutine scope that ends. */
  onRelease: (entries: SymbolEntry[]) => void = () => undefined;

  get atGlobalScope(): boolean {
    return this.frames.length === 1;
  }

  /** The innermost gate or subroutine being defined or called, if any. */
  get enclosing(): { kind: 'gate' | 'subroutine'; name: string } | undefined {
    for (let i = this.frames.length - 1; i > 0; i -= 1) {
      const frame = this.frames[i]!;
      if (frame.kind === 'gate' || frame.kind === 'subroutine')
        return { kind: frame.kind, name: frame.owner ?? '' };
    }
    return undefined;
  }

  /** Runs `body` in a new block scope. */
  block<T>(body: () => T): T {
    const frame: Frame = { kind: 'block', symbols: new Map() };
    this.frames.push(frame);
    try {
      return body();
    } finally {
      this.frames.pop();
      this.release(frame);
    }
  }

  /** Runs `body` in a fresh gate or subroutine scope whose only parent is the global scope. */
  definition<T>(kind: 'gate' | 'subroutine', owner: string, body: () => T): T {
    const saved = this.frames;
    const frame: Frame = { kind, owner, symbols: new Map() };
    this.frames = [this.globalFrame, frame];
    try {
      return body();
    } finally {
      this.frames = saved;
      this.release(frame);
    }
  }

  private release(frame: Frame): void {
    this.onRelease([...frame.symbols.values()].map((s) => s.entry));
  }

  declare(entry: SymbolEntry, at: Span | undefined): void {
    this.assertFree(entry.name, at);
    this.frames[this.frames.length - 1]!.symbols.set(entry.name, { entry, at });
  }

  /** Throws unless `name` can be declared in the current scope. */
  assertFree(name: string, at: Span | undefined): void {
    if (BUILTIN_CONSTANTS.has(name))
      throw qasmError(at, `'${name}' is a built-in constant and cannot be declared`);
    const global = this.globalFrame.symbols.get(name);
    const atGlobal = this.frames.length === 1;
    if (
      atGlobal &&
      global !== undefined &&
      (global.entry.kind === 'gate' || global.entry.kind === 'subroutine')
    ) {
      throw qasmError(
        at,
        `'${name}' is already a ${global.entry.kind}${where(global.at)}; gate and subroutine names cannot be reused`,
      );
    }
    const existing = this.frames[this.frames.length - 1]!.symbols.get(name);
    if (existing !== undefined)
      throw qasmError(at, `'${name}' is already declared in this scope${where(existing.at)}`);
  }

  /** The gate or subroutine named `name`: they are global, and a local name does not hide them from calls. */
  callable(name: string): (SymbolEntry & { kind: 'gate' | 'subroutine' }) | undefined {
    const entry = this.globalFrame.symbols.get(name)?.entry;
    return entry?.kind === 'gate' || entry?.kind === 'subroutine' ? entry : undefined;
  }

  /** The symbol `name` refers to here, or undefined when nothing of that name is declared. */
  lookup(name: string): SymbolEntry | undefined {
    for (let i = this.frames.length - 1; i >= 0; i -= 1) {
      const found = this.frames[i]!.symbols.get(name);
      if (found !== undefined) return found.entry;
    }
    return undefined;
  }

  /**
   * The symbol `name` refers to, applying the visibility rules; throws at `at` for an
   * undeclared or invisible name.
   */
  resolve(name: string, at: Span | undefined): Resolved {
    for (let i = this.frames.length - 1; i >= 0; i -= 1) {
      const found = this.frames[i]!.symbols.get(name);
      if (found === undefined) continue;
      const entry = found.entry;
      const boundary = this.boundaryBelow(i);
      if (boundary === undefined) return { entry, readonly: false };
      return { entry, readonly: this.visibleAcross(entry, boundary, at) };
    }
    throw qasmError(at, `undeclared name '${name}'`);
  }

  /** The innermost gate or subroutine frame above frame `index`, if the lookup crossed one. */
  private boundaryBelow(index: number): Frame | undefined {
    for (let i = this.frames.length - 1; i > index; i -= 1) {
      const frame = this.frames[i]!;
      if (frame.kind === 'gate' || frame.kind === 'subroutine') return frame;
    }
    return undefined;
  }

  /** Whether a global symbol is visible across the boundary; returns true when it is read-only there. */
  private visibleAcross(entry: SymbolEntry, boundary: Frame, at: Span | undefined): boolean {
    if (entry.kind === 'gate' || entry.kind === 'subroutine') return false;
    const inside = `${boundary.kind} '${boundary.owner ?? ''}'`;
    if (boundary.kind === 'gate') {
      if (entry.kind === 'variable' && entry.access === 'const') return true;
      throw qasmError(
        at,
        `'${entry.name}' is not visible inside ${inside}: a gate body sees only its parameters, its qubits, ` +
          'global constants and gates',
      );
    }
    if (entry.kind === 'qubits') {
      throw qasmError(
        at,
        `qubit '${entry.name}' is not visible inside ${inside}: a subroutine reaches qubits only through its arguments`,
      );
    }
    return true;
  }
}

function where(at: Span | undefined): string {
  return at === undefined ? '' : ` (at ${at.line}:${at.column})`;
}
