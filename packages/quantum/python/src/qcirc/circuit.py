"""The circuit model: qubits and classical bits in named registers, and an ordered list of
operations (gates with modifiers, measure, reset, barrier), each optionally conditioned on
classical bits. The Python mirror of ``src/circuit/circuit.ts``, in snake_case: every append is
checked at once with the TypeScript library's rules and messages, so a wrong circuit fails
where it is built, with the service's error code::

    bell = Circuit(2).h(0).cx(0, 1).measure_all()
    bell.to_json()  # the JSON circuit form the engine and the REST API read

``to_json`` writes the compact form ``circuitToJson`` writes, and ``Circuit.from_json`` reads
any valid document through the same checks, naming the offending field as a JSON pointer.
"""

from __future__ import annotations

import math
import operator
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Self, Union, overload

from .errors import InvalidCircuit, QcircError
from .expr import (
    MAX_JSON_DEPTH,
    Constant,
    Expr,
    ParamValue,
    Parameter,
    format_expr,
    format_number,
    free_parameters,
    is_number,
    json_depth,
    param_to_json,
    walk,
)
from .gates import STANDARD_GATES

__all__ = [
    "Circuit",
    "GateBody",
    "GateBuilder",
    "GateDefinition",
    "GateOperation",
    "Measure",
    "Reset",
    "Barrier",
    "Operation",
    "Condition",
    "Register",
    "Ctrl",
    "NegCtrl",
    "Inv",
    "Pow",
    "Modifier",
    "ctrl",
    "negctrl",
    "inv",
    "pow",
]

IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

#: A circuit's name, as the JSON form bounds it.
MAX_NAME_LENGTH = 128


# ---------------------------------------------------------------- modifiers, conditions, operations


@dataclass(frozen=True, slots=True)
class Ctrl:
    """``ctrl(count) @``: controlled on |1>, one control qubit per count, first in the qubits."""

    count: int = 1


@dataclass(frozen=True, slots=True)
class NegCtrl:
    """``negctrl(count) @``: controlled on |0>."""

    count: int = 1


@dataclass(frozen=True, slots=True)
class Inv:
    """``inv @``: the inverse."""


@dataclass(frozen=True, slots=True)
class Pow:
    """``pow(exponent) @``; a non-integer exponent takes the principal branch of the eigenphases."""

    exponent: ParamValue


Modifier = Union[Ctrl, NegCtrl, Inv, Pow]


def ctrl(count: int = 1) -> Ctrl:
    return Ctrl(count)


def negctrl(count: int = 1) -> NegCtrl:
    return NegCtrl(count)


def inv() -> Inv:
    return Inv()


def pow(exponent: ParamValue) -> Pow:  # noqa: A001 - OpenQASM's and the TypeScript library's name
    return Pow(exponent)


@dataclass(frozen=True, slots=True)
class Condition:
    """True when the integer read from ``clbits`` (``clbits[0]`` least significant) equals ``value``."""

    clbits: tuple[int, ...]
    value: int


@dataclass(frozen=True, slots=True)
class GateOperation:
    name: str
    #: Control qubits (one per ctrl/negctrl, outermost first), then the gate's own qubits.
    qubits: tuple[int, ...]
    params: tuple[ParamValue, ...] = ()
    #: Outermost first, as written in OpenQASM.
    modifiers: tuple[Modifier, ...] = ()
    condition: Condition | None = None


@dataclass(frozen=True, slots=True)
class Measure:
    qubit: int
    clbit: int
    condition: Condition | None = None


@dataclass(frozen=True, slots=True)
class Reset:
    qubit: int
    condition: Condition | None = None


@dataclass(frozen=True, slots=True)
class Barrier:
    qubits: tuple[int, ...]


Operation = Union[GateOperation, Measure, Reset, Barrier]


@dataclass(frozen=True, slots=True)
class GateDefinition:
    """A custom gate: ``gate name(params) q0, q1 { body }``; body qubits are 0..num_qubits-1."""

    name: str
    params: tuple[str, ...]
    num_qubits: int
    body: tuple[GateOperation, ...]


