"""Cirq circuits to and from :class:`qcirc.Circuit`, exactly (global phase included)::

    from qcirc.adapters.cirq import from_cirq, to_cirq

    circuit = from_cirq(cirq_circuit)  # LineQubit/GridQubit/NamedQubit -> indices, keys -> registers
    back = to_cirq(circuit)            # the same qubits, keys and moments

How the two models meet (the README's "Cirq" section has the gate tables):

- **Qubits** are numbered in ``qubit_order`` (default: sorted, as ``cirq.QubitOrder.DEFAULT``).
  The quantum registers record which qubits they were: ``LineQubit(0..n-1)`` is the default
  register ``q``; otherwise each run of consecutive ``LineQubit(x..)`` is a register ``line_<x>``,
  each run along a row of ``GridQubit(r, c..)`` a register ``grid_<r>_<c>`` (a minus sign is
  written ``m``: ``line_m3``), and a ``NamedQubit`` a one-qubit register of its name. ``to_cirq``
  reads the names back, so a round trip gives the same qubits.
- **Moments**: a barrier over every qubit separates moments; ``to_cirq`` starts a new moment at
  each barrier and packs what lies between (``cirq.InsertStrategy.EARLIEST``), so a circuit built
  moment by moment comes back with the same moments.
- **Measurement keys** are classical registers named after the key (bit i is the key's i-th
  qubit); a key ``name[i]`` is bit i of register ``name``; a key that is not an identifier
  (Cirq's default ``q(0)``) gets one (``q_0_``), made unique. ``to_cirq`` measures a register
  as one key when every measurement writes it whole, and bit by bit (``name[i]``) otherwise.
- **Conditions**: every Cirq condition (``KeyCondition``, ``BitMaskKeyCondition``,
  ``SympyCondition``) on the latest measurement of its keys is evaluated over the bits it reads;
  the operation is kept once per satisfying value of those bits (once when the condition fixes
  some bits and ignores the rest). qcirc conditions become ``BitMaskKeyCondition`` equalities.
- A Cirq operation without a counterpart is decomposed with ``cirq.decompose_once``; a
  ``MatrixGate`` (or a gate known only by its matrix) only when the decomposition reproduces its
  matrix to 1e-10 (one qubit: as ``gphase`` and ``U``). What has no counterpart either way is
  refused as the Qiskit adapter refuses: ``CANNOT_EXPORT`` naming it, ``details["format"]`` the
  side that lacks it (``qcirc``: a channel, a qudit; ``cirq``: a conditioned measurement, a
  condition on bits never measured).
"""

from __future__ import annotations

import cmath
import math
import re
from dataclasses import dataclass, replace
from typing import Any, Iterable, Sequence

try:
    import cirq
    import numpy as np
    import sympy  # type: ignore[import-untyped]
except ImportError as error:
    raise ImportError(
        "qcirc.adapters.cirq needs Cirq: install it with `pip install 'qcirc[cirq]'` (cirq-core)"
    ) from error

from ..circuit import (
    Barrier,
    Circuit,
    Condition,
    Ctrl,
    GateOperation,
    Inv,
    Measure,
    Modifier,
    NegCtrl,
    Pow,
    Reset,
)
from ..errors import QcircError
from ..expr import (
    Binary,
    Call,
    Constant,
    Expr,
    MathFunction,
    ParamValue,
    Parameter,
    Unary,
    evaluate,
    free_parameters,
    substitute,
)

__all__ = ["from_cirq", "to_cirq"]

IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_LINE = re.compile(r"line_(m?)(\d+)")
_GRID = re.compile(r"grid_(m?)(\d+)_(m?)(\d+)")
_BIT_KEY = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\[(\d+)\]")
#: The most classical bits one condition may read: it is evaluated on every value of them.
MAX_CONDITION_BITS = 12
#: How far a decomposition is checked against a MatrixGate's matrix (max abs entry difference).
MATRIX_TOLERANCE = 1e-10
_DECOMPOSE_DEPTH = 32


def _cannot_convert(operation: str, reason: str, target: str) -> QcircError:
    """CANNOT_EXPORT, as the Qiskit adapter refuses: ``details.format`` is the side that lacks it."""
    return QcircError(
        "CANNOT_EXPORT",
        f"cannot write {operation} as {target}: {reason}",
        {"format": target, "operation": operation, "reason": reason},
    )


def _refuse(op: object, reason: str) -> QcircError:
    return _cannot_convert(f"cirq operation {op!r}", reason, "qcirc")


def _cannot_export(operation: str, reason: str) -> QcircError:
    return _cannot_convert(operation, reason, "cirq")


# ---------------------------------------------------------------- parameters (sympy <-> Expr)

_SYMPY_CALLS: dict[Any, MathFunction] = {
    sympy.sin: "sin",
    sympy.cos: "cos",
    sympy.tan: "tan",
    sympy.asin: "arcsin",
    sympy.acos: "arccos",
    sympy.atan: "arctan",
    sympy.exp: "exp",
    sympy.log: "log",
}
_CALLS_SYMPY: dict[str, Any] = {name: fn for fn, name in _SYMPY_CALLS.items()} | {"sqrt": sympy.sqrt}


