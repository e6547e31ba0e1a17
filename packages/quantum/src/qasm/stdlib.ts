/**
 * The built-in includes, never read from disk:
 *
 * - `stdgates.inc` (OpenQASM 3) binds every standard gate of the circuit model by its own name;
 *   they are the spec's stdgates.inc gates with its global phases (see `circuit/gates.ts`).
 * - `qelib1.inc` (OpenQASM 2.0) is Qiskit's qelib1.inc (Apache-2.0) as on its main branch, where
 *   the file last changed in November 2021 (Qiskit PR #7230), below as text. A gate whose
 *   definition equals a circuit-model standard gate exactly, global phase included, binds to
 *   that gate (`QELIB1_STANDARD`); where qelib1 and stdgates differ by a global phase the exact
 *   equivalent is used (qelib1's rz is u1, sx is rx(π/2), u3 is U, u2 is U(π/2, φ, λ)). The
 *   others are defined from their qelib1 bodies as custom gates; `ch` is one of them, as
 *   qelib1's ch is e^{iπ/4} times the standard ch.
 * - Older copies of the file differ where it matters: before #7230 `c3sqrtx` began with
 *   `cu1(-pi/8)` and was `ctrl(3) @ inv @ sx`, the inverse of the C3SX gate Qiskit writes as
 *   `c3sqrtx`; now it is `ctrl(3) @ sx`, and `c4x` was rewritten with it so that it stays
 *   exactly `ctrl(4) @ x`. `test/qasm/stdlib.test.ts` checks every gate against a unitary
 *   written out independently of these bodies.
 */
import type { ParamValue } from '../circuit/expr.js';
import { STANDARD_GATES } from '../circuit/gates.js';
import type { GateBinding } from './scope.js';

export const STDGATES_INC = 'stdgates.inc';
export const QELIB1_INC = 'qelib1.inc';

/** The built-in gates every program has: OpenQASM 3's `U` and `gphase`; 2.0's `U` and `CX`. */
export function builtinGates(version: '2.0' | '3.0'): Map<string, GateBinding> {
  const names = version === '2.0' ? ['U', 'CX'] : ['U', 'gphase'];
  return new Map(names.map((name) => [name, standard(name)]));
}

/** What `include "stdgates.inc";` declares. */
export function stdgatesGates(): Map<string, GateBinding> {
  return new Map(
    [...STANDARD_GATES.keys()]
      .filter((name) => name !== 'U' && name !== 'gphase')
      .map((n) => [n, standard(n)]),
  );
}

function standard(name: string): GateBinding {
  const gate = STANDARD_GATES.get(name)!;
  return {
    kind: 'standard',
    params: gate.params.length,
    qubits: gate.qubits,
    lower: (params) => ({ name, params: [...params] }),
  };
}

/** A qelib1 gate bound to a standard gate whose matrix is the same: `to(params)` gives its name and parameters. */
function mapped(
  params: number,
  qubits: number,
  to: (p: readonly ParamValue[]) => { name: string; params: ParamValue[] },
): GateBinding {
  return { kind: 'standard', params, qubits, lower: to };
}

const same = (name: string) => (p: readonly ParamValue[]) => ({ name, params: [...p] });
const HALF_PI = Math.PI / 2;

