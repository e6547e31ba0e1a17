/**
 * A text diagram of a circuit, in the style of Qiskit's text drawer:
 *
 *              ┌───┐         ┌─┐
 *        q_0: ─┤ H ├───■───░─┤M├─────
 *              └───┘ ┌─┴─┐ ░ └╥┘ ┌─┐
 *        q_1: ───────┤ X ├─░──╫──┤M├─
 *                    └───┘    ║  └╥┘
 *                             ║   ║
 *     meas: 2/════════════════╩═══╩══
 *                             0   1
 *
 * One wire per qubit and one per classical register. Operations are packed into layers: an
 * operation goes to the first layer after every operation on the wires it spans (the wires in
 * between included, since its lines cross them). Each wire owns a text row, with a shared row
 * between neighbours for box edges and vertical lines; line-drawing characters are merged per
 * cell from their arms (up, down, left, right; single or double), so a box edge meeting a
 * control line becomes `┴`. A diagram wider than `width` wraps into bands, each repeating the
 * wire labels, with `»` and `«` marking the cut.
 */
import { formatParam } from '../qasm/export-format.js';
import type { Circuit, Condition, GateOperation, Modifier, Operation } from './circuit.js';
import type { ParamValue } from './expr.js';

export interface DrawOptions {
  /** Columns before the diagram wraps into another band. Default 80. */
  readonly width?: number;
}

/** Arm strengths of a cell: 0 none, 1 single line, 2 double line. */
type Arms = [up: number, down: number, left: number, right: number];

interface Cell {
  arms: Arms;
  /** A character that replaces the lines (a label, `■`, `░`); ' ' blanks them. */
  text?: string;
}

const LINE_CHARS: Record<string, string> = {
  '0000': ' ',
  '0011': '─',
  '0010': '─',
  '0001': '─',
  '1100': '│',
  '1000': '│',
  '0100': '│',
  '0101': '┌',
  '0110': '┐',
  '1001': '└',
  '1010': '┘',
  '1101': '├',
  '1110': '┤',
  '0111': '┬',
  '1011': '┴',
  '1111': '┼',
  '0022': '═',
  '0020': '═',
  '0002': '═',
  '1122': '╪',
  '2222': '╬',
  '2022': '╩',
  '0222': '╦',
  '1022': '╧',
  '0122': '╤',
  '2200': '║',
  '2000': '║',
  '0200': '║',
  '2211': '╫',
  '0211': '╥',
  '2011': '╨',
  '1120': '╡',
  '1102': '╞',
};

function lineChar(arms: Arms): string {
  return LINE_CHARS[arms.join('')] ?? LINE_CHARS[arms.map((a) => Math.min(a, 1)).join('')] ?? '?';
}

/** One layer's cells, row by row; `rowStyles` gives each row's wire (1 quantum, 2 classical) or 0. */
class Canvas {
  readonly cells: Cell[][];

  constructor(
    readonly width: number,
    rowStyles: readonly number[],
  ) {
    this.cells = rowStyles.map((style) =>
      Array.from({ length: width }, (): Cell => ({ arms: [0, 0, style, style] })),
    );
  }

  /** Adds arms to a cell (the stronger of old and new per direction). */
  add(row: number, col: number, [u, d, l, r]: Arms): void {
    const cell = this.cells[row]![col]!;
    cell.arms = [
      Math.max(cell.arms[0], u),
      Math.max(cell.arms[1], d),
      Math.max(cell.arms[2], l),
      Math.max(cell.arms[3], r),
    ];
  }

  set(row: number, col: number, arms: Arms): void {
    this.cells[row]![col] = { arms };
  }

  text(row: number, col: number, text: string): void {
    Array.from(text).forEach((ch, i) => {
      this.cells[row]![col + i]!.text = ch;
    });
  }

  /** A vertical line from row `from` down to row `to` in column `col`. */
  vline(col: number, from: number, to: number, style: number): void {
    for (let row = from; row <= to; row += 1)
      this.add(row, col, [row > from ? style : 0, row < to ? style : 0, 0, 0]);
  }