def _expr_from_sympy(e: Any, op: object) -> Expr:
    if not e.free_symbols:
        if not e.is_real:
            raise _refuse(op, f"the parameter expression {e} is not real")
        return Constant(float(e))
    if isinstance(e, sympy.Symbol):
        return Parameter(e.name)
    if isinstance(e, sympy.Add):
        terms = [_expr_from_sympy(t, op) for t in e.args]
        total = terms[0]
        for t in terms[1:]:
            total = Binary("-", total, t.operand) if isinstance(t, Unary) else Binary("+", total, t)
        return total
    if isinstance(e, sympy.Mul):
        coefficient, rest = e.as_coeff_Mul()
        numerator = [f for f in sympy.Mul.make_args(rest) if not (f.is_Pow and f.exp == -1)]
        denominator = [f.base for f in sympy.Mul.make_args(rest) if f.is_Pow and f.exp == -1]
        out: Expr | None = None
        for f in numerator:
            term = _expr_from_sympy(f, op)
            out = term if out is None else Binary("*", out, term)
        magnitude = abs(coefficient)
        if out is None:
            out = Constant(float(magnitude))
        elif magnitude != 1:
            out = Binary("*", Constant(float(magnitude)), out)
        for f in denominator:
            out = Binary("/", out, _expr_from_sympy(f, op))
        return Unary(out) if coefficient < 0 else out
    if isinstance(e, sympy.Pow):
        if e.exp == sympy.Rational(1, 2):
            return Call("sqrt", _expr_from_sympy(e.base, op))
        if e.exp == -1:
            return Binary("/", Constant(1.0), _expr_from_sympy(e.base, op))
        if e.base == sympy.E:
            return Call("exp", _expr_from_sympy(e.exp, op))
        return Binary("**", _expr_from_sympy(e.base, op), _expr_from_sympy(e.exp, op))
    if e.func in _SYMPY_CALLS and len(e.args) == 1:
        return Call(_SYMPY_CALLS[e.func], _expr_from_sympy(e.args[0], op))
    raise _refuse(op, f"the parameter expression {e} uses {e.func}, which the JSON circuit form has not")


def _param_from_cirq(value: Any, op: object) -> ParamValue:
    """A Cirq number or sympy expression as a qcirc angle."""
    if isinstance(value, sympy.Basic):
        constant = _expr_from_sympy(value, op)
        return constant.value if isinstance(constant, Constant) else constant
    return float(value)


def _to_sympy(value: Expr) -> Any:
    if isinstance(value, Constant):
        return sympy.Float(value.value)
    if isinstance(value, Parameter):
        return sympy.Symbol(value.name)
    if isinstance(value, Unary):
        return -_to_sympy(value.operand)
    if isinstance(value, Binary):
        left, right = _to_sympy(value.left), _to_sympy(value.right)
        if value.op == "+":
            return left + right
        if value.op == "-":
            return left - right
        if value.op == "*":
            return left * right
        return left / right if value.op == "/" else left**right
    if isinstance(value, Call):
        return _CALLS_SYMPY[value.fn](_to_sympy(value.arg))
    raise TypeError(f"not an expression: {value!r}")


Angle = Any  # a float, or a sympy expression with free symbols


def _angle_to_cirq(value: ParamValue) -> Angle:
    if isinstance(value, Expr):
        return _to_sympy(value) if free_parameters(value) else evaluate(value, {})
    return float(value)


def _over_pi(angle: Angle) -> Angle:
    """A Cirq exponent from a qcirc angle: angle / π."""
    return angle / sympy.pi if isinstance(angle, sympy.Basic) else angle / math.pi


def _times_pi(exponent: Any, factor: float, op: object) -> ParamValue:
    """A qcirc angle from a Cirq exponent: π · exponent · factor."""
    if isinstance(exponent, sympy.Basic) and exponent.free_symbols:
        return _param_from_cirq(sympy.pi * exponent * factor, op)
    return math.pi * float(exponent) * factor


# ---------------------------------------------------------------- from_cirq


@dataclass(frozen=True)
class _Gate:
    name: str
    qubits: tuple[int, ...]
    params: tuple[ParamValue, ...] = ()
    modifiers: tuple[Modifier, ...] = ()


@dataclass(frozen=True)
class _Measure:
    qubit: int
    bit: tuple[str, int]  # (register, index)


@dataclass(frozen=True)
class _Reset:
    qubit: int


@dataclass(frozen=True)
class _Item:
    op: _Gate | _Measure | _Reset
    #: Bits (register, index) and the values they must hold.
    condition: tuple[tuple[tuple[str, int], int], ...] = ()


#: Cirq gates equal to a qcirc gate without a parameter: (type, exponent) -> (name, modifiers).
_NAMED: dict[tuple[type, float], tuple[str, tuple[Modifier, ...]]] = {
    (cirq.XPowGate, 1): ("x", ()),
    (cirq.XPowGate, 0.5): ("sx", ()),
    (cirq.XPowGate, -0.5): ("sx", (Inv(),)),
    (cirq.YPowGate, 1): ("y", ()),
    (cirq.ZPowGate, 1): ("z", ()),
    (cirq.ZPowGate, 0.5): ("s", ()),
    (cirq.ZPowGate, -0.5): ("sdg", ()),
    (cirq.ZPowGate, 0.25): ("t", ()),
    (cirq.ZPowGate, -0.25): ("tdg", ()),
    (cirq.HPowGate, 1): ("h", ()),
    (cirq.CXPowGate, 1): ("cx", ()),
    (cirq.CZPowGate, 1): ("cz", ()),
    (cirq.SwapPowGate, 1): ("swap", ()),
    (cirq.CCXPowGate, 1): ("ccx", ()),
    (cirq.CCZPowGate, 1): ("z", (Ctrl(2),)),
}


