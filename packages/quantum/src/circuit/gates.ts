/**
 * The standard gate library: OpenQASM 3's `stdgates.inc`, the 2.0 compatibility gates and the
 * built-ins `U` and `gphase`, with the same names and semantics (including global phases, which
 * become relative phases under `ctrl @`). Matrices are written out exactly rather than expanded
 * from `U`, so x, h, cx and friends carry no rounding noise.
 *
 * Argument order follows OpenQASM: controls first (`cx c, t`); inside a matrix, argument j is bit j.
 */
import { controlled, diagonal, expi, identity, matrix, scale, type Matrix } from '../linalg.js';

export interface StandardGate {
  readonly name: string;
  readonly qubits: number;
  /** Names of the angle parameters, as stdgates.inc spells them. */
  readonly params: readonly string[];
  readonly matrix: (params: readonly number[]) => Matrix;
  /** True for gates that stay diagonal in the computational basis for every parameter. */
  readonly diagonal: boolean;
}

const S2 = Math.SQRT1_2;

/** OpenQASM 3's built-in U(θ, φ, λ), without global phase. */
export function uMatrix(theta: number, phi: number, lambda: number): Matrix {
  const c = Math.cos(theta / 2);
  const s = Math.sin(theta / 2);
  const [el, eli] = expi(lambda);
  const [ep, epi] = expi(phi);
  const [epl, epli] = expi(phi + lambda);
  return matrix([
    [c, [-el * s, -eli * s]],
    [
      [ep * s, epi * s],
      [epl * c, epli * c],
    ],
  ]);
}

const rx = (t: number): Matrix =>
  matrix([
    [Math.cos(t / 2), [0, -Math.sin(t / 2)]],
    [[0, -Math.sin(t / 2)], Math.cos(t / 2)],
  ]);
const ry = (t: number): Matrix =>
  matrix([
    [Math.cos(t / 2), -Math.sin(t / 2)],
    [Math.sin(t / 2), Math.cos(t / 2)],
  ]);
const rz = (t: number): Matrix => diagonal([expi(-t / 2), expi(t / 2)]);
const phase = (t: number): Matrix => diagonal([[1, 0], expi(t)]);

const X = matrix([
  [0, 1],
  [1, 0],
]);
const Y = matrix([
  [0, [0, -1]],
  [[0, 1], 0],
]);
const Z = diagonal([
  [1, 0],
  [-1, 0],
]);
const H = matrix([
  [S2, S2],
  [S2, -S2],
]);
const SX = matrix([
  [
    [0.5, 0.5],
    [0.5, -0.5],
  ],
  [
    [0.5, -0.5],
    [0.5, 0.5],
  ],
]);
const SWAP = matrix([
  [1, 0, 0, 0],
  [0, 0, 1, 0],
  [0, 1, 0, 0],
  [0, 0, 0, 1],
]);

const fixed = (m: Matrix) => () => m;
const ctrl1 = (m: Matrix): Matrix => controlled(m, [true]);

type Definition = [
  qubits: number,
  params: string[],
  diagonal: boolean,
  matrix: (p: readonly number[]) => Matrix,
];

const DEFINITIONS: Record<string, Definition> = {
  U: [1, ['θ', 'φ', 'λ'], false, (p) => uMatrix(p[0]!, p[1]!, p[2]!)],
  gphase: [0, ['γ'], true, (p) => diagonal([expi(p[0]!)])],
  p: [1, ['λ'], true, (p) => phase(p[0]!)],
  x: [1, [], false, fixed(X)],
  y: [1, [], false, fixed(Y)],
  z: [1, [], true, fixed(Z)],
  h: [1, [], false, fixed(H)],
  s: [
    1,
    [],
    true,
    fixed(
      diagonal([
        [1, 0],
        [0, 1],
      ]),
    ),
  ],
  sdg: [
    1,
    [],
    true,
    fixed(
      diagonal([
        [1, 0],
        [0, -1],
      ]),
    ),
  ],
  t: [1, [], true, fixed(diagonal([[1, 0], expi(Math.PI / 4)]))],
  tdg: [1, [], true, fixed(diagonal([[1, 0], expi(-Math.PI / 4)]))],
  sx: [1, [], false, fixed(SX)],
  rx: [1, ['θ'], false, (p) => rx(p[0]!)],
  ry: [1, ['θ'], false, (p) => ry(p[0]!)],
  rz: [1, ['λ'], true, (p) => rz(p[0]!)],
  cx: [2, [], false, fixed(ctrl1(X))],
  cy: [2, [], false, fixed(ctrl1(Y))],
  cz: [2, [], true, fixed(ctrl1(Z))],
  cp: [2, ['λ'], true, (p) => ctrl1(phase(p[0]!))],
  crx: [2, ['θ'], false, (p) => ctrl1(rx(p[0]!))],
  cry: [2, ['θ'], false, (p) => ctrl1(ry(p[0]!))],
  crz: [2, ['θ'], true, (p) => ctrl1(rz(p[0]!))],
  ch: [2, [], false, fixed(ctrl1(H))],
  swap: [2, [], false, fixed(SWAP)],
  ccx: [3, [], false, fixed(controlled(X, [true, true]))],
  cswap: [3, [], false, fixed(ctrl1(SWAP))],
  // gate cu(θ, φ, λ, γ) c, t { p(γ) c; ctrl @ U(θ, φ, λ) c, t; }
  cu: [2, ['θ', 'φ', 'λ', 'γ'], false, (p) => ctrl1(scale(uMatrix(p[0]!, p[1]!, p[2]!), expi(p[3]!)))],
  // OpenQASM 2.0 compatibility
  CX: [2, [], false, fixed(ctrl1(X))],
  phase: [1, ['λ'], true, (p) => phase(p[0]!)],
  cphase: [2, ['λ'], true, (p) => ctrl1(phase(p[0]!))],
  id: [1, [], true, fixed(identity(2))],
  u1: [1, ['λ'], true, (p) => uMatrix(0, 0, p[0]!)],
  // gate u2(φ, λ) q { gphase(-(φ+λ)/2); U(π/2, φ, λ) q; }
  u2: [1, ['φ', 'λ'], false, (p) => scale(uMatrix(Math.PI / 2, p[0]!, p[1]!), expi(-(p[0]! + p[1]!) / 2))],
  // gate u3(θ, φ, λ) q { gphase(-(φ+λ)/2); U(θ, φ, λ) q; }
  u3: [1, ['θ', 'φ', 'λ'], false, (p) => scale(uMatrix(p[0]!, p[1]!, p[2]!), expi(-(p[1]! + p[2]!) / 2))],
};

export const STANDARD_GATES: ReadonlyMap<string, StandardGate> = new Map(
  Object.entries(DEFINITIONS).map(([name, [qubits, params, diag, m]]) => [
    name,
    { name, qubits, params, diagonal: diag, matrix: m },
  ]),
);

/** The single-qubit Paulis, for the noise model: index 1 = X, 2 = Y, 3 = Z. */
export const PAULI_MATRICES: readonly Matrix[] = [identity(2), X, Y, Z];