  /**
   * A box from column x0 to x1 and row top to bottom (the edges). `lines` holds the text of its
   * inner rows; wires entering it end at its sides (`┤`, `├`, or `╡`, `╞` for a classical wire).
   */
  box(x0: number, x1: number, top: number, bottom: number, lines: ReadonlyMap<number, string>): void {
    for (let x = x0; x <= x1; x += 1) {
      this.add(top, x, [0, x === x0 || x === x1 ? 1 : 0, x > x0 ? 1 : 0, x < x1 ? 1 : 0]);
      this.add(bottom, x, [x === x0 || x === x1 ? 1 : 0, 0, x > x0 ? 1 : 0, x < x1 ? 1 : 0]);
    }
    for (let row = top + 1; row < bottom; row += 1) {
      const wire = this.cells[row]![x0]!.arms[2];
      this.set(row, x0, [1, 1, wire, 0]);
      this.set(row, x1, [1, 1, 0, wire]);
      this.text(row, x0 + 1, (lines.get(row) ?? '').padEnd(x1 - x0 - 1));
    }
  }

  render(row: number): string {
    return this.cells[row]!.map((c) => c.text ?? lineChar(c.arms)).join('');
  }
}

/** An operation drawn in a layer: the wires it spans and how it draws around a column. */
interface Element {
  readonly top: number;
  readonly bottom: number;
  readonly width: number;
  draw(canvas: Canvas, center: number): void;
}

/** Display names of standard gates, as Qiskit writes them. */
const LABELS: Partial<Record<string, string>> = {
  h: 'H',
  x: 'X',
  y: 'Y',
  z: 'Z',
  s: 'S',
  sdg: 'Sdg',
  t: 'T',
  tdg: 'Tdg',
  sx: '√X',
  rx: 'Rx',
  ry: 'Ry',
  rz: 'Rz',
  p: 'P',
  phase: 'P',
  u1: 'U1',
  u2: 'U2',
  u3: 'U3',
  U: 'U',
  id: 'I',
  gphase: 'GPhase',
};

/** Standard gates with built-in controls: drawn as controls on the gate they control. */
const CONTROLLED: Partial<Record<string, [controls: number, base: string]>> = {
  cx: [1, 'x'],
  CX: [1, 'x'],
  ccx: [2, 'x'],
  cy: [1, 'y'],
  cz: [1, 'z'],
  ch: [1, 'h'],
  crx: [1, 'rx'],
  cry: [1, 'ry'],
  crz: [1, 'rz'],
  cp: [1, 'p'],
  cphase: [1, 'p'],
  cswap: [1, 'swap'],
  cu: [1, 'U'],
};

/** A number for reading: `π/2`, `-3π/4`, or five significant digits. */
export function displayNumber(x: number): string {
  if (x === 0) return '0';
  for (let q = 1; q <= 16; q += 1) {
    const p = Math.round((x * q) / Math.PI);
    if (p !== 0 && Math.abs(x - (p * Math.PI) / q) <= 1e-9 * Math.abs(x)) {
      const g = gcdOf(Math.abs(p), q);
      if (g !== 1) continue;
      const magnitude = Math.abs(p) === 1 ? 'π' : `${Math.abs(p)}π`;
      return `${p < 0 ? '-' : ''}${magnitude}${q === 1 ? '' : `/${q}`}`;
    }
  }
  return String(Number(x.toPrecision(5)));
}

const gcdOf = (a: number, b: number): number => (b === 0 ? a : gcdOf(b, a % b));

function displayParam(value: ParamValue): string {
  return formatParam(value, {
    dialect: '3.0',
    name: (n) => n,
    number: displayNumber,
  });
}

/** `Rx(π/2)`, with `†` for inv and `^k` for pow, innermost first. */
function gateLabel(name: string, params: readonly ParamValue[], modifiers: readonly Modifier[]): string {
  let label = (LABELS[name] ?? name) + (params.length > 0 ? `(${params.map(displayParam).join(',')})` : '');
  for (let i = modifiers.length - 1; i >= 0; i -= 1) {
    const m = modifiers[i]!;
    if (m.kind === 'inv') label += '†';
    else if (m.kind === 'pow') label += `^${displayParam(m.exponent)}`;
  }
  return label;
}

/** Odd widths keep a centred line in the middle of a box. */
const oddPad = (text: string): string => (Array.from(text).length % 2 === 0 ? `${text} ` : text);
const textWidth = (text: string): number => Array.from(text).length;