class _FromCirq:
    def __init__(self, qubits: Sequence[cirq.Qid]) -> None:
        self.index = {q: i for i, q in enumerate(qubits)}
        self.qregs = _quantum_registers(qubits)
        self.taken = {name for name, _ in self.qregs}
        self.key_register: dict[str, tuple[str, int | None]] = {}  # key -> (register, bit or whole)
        self.sizes: dict[str, int] = {}  # register -> size, in first-seen order
        self.bit_owner: dict[str, str] = {}  # name of keys name[i] -> their register
        self.items: list[_Item | None] = []  # None: a barrier

    # -- classical registers

    def _register_name(self, wanted: str) -> str:
        name = wanted if IDENTIFIER.fullmatch(wanted) else re.sub(r"\W", "_", wanted)
        if not IDENTIFIER.fullmatch(name):
            name = f"m_{name}"
        candidate, n = name[:60], 0
        while candidate in self.taken:
            n += 1
            candidate = f"{name[:56]}_{n}"
        self.taken.add(candidate)
        return candidate

    def _key_bits(self, key: str, size: int, op: object) -> list[tuple[str, int]]:
        """The bits a measurement of ``key`` writes, registering the key on first sight."""
        known = self.key_register.get(key)
        if known is None:
            bit_key = _BIT_KEY.fullmatch(key)
            if bit_key is not None and size == 1:
                if bit_key[1] not in self.bit_owner:
                    self.bit_owner[bit_key[1]] = self._register_name(bit_key[1])
                known = (self.bit_owner[bit_key[1]], int(bit_key[2]))
            else:
                known = (self._register_name(key), None)
            self.key_register[key] = known
        register, bit = known
        if bit is not None:
            self.sizes[register] = max(self.sizes.get(register, 0), bit + 1)
            return [(register, bit)]
        if self.sizes.setdefault(register, size) != size:
            raise _refuse(op, f"key '{key}' was measured on {self.sizes[register]} qubits before, now on {size}")
        return [(register, i) for i in range(size)]

    # -- operations

    def moment_barrier(self) -> None:
        self.items.append(None)

    def add(self, op: cirq.Operation) -> None:
        self.items.extend(self._convert(op, 0))

    def _convert(self, op: cirq.Operation, depth: int) -> list[_Item]:
        op = op.untagged
        if isinstance(op, cirq.ClassicallyControlledOperation):
            return self._conditioned(op)
        if isinstance(op, cirq.ControlledOperation):
            return self._controlled(op, op.controls, op.control_values, op.sub_operation, depth)
        gate = op.gate
        if isinstance(gate, cirq.ControlledGate):
            n = gate.num_controls()
            return self._controlled(op, op.qubits[:n], gate.control_values, gate.sub_gate.on(*op.qubits[n:]), depth)
        if any(q.dimension != 2 for q in op.qubits):
            raise _refuse(op, "qcirc qubits have two levels")
        qubits = tuple(self.index[q] for q in op.qubits)
        if isinstance(gate, cirq.MeasurementGate):
            return self._measure(op, gate, qubits)
        if isinstance(gate, cirq.ResetChannel):
            return [_Item(_Reset(q)) for q in qubits]
        if gate is not None:
            direct = _gate_from_cirq(gate, qubits, op)
            if direct is not None:
                return [_Item(g) for g in direct]
        return self._decomposed(op, gate, qubits, depth)

    def _decomposed(self, op: cirq.Operation, gate: cirq.Gate | None, qubits: tuple[int, ...], depth: int) -> list[_Item]:
        parts = None if isinstance(gate, cirq.MatrixGate) else cirq.decompose_once(op, default=None)
        if parts is None and gate is not None and cirq.has_unitary(gate) and not cirq.is_parameterized(gate):
            # Known only by its matrix: decomposed as a MatrixGate is, and checked.
            gate = cirq.MatrixGate(cirq.unitary(gate))
            if len(qubits) == 1:
                return [_Item(g) for g in _one_qubit_unitary(cirq.unitary(gate), qubits[0], op)]
            parts = cirq.decompose_once(gate.on(*op.qubits), default=None)
        if parts is None or depth >= _DECOMPOSE_DEPTH:
            raise _refuse(op, "it has no qcirc counterpart and no decomposition")
        items = [item for part in parts for item in self._convert(part, depth + 1)]
        if isinstance(gate, cirq.MatrixGate):
            gates = [item.op for item in items if isinstance(item.op, _Gate)]
            back = to_cirq(_gates_circuit(len(self.index), gates), qubits=list(self.index))
            matrix = back.unitary(qubit_order=list(op.qubits))
            if not np.allclose(matrix, cirq.unitary(gate), rtol=0, atol=MATRIX_TOLERANCE):
                raise _refuse(op, f"its decomposition is not exact to {MATRIX_TOLERANCE:g}")
        return items

    def _measure(self, op: cirq.Operation, gate: cirq.MeasurementGate, qubits: tuple[int, ...]) -> list[_Item]:
        if gate.confusion_map:
            raise _refuse(op, "a measurement with a confusion map has no qcirc counterpart")
        bits = self._key_bits(str(gate.mkey), len(qubits), op)
        inverted = gate.full_invert_mask()
        flips = [_Item(_Gate("x", (q,))) for q, flip in zip(qubits, inverted) if flip]
        # x; measure; x reads the inverted bit and leaves the qubit as a plain measurement would.
        return [*flips, *(_Item(_Measure(q, bit)) for q, bit in zip(qubits, bits)), *flips]

    def _controlled(
        self,
        op: cirq.Operation,
        controls: Sequence[cirq.Qid],
        values: object,
        sub: cirq.Operation,
        depth: int,
    ) -> list[_Item]:
        if not isinstance(values, cirq.ProductOfSums) or any(q.dimension != 2 for q in controls):
            return self._decomposed(op, op.gate, tuple(self.index[q] for q in op.qubits), depth)
        wanted = [(self.index[q], v) for q, v in zip(controls, values) if set(v) != {0, 1}]
        mods: list[Modifier] = []
        for _, (v,) in wanted:
            kind = Ctrl if v == 1 else NegCtrl
            if mods and type(mods[-1]) is kind:
                mods[-1] = kind(mods[-1].count + 1)
            else:
                mods.append(kind(1))
        out: list[_Item] = []
        for item in self._convert(sub, depth + 1):
            if not isinstance(item.op, _Gate):
                raise _refuse(op, "a controlled measurement or reset has no qcirc counterpart")
            gate = replace(item.op, qubits=(*(q for q, _ in wanted), *item.op.qubits), modifiers=(*mods, *item.op.modifiers))
            out.append(replace(item, op=gate))
        return out

    def _conditioned(self, op: cirq.ClassicallyControlledOperation) -> list[_Item]:
        conditions = op.classical_controls
        keys: list[str] = []
        for each in conditions:
            if getattr(each, "index", -1) != -1:
                raise _refuse(op, "a condition on an earlier measurement of a key (index != -1)")
            keys.extend(str(k) for k in each.keys if str(k) not in keys)
        bits: list[tuple[str, int]] = []
        for key in keys:
            if key not in self.key_register:
                raise _refuse(op, f"its condition reads key '{key}' before any measurement of it")
            register, bit = self.key_register[key]
            bits.extend([(register, bit)] if bit is not None else [(register, i) for i in range(self.sizes[register])])
        if len(bits) > MAX_CONDITION_BITS:
            raise _refuse(op, f"its condition reads {len(bits)} bits; at most {MAX_CONDITION_BITS} are evaluated")
        satisfying = [a for a in range(1 << len(bits)) if _holds(conditions, keys, self.key_register, self.sizes, bits, a)]
        inner = self._convert(op.without_classical_controls(), 0)
        if any(item.condition for item in inner):
            raise _refuse(op, "nested conditions")
        out: list[_Item] = []
        for cube in _cubes(satisfying, len(bits)):
            condition = tuple((bits[j], v) for j, v in cube)
            out.extend(replace(item, condition=condition) for item in inner)
        return out

    # -- the circuit

    def build(self) -> Circuit:
        circuit = Circuit(qregs=self.qregs, cregs=list(self.sizes.items()))
        starts = {r.name: r.start for r in circuit.cregs}
        for item in self.items:
            if item is None:
                circuit.barrier()
                continue
            condition = (
                Condition(tuple(starts[r] + i for (r, i), _ in item.condition), sum(v << j for j, (_, v) in enumerate(item.condition)))
                if item.condition
                else None
            )
            op = item.op
            if isinstance(op, _Gate):
                circuit.gate(op.name, op.qubits, op.params, op.modifiers, condition=condition)
            elif isinstance(op, _Reset) and condition is not None:  # Cirq conditions no measurement
                with circuit.if_bits(condition.clbits, condition.value):
                    circuit.reset(op.qubit)
            elif isinstance(op, _Measure):
                circuit.measure(op.qubit, starts[op.bit[0]] + op.bit[1])
            else:
                circuit.reset(op.qubit)
        return circuit