@dataclass(frozen=True, slots=True)
class Register:
    """A named run of bits, numbered from ``start`` across the registers of its kind.
    ``register[i]`` is the index of its i-th bit in the circuit."""

    name: str
    start: int
    size: int

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, i: int) -> int:
        if not -self.size <= i < self.size:
            raise IndexError(f"register '{self.name}' has {self.size} bits; index {i} is out of range")
        return self.start + (i % self.size)

    def __iter__(self) -> Iterator[int]:
        return iter(range(self.start, self.start + self.size))


#: Where a qubit or bit argument may name several: one index, an iterable of them or a register.
Bits = Union[int, Iterable[int], Register]


def _fail_at(describe: Callable[[], str]) -> Callable[[str], InvalidCircuit]:
    """A ``fail(reason)`` giving INVALID_OPERATION for the operation ``describe()`` names: how
    append checks report. The description is made only on failure; appending stays cheap."""

    def fail(reason: str) -> InvalidCircuit:
        operation = describe()
        return InvalidCircuit(
            "INVALID_OPERATION", f"{operation}: {reason}", {"operation": operation, "reason": reason}
        )

    return fail


def _show(value: object) -> str:
    """A value as the TypeScript messages print it."""
    if isinstance(value, Expr) and json_depth(value) > MAX_JSON_DEPTH:
        return "<expression>"  # refused for its depth; printing it whole would exhaust the stack
    if isinstance(value, Expr) or is_number(value):
        return format_expr(value)  # type: ignore[arg-type]
    return repr(value)


def _describe_modifier(m: object) -> str:
    if isinstance(m, Pow):
        return f"pow({_show(m.exponent)}) @ "
    if isinstance(m, Inv):
        return "inv @ "
    if isinstance(m, (Ctrl, NegCtrl)):
        kind = "ctrl" if isinstance(m, Ctrl) else "negctrl"
        return f"{kind} @ " if m.count == 1 else f"{kind}({_show(m.count)}) @ "
    return f"{m!r} @ "


def describe_gate(name: str, qubits: Sequence[object], params: Sequence[object], modifiers: Sequence[object]) -> str:
    """A gate use as an error message shows it: ``ctrl @ rx(0.5) [0, 1]``."""
    mods = "".join(_describe_modifier(m) for m in modifiers)
    args = f"({', '.join(_show(p) for p in params)})" if params else ""
    return f"{mods}{name}{args} [{', '.join(_show(q) for q in qubits)}]"