export function drawCircuit(circuit: Circuit, options: DrawOptions = {}): string {
  return new Drawing(circuit).render(options.width ?? 80);
}

class Drawing {
  /** Per text row: 1 for a qubit wire, 2 for a classical wire, 0 for a gap between wires. */
  private readonly rowStyles: number[] = [0];
  /** The text row of each wire: qubits, then classical registers. */
  private readonly wireRows: number[] = [];
  private readonly labels: string[];
  /** Of each classical bit: its register's wire, its index there, and its name `c[1]`. */
  private readonly clbitWire: number[] = [];
  private readonly clbitIndex: number[] = [];
  private readonly clbitName: string[] = [];
  private readonly globalPhases: string[] = [];
  private readonly layers: Element[][] = [];

  constructor(private readonly circuit: Circuit) {
    const n = circuit.numQubits;
    this.labels = [
      ...circuit.qregs.flatMap((r) => Array.from({ length: r.size }, (_, i) => `${r.name}_${i}: `)),
      ...circuit.cregs.map((r) => `${r.name}: ${r.size}/`),
    ];
    const wireStyles = [...Array<number>(n).fill(1), ...Array<number>(circuit.cregs.length).fill(2)];
    wireStyles.forEach((style, wire) => {
      // One more gap above the classical wires, so a box on the last qubit and a condition
      // box on the first register never share an edge row.
      if (wire === n) this.rowStyles.push(0);
      this.wireRows.push(this.rowStyles.length);
      this.rowStyles.push(style, 0);
    });
    circuit.cregs.forEach((r, k) => {
      for (let i = 0; i < r.size; i += 1) {
        this.clbitWire.push(n + k);
        this.clbitIndex.push(i);
        this.clbitName.push(`${r.name}[${i}]`);
      }
    });
    const nextFree = Array<number>(this.wireRows.length).fill(0);
    for (const op of circuit.operations) {
      const element = this.element(op);
      if (element === undefined) continue;
      let layer = 0;
      for (let w = element.top; w <= element.bottom; w += 1) layer = Math.max(layer, nextFree[w]!);
      for (let w = element.top; w <= element.bottom; w += 1) nextFree[w] = layer + 1;
      (this.layers[layer] ??= []).push(element);
    }
  }

  render(width: number): string {
    const rows = this.rowStyles.length;
    const header = this.globalPhases.length > 0 ? [`global phase: ${this.globalPhases.join(' + ')}`] : [];
    if (this.wireRows.length === 0) return header.map((h) => `${h}\n`).join('');
    const labelWidth = Math.max(...this.labels.map(textWidth));
    const labels = new Map(this.wireRows.map((row, wire) => [row, this.labels[wire]!]));
    const label = (row: number) => (labels.get(row) ?? '').padStart(labelWidth);
    // Each layer is preceded by one column of plain wire; one more ends the diagram.
    const wire = () => this.canvas([], 1);
    const blocks = [...this.layers.map((layer) => [wire(), this.canvas(layer)]), [wire()]];
    const blocksText = blocks.map((canvas) =>
      Array.from({ length: rows }, (_, row) => canvas.map((c) => c.render(row)).join('')),
    );

    const bands: string[][] = [];
    let current: string[][] = [];
    let used = 0;
    const room = width - labelWidth - 2;
    for (const [i, block] of blocksText.entries()) {
      const blockWidth = textWidth(block[0]!);
      if (current.length > 0 && used + blockWidth > room) {
        // The closing stretch of wire alone is not worth a band of its own.
        if (i === blocksText.length - 1) break;
        bands.push(this.band(current, label, bands.length > 0, true));
        current = [];
        used = 0;
      }
      current.push(block);
      used += blockWidth;
    }
    bands.push(this.band(current, label, bands.length > 0, false));
    return [...header, bands.map((b) => b.join('\n')).join('\n\n')].join('\n') + '\n';
  }

  private band(
    blocks: string[][],
    label: (row: number) => string,
    continued: boolean,
    cut: boolean,
  ): string[] {
    const lines = blocks[0]!.map((_, row) => {
      const wire = this.rowStyles[row]! > 0;
      const body = blocks.map((b) => b[row]!).join('');
      return `${label(row)}${continued ? (wire ? '«' : ' ') : ''}${body}${cut && wire ? '»' : ''}`.trimEnd();
    });
    while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
    return lines;
  }