def _holds(
    conditions: Iterable[cirq.Condition],
    keys: Sequence[str],
    key_register: dict[str, tuple[str, int | None]],
    sizes: dict[str, int],
    bits: Sequence[tuple[str, int]],
    assignment: int,
) -> bool:
    value = {bit: (assignment >> j) & 1 for j, bit in enumerate(bits)}
    records: dict[cirq.MeasurementKey, list[tuple[int, ...]]] = {}
    measured: dict[cirq.MeasurementKey, list[tuple[cirq.Qid, ...]]] = {}
    for key in keys:
        register, bit = key_register[key]
        record = (value[(register, bit)],) if bit is not None else tuple(value[(register, i)] for i in range(sizes[register]))
        records[cirq.MeasurementKey.parse_serialized(key)] = [record]
        measured[cirq.MeasurementKey.parse_serialized(key)] = [tuple(cirq.LineQubit.range(len(record)))]
    store = cirq.ClassicalDataDictionaryStore(_records=records, _measured_qubits=measured)
    return all(c.resolve(store) for c in conditions)


def _cubes(satisfying: Sequence[int], n: int) -> list[list[tuple[int, int]]]:
    """The satisfying values as conditions: one on the bits they all share when they are every
    value of the others, else one per value."""
    if not satisfying:
        return []
    fixed = [j for j in range(n) if len({(a >> j) & 1 for a in satisfying}) == 1]
    if len(satisfying) == 1 << (n - len(fixed)):
        return [[(j, (satisfying[0] >> j) & 1) for j in fixed]]
    return [[(j, (a >> j) & 1) for j in range(n)] for a in satisfying]