def _index(value: object) -> int | None:
    """An integer index (numpy's and a whole float's included, as JavaScript's Number.isInteger
    takes 1.0), or None for anything else (a bool is not an index)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, float):
        return int(value) if value.is_integer() else None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def _indices(bits: Bits) -> list[object]:
    """The indices a bits argument names; any iterable (a range, a numpy array) gives its items."""
    if isinstance(bits, (str, bytes)) or not isinstance(bits, Iterable):
        return [bits]
    return list(bits)


def _finite_constants(value: Expr) -> bool:
    return all(math.isfinite(node.value) for node, _ in walk(value) if isinstance(node, Constant))


def _check_param(value: object, what: str, fail: Callable[[str], InvalidCircuit], depth: int) -> ParamValue:
    """A gate parameter or exponent checked; ``depth`` is where its JSON form starts in the document."""
    if isinstance(value, Expr):
        levels = json_depth(value)
        if depth + levels > MAX_JSON_DEPTH:
            raise fail(
                f"{what} nests {levels} levels deep, more than the JSON form's {MAX_JSON_DEPTH} levels leave it"
                f" ({MAX_JSON_DEPTH - depth})"
            )
        if not _finite_constants(value):
            raise fail(f"{what} must be a finite number, got {format_expr(value)}")
        return value
    if not is_number(value):
        raise fail(f"{what} must be a number or an expression, got {value!r}")
    number = value if isinstance(value, (int, float)) else float(value)  # type: ignore[arg-type]
    if not math.isfinite(number):
        raise fail(f"{what} must be a finite number, got {format_number(number)}")
    return number


# ---------------------------------------------------------------- the gate methods


class GateBuilder:
    """The gate methods shared by circuits and custom gate bodies. Parameters come first and
    qubits last, as in OpenQASM (``rx(θ) q``) and Qiskit (``rx(theta, qubit)``)."""

    #: Where a gate's parameters sit in the JSON document: /operations/i/params/j is 4 levels deep.
    _json_depth = 4

    def _num_qubits(self) -> int:
        raise NotImplementedError

    def _lookup_gate(self, name: str) -> tuple[int, tuple[str, ...]] | None:
        raise NotImplementedError

    def _push(self, op: GateOperation) -> None:
        raise NotImplementedError

    def _describe_next(self) -> str:
        """``operation #n`` for circuits, ``gate name, operation #n`` for bodies."""
        raise NotImplementedError

    def _condition_part(self, condition: Condition | None, fail: Callable[[str], InvalidCircuit]) -> Condition | None:
        if condition is not None:
            raise fail("a condition is not allowed here")
        return None

    def gate(
        self,
        name: str,
        qubits: Bits,
        params: Sequence[ParamValue] = (),
        modifiers: Sequence[Modifier] = (),
        *,
        condition: Condition | None = None,
    ) -> Self:
        """Appends a gate (standard or custom), checking it first:
        ``c.gate("x", [0, 1, 2], modifiers=[ctrl(2)])``."""
        qubit_list = _indices(qubits)
        params = list(params)
        modifiers = list(modifiers)
        where = self._describe_next()
        fail = _fail_at(lambda: f"{where} {describe_gate(name, qubit_list, params, modifiers)}")
        signature = self._lookup_gate(name) if isinstance(name, str) else None
        if signature is None:
            raise fail(f"unknown gate '{name}'")
        own_qubits, param_names = signature
        if len(params) != len(param_names):
            raise fail(f"takes {len(param_names)} parameter{'' if len(param_names) == 1 else 's'}, got {len(params)}")
        controls = 0
        checked_modifiers: list[Modifier] = []
        for m in modifiers:
            if isinstance(m, (Ctrl, NegCtrl)):
                kind = "ctrl" if isinstance(m, Ctrl) else "negctrl"
                count = _index(m.count)
                if count is None or count < 1:
                    raise fail(f"{kind} count must be a positive integer, got {_show(m.count)}")
                controls += count
                checked_modifiers.append(type(m)(count))
            elif isinstance(m, Pow):
                checked_modifiers.append(Pow(_check_param(m.exponent, "pow exponent", fail, self._json_depth + 1)))
            elif isinstance(m, Inv):
                checked_modifiers.append(m)
            else:
                raise fail(f"{m!r} is not a modifier (ctrl, negctrl, inv or pow)")
        total = own_qubits + controls
        if len(qubit_list) != total:
            raise fail(f"acts on {total} qubit{'' if total == 1 else 's'}, got {len(qubit_list)}")
        checked_qubits = self._check_qubits(qubit_list, fail)
        checked_params = tuple(
            _check_param(p, f"parameter {param_names[i]}", fail, self._json_depth) for i, p in enumerate(params)
        )
        self._push(
            GateOperation(
                name,
                checked_qubits,
                checked_params,
                tuple(checked_modifiers),
                self._condition_part(condition, fail),
            )
        )
        return self

    def _check_qubits(self, qubits: Sequence[object], fail: Callable[[str], InvalidCircuit]) -> tuple[int, ...]:
        count = self._num_qubits()
        checked: dict[int, None] = {}
        for q in qubits:
            index = _index(q)
            if index is None or index < 0 or index >= count:
                span = "only qubit is 0" if count == 1 else f"qubits are 0..{count - 1}"
                raise fail(f"qubit {_show(q)} is out of range (the {span})")
            if index in checked:
                raise fail(f"qubit {index} is used twice")
            checked[index] = None
        return tuple(checked)

    def u(self, theta: ParamValue, phi: ParamValue, lam: ParamValue, q: int) -> Self:
        """OpenQASM 3's built-in ``U(θ, φ, λ)``, without global phase (Qiskit's ``u``)."""
        return self.gate("U", [q], [theta, phi, lam])

    def gphase(self, gamma: ParamValue) -> Self:
        return self.gate("gphase", [], [gamma])

    def p(self, lam: ParamValue, q: int) -> Self:
        return self.gate("p", [q], [lam])

    def x(self, q: int) -> Self:
        return self.gate("x", [q])

    def y(self, q: int) -> Self:
        return self.gate("y", [q])

    def z(self, q: int) -> Self:
        return self.gate("z", [q])

    def h(self, q: int) -> Self:
        return self.gate("h", [q])

    def s(self, q: int) -> Self:
        return self.gate("s", [q])

    def sdg(self, q: int) -> Self:
        return self.gate("sdg", [q])

    def t(self, q: int) -> Self:
        return self.gate("t", [q])

    def tdg(self, q: int) -> Self:
        return self.gate("tdg", [q])

    def sx(self, q: int) -> Self:
        return self.gate("sx", [q])

    def rx(self, theta: ParamValue, q: int) -> Self:
        return self.gate("rx", [q], [theta])

    def ry(self, theta: ParamValue, q: int) -> Self:
        return self.gate("ry", [q], [theta])

    def rz(self, lam: ParamValue, q: int) -> Self:
        return self.gate("rz", [q], [lam])

    def cx(self, control: int, target: int) -> Self:
        return self.gate("cx", [control, target])

    def cy(self, control: int, target: int) -> Self:
        return self.gate("cy", [control, target])

    def cz(self, control: int, target: int) -> Self:
        return self.gate("cz", [control, target])

    def cp(self, lam: ParamValue, control: int, target: int) -> Self:
        return self.gate("cp", [control, target], [lam])

    def crx(self, theta: ParamValue, control: int, target: int) -> Self:
        return self.gate("crx", [control, target], [theta])

    def cry(self, theta: ParamValue, control: int, target: int) -> Self:
        return self.gate("cry", [control, target], [theta])

    def crz(self, theta: ParamValue, control: int, target: int) -> Self:
        return self.gate("crz", [control, target], [theta])

    def ch(self, control: int, target: int) -> Self:
        return self.gate("ch", [control, target])

    def swap(self, a: int, b: int) -> Self:
        return self.gate("swap", [a, b])

    def ccx(self, c1: int, c2: int, target: int) -> Self:
        return self.gate("ccx", [c1, c2, target])

    def cswap(self, control: int, a: int, b: int) -> Self:
        return self.gate("cswap", [control, a, b])

    def cu(
        self, theta: ParamValue, phi: ParamValue, lam: ParamValue, gamma: ParamValue, control: int, target: int
    ) -> Self:
        return self.gate("cu", [control, target], [theta, phi, lam, gamma])

    def CX(self, control: int, target: int) -> Self:  # noqa: N802 - OpenQASM 2.0's name
        return self.gate("CX", [control, target])

    def phase(self, lam: ParamValue, q: int) -> Self:
        return self.gate("phase", [q], [lam])

    def cphase(self, lam: ParamValue, control: int, target: int) -> Self:
        return self.gate("cphase", [control, target], [lam])

    def id(self, q: int) -> Self:
        return self.gate("id", [q])

    def u1(self, lam: ParamValue, q: int) -> Self:
        return self.gate("u1", [q], [lam])

    def u2(self, phi: ParamValue, lam: ParamValue, q: int) -> Self:
        return self.gate("u2", [q], [phi, lam])

    def u3(self, theta: ParamValue, phi: ParamValue, lam: ParamValue, q: int) -> Self:
        return self.gate("u3", [q], [theta, phi, lam])