/** qelib1 gates that equal a standard gate exactly; `test/qasm/stdlib.test.ts` checks each against its body. */
export const QELIB1_STANDARD: ReadonlyMap<string, GateBinding> = new Map([
  ['u3', mapped(3, 1, same('U'))],
  ['u2', mapped(2, 1, (p) => ({ name: 'U', params: [HALF_PI, p[0]!, p[1]!] }))],
  ['u1', mapped(1, 1, same('u1'))],
  ['cx', mapped(0, 2, same('cx'))],
  ['id', mapped(0, 1, same('id'))],
  ['u', mapped(3, 1, same('U'))],
  ['p', mapped(1, 1, same('p'))],
  ['x', mapped(0, 1, same('x'))],
  ['y', mapped(0, 1, same('y'))],
  ['z', mapped(0, 1, same('z'))],
  ['h', mapped(0, 1, same('h'))],
  ['s', mapped(0, 1, same('s'))],
  ['sdg', mapped(0, 1, same('sdg'))],
  ['t', mapped(0, 1, same('t'))],
  ['tdg', mapped(0, 1, same('tdg'))],
  ['rx', mapped(1, 1, same('rx'))],
  ['ry', mapped(1, 1, same('ry'))],
  ['rz', mapped(1, 1, same('u1'))],
  ['sx', mapped(0, 1, () => ({ name: 'rx', params: [HALF_PI] }))],
  ['cz', mapped(0, 2, same('cz'))],
  ['cy', mapped(0, 2, same('cy'))],
  ['swap', mapped(0, 2, same('swap'))],
  ['ccx', mapped(0, 3, same('ccx'))],
  ['cswap', mapped(0, 3, same('cswap'))],
  ['crx', mapped(1, 2, same('crx'))],
  ['cry', mapped(1, 2, same('cry'))],
  ['crz', mapped(1, 2, same('crz'))],
  ['cu1', mapped(1, 2, same('cp'))],
  ['cp', mapped(1, 2, same('cp'))],
  ['cu3', mapped(3, 2, (p) => ({ name: 'cu', params: [p[0]!, p[1]!, p[2]!, 0] }))],
  ['cu', mapped(4, 2, same('cu'))],
]);