def _gate_from_cirq(gate: cirq.Gate, q: tuple[int, ...], op: object) -> list[_Gate] | None:
    """The qcirc gates equal to ``gate`` (global phase included), or None to decompose it."""
    if isinstance(gate, cirq.GlobalPhaseGate):
        c = gate.coefficient
        if isinstance(c, sympy.Basic) and c.free_symbols:
            if c.func is sympy.exp:
                return [_Gate("gphase", (), (_param_from_cirq(sympy.expand(c.args[0] / sympy.I), op),))]
            return None
        return [_Gate("gphase", (), (cmath.phase(complex(c)),))]
    if isinstance(gate, cirq.IdentityGate):
        return [_Gate("id", (i,)) for i in q]
    if isinstance(gate, cirq.CSwapGate):
        return [_Gate("cswap", q)]
    if not isinstance(gate, cirq.EigenGate):
        return None
    t, shift = gate.exponent, gate.global_shift
    kind = next((k for k, _ in _NAMED if isinstance(gate, k)), None)
    if kind is not None and shift == 0 and not cirq.is_parameterized(gate) and (kind, t) in _NAMED:
        name, mods = _NAMED[(kind, t)]
        return [_Gate(name, q, (), mods)]
    phase = _phase(t, shift, op)
    if isinstance(gate, (cirq.XPowGate, cirq.YPowGate)):
        # X^t = e^{iπt/2} rx(πt), and Y^t likewise.
        name = "rx" if isinstance(gate, cirq.XPowGate) else "ry"
        return [*_phase(t, shift + 0.5, op), _Gate(name, q, (_times_pi(t, 1, op),))]
    if isinstance(gate, cirq.ZPowGate):
        return [*phase, _Gate("p", q, (_times_pi(t, 1, op),))]
    if isinstance(gate, cirq.CZPowGate):
        return [*phase, _Gate("cp", q, (_times_pi(t, 1, op),))]
    if isinstance(gate, cirq.CCZPowGate):
        return [*phase, _Gate("p", q, (_times_pi(t, 1, op),), (Ctrl(2),))]
    if isinstance(gate, (cirq.CXPowGate, cirq.CCXPowGate)):
        n = 1 if isinstance(gate, cirq.CXPowGate) else 2
        return [
            *phase,
            _Gate("gphase", q[:n], (_times_pi(t, 0.5, op),), (Ctrl(n),)),
            _Gate("rx", q, (_times_pi(t, 1, op),), (Ctrl(n),)),
        ]
    if isinstance(gate, cirq.HPowGate):
        # H's eigenphases are 0 and π, so pow(t) @ h (principal branch) is Cirq's H^t.
        return [*phase, _Gate("h", q, (), (Pow(_param_from_cirq(t, op)),))]
    return None


def _phase(t: Any, factor: float, op: object) -> list[_Gate]:
    """gphase(π · t · factor), or nothing when the factor is 0 (Cirq's Rx, Ry, Rz shift -½)."""
    return [] if factor == 0 else [_Gate("gphase", (), (_times_pi(t, factor, op),))]


def _one_qubit_unitary(m: Any, q: int, op: object) -> list[_Gate]:
    """``m`` as gphase(α) U(θ, φ, λ), checked against ``m``."""
    a00, a01, a10, a11 = complex(m[0][0]), complex(m[0][1]), complex(m[1][0]), complex(m[1][1])
    theta = 2 * math.atan2(abs(a10), abs(a00))
    if abs(a10) < 1e-14:  # diagonal: U(0, 0, λ)
        alpha, phi, lam = cmath.phase(a00), 0.0, cmath.phase(a11) - cmath.phase(a00)
    elif abs(a00) < 1e-14:  # anti-diagonal: λ = 0
        alpha = cmath.phase(-a01)
        phi, lam = cmath.phase(a10) - alpha, 0.0
    else:
        alpha = cmath.phase(a00)
        phi, lam = cmath.phase(a10) - alpha, cmath.phase(-a01) - alpha
    c, s = math.cos(theta / 2), math.sin(theta / 2)
    rebuilt = cmath.exp(1j * alpha) * np.array(
        [[c, -cmath.exp(1j * lam) * s], [cmath.exp(1j * phi) * s, cmath.exp(1j * (phi + lam)) * c]]
    )
    if not np.allclose(rebuilt, m, rtol=0, atol=MATRIX_TOLERANCE):
        raise _refuse(op, "its matrix is not unitary")
    return [_Gate("gphase", (), (alpha,)), _Gate("U", (q,), (theta, phi, lam))]