class GateBody(GateBuilder):
    """Collects the body of a custom gate; it offers gates only (no measurement inside a gate)."""

    _json_depth = 6  # /gates/i/body/j/params/k

    def __init__(
        self, gate_name: str, num_qubits: int, lookup: Callable[[str], tuple[int, tuple[str, ...]] | None]
    ) -> None:
        self.operations: list[GateOperation] = []
        self._gate_name = gate_name
        self._qubit_count = num_qubits
        self._lookup = lookup

    def _num_qubits(self) -> int:
        return self._qubit_count

    def _lookup_gate(self, name: str) -> tuple[int, tuple[str, ...]] | None:
        return self._lookup(name)

    def _push(self, op: GateOperation) -> None:
        self.operations.append(op)

    def _describe_next(self) -> str:
        return f"gate {self._gate_name}, operation #{len(self.operations)}"


# ---------------------------------------------------------------- the circuit


class Circuit(GateBuilder):
    """A circuit: ``num_qubits`` qubits in register ``q`` and ``num_clbits`` bits in register
    ``c`` (when above zero), or the registers given as ``qregs``/``cregs`` ``[(name, size)]``."""

    def __init__(
        self,
        num_qubits: int = 0,
        num_clbits: int = 0,
        *,
        name: str | None = None,
        qregs: Sequence[tuple[str, int]] | None = None,
        cregs: Sequence[tuple[str, int]] | None = None,
    ) -> None:
        if name is not None and (not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME_LENGTH):
            raise _invalid_circuit(f"the name must be 1 to {MAX_NAME_LENGTH} characters, got {name!r}", {})
        self._name = "circuit" if name is None else name
        self._ops: list[Operation] = []
        self._definitions: dict[str, GateDefinition] = {}
        self._qregs: list[Register] = []
        self._cregs: list[Register] = []
        self._condition: Condition | None = None
        self._qubit_total = 0
        self._clbit_total = 0
        for registers, count, add, what in (
            (qregs, num_qubits, self.add_quantum_register, "qubits"),
            (cregs, num_clbits, self.add_classical_register, "clbits"),
        ):
            if registers is None:
                if count != 0:
                    add("q" if what == "qubits" else "c", count)
                continue
            total = sum(size for _, size in registers)
            if count not in (0, total):
                raise _invalid_circuit(f"the registers hold {total} {what}, but num_{what} is {count}", {})
            for reg_name, size in registers:
                add(reg_name, size)

    # -- reading

    @property
    def name(self) -> str:
        return self._name

    @property
    def num_qubits(self) -> int:
        return self._qubit_total

    @property
    def num_clbits(self) -> int:
        return self._clbit_total

    @property
    def operations(self) -> tuple[Operation, ...]:
        return tuple(self._ops)

    @property
    def qregs(self) -> tuple[Register, ...]:
        return tuple(self._qregs)

    @property
    def cregs(self) -> tuple[Register, ...]:
        return tuple(self._cregs)

    @property
    def gate_definitions(self) -> Mapping[str, GateDefinition]:
        return MappingProxyType(self._definitions)

    @property
    def parameters(self) -> list[str]:
        """Names of the free parameters, sorted; bound by ``bind`` or by a run's ``parameters``."""
        names: dict[str, None] = {}
        for op in self._ops:
            if isinstance(op, GateOperation):
                _gate_parameters(op, names)
        return sorted(names)

    # -- registers and gate definitions

    def add_quantum_register(self, name: str, size: int) -> Register:
        register = self._new_register(name, size, self._qubit_total, self._qregs)
        self._qubit_total += register.size
        return register

    def add_classical_register(self, name: str, size: int) -> Register:
        register = self._new_register(name, size, self._clbit_total, self._cregs)
        self._clbit_total += register.size
        return register

    def define_gate(
        self, name: str, params: Sequence[str], num_qubits: int, build: Callable[..., object]
    ) -> Self:
        """Defines a custom gate from other gates. ``build`` receives the body builder and one
        :class:`Parameter` per name::

            c.define_gate("rzz", ["theta"], 2, lambda g, theta: g.cx(0, 1).rz(theta, 1).cx(0, 1))
            c.gate("rzz", [0, 1], [0.3])
        """
        params = list(params)

        def fail(reason: str) -> InvalidCircuit:
            return InvalidCircuit(
                "INVALID_GATE_DEFINITION",
                f"gate definition '{name}': {reason}",
                {"gate": name, "reason": reason},
            )

        if not isinstance(name, str) or IDENTIFIER.fullmatch(name) is None:
            raise fail("the name must be an identifier")
        if name in STANDARD_GATES or name in self._definitions:
            raise fail("a gate of this name already exists")
        qubits = _index(num_qubits)
        if qubits is None or qubits < 1:
            raise fail("a gate acts on at least one qubit")
        if any(not isinstance(p, str) or IDENTIFIER.fullmatch(p) is None for p in params):
            raise fail("parameter names must be identifiers")
        if len(set(params)) != len(params):
            raise fail("parameter names must be distinct")
        body = GateBody(name, qubits, self._lookup_gate)
        build(body, *(Parameter(p) for p in params))
        for op in body.operations:
            unknown = [p for p in _gate_parameters(op, {}) if p not in params]
            if unknown:
                raise fail(f"the body uses undeclared parameter '{unknown[0]}'")
        self._definitions[name] = GateDefinition(name, tuple(params), qubits, tuple(body.operations))
        return self

    # -- measurement, reset, barrier, conditions

    def measure(self, qubit: Bits, clbit: Bits) -> Self:
        """``measure q -> c``; with sequences (or registers), pairs them up in order."""
        qubits = _indices(qubit)
        clbits = _indices(clbit)
        where = self._describe_next()
        fail = _fail_at(
            lambda: f"{where} measure [{', '.join(map(_show, qubits))}] -> [{', '.join(map(_show, clbits))}]"
        )
        if len(qubits) != len(clbits):
            raise fail(f"{len(qubits)} qubits but {len(clbits)} classical bits")
        checked_qubits = [self._check_qubits([q], fail)[0] for q in qubits]
        checked_clbits = self._check_clbits(clbits, fail)
        condition = self._condition_part(None, fail)
        self._ops.extend(Measure(q, c, condition) for q, c in zip(checked_qubits, checked_clbits))
        return self

    def measure_all(self) -> Self:
        """Adds register ``meas`` with one bit per qubit, a barrier, and measures qubit i into
        ``meas[i]`` (as Qiskit)."""
        meas = self.add_classical_register("meas", self._qubit_total)
        self.barrier()
        return self.measure(range(self._qubit_total), meas)

    def reset(self, qubit: Bits) -> Self:
        """Resets a qubit (or each of several, in order) to |0>."""
        for q in _indices(qubit):
            fail = _fail_at(lambda: f"{self._describe_next()} reset [{_show(q)}]")  # called in this turn
            (checked,) = self._check_qubits([q], fail)
            self._ops.append(Reset(checked, self._condition_part(None, fail)))
        return self

    def barrier(self, *qubits: Bits) -> Self:
        """A barrier over the given qubits, or over all of them when none are given."""
        where = self._describe_next()
        fail = _fail_at(lambda: f"{where} barrier")
        listed = [q for item in qubits for q in _indices(item)]
        checked = self._check_qubits(listed if listed else list(range(self._qubit_total)), fail)
        self._ops.append(Barrier(checked))
        return self

    @overload
    def if_bits(self, clbits: Bits, value: int, build: Callable[[Self], object]) -> Self: ...

    @overload
    def if_bits(self, clbits: Bits, value: int, build: None = None) -> AbstractContextManager[Self]: ...

    def if_bits(
        self, clbits: Bits, value: int, build: Callable[[Self], object] | None = None
    ) -> Self | AbstractContextManager[Self]:
        """Operations appended inside ``build`` (or inside the ``with`` block) run only when the
        classical bits read ``value``, ``clbits[0]`` least significant (OpenQASM 2.0's
        ``if (c == 3) x q[0];``)::

            c.if_bits([0], 1, lambda c: c.x(1))
            with c.if_bits(creg, 3):
                c.x(2)
        """
        condition = self._check_condition(clbits, value, _fail_at(lambda: f"{self._describe_next()} if"))
        if build is None:
            return self._conditioned(condition)
        with self._conditioned(condition):
            build(self)
        return self

    @contextmanager
    def _conditioned(self, condition: Condition) -> Iterator[Self]:
        self._condition = condition
        try:
            yield self
        finally:
            self._condition = None

    # -- copies, parameters, comparison

    def copy(self) -> Circuit:
        """A copy whose later appends do not affect the original."""
        clone = Circuit(name=self._name)
        for r in self._qregs:
            clone.add_quantum_register(r.name, r.size)
        for r in self._cregs:
            clone.add_classical_register(r.name, r.size)
        clone._definitions.update(self._definitions)
        clone._ops.extend(self._ops)
        return clone

    def bind(self, values: Mapping[str, ParamValue] | None = None, /, **kwargs: ParamValue) -> Circuit:
        """A copy with parameters replaced: ``c.bind(theta=0.3)`` or ``c.bind({"theta": 0.3})``.
        An angle left without a free parameter becomes its number; values may be expressions."""
        given = {**(values or {}), **kwargs}
        known = set(self.parameters)
        for key, v in given.items():
            if key not in known:
                reason = f"is not a parameter of the circuit (its parameters: {', '.join(sorted(known)) or 'none'})"
                raise QcircError("INVALID_RUN_OPTIONS", f"parameters.{key} {reason}", {"field": f"parameters.{key}"})
            if not isinstance(v, Expr) and not (is_number(v) and math.isfinite(v)):
                raise QcircError(
                    "INVALID_RUN_OPTIONS",
                    f"parameters.{key} must be a finite number or an expression, got {v!r}",
                    {"field": f"parameters.{key}"},
                )
        bound = self.copy()
        bound._ops = []
        for op in self._ops:
            if isinstance(op, GateOperation):  # through gate(), so a bound angle is checked too (1/0)
                params = [_bind_value(p, given) for p in op.params]
                modifiers = [Pow(_bind_value(m.exponent, given)) if isinstance(m, Pow) else m for m in op.modifiers]
                bound.gate(op.name, op.qubits, params, modifiers, condition=op.condition)
            else:
                bound._ops.append(op)
        return bound

    def to_json(self) -> dict[str, Any]:
        """The JSON circuit form: registers and the name only when they differ from the defaults,
        consecutive measurements (and resets) with the same condition in one entry, a barrier over
        every qubit without ``qubits``; what ``circuitToJson`` writes for the same circuit."""
        default_registers = (
            len(self._qregs) == 1
            and self._qregs[0].name == "q"
            and (self._clbit_total == 0 or (len(self._cregs) == 1 and self._cregs[0].name == "c"))
        )
        document: dict[str, Any] = {}
        if self._name != "circuit":
            document["name"] = self._name
        document["qubits"] = self._qubit_total
        document["clbits"] = self._clbit_total
        if not default_registers:
            document["registers"] = {
                "quantum": [{"name": r.name, "size": r.size} for r in self._qregs],
                "classical": [{"name": r.name, "size": r.size} for r in self._cregs],
            }
        if self._definitions:
            document["gates"] = [_definition_to_json(d) for d in self._definitions.values()]
        document["operations"] = self._operations_to_json()
        return document

    @classmethod
    def from_json(cls, document: Mapping[str, Any]) -> Circuit:
        """Builds a circuit from its JSON form through the model's checks; a refusal is
        INVALID_CIRCUIT or INVALID_OPERATION whose ``details["field"]`` is the JSON pointer of
        the offending field (``/operations/3/qubits/1``)."""
        from ._json import circuit_from_json

        return circuit_from_json(cls, document)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Circuit) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        ops = len(self._ops)
        return (
            f"<Circuit {self._name!r}: {self._qubit_total} qubit{'' if self._qubit_total == 1 else 's'}, "
            f"{self._clbit_total} clbit{'' if self._clbit_total == 1 else 's'}, "
            f"{ops} operation{'' if ops == 1 else 's'}>"
        )

    # -- internals

    def _num_qubits(self) -> int:
        return self._qubit_total

    def _lookup_gate(self, name: str) -> tuple[int, tuple[str, ...]] | None:
        standard = STANDARD_GATES.get(name)
        if standard is not None:
            return standard.num_qubits, standard.params
        definition = self._definitions.get(name)
        return None if definition is None else (definition.num_qubits, definition.params)

    def _push(self, op: GateOperation) -> None:
        self._ops.append(op)

    def _describe_next(self) -> str:
        return f"operation #{len(self._ops)}"

    def _condition_part(self, condition: Condition | None, fail: Callable[[str], InvalidCircuit]) -> Condition | None:
        if condition is None:
            return self._condition
        if self._condition is not None:
            raise fail("conditions do not nest; combine the bits into one condition")
        return self._check_condition(list(condition.clbits), condition.value, fail)

    def _check_condition(self, clbits: Bits, value: int, fail: Callable[[str], InvalidCircuit]) -> Condition:
        bits = _indices(clbits)
        if not bits:
            raise fail("a condition needs at least one classical bit")
        checked = self._check_clbits(bits, fail)
        number = _index(value)
        if number is None or number < 0 or number >= 2 ** len(bits):
            raise fail(f"value {_show(value)} does not fit in {len(bits)} bit(s)")
        if self._condition is not None:
            raise fail("conditions do not nest; combine the bits into one condition")
        return Condition(checked, number)

    def _check_clbits(self, clbits: Sequence[object], fail: Callable[[str], InvalidCircuit]) -> tuple[int, ...]:
        checked: list[int] = []
        for b in clbits:
            index = _index(b)
            if index is None or index < 0 or index >= self._clbit_total:
                raise fail(
                    f"classical bit {_show(b)} does not exist: the circuit has no classical bits"
                    if self._clbit_total == 0
                    else f"classical bit {_show(b)} is out of range (the bits are 0..{self._clbit_total - 1})"
                )
            checked.append(index)
        return tuple(checked)

    def _new_register(self, name: str, size: int, start: int, registers: list[Register]) -> Register:
        def fail(reason: str) -> InvalidCircuit:
            return _invalid_circuit(f"register '{name}': {reason}", {"register": name, "reason": reason})

        if not isinstance(name, str) or IDENTIFIER.fullmatch(name) is None:
            raise fail("the name must be an identifier")
        count = _index(size)
        if count is None or count < 1:
            raise fail(f"size must be a positive integer, got {_show(size)}")
        if any(r.name == name for r in (*self._qregs, *self._cregs)):
            raise fail("the name is taken")
        register = Register(name, start, count)
        registers.append(register)
        return register

    def _operations_to_json(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        previous_condition: Condition | None = None
        for op in self._ops:
            previous = out[-1] if out else None
            if isinstance(op, GateOperation):
                out.append({**_gate_to_json(op), **_condition_to_json(op.condition)})
            elif isinstance(op, Measure):
                if previous is not None and previous["op"] == "measure" and previous_condition == op.condition:
                    previous["qubits"].append(op.qubit)
                    previous["clbits"].append(op.clbit)
                else:
                    measure = {"op": "measure", "qubits": [op.qubit], "clbits": [op.clbit]}
                    out.append({**measure, **_condition_to_json(op.condition)})
            elif isinstance(op, Reset):
                if previous is not None and previous["op"] == "reset" and previous_condition == op.condition:
                    previous["qubits"].append(op.qubit)
                else:
                    out.append({"op": "reset", "qubits": [op.qubit], **_condition_to_json(op.condition)})
            else:
                spans_all = list(op.qubits) == list(range(self._qubit_total))
                out.append({"op": "barrier"} if spans_all else {"op": "barrier", "qubits": list(op.qubits)})
            previous_condition = None if isinstance(op, Barrier) else op.condition
        return out


def _invalid_circuit(reason: str, details: Mapping[str, Any]) -> InvalidCircuit:
    return InvalidCircuit("INVALID_CIRCUIT", reason, {**details, "reason": details.get("reason", reason)})


def _gate_parameters(op: GateOperation, into: dict[str, None]) -> list[str]:
    """Names of the free parameters a gate use reads: in its parameters and in a ``pow`` exponent."""
    for p in op.params:
        free_parameters(p, into)
    for m in op.modifiers:
        if isinstance(m, Pow):
            free_parameters(m.exponent, into)
    return list(into)


def _bind_value(value: ParamValue, values: Mapping[str, ParamValue]) -> ParamValue:
    return value.bind(values) if isinstance(value, Expr) else value


def _modifier_to_json(m: Modifier) -> dict[str, Any]:
    if isinstance(m, Ctrl):
        return {"kind": "ctrl", "count": m.count}
    if isinstance(m, NegCtrl):
        return {"kind": "negctrl", "count": m.count}
    if isinstance(m, Inv):
        return {"kind": "inv"}
    return {"kind": "pow", "exponent": param_to_json(m.exponent)}


def _gate_to_json(op: GateOperation) -> dict[str, Any]:
    document: dict[str, Any] = {"op": "gate", "name": op.name, "qubits": list(op.qubits)}
    if op.params:
        document["params"] = [param_to_json(p) for p in op.params]
    if op.modifiers:
        document["modifiers"] = [_modifier_to_json(m) for m in op.modifiers]
    return document


def _condition_to_json(condition: Condition | None) -> dict[str, Any]:
    return {} if condition is None else {"condition": {"clbits": list(condition.clbits), "value": condition.value}}


def _definition_to_json(d: GateDefinition) -> dict[str, Any]:
    document: dict[str, Any] = {"name": d.name}
    if d.params:
        document["params"] = list(d.params)
    document["qubits"] = d.num_qubits
    document["body"] = [_gate_to_json(op) for op in d.body]
    return document
