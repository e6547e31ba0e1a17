/**
 * The circuit's classical bits as the importer tracks them. Each clbit has a generation: how
 * many measurements have written it so far. A runtime value remembers the generation of every
 * clbit it read, so a value used after one of its bits was measured again is caught (the model
 * keeps only a bit's latest measurement).
 *
 * Program bits (`BitCell`s) hold the program's value of a bit; a cell is *consistent* when its
 * clbit holds exactly that value (it holds the latest measurement, or was never written and is
 * 0). Global bits are the circuit's reported registers, so they must end consistent.
 *
 * Bits without a register of their own (bits declared inside blocks and subroutines, the result
 * of `measure q;`, a subroutine's measured result used in an expression) are measured into
 * one-bit registers named `_scratch0`, `_scratch1`, ...; those of a block's bits are reused once
 * the block ends. Only scratch bits are reused: a block's alias of a register, or a subroutine's
 * bit that measures straight into its caller's register, shares clbits that outlive it.
 */
import type { Circuit } from '../circuit/circuit.js';
import { bitValue } from './classical.js';
import type { Read } from './conditions.js';
import type { BitCell } from './scope.js';
import { bitsValue, type Value } from './values.js';

export class ClassicalBits {
  private readonly generations: number[] = [];
  private readonly freeScratch: number[] = [];
  private readonly scratchClbits = new Set<number>();
  private scratchCount = 0;

  constructor(
    private readonly circuit: Circuit,
    private readonly registerName: (preferred: string) => string,
  ) {}

  generationOf = (clbit: number): number => this.generations[clbit] ?? 0;

  /** A register of `size` bits named after `name`, with one cell per bit reading its clbit. */
  declareRegister(name: string, size: number, label: (i: number) => string): BitCell[] {
    const register = this.circuit.addClassicalRegister(this.registerName(name), size);
    return Array.from({ length: size }, (_, i) => {
      const clbit = register.start + i;
      this.generations[clbit] = 0;
      const cell: BitCell = { value: bitValue(0n), clbit, label: label(i) };
      cell.value = this.current(cell);
      return cell;
    });
  }

  /**
   * Cells of a local variable: known zeros, without clbits until something is measured into
   * them, or measured into `clbits` (a subroutine's result that goes straight to its caller's bits).
   */
  localCells(size: number, label: (i: number) => string, clbits?: readonly number[]): BitCell[] {
    return Array.from({ length: size }, (_, i) => {
      const clbit = clbits?.[i];
      return clbit === undefined
        ? { value: bitValue(0n), label: label(i) }
        : { value: bitValue(0n), clbit, label: label(i) };
    });
  }

  /** The clbit of a cell, giving a local cell a scratch bit on its first measurement. */
  clbitOf(cell: BitCell): number {
    cell.clbit ??= this.scratch();
    return cell.clbit;
  }

  /** A free one-bit scratch register's clbit. */
  scratch(): number {
    const reused = this.freeScratch.pop();
    if (reused !== undefined) return reused;
    const register = this.circuit.addClassicalRegister(this.registerName(`_scratch${this.scratchCount}`), 1);
    this.scratchCount += 1;
    this.generations[register.start] = 0;
    this.scratchClbits.add(register.start);
    return register.start;
  }

  /** Returns the scratch bits of cells going out of scope. */
  release(cells: readonly BitCell[]): void {
    for (const cell of cells)
      if (cell.clbit !== undefined && this.scratchClbits.has(cell.clbit)) this.freeScratch.push(cell.clbit);
  }

  /** Records a measurement into `clbit`; returns the read of its new value. */
  measured(clbit: number, label: string): Read {
    const generation = this.generationOf(clbit) + 1;
    this.generations[clbit] = generation;
    return { clbit, generation, label };
  }

  /** The value a cell's clbit holds now. */
  current(cell: BitCell): Value {
    if (cell.clbit === undefined) return cell.value;
    return bitsValue(
      [{ clbit: cell.clbit, generation: this.generationOf(cell.clbit), label: cell.label }],
      true,
    );
  }

  /** True when the cell's clbit holds the program's value of the bit. */
  isConsistent(cell: BitCell): boolean {
    if (cell.clbit === undefined) return true;
    const generation = this.generationOf(cell.clbit);
    const value = cell.value;
    if (value.kind === 'bit') return generation === 0 && value.value === 0n;
    if (value.kind !== 'runtime' || value.bits?.length !== 1) return false;
    const source = value.bits[0]!;
    return typeof source !== 'number' && source.clbit === cell.clbit && source.generation === generation;
  }
}