def _gates_circuit(num_qubits: int, gates: Iterable[_Gate]) -> Circuit:
    circuit = Circuit(num_qubits)
    for g in gates:
        circuit.gate(g.name, g.qubits, g.params, g.modifiers)
    return circuit


def _quantum_registers(qubits: Sequence[cirq.Qid]) -> list[tuple[str, int]]:
    if list(qubits) == cirq.LineQubit.range(len(qubits)):
        return [("q", len(qubits))] if qubits else []
    runs: list[tuple[str, int]] = []
    previous: cirq.Qid | None = None
    for q in qubits:
        if isinstance(q, cirq.LineQubit):
            follows = isinstance(previous, cirq.LineQubit) and q.x == previous.x + 1 and runs[-1][0].startswith("line_")
            name = f"line_{_signed(q.x)}"
        elif isinstance(q, cirq.GridQubit):
            follows = (
                isinstance(previous, cirq.GridQubit)
                and (q.row, q.col) == (previous.row, previous.col + 1)
                and runs[-1][0].startswith("grid_")
            )
            name = f"grid_{_signed(q.row)}_{_signed(q.col)}"
        elif isinstance(q, cirq.NamedQubit):
            follows, name = False, q.name
            if not IDENTIFIER.fullmatch(name) or len(name) > 64 or name == "q" or _LINE.fullmatch(name) or _GRID.fullmatch(name):
                raise _cannot_convert(
                    f"cirq qubit {q!r}",
                    "a NamedQubit's name must be an identifier other than q, line_<n> and grid_<r>_<c> (it names its register)",
                    "qcirc",
                )
        else:
            raise _cannot_convert(f"cirq qubit {q!r}", "qcirc maps LineQubit, GridQubit and NamedQubit", "qcirc")
        if follows:
            runs[-1] = (runs[-1][0], runs[-1][1] + 1)
        else:
            runs.append((name, 1))
        previous = q
    return runs


def _signed(n: int) -> str:
    return f"m{-n}" if n < 0 else str(n)


def _unsigned(sign: str, digits: str) -> int:
    return -int(digits) if sign else int(digits)


def from_cirq(circuit: cirq.AbstractCircuit, qubit_order: cirq.QubitOrderOrList | None = None) -> Circuit:
    """The qcirc circuit equal to ``circuit``: qubits numbered in ``qubit_order`` (default
    sorted), one barrier between moments, measurement keys as classical registers."""
    order = cirq.QubitOrder.as_qubit_order(cirq.QubitOrder.DEFAULT if qubit_order is None else qubit_order)
    converter = _FromCirq(order.order_for(circuit.all_qubits()))
    for i, moment in enumerate(circuit.moments):
        if i > 0:
            converter.moment_barrier()
        for op in moment.operations:
            converter.add(op)
    return converter.build()


# ---------------------------------------------------------------- to_cirq


def _qubits_of(circuit: Circuit) -> list[cirq.Qid]:
    """The Cirq qubits the registers' names stand for (see the module's docstring)."""
    if [r.name for r in circuit.qregs] == ["q"]:
        return list(cirq.LineQubit.range(circuit.num_qubits))
    out: list[cirq.Qid] = []
    for r in circuit.qregs:
        line, grid = _LINE.fullmatch(r.name), _GRID.fullmatch(r.name)
        if line:
            out.extend(cirq.LineQubit(_unsigned(line[1], line[2]) + i) for i in range(r.size))
        elif grid:
            row, col = _unsigned(grid[1], grid[2]), _unsigned(grid[3], grid[4])
            out.extend(cirq.GridQubit(row, col + i) for i in range(r.size))
        elif r.size == 1:
            out.append(cirq.NamedQubit(r.name))
        else:
            out.extend(cirq.NamedQubit(f"{r.name}_{i}") for i in range(r.size))
    return out


#: qcirc gates whose pow(k) is a Cirq EigenGate's exponent k·e (their eigenphases lie in
#: (-π, π] so the principal branch is Cirq's): name -> (gate type, e).
_POWERS: dict[str, tuple[type, float]] = {
    "x": (cirq.XPowGate, 1),
    "y": (cirq.YPowGate, 1),
    "z": (cirq.ZPowGate, 1),
    "h": (cirq.HPowGate, 1),
    "s": (cirq.ZPowGate, 0.5),
    "sdg": (cirq.ZPowGate, -0.5),
    "t": (cirq.ZPowGate, 0.25),
    "tdg": (cirq.ZPowGate, -0.25),
    "sx": (cirq.XPowGate, 0.5),
    "cx": (cirq.CXPowGate, 1),
    "CX": (cirq.CXPowGate, 1),
    "cz": (cirq.CZPowGate, 1),
    "swap": (cirq.SwapPowGate, 1),
    "ccx": (cirq.CCXPowGate, 1),
}

_FIXED: dict[str, cirq.Gate] = {
    "x": cirq.X,
    "y": cirq.Y,
    "z": cirq.Z,
    "h": cirq.H,
    "s": cirq.S,
    "sdg": cirq.S**-1,
    "t": cirq.T,
    "tdg": cirq.T**-1,
    "sx": cirq.X**0.5,
    "id": cirq.I,
    "cx": cirq.CNOT,
    "CX": cirq.CNOT,
    "cy": cirq.ControlledGate(cirq.Y),
    "cz": cirq.CZ,
    "ch": cirq.ControlledGate(cirq.H),
    "swap": cirq.SWAP,
    "ccx": cirq.CCX,
    "cswap": cirq.CSWAP,
}