  private canvas(layer: readonly Element[], minWidth = 0): Canvas {
    const canvas = new Canvas(Math.max(minWidth, ...layer.map((e) => e.width)), this.rowStyles);
    const center = Math.floor(canvas.width / 2);
    layer.forEach((e) => e.draw(canvas, center));
    return canvas;
  }

  // ------------------------------------------------------------------ elements

  private rowOf(wire: number): number {
    return this.wireRows[wire]!;
  }

  private element(op: Operation): Element | undefined {
    switch (op.kind) {
      case 'gate':
        return this.gate(op);
      case 'measure':
        return this.measure(op.qubit, op.clbit, op.condition);
      case 'reset':
        return this.withCondition(
          {
            top: op.qubit,
            bottom: op.qubit,
            width: 3,
            draw: (c, x) => c.text(this.rowOf(op.qubit), x - 1, '|0>'),
          },
          this.rowOf(op.qubit),
          op.condition,
        );
      case 'barrier':
        return this.barrier(op.qubits);
    }
  }

  private gate(op: GateOperation): Element | undefined {
    const modifierControls: { qubit: number; negative: boolean }[] = [];
    let next = 0;
    for (const m of op.modifiers) {
      if (m.kind !== 'ctrl' && m.kind !== 'negctrl') continue;
      for (let i = 0; i < m.count; i += 1)
        modifierControls.push({ qubit: op.qubits[next + i]!, negative: m.kind === 'negctrl' });
      next += m.count;
    }
    const [implicit, base] = CONTROLLED[op.name] ?? [0, op.name];
    const own = op.qubits.slice(next + implicit);
    const controls = [
      ...modifierControls,
      ...op.qubits.slice(next, next + implicit).map((qubit) => ({ qubit, negative: false })),
    ];
    const label = oddPad(gateLabel(base, op.params, op.modifiers));

    if (own.length === 0 && controls.length === 0) {
      const phase = op.modifiers.length === 0 ? displayParam(op.params[0]!) : label.trim();
      this.globalPhases.push(
        op.condition === undefined ? phase : `${phase} if ${this.conditionLabel(op.condition)}`,
      );
      return undefined;
    }
    const all = [...controls.map((c) => c.qubit), ...own];
    const top = Math.min(...all);
    const bottom = Math.max(...all);
    const drawControls = (canvas: Canvas, x: number) =>
      controls.forEach((c) => canvas.text(this.rowOf(c.qubit), x, c.negative ? 'o' : '■'));

    if (own.length === 0) {
      // A controlled global phase: its controls, with the phase written under the lowest one.
      const element = {
        top,
        bottom: Math.min(bottom + 1, this.wireRows.length - 1),
        width: textWidth(label),
        draw: (canvas: Canvas, x: number) => {
          canvas.vline(x, this.rowOf(top), this.rowOf(bottom), 1);
          drawControls(canvas, x);
          canvas.text(this.rowOf(bottom) + 1, x - Math.floor(textWidth(label) / 2), label);
        },
      };
      return this.withCondition(element, this.rowOf(bottom) + 1, op.condition);
    }

    if (base === 'swap') {
      const element = {
        top,
        bottom,
        width: 1,
        draw: (canvas: Canvas, x: number) => {
          canvas.vline(x, this.rowOf(top), this.rowOf(bottom), 1);
          drawControls(canvas, x);
          own.forEach((q) => canvas.text(this.rowOf(q), x, 'X'));
        },
      };
      return this.withCondition(element, this.rowOf(bottom), op.condition);
    }

    const boxTop = this.rowOf(Math.min(...own)) - 1;
    const boxBottom = this.rowOf(Math.max(...own)) + 1;
    const lines = new Map<number, string>();
    let width: number;
    if (own.length === 1) {
      lines.set(boxTop + 1, ` ${label} `);
      width = textWidth(label) + 4;
    } else {
      // A gate on several qubits: one tall box, its argument numbers on their wires.
      const digits = String(own.length - 1).length;
      const middle = boxTop + 1 + Math.floor((boxBottom - boxTop - 2) / 2);
      own.forEach((q, i) => lines.set(this.rowOf(q), String(i).padEnd(digits)));
      lines.set(middle, `${(lines.get(middle) ?? '').padEnd(digits)} ${label} `);
      width = digits + textWidth(label) + 4;
    }
    const element = {
      top,
      bottom,
      width,
      draw: (canvas: Canvas, x: number) => {
        const above = controls.filter((c) => this.rowOf(c.qubit) < boxTop).map((c) => this.rowOf(c.qubit));
        const below = controls.filter((c) => this.rowOf(c.qubit) > boxBottom).map((c) => this.rowOf(c.qubit));
        if (above.length > 0) canvas.vline(x, Math.min(...above), boxTop, 1);
        if (below.length > 0) canvas.vline(x, boxBottom, Math.max(...below), 1);
        const x0 = x - Math.floor(width / 2);
        canvas.box(x0, x0 + width - 1, boxTop, boxBottom, lines);
        drawControls(canvas, x);
      },
    };
    return this.withCondition(
      element,
      Math.max(boxBottom, ...controls.map((c) => this.rowOf(c.qubit))),
      op.condition,
    );
  }

