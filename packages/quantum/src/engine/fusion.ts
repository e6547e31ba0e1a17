/**
 * Gate fusion: neighbouring gates are merged into one unitary on up to `maxQubits` qubits, so
 * the state is swept once for several gates (as Qiskit Aer's and qsim's fusers do).
 *
 * The pass keeps one open group per qubit. A gate joins the open groups of its qubits when the
 * merged group stays within `maxQubits` and the cost model says one pass over the merged group
 * is cheaper than the separate passes; otherwise those groups close (in order) and the gate
 * opens a new one. Groups on disjoint qubits commute, so closing order is a valid gate order.
 *
 * Fused matrices are built with the simulator's own kernels: a d x d matrix is a state of 2w
 * qubits whose high w bits are the row index, and a gate on fused position p acts on qubit w + p.
 */
import { QuantumErrors } from '../errors.js';
import { identity } from '../linalg.js';
import type { Matrix } from '../linalg.js';
import { applyRange, prepareOp, type KernelOp } from './kernels.js';

export interface FusionOptions {
  /** Off runs every gate as its own pass. Default on. */
  readonly enabled?: boolean;
  /** Widest fused unitary, 1 to 5 qubits. Default 4. */
  readonly maxQubits?: number;
  /** Circuits narrower than this are not fused: their passes are too short to matter. Default 14. */
  readonly threshold?: number;
}

export interface FusionSettings {
  readonly enabled: boolean;
  readonly maxQubits: number;
  readonly threshold: number;
}

export const DEFAULT_FUSION: FusionSettings = { enabled: true, maxQubits: 4, threshold: 14 };

export interface GateInput {
  readonly qubits: readonly number[];
  readonly matrix: Matrix;
  readonly diagonal: boolean;
}

export interface FusedOp extends KernelOp {
  /** How many gates this pass applies. */
  readonly gates: number;
}

/**
 * Relative cost of one pass over the state with a dense unitary of m qubits (index m), from
 * `npm run bench -- kernels` on the reference machine (single thread, 22 qubits): a one-qubit
 * pass is bound by memory, wider ones by arithmetic, which grows as 4^m. A diagonal pass of any
 * width costs about 1.5 one-qubit passes. Fusion merges only when the merged pass is cheaper.
 */
const DENSE_COST = [0, 1, 1.9, 4.8, 14, 35];
const DIAGONAL_COST = 1.5;

const cost = (width: number, diagonal: boolean): number =>
  width === 0 ? 0 : diagonal ? DIAGONAL_COST : DENSE_COST[width]!;

interface Group {
  readonly qubits: readonly number[];
  readonly gates: GateInput[];
  readonly diagonal: boolean;
}

export function resolveFusion(options: FusionOptions | undefined): FusionSettings {
  const maxQubits = options?.maxQubits ?? DEFAULT_FUSION.maxQubits;
  if (!Number.isInteger(maxQubits) || maxQubits < 1 || maxQubits > 5) {
    throw QuantumErrors.invalidRunOptions(
      { field: 'fusion.maxQubits', reason: `must be an integer from 1 to 5, got ${maxQubits}` },
      { details: { field: 'fusion.maxQubits' } },
    );
  }
  return {
    enabled: options?.enabled ?? DEFAULT_FUSION.enabled,
    maxQubits,
    threshold: options?.threshold ?? DEFAULT_FUSION.threshold,
  };
}

/** Turns gates into passes: fused when enabled and the circuit is wide enough, else one per gate. */
export function fuse(gates: readonly GateInput[], numQubits: number, settings: FusionSettings): FusedOp[] {
  if (!settings.enabled || numQubits < settings.threshold) {
    return gates.map((g) => ({ qubits: g.qubits, matrix: g.matrix.data, diagonal: g.diagonal, gates: 1 }));
  }
  const open = new Map<number, Group>();
  const out: FusedOp[] = [];
  const close = (group: Group): void => {
    group.qubits.forEach((q) => open.delete(q));
    out.push(build(group));
  };
  for (const gate of gates) {
    const touched = [
      ...new Set(gate.qubits.map((q) => open.get(q)).filter((g): g is Group => g !== undefined)),
    ];
    const union = [...new Set([...gate.qubits, ...touched.flatMap((g) => g.qubits)])].sort((a, b) => a - b);
    const diagonal = gate.diagonal && touched.every((g) => g.diagonal);
    const separate = touched.reduce(
      (sum, g) => sum + cost(g.qubits.length, g.diagonal),
      cost(gate.qubits.length, gate.diagonal),
    );
    let group: Group;
    if (union.length <= settings.maxQubits && cost(union.length, diagonal) <= separate) {
      group = { qubits: union, gates: [...touched.flatMap((g) => g.gates), gate], diagonal };
      touched.forEach((g) => g.qubits.forEach((q) => open.delete(q)));
    } else {
      touched.forEach(close);
      group = { qubits: [...gate.qubits].sort((a, b) => a - b), gates: [gate], diagonal: gate.diagonal };
    }
    group.qubits.forEach((q) => open.set(q, group));
    // A gate on no qubits (a global phase) has no open slot; emit it at once.
    if (group.qubits.length === 0) out.push(build(group));
  }
  new Set(open.values()).forEach(close);
  return out;
}

function build(group: Group): FusedOp {
  const width = group.qubits.length;
  const only = group.gates.length === 1 ? group.gates[0]! : undefined;
  if (only !== undefined)
    return { qubits: only.qubits, matrix: only.matrix.data, diagonal: only.diagonal, gates: 1 };
  const m = identity(1 << width).data;
  const asState = { numQubits: 2 * width, chunkBits: 2 * width, chunks: [m] };
  for (const gate of group.gates) {
    const positions = gate.qubits.map((q) => width + group.qubits.indexOf(q));
    const op = prepareOp(2 * width, 2 * width, {
      qubits: positions,
      matrix: gate.matrix.data,
      diagonal: gate.diagonal,
    });
    applyRange(asState, op, 0, op.groups);
  }
  return { qubits: group.qubits, matrix: m, diagonal: group.diagonal, gates: group.gates.length };
}