def _standard(name: str, a: list[Angle], q: Sequence[cirq.Qid]) -> list[cirq.Operation]:
    """A standard qcirc gate as Cirq operations with the same matrix, global phase included."""
    if name in _FIXED:
        return [_FIXED[name].on(*q)]
    if name == "gphase":
        coefficient = sympy.exp(sympy.I * a[0]) if isinstance(a[0], sympy.Basic) else cmath.exp(1j * a[0])
        return [cirq.GlobalPhaseGate(coefficient).on()]
    if name in ("p", "phase", "u1"):
        return [cirq.ZPowGate(exponent=_over_pi(a[0])).on(*q)]
    if name in ("cp", "cphase"):
        return [cirq.CZPowGate(exponent=_over_pi(a[0])).on(*q)]
    rotations = {"rx": cirq.rx, "ry": cirq.ry, "rz": cirq.rz}
    if name in rotations:
        return [rotations[name](a[0]).on(*q)]
    if name in ("crx", "cry", "crz"):
        return [rotations[name[1:]](a[0]).controlled(1).on(*q)]
    if name == "U":  # U(θ, φ, λ) = p(φ) ry(θ) p(λ), exactly: ry is real
        return [cirq.ZPowGate(exponent=_over_pi(a[2])).on(*q), cirq.ry(a[0]).on(*q), cirq.ZPowGate(exponent=_over_pi(a[1])).on(*q)]
    if name in ("u2", "u3"):  # e^{-i(φ+λ)/2} U(θ, φ, λ) = rz(φ) ry(θ) rz(λ)
        theta, phi, lam = (math.pi / 2, *a) if name == "u2" else a
        return [cirq.rz(lam).on(*q), cirq.ry(theta).on(*q), cirq.rz(phi).on(*q)]
    if name == "cu":  # ctrl @ (gphase(γ) U(θ, φ, λ))
        theta, phi, lam, gamma = a
        return [
            cirq.CZPowGate(exponent=_over_pi(lam)).on(*q),
            cirq.ry(theta).controlled(1).on(*q),
            cirq.CZPowGate(exponent=_over_pi(phi)).on(*q),
            cirq.ZPowGate(exponent=_over_pi(gamma)).on(q[0]),
        ]
    raise AssertionError(f"standard gate {name} has no Cirq form")  # the model knows no other


def _principal_power(matrix: Any, k: float) -> Any:
    """``matrix ** k`` on the principal branch of its eigenphases, (-π, π] as the engine takes it."""
    values, vectors = np.linalg.eig(matrix)
    phases = np.angle(values)
    phases = np.where(phases <= -math.pi + 1e-13, phases + 2 * math.pi, phases)
    return vectors @ np.diag(np.abs(values) ** k * np.exp(1j * k * phases)) @ np.linalg.inv(vectors)


