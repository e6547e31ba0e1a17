/**
 * The state machines Yosys found, read from what its `fsm_info` pass prints:
 *
 *     FSM `$fsm$\state$44' from module `traffic_light':
 *       Information on FSM $fsm$\state$44 (\state):
 *       Number of state bits:       2
 *       State encoding:
 *         0:       2'00  <RESET STATE>
 *         1:       2'10
 *       Transition Table (state_in, ctrl_in, state_out, ctrl_out):
 *           0:     0 2'0-   ->     0 6'000001
 *           1:     0 2'1-   ->     1 6'001001
 *
 * The table's rows become the machine's transitions: distinct pairs of different states (a
 * self-loop shows as no change of the register in a trace, so it cannot be counted). A
 * synchronous reset appears in the table as one input pattern leading from every state to the
 * reset state; those rows are left out, as FSM coverage usually leaves out reset arcs. A pair
 * also reached by another input pattern is kept.
 */

export interface FsmTransition {
  from: string;
  to: string;
}

export interface ExtractedFsm {
  /** The module as written: Yosys's parameterised copy `$paramod\m\P=1` is named `m`. */
  module: string;
  /** The state register's name in the module. */
  register: string;
  width: number;
  /** The state codes, as bit strings (most significant bit first). */
  states: string[];
  resetState: string | null;
  transitions: FsmTransition[];
}

interface TableRow {
  from: number;
  input: string;
  to: number;
}

interface RawFsm {
  module: string;
  register: string | null;
  width: number | null;
  codes: Map<number, string>;
  resetIndex: number | null;
  rows: TableRow[];
}

const FSM_HEADER = /^FSM `[^']*' from module `(.*)':$/;
const INFORMATION = /^\s*Information on FSM \S+ \((.*)\):$/;
const STATE_BITS = /^\s*Number of state bits:\s+(\d+)/;
const ENCODING = /^\s*(\d+):\s+\d+'([01xz-]+)(\s+<RESET STATE>)?\s*$/;
const ROW = /^\s*\d+:\s+(\d+)\s+(\S+)\s+->\s+(\d+)\s/;
// `$paramod\name\P=1...` or, when the parameters make the name too long, `$paramod$hash\name`.
const PARAMETERISED = /^\$paramod(?:\$[0-9a-f]+)?\\([^\\]+)/;

function writtenModuleName(yosysName: string): string {
  return PARAMETERISED.exec(yosysName)?.[1] ?? yosysName.replace(/^\\/, '');
}

/** The input pattern (`2'-1`) without its width. */
const inputBits = (pattern: string) => pattern.replace(/^\d+'/, '');

/** Input patterns with a single input bit given that lead every state to the reset state: resets. */
function resetPatterns(fsm: RawFsm): Set<string> {
  if (fsm.resetIndex === null) return new Set();
  const resetIndex = fsm.resetIndex;
  const candidates = new Set(
    fsm.rows
      .filter((row) => row.to === resetIndex && inputBits(row.input).replace(/-/g, '').length === 1)
      .map((row) => row.input),
  );
  return new Set(
    [...candidates].filter((input) =>
      [...fsm.codes.keys()].every((state) =>
        fsm.rows.some((row) => row.from === state && row.input === input && row.to === resetIndex),
      ),
    ),
  );
}

function toExtractedFsm(fsm: RawFsm): ExtractedFsm | null {
  if (fsm.register === null || fsm.width === null || fsm.register.startsWith('$')) return null;
  const resets = resetPatterns(fsm);
  const pairs = new Map<string, FsmTransition>();
  for (const row of fsm.rows) {
    const from = fsm.codes.get(row.from);
    const to = fsm.codes.get(row.to);
    if (from === undefined || to === undefined || from === to || resets.has(row.input)) continue;
    pairs.set(`${from}>${to}`, { from, to });
  }
  return {
    module: writtenModuleName(fsm.module),
    register: fsm.register.replace(/^\\/, ''),
    width: fsm.width,
    states: [...fsm.codes.values()],
    resetState: fsm.resetIndex === null ? null : (fsm.codes.get(fsm.resetIndex) ?? null),
    transitions: [...pairs.values()],
  };
}

export function parseFsmInfo(lines: readonly string[]): ExtractedFsm[] {
  const machines: RawFsm[] = [];
  let current: RawFsm | null = null;
  let section: 'encoding' | 'table' | null = null;
  for (const line of lines) {
    const header = FSM_HEADER.exec(line);
    if (header !== null) {
      current = {
        module: header[1] ?? '',
        register: null,
        width: null,
        codes: new Map(),
        resetIndex: null,
        rows: [],
      };
      machines.push(current);
      section = null;
      continue;
    }
    if (current === null) continue;
    if (/^\s*State encoding:/.test(line)) section = 'encoding';
    else if (/^\s*Transition Table/.test(line)) section = 'table';
    else if (/^\s*-{10,}\s*$/.test(line)) section = null;

    const information = INFORMATION.exec(line);
    if (information !== null) current.register = information[1] ?? null;
    const bits = STATE_BITS.exec(line);
    if (bits !== null) current.width = Number(bits[1]);
    const encoding = section === 'encoding' ? ENCODING.exec(line) : null;
    if (encoding !== null) {
      current.codes.set(Number(encoding[1]), encoding[2] ?? '');
      if (encoding[3] !== undefined) current.resetIndex = Number(encoding[1]);
    }
    const row = section === 'table' ? ROW.exec(line) : null;
    if (row !== null) current.rows.push({ from: Number(row[1]), input: row[2] ?? '', to: Number(row[3]) });
  }
  return machines.map(toExtractedFsm).filter((fsm): fsm is ExtractedFsm => fsm !== null);
}

/**
 * One machine per module and register: Yosys makes a copy of a module for each set of
 * parameters it is instantiated with, and each copy reports its machine.
 */
export function mergeModuleCopies(machines: readonly ExtractedFsm[]): ExtractedFsm[] {
  const merged = new Map<string, ExtractedFsm>();
  for (const fsm of machines) {
    const key = `${fsm.module}\n${fsm.register}\n${fsm.width}`;
    const seen = merged.get(key);
    if (seen === undefined) {
      merged.set(key, { ...fsm, states: [...fsm.states], transitions: [...fsm.transitions] });
      continue;
    }
    for (const state of fsm.states) if (!seen.states.includes(state)) seen.states.push(state);
    for (const t of fsm.transitions) {
      if (!seen.transitions.some((s) => s.from === t.from && s.to === t.to)) seen.transitions.push(t);
    }
  }
  return [...merged.values()];
}
