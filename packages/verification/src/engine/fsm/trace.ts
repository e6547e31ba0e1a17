/**
 * A waveform trace as the FSM analysis reads it, whatever its format: the scopes with their
 * variables, then the value changes of the few variables it asks for.
 */

export interface TraceVariable {
  /** The name without a bit range (`state`, not `state [1:0]`). */
  name: string;
  width: number;
  /** The format's own handle of the variable (a VCD identifier code, an FST handle). */
  id: string;
}

export interface TraceScope {
  /** The scope names from the root: `['TOP', 'tb', 'dut']`. */
  path: string[];
  /** The module the scope is an instance of, when the trace says (Icarus's FST does, Verilator's does not). */
  component: string | null;
  variables: TraceVariable[];
}

export interface ValueChange {
  time: number;
  /** One character per bit, most significant first: `0`, `1`, `x`, `z`. */
  value: string;
}

export interface TraceReader {
  scopes(): Promise<TraceScope[]>;
  /** The value changes of the variables, by id, in time order. */
  changes(ids: readonly string[]): Promise<Map<string, ValueChange[]>>;
}

/** A variable's name without the bit range a trace may append to it. */
export function withoutRange(name: string): string {
  return name.replace(/\s*\[[^\]]*\]$/, '');
}