  private measure(qubit: number, clbit: number, condition: Condition | undefined): Element {
    const wire = this.clbitWire[clbit]!;
    const index = String(this.clbitIndex[clbit]!);
    // A condition is written in the box: the line below it already leads to the result bit.
    const label = condition === undefined ? 'M' : ` M if ${this.conditionLabel(condition)} `;
    const width = Math.max(textWidth(label) + 2, textWidth(index));
    return {
      top: qubit,
      // The bit number sits in the gap under the classical wire, which the layer reserves.
      bottom: Math.min(wire + 1, this.wireRows.length - 1),
      width,
      draw: (canvas, x) => {
        const boxWidth = textWidth(label) + 2;
        const x0 = x - Math.floor(boxWidth / 2);
        canvas.vline(x, this.rowOf(qubit) + 1, this.rowOf(wire), 2);
        canvas.box(
          x0,
          x0 + boxWidth - 1,
          this.rowOf(qubit) - 1,
          this.rowOf(qubit) + 1,
          new Map([[this.rowOf(qubit), label]]),
        );
        canvas.text(this.rowOf(wire) + 1, x - Math.floor((textWidth(index) - 1) / 2), index);
      },
    };
  }

  private barrier(qubits: readonly number[]): Element {
    const wires = new Set(qubits);
    return {
      top: Math.min(...qubits),
      bottom: Math.max(...qubits),
      width: 1,
      draw: (canvas, x) => {
        for (const q of wires) {
          canvas.text(this.rowOf(q), x, '░');
          if (wires.has(q + 1)) canvas.text(this.rowOf(q) + 1, x, '░');
        }
      },
    };
  }

  /** The element, plus a double line from `fromRow` down to its condition on the classical wire. */
  private withCondition(element: Element, fromRow: number, condition: Condition | undefined): Element {
    if (condition === undefined) return element;
    const wire = Math.max(...condition.clbits.map((b) => this.clbitWire[b]!));
    const label = oddPad(this.conditionLabel(condition));
    const boxWidth = textWidth(label) + 4;
    return {
      top: element.top,
      bottom: wire,
      width: Math.max(element.width, boxWidth),
      draw: (canvas, x) => {
        canvas.vline(x, fromRow, this.rowOf(wire) - 1, 2);
        const x0 = x - Math.floor(boxWidth / 2);
        canvas.box(
          x0,
          x0 + boxWidth - 1,
          this.rowOf(wire) - 1,
          this.rowOf(wire) + 1,
          new Map([[this.rowOf(wire), ` ${label} `]]),
        );
        element.draw(canvas, x);
      },
    };
  }

  /** `c==5` for a whole register, `c[1]==1` for one bit, else `c[0]==1&&d[2]==0`. */
  private conditionLabel(condition: Condition): string {
    const register = this.circuit.cregs.find(
      (r) => r.size === condition.clbits.length && condition.clbits.every((b, i) => b === r.start + i),
    );
    if (register !== undefined) return `${register.name}==${condition.value}`;
    return condition.clbits
      .map((b, i) => `${this.clbitName[b]!}==${Math.floor(condition.value / 2 ** i) % 2}`)
      .join('&&');
  }
}