/** Qiskit's qelib1.inc, gate for gate (comments and blank lines dropped). */
export const QELIB1_SOURCE = `
gate u3(theta,phi,lambda) q { U(theta,phi,lambda) q; }
gate u2(phi,lambda) q { U(pi/2,phi,lambda) q; }
gate u1(lambda) q { U(0,0,lambda) q; }
gate cx c,t { CX c,t; }
gate id a { U(0,0,0) a; }
gate u0(gamma) q { U(0,0,0) q; }
gate u(theta,phi,lambda) q { U(theta,phi,lambda) q; }
gate p(lambda) q { U(0,0,lambda) q; }
gate x a { u3(pi,0,pi) a; }
gate y a { u3(pi,pi/2,pi/2) a; }
gate z a { u1(pi) a; }
gate h a { u2(0,pi) a; }
gate s a { u1(pi/2) a; }
gate sdg a { u1(-pi/2) a; }
gate t a { u1(pi/4) a; }
gate tdg a { u1(-pi/4) a; }
gate rx(theta) a { u3(theta, -pi/2,pi/2) a; }
gate ry(theta) a { u3(theta,0,0) a; }
gate rz(phi) a { u1(phi) a; }
gate sx a { sdg a; h a; sdg a; }
gate sxdg a { s a; h a; s a; }
gate cz a,b { h b; cx a,b; h b; }
gate cy a,b { sdg b; cx a,b; s b; }
gate swap a,b { cx a,b; cx b,a; cx a,b; }
gate ch a,b {
h b; sdg b;
cx a,b;
h b; t b;
cx a,b;
t b; h b; s b; x b; s a;
}
gate ccx a,b,c
{
  h c;
  cx b,c; tdg c;
  cx a,c; t c;
  cx b,c; tdg c;
  cx a,c; t b; t c; h c;
  cx a,b; t a; tdg b;
  cx a,b;
}
gate cswap a,b,c
{
  cx c,b;
  ccx a,b,c;
  cx c,b;
}
gate crx(lambda) a,b
{
  u1(pi/2) b;
  cx a,b;
  u3(-lambda/2,0,0) b;
  cx a,b;
  u3(lambda/2,-pi/2,0) b;
}
gate cry(lambda) a,b
{
  ry(lambda/2) b;
  cx a,b;
  ry(-lambda/2) b;
  cx a,b;
}
gate crz(lambda) a,b
{
  rz(lambda/2) b;
  cx a,b;
  rz(-lambda/2) b;
  cx a,b;
}
gate cu1(lambda) a,b
{
  u1(lambda/2) a;
  cx a,b;
  u1(-lambda/2) b;
  cx a,b;
  u1(lambda/2) b;
}
gate cp(lambda) a,b
{
  p(lambda/2) a;
  cx a,b;
  p(-lambda/2) b;
  cx a,b;
  p(lambda/2) b;
}
gate cu3(theta,phi,lambda) c, t
{
  u1((lambda+phi)/2) c;
  u1((lambda-phi)/2) t;
  cx c,t;
  u3(-theta/2,0,-(phi+lambda)/2) t;
  cx c,t;
  u3(theta/2,phi,0) t;
}
gate csx a,b { h b; cu1(pi/2) a,b; h b; }
gate cu(theta,phi,lambda,gamma) c, t
{ p(gamma) c;
  p((lambda+phi)/2) c;
  p((lambda-phi)/2) t;
  cx c,t;
  u(-theta/2,0,-(phi+lambda)/2) t;
  cx c,t;
  u(theta/2,phi,0) t;
}
gate rxx(theta) a,b
{
  u3(pi/2, theta, 0) a;
  h b;
  cx a,b;
  u1(-theta) b;
  cx a,b;
  h b;
  u2(-pi, pi-theta) a;
}
gate rzz(theta) a,b
{
  cx a,b;
  u1(theta) b;
  cx a,b;
}
gate rccx a,b,c
{
  u2(0,pi) c;
  u1(pi/4) c;
  cx b, c;
  u1(-pi/4) c;
  cx a, c;
  u1(pi/4) c;
  cx b, c;
  u1(-pi/4) c;
  u2(0,pi) c;
}
gate rc3x a,b,c,d
{
  u2(0,pi) d;
  u1(pi/4) d;
  cx c,d;
  u1(-pi/4) d;
  u2(0,pi) d;
  cx a,d;
  u1(pi/4) d;
  cx b,d;
  u1(-pi/4) d;
  cx a,d;
  u1(pi/4) d;
  cx b,d;
  u1(-pi/4) d;
  u2(0,pi) d;
  u1(pi/4) d;
  cx c,d;
  u1(-pi/4) d;
  u2(0,pi) d;
}
gate c3x a,b,c,d
{
    h d;
    p(pi/8) a;
    p(pi/8) b;
    p(pi/8) c;
    p(pi/8) d;
    cx a, b;
    p(-pi/8) b;
    cx a, b;
    cx b, c;
    p(-pi/8) c;
    cx a, c;
    p(pi/8) c;
    cx b, c;
    p(-pi/8) c;
    cx a, c;
    cx c, d;
    p(-pi/8) d;
    cx b, d;
    p(pi/8) d;
    cx c, d;
    p(-pi/8) d;
    cx a, d;
    p(pi/8) d;
    cx c, d;
    p(-pi/8) d;
    cx b, d;
    p(pi/8) d;
    cx c, d;
    p(-pi/8) d;
    cx a, d;
    h d;
}
gate c3sqrtx a,b,c,d
{
    h d; cu1(pi/8) a,d; h d;
    cx a,b;
    h d; cu1(-pi/8) b,d; h d;
    cx a,b;
    h d; cu1(pi/8) b,d; h d;
    cx b,c;
    h d; cu1(-pi/8) c,d; h d;
    cx a,c;
    h d; cu1(pi/8) c,d; h d;
    cx b,c;
    h d; cu1(-pi/8) c,d; h d;
    cx a,c;
    h d; cu1(pi/8) c,d; h d;
}
gate c4x a,b,c,d,e
{
    h e; cu1(pi/2) d,e; h e;
    c3x a,b,c,d;
    h e; cu1(-pi/2) d,e; h e;
    c3x a,b,c,d;
    c3sqrtx a,b,c,e;
}
`;