class _ToCirq:
    def __init__(self, circuit: Circuit, qubits: Sequence[cirq.Qid]) -> None:
        self.circuit = circuit
        self.qubits = list(qubits)
        self.bit_key: dict[int, tuple[str, int, int]] = {}  # clbit -> (key, position in key, key size)
        whole = self._whole_registers()
        for r in circuit.cregs:
            for i, bit in enumerate(r):
                self.bit_key[bit] = (r.name, i, r.size) if r.name in whole else (f"{r.name}[{i}]", 0, 1)
        self.measured: set[str] = set()

    def _whole_registers(self) -> set[str]:
        """Registers every measurement writes whole, one bit per qubit, unconditioned."""
        owner = {bit: r for r in self.circuit.cregs for bit in r}
        whole = {r.name for r in self.circuit.cregs}
        ops = self.circuit.operations
        i = 0
        while i < len(ops):
            op = ops[i]
            if isinstance(op, Measure):
                register = owner[op.clbit]
                run = []
                while i < len(ops) and isinstance(ops[i], Measure) and owner[ops[i].clbit] == register:  # type: ignore[union-attr]
                    run.append(ops[i])
                    i += 1
                if sorted(m.clbit for m in run) != list(register) or any(m.condition for m in run):  # type: ignore[union-attr]
                    whole.discard(register.name)
                continue
            i += 1
        return whole

    def convert(self) -> cirq.Circuit:
        moments: list[cirq.Moment] = []
        segment: list[cirq.Operation] = []
        ops = self.circuit.operations
        i = 0
        while i < len(ops):
            op = ops[i]
            if isinstance(op, Barrier):
                moments.extend(cirq.Circuit(segment).moments or [cirq.Moment()])
                segment = []
            elif isinstance(op, Measure):
                run = [op]
                while i + 1 < len(ops) and isinstance(ops[i + 1], Measure) and ops[i + 1].condition == op.condition:  # type: ignore[union-attr]
                    i += 1
                    run.append(ops[i])  # type: ignore[arg-type]
                segment.extend(self._measure(run))
            else:
                segment.extend(self._with_condition(self._operation(op), op.condition, op))
            i += 1
        if ops:
            moments.extend(cirq.Circuit(segment).moments or [cirq.Moment()])
        return cirq.Circuit(moments)

    def _measure(self, run: list[Measure]) -> list[cirq.Operation]:
        if run[0].condition is not None:
            raise _cannot_export("a conditioned measurement", "Cirq cannot condition a measurement")
        by_key: dict[str, list[tuple[int, int]]] = {}
        for m in run:
            key, position, _ = self.bit_key[m.clbit]
            by_key.setdefault(key, []).append((position, m.qubit))
        out: list[cirq.Operation] = []
        for key, pairs in by_key.items():
            self.measured.add(key)
            out.append(cirq.measure(*(self.qubits[q] for _, q in sorted(pairs)), key=key))
        return out

    def _operation(self, op: GateOperation | Reset) -> list[cirq.Operation]:
        if isinstance(op, Reset):
            return [cirq.reset(self.qubits[op.qubit])]
        return self._gate(op.name, op.params, [self.qubits[i] for i in op.qubits], op.modifiers, op)

    def _gate(
        self, name: str, params: Sequence[ParamValue], qubits: list[cirq.Qid], modifiers: Sequence[Modifier], where: object
    ) -> list[cirq.Operation]:
        pos = sum(m.count for m in modifiers if isinstance(m, (Ctrl, NegCtrl)))
        definition = self.circuit.gate_definitions.get(name)
        if definition is not None:
            args = dict(zip(definition.params, params))
            ops = [
                o
                for body in definition.body
                for o in self._gate(
                    body.name,
                    [substitute(p, args) for p in body.params],
                    [qubits[pos + i] for i in body.qubits],
                    [Pow(substitute(m.exponent, args)) if isinstance(m, Pow) else m for m in body.modifiers],
                    where,
                )
            ]
        elif modifiers and isinstance(modifiers[-1], Pow) and name in _POWERS:
            kind, e = _POWERS[name]
            ops = [kind(exponent=_angle_to_cirq(modifiers[-1].exponent) * e).on(*qubits[pos:])]
            modifiers = modifiers[:-1]
        else:
            ops = _standard(name, [_angle_to_cirq(p) for p in params], qubits[pos:])
        for m in reversed(modifiers):
            if isinstance(m, Inv):
                ops = [cirq.inverse(o) for o in reversed(ops)]
            elif isinstance(m, Pow):
                ops = self._power(ops, m.exponent, qubits[pos:], where)
            else:
                controls = qubits[pos - m.count : pos]
                pos -= m.count
                value = 1 if isinstance(m, Ctrl) else 0
                ops = [o.controlled_by(*controls, control_values=[value] * m.count) for o in ops]
        return ops

    def _power(self, ops: list[cirq.Operation], exponent: ParamValue, qubits: list[cirq.Qid], where: object) -> list[cirq.Operation]:
        k = _angle_to_cirq(exponent)
        if not isinstance(k, sympy.Basic) and float(k).is_integer():
            base = ops if k >= 0 else [cirq.inverse(o) for o in reversed(ops)]
            return base * int(abs(k))
        if isinstance(k, sympy.Basic) or cirq.is_parameterized(cirq.Circuit(ops)):
            raise _cannot_export(f"{where}", "a non-integer pow of a parameterised gate has no exact Cirq form")
        matrix = cirq.Circuit(ops).unitary(qubit_order=qubits)
        return [cirq.MatrixGate(_principal_power(matrix, float(k))).on(*qubits)]

    def _with_condition(self, ops: list[cirq.Operation], condition: Condition | None, where: object) -> list[cirq.Operation]:
        if condition is None:
            return ops
        masks: dict[str, list[int]] = {}  # key -> [bitmask, target, size]
        for j, bit in enumerate(condition.clbits):
            key, position, size = self.bit_key[bit]
            if key not in self.measured:
                raise _cannot_export(f"{where}", f"its condition reads bit {bit}, which no earlier measurement wrote")
            mask = masks.setdefault(key, [0, 0, size])
            weight = 1 << (size - 1 - position)  # Cirq reads a key big-endian: its first qubit is the top bit
            mask[0] |= weight
            mask[1] |= weight if (condition.value >> j) & 1 else 0
        conditions: list[cirq.Condition] = [
            cirq.KeyCondition(cirq.MeasurementKey(key))
            if size == 1 and target == 1
            else cirq.BitMaskKeyCondition(key, bitmask=mask, target_value=target, equal_target=True)
            for key, (mask, target, size) in masks.items()
        ]
        return [o.with_classical_controls(*conditions) for o in ops]


def to_cirq(circuit: Circuit, qubits: Sequence[cirq.Qid] | None = None) -> cirq.Circuit:
    """The Cirq circuit equal to ``circuit``, on ``qubits`` (default: the qubits its register
    names stand for; ``LineQubit``s for a plain qcirc circuit). Barriers start a new moment."""
    chosen = _qubits_of(circuit) if qubits is None else list(qubits)
    if len(set(chosen)) != circuit.num_qubits or len(chosen) != circuit.num_qubits:
        raise QcircError(
            "INVALID_CIRCUIT",
            f"to_cirq needs {circuit.num_qubits} distinct qubits, got {len(chosen)} ({len(set(chosen))} distinct)",
            {"field": "qubits"},
        )
    return _ToCirq(circuit, chosen).convert()
