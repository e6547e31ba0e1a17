"""Exact conversion between Qiskit's ``QuantumCircuit`` and :class:`qcirc.Circuit`.

``from_qiskit(qc)`` builds the JSON circuit form and reads it with ``Circuit.from_json``;
``to_qiskit(circuit)`` walks ``circuit.to_json()``. Both are exact: every gate maps to one with
the same matrix *including its global phase*, so ``Operator(to_qiskit(from_qiskit(qc)))``
equals ``Operator(qc)``.

- Standard gates map through two tables (``FROM_QISKIT``, ``TO_QISKIT``). Qiskit's ``u``/``u3``
  have no global phase, so they are qcirc's ``U``; qcirc's ``u2``/``u3`` (OpenQASM's, with the
  phase ``-(φ+λ)/2``) become Qiskit gates ``qcirc_u2``/``qcirc_u3`` defined by that phase and
  Qiskit's ``u2``/``u3``.
- Controlled gates (``ctrl_state`` included), ``AnnotatedOperation`` modifiers and the inverse
  and power of a gate become qcirc modifiers, and back.
- Any other gate with a ``definition`` becomes a qcirc custom gate, recursively (Qiskit's
  standard gates keep their symbolic parameters); back, a custom gate becomes a Qiskit ``Gate``
  with a definition, or the Qiskit standard gate when its body is exactly that gate's.
- ``if_test`` on a clbit or a register becomes a condition on each operation of the body; an
  ``else`` only on one clbit (the negated value). Measurements, resets, barriers, registers and
  the global phase are kept.

Anything else (a gate with no definition, ``delay``, ``initialize``, loops, ``switch``, classical
expressions) raises :class:`qcirc.QcircError` with code ``CANNOT_EXPORT`` naming the operation.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

try:
    from qiskit.circuit import (  # type: ignore[import-untyped, unused-ignore]
        AnnotatedOperation,
        Barrier,
        ClassicalRegister,
        Clbit,
        ControlledGate,
        Gate,
        IfElseOp,
        InverseModifier,
        Measure,
        Parameter,
        ParameterExpression,
        PowerModifier,
        QuantumCircuit,
        QuantumRegister,
        Reset,
    )
    from qiskit.circuit import library as qlib  # type: ignore[import-untyped, unused-ignore]
    from qiskit.circuit.parameterexpression import OpCode  # type: ignore[import-untyped, unused-ignore]
except ImportError as error:  # pragma: no cover - the extra is installed in the tests
    raise ImportError(
        "qcirc.adapters.qiskit needs Qiskit 2.2 or later: install it with pip install 'qcirc[qiskit]'"
    ) from error

from ..circuit import Circuit
from ..errors import QcircError
from ..expr import evaluate, param_from_json

__all__ = ["from_qiskit", "to_qiskit", "FROM_QISKIT", "TO_QISKIT"]

JsonOp = dict[str, Any]
Param = Any  # a number or a JSON expression tree


def _unsupported(operation: str, reason: str, target: str) -> QcircError:
    return QcircError(
        "CANNOT_EXPORT",
        f"cannot write {operation} as {target}: {reason}",
        {"format": target, "operation": operation, "reason": reason},
    )


# --- parameters ---------------------------------------------------------------------------------

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_BINARY = {OpCode.ADD: "+", OpCode.SUB: "-", OpCode.MUL: "*", OpCode.DIV: "/", OpCode.POW: "**"}
_REVERSED = {OpCode.RSUB: "-", OpCode.RDIV: "/", OpCode.RPOW: "**"}
_CALLS = {
    OpCode.SIN: "sin",
    OpCode.COS: "cos",
    OpCode.TAN: "tan",
    OpCode.ASIN: "arcsin",
    OpCode.ACOS: "arccos",
    OpCode.ATAN: "arctan",
    OpCode.EXP: "exp",
    OpCode.LOG: "log",
}


def _number(value: Any, where: str) -> float:
    if isinstance(value, complex):
        if value.imag != 0:
            raise _unsupported(where, f"the complex parameter {value} has no qcirc counterpart", "qcirc")
        value = value.real
    return float(value)


class _Names:
    """Qiskit parameter names made qcirc identifiers (``θ[0]`` → ``_0``), one-to-one."""

    def __init__(self) -> None:
        self.names: dict[Any, str] = {}
        self.taken: set[str] = set()

    def name(self, parameter: Any) -> str:
        if parameter not in self.names:
            base = re.sub(r"[^A-Za-z0-9_]", "_", parameter.name)
            base = base if _IDENTIFIER.fullmatch(base) else f"p_{base}"
            name, k = base[:60], 1
            while name in self.taken:
                name, k = f"{base[:56]}_{k}", k + 1
            self.names[parameter] = name
            self.taken.add(name)
        return self.names[parameter]


def _param_to_json(value: Any, names: Callable[[Any], str], where: str) -> Param:
    """A Qiskit gate parameter as a qcirc one: a number, or the expression tree of a
    ``ParameterExpression``, read from its QPY replay (the operations that built it, which Qiskit
    itself serialises). The replay is not public API, so the tree is checked against Qiskit's own
    value of the expression at one point before it is used."""
    if not isinstance(value, ParameterExpression):
        return _number(value, where)
    if not value.parameters:
        return _number(value.numeric(), where)
    if isinstance(value, Parameter) or value.is_symbol():
        return {"kind": "parameter", "name": names(next(iter(value.parameters)))}
    tree = _replay(value, names, where)
    point = {p: 0.3 + 0.1 * i for i, p in enumerate(sorted(value.parameters, key=lambda p: p.name))}
    try:
        theirs = complex(value.bind(point).numeric())
    except (ZeroDivisionError, ValueError, TypeError, RuntimeError):
        return tree  # undefined at that point: nothing to compare
    mine = evaluate(param_from_json(tree, where), {names(p): v for p, v in point.items()})
    if not (math.isnan(mine) and math.isnan(theirs.real) or abs(mine - theirs) <= 1e-9 * max(1.0, abs(theirs))):
        raise _unsupported(where, f"the parameter {value} was not read back exactly from this Qiskit version", "qcirc")
    return tree


def _replay(value: Any, names: Callable[[Any], str], where: str) -> Param:
    stack: list[Param] = []
    for step in value._qpy_replay:
        for operand in (step.lhs, step.rhs):
            if operand is not None:
                stack.append(_param_to_json(operand, names, where))
        if step.op in _BINARY or step.op in _REVERSED:
            right, left = stack.pop(), stack.pop()
            if step.op in _REVERSED:  # the replay lists a reversed operation's operands swapped
                left, right = right, left
            op = _BINARY.get(step.op) or _REVERSED[step.op]
            stack.append({"kind": "binary", "op": op, "left": _lift(left), "right": _lift(right)})
        elif step.op in _CALLS:
            stack.append({"kind": "call", "fn": _CALLS[step.op], "args": [_lift(stack.pop())]})
        else:
            raise _unsupported(where, f"the parameter {value} uses {step.op.name}, which qcirc has not", "qcirc")
    if len(stack) != 1:
        raise _unsupported(where, f"the parameter {value} was not read back exactly from this Qiskit version", "qcirc")
    return stack.pop()


def _lift(value: Param) -> dict[str, Any]:
    return value if isinstance(value, dict) else {"kind": "number", "value": value}


def _param_from_json(value: Param, parameter: Callable[[str], Any]) -> Any:
    """A qcirc parameter as a Qiskit one: a float, or a ``ParameterExpression`` built with the
    same operations (numbers combine as numbers)."""
    if not isinstance(value, dict):
        return float(value)
    kind = value["kind"]
    if kind == "number":
        return float(value["value"])
    if kind == "parameter":
        return parameter(value["name"])
    if kind == "unary":
        return -_param_from_json(value["operand"], parameter)
    if kind == "call":
        arg = _param_from_json(value["args"][0], parameter)
        if value["fn"] == "sqrt":
            return arg**0.5
        if isinstance(arg, ParameterExpression):
            return getattr(arg, value["fn"])()
        return _MATH[value["fn"]](arg)
    left = _param_from_json(value["left"], parameter)
    right = _param_from_json(value["right"], parameter)
    return _OPERATORS[value["op"]](left, right)


_MATH: Mapping[str, Callable[[float], float]] = {
    "sin": math.sin,
    "cos": math.cos,
    "tan": math.tan,
    "arcsin": math.asin,
    "arccos": math.acos,
    "arctan": math.atan,
    "exp": math.exp,
    "log": math.log,
}
_OPERATORS: Mapping[str, Callable[[Any, Any], Any]] = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": lambda a, b: a / b,
    "**": lambda a, b: a**b,
}


# --- the gate tables ----------------------------------------------------------------------------

@dataclass(frozen=True)
class _From:
    """A Qiskit gate as a qcirc gate: its name, modifiers (outermost first) and parameters."""

    name: str
    modifiers: tuple[dict[str, Any], ...] = ()
    params: Callable[[list[Param]], list[Param]] = field(default=lambda p: p)


def _ctrl(count: int = 1) -> dict[str, Any]:
    return {"kind": "ctrl", "count": count} if count != 1 else {"kind": "ctrl"}


#: Qiskit standard gate name → the qcirc gate with the same matrix and global phase.
FROM_QISKIT: Mapping[str, _From] = {
    **{name: _From(name) for name in "id x y z h s sdg t tdg sx rx ry rz p u1".split()},
    **{name: _From(name) for name in "cx cy cz ch cp crx cry crz swap ccx cswap cu".split()},
    "u": _From("U"),
    "u3": _From("U"),
    "u2": _From("U", params=lambda p: [math.pi / 2, *p]),
    "cu1": _From("cp"),
    "cu3": _From("cu", params=lambda p: [*p, 0.0]),
    "global_phase": _From("gphase"),
    "sxdg": _From("sx", ({"kind": "inv"},)),
    "cs": _From("s", (_ctrl(),)),
    "csdg": _From("sdg", (_ctrl(),)),
    "csx": _From("sx", (_ctrl(),)),
    "ccz": _From("z", (_ctrl(2),)),
    "c3sx": _From("sx", (_ctrl(3),)),
    # The gates to_qiskit writes for OpenQASM's u2 and u3 (their definitions carry the phase).
    "qcirc_u2": _From("u2"),
    "qcirc_u3": _From("u3"),
}


def _phased_u(name: str, qiskit_gate: Any) -> Callable[[list[Any]], Any]:
    """OpenQASM 3's ``u2``/``u3``: Qiskit's gate of that name times ``e^{-i(φ+λ)/2}``."""

    def make(params: list[Any]) -> Any:
        phi, lam = params[-2], params[-1]
        definition = QuantumCircuit(1, global_phase=-(phi + lam) / 2)
        definition.append(qiskit_gate(*params), [0])
        gate = Gate(f"qcirc_{name}", 1, list(params))
        gate.definition = definition
        return gate

    return make


#: qcirc standard gate name → a function of the parameters making the Qiskit gate.
TO_QISKIT: Mapping[str, Callable[[list[Any]], Any]] = {
    **{
        name: (lambda cls: lambda p: cls(*p))(getattr(qlib, cls))
        for name, cls in {
            "U": "UGate",
            "gphase": "GlobalPhaseGate",
            "p": "PhaseGate",
            "phase": "PhaseGate",
            "x": "XGate",
            "y": "YGate",
            "z": "ZGate",
            "h": "HGate",
            "s": "SGate",
            "sdg": "SdgGate",
            "t": "TGate",
            "tdg": "TdgGate",
            "sx": "SXGate",
            "rx": "RXGate",
            "ry": "RYGate",
            "rz": "RZGate",
            "cx": "CXGate",
            "CX": "CXGate",
            "cy": "CYGate",
            "cz": "CZGate",
            "cp": "CPhaseGate",
            "cphase": "CPhaseGate",
            "crx": "CRXGate",
            "cry": "CRYGate",
            "crz": "CRZGate",
            "ch": "CHGate",
            "swap": "SwapGate",
            "ccx": "CCXGate",
            "cswap": "CSwapGate",
            "cu": "CUGate",
            "id": "IGate",
            "u1": "U1Gate",
        }.items()
    },
    "u2": _phased_u("u2", qlib.U2Gate),
    "u3": _phased_u("u3", qlib.U3Gate),
}


# --- Qiskit → qcirc -----------------------------------------------------------------------------


@dataclass
class _Scope:
    """Where a (sub)circuit's bits land in the qcirc circuit."""

    qubits: dict[Any, int]
    clbits: dict[Any, int]


class _FromQiskit:
    def __init__(self) -> None:
        self.names = _Names()
        self.gates: list[dict[str, Any]] = []
        self.defined: dict[str, str] = {}  # a body's JSON text → the custom gate's name
        self.standard = qlib.get_standard_gate_name_mapping()

    # A gate as one qcirc gate operation (a custom gate's call when only its definition can
    # express it); `qubits` are already qcirc indices.
    def gate(self, op: Any, qubits: list[int], names: Callable[[Any], str]) -> JsonOp:
        where = f"qiskit operation '{op.name}'"
        entry = FROM_QISKIT.get(op.name)
        if entry is not None and not isinstance(op, AnnotatedOperation):
            params = [_param_to_json(p, names, where) for p in op.params]
            return _gate_op(entry.name, qubits, entry.params(params), list(entry.modifiers))
        if isinstance(op, AnnotatedOperation):
            inner = self.gate(op.base_op, qubits[len(qubits) - op.base_op.num_qubits :], names)
            outer: list[dict[str, Any]] = []
            for modifier in op.modifiers:  # applied first to last: the last is outermost
                if isinstance(modifier, InverseModifier):
                    outer.insert(0, {"kind": "inv"})
                elif isinstance(modifier, PowerModifier):
                    outer.insert(0, {"kind": "pow", "exponent": _param_to_json(modifier.power, names, where)})
                else:
                    outer[:0] = _controls(modifier.num_ctrl_qubits, modifier.ctrl_state)
            return _with_modifiers(inner, outer, qubits)
        if isinstance(op, ControlledGate) and op.base_gate is not None:
            inner = self.gate(op.base_gate, qubits[op.num_ctrl_qubits :], names)
            return _with_modifiers(inner, _controls(op.num_ctrl_qubits, op.ctrl_state), qubits)
        return self.custom(op, qubits, names, where)

    def custom(self, op: Any, qubits: list[int], names: Callable[[Any], str], where: str) -> JsonOp:
        # A standard gate keeps its parameters symbolic: its template's definition uses them.
        template = self.standard.get(op.name)
        if template is None or type(template) is not type(op) or len(template.params) != len(op.params):
            template = op
        symbolic = [i for i, p in enumerate(template.params) if isinstance(p, Parameter)]
        symbols = {template.params[i]: f"p{i}" for i in symbolic}
        definition = template.definition
        if definition is None:
            raise _unsupported(where, "it has no qcirc counterpart and no definition", "qcirc")
        if any(p not in symbols for p in definition.parameters):
            raise _unsupported(where, "its definition uses parameters that are not the gate's", "qcirc")
        scope = _Scope({q: i for i, q in enumerate(definition.qubits)}, {})
        body: list[JsonOp] = []
        if definition.global_phase != 0:
            phase = _param_to_json(definition.global_phase, lambda p: symbols[p], where)
            body.append({"op": "gate", "name": "gphase", "qubits": [], "params": [phase]})
        for instruction in definition.data:
            if isinstance(instruction.operation, Barrier):
                continue  # no effect on the gate's matrix
            if not isinstance(instruction.operation, (Gate, AnnotatedOperation)):
                raise _unsupported(where, f"its definition holds '{instruction.operation.name}'", "qcirc")
            inner = [scope.qubits[q] for q in instruction.qubits]
            body.append(self.gate(instruction.operation, inner, lambda p: symbols[p]))
        gate_params = [f"p{i}" for i in symbolic]
        name = self.define(op.name, gate_params, op.num_qubits, body)
        args = [op.params[i] for i in symbolic]
        return _gate_op(name, qubits, [_param_to_json(a, names, where) for a in args], [])

    def define(self, name: str, params: list[str], num_qubits: int, body: list[JsonOp]) -> str:
        key = repr((params, num_qubits, body))
        if key in self.defined:
            return self.defined[key]
        base = re.sub(r"[^A-Za-z0-9_]", "_", name)
        if not _IDENTIFIER.fullmatch(base) or base in TO_QISKIT:
            base = f"g_{base}"
        taken = set(self.defined.values())
        unique, k = base, 1
        while unique in taken:
            unique, k = f"{base}_{k}", k + 1
        self.defined[key] = unique
        self.gates.append({"name": unique, "params": params, "qubits": num_qubits, "body": body})
        return unique

    def block(
        self,
        qc: Any,
        scope: _Scope,
        condition: dict[int, int] | None,
        out: list[JsonOp],
    ) -> None:
        if qc.global_phase != 0:
            phase = _param_to_json(qc.global_phase, self.names.name, "the global phase")
            out.append(_conditioned({"op": "gate", "name": "gphase", "qubits": [], "params": [phase]}, condition))
        for instruction in qc.data:
            op = instruction.operation
            qubits = [scope.qubits[q] for q in instruction.qubits]
            clbits = [scope.clbits[c] for c in instruction.clbits]
            if isinstance(op, Measure):
                out.append(_conditioned({"op": "measure", "qubits": qubits, "clbits": clbits}, condition))
            elif isinstance(op, Reset):
                out.append(_conditioned({"op": "reset", "qubits": qubits}, condition))
            elif isinstance(op, Barrier):
                if condition is None:  # inside an if it orders nothing qcirc would reorder
                    out.append({"op": "barrier", "qubits": qubits})
            elif isinstance(op, IfElseOp):
                self.if_else(op, qubits, clbits, scope, condition, out)
            elif not isinstance(op, (Gate, AnnotatedOperation)):  # delay, initialize, loops, switch, ...
                raise _unsupported(f"qiskit operation '{op.name}'", "qcirc has no counterpart", "qcirc")
            else:
                out.append(_conditioned(self.gate(op, qubits, self.names.name), condition))

    def if_else(
        self,
        op: Any,
        qubits: list[int],
        clbits: list[int],
        scope: _Scope,
        outer: dict[int, int] | None,
        out: list[JsonOp],
    ) -> None:
        where = "qiskit operation 'if_else'"
        target, value = op.condition if isinstance(op.condition, tuple) else (None, None)
        if isinstance(target, Clbit):
            bits, value = [scope.clbits[target]], int(value)
        elif isinstance(target, ClassicalRegister):
            bits = [scope.clbits[c] for c in target]
        else:
            raise _unsupported(where, "a condition on a classical expression has no qcirc counterpart", "qcirc")
        true_body, false_body = op.blocks[0], op.blocks[1] if len(op.blocks) > 1 else None
        if false_body is not None and len(bits) != 1:
            raise _unsupported(where, "an else branch is exact only for a condition on one bit", "qcirc")
        for body, wanted in ((true_body, value), (false_body, 1 - value)):
            if body is None:
                continue
            condition = _and(outer, {bit: (wanted >> i) & 1 for i, bit in enumerate(bits)})
            if condition is None:
                continue  # the two conditions contradict each other: the body never runs
            inner = _Scope(
                dict(zip(body.qubits, qubits)),
                dict(zip(body.clbits, clbits)) | {c: scope.clbits[c] for c in scope.clbits if c not in body.clbits},
            )
            ops: list[JsonOp] = []
            self.block(body, inner, condition, ops)
            # Each operation of the body is conditioned on its own; a measurement into a tested bit
            # would change the test for what follows it (the if tests once).
            for i, entry in enumerate(ops):
                last = i == len(ops) - 1 and (body is false_body or false_body is None)
                if set(entry.get("clbits", ())) & set(condition) and not last:
                    raise _unsupported(where, "the body writes a bit its condition reads before it ends", "qcirc")
            out.extend(ops)


def _gate_op(name: str, qubits: list[int], params: list[Param], modifiers: list[dict[str, Any]]) -> JsonOp:
    entry: JsonOp = {"op": "gate", "name": name, "qubits": qubits}
    if params:
        entry["params"] = params
    if modifiers:
        entry["modifiers"] = modifiers
    return entry


def _with_modifiers(inner: JsonOp, outer: list[dict[str, Any]], qubits: list[int]) -> JsonOp:
    return _gate_op(inner["name"], qubits, inner.get("params", []), outer + inner.get("modifiers", []))


def _controls(count: int, state: int) -> list[dict[str, Any]]:
    """Qiskit's ``ctrl_state`` (bit i for control i) as qcirc modifiers, first control outermost."""
    modifiers: list[dict[str, Any]] = []
    for i in range(count):
        kind = "ctrl" if (state >> i) & 1 else "negctrl"
        if modifiers and modifiers[-1]["kind"] == kind:
            modifiers[-1] = {"kind": kind, "count": modifiers[-1].get("count", 1) + 1}
        else:
            modifiers.append({"kind": kind})
    return modifiers


def _and(a: dict[int, int] | None, b: dict[int, int]) -> dict[int, int] | None:
    if a is None:
        return b
    if any(a[bit] != v for bit, v in b.items() if bit in a):
        return None
    return a | b


def _conditioned(entry: JsonOp, condition: dict[int, int] | None) -> JsonOp:
    if condition is not None:
        bits = list(condition)
        entry["condition"] = {"clbits": bits, "value": sum(condition[b] << i for i, b in enumerate(bits))}
    return entry


def _registers(registers: Sequence[Any], bits: Sequence[Any], default: str) -> list[dict[str, Any]] | None:
    """The circuit's registers as qcirc's, which number bits across registers in order. Registers
    that are in-order runs of the circuit's bits keep their names; bits in none get registers named
    after ``default``. Registers that overlap or interleave are replaced by one ``default``."""
    if not bits:
        return None
    position = {bit: i for i, bit in enumerate(bits)}
    runs: list[dict[str, Any]] = []
    start = 0
    used = {r.name for r in registers}
    by_first = {r[0]: r for r in registers if len(r) > 0}
    loose = 0
    while start < len(bits):
        register = by_first.get(bits[start])
        if register is not None and [position.get(b) for b in register] == list(range(start, start + len(register))):
            runs.append({"name": register.name, "size": len(register)})
            start += len(register)
            continue
        end = start
        while end < len(bits) and (end == start or bits[end] not in by_first):
            end += 1
        name = default if loose == 0 else f"{default}{loose}"
        while name in used:
            loose += 1
            name = f"{default}{loose}"
        used.add(name)
        loose += 1
        runs.append({"name": name, "size": end - start})
        start = end
    named = sum(r["size"] for r in runs if r["name"] in {reg.name for reg in registers})
    if named != sum(len(r) for r in registers):
        return [{"name": default, "size": len(bits)}]
    return runs


def from_qiskit(qc: Any) -> Circuit:
    """The qcirc circuit of a Qiskit ``QuantumCircuit``: same qubits and clbits in the same order,
    registers, operations, parameters (named as in Qiskit, made identifiers) and global phase."""
    converter = _FromQiskit()
    operations: list[JsonOp] = []
    scope = _Scope({q: i for i, q in enumerate(qc.qubits)}, {c: i for i, c in enumerate(qc.clbits)})
    converter.block(qc, scope, None, operations)
    document: dict[str, Any] = {"name": qc.name, "qubits": qc.num_qubits, "clbits": qc.num_clbits}
    quantum = _registers(qc.qregs, qc.qubits, "q")
    classical = _registers(qc.cregs, qc.clbits, "c")
    registers: dict[str, Any] = {}
    if quantum is not None:
        registers["quantum"] = quantum
    if classical is not None:
        registers["classical"] = classical
    if registers:
        document["registers"] = registers
    if converter.gates:
        document["gates"] = converter.gates
    document["operations"] = operations
    return Circuit.from_json(document)


# --- qcirc → Qiskit -----------------------------------------------------------------------------


class _ToQiskit:
    def __init__(self, document: Mapping[str, Any]) -> None:
        self.parameters: dict[str, Any] = {}
        self.custom: dict[str, tuple[list[Any], Any, int]] = {}  # name → (symbols, body, qubits)
        self.standard = qlib.get_standard_gate_name_mapping()
        self.probe = _FromQiskit()
        for definition in document.get("gates", []):
            self.define(definition)

    def parameter(self, name: str) -> Any:
        if name not in self.parameters:
            self.parameters[name] = Parameter(name)
        return self.parameters[name]

    def define(self, definition: Mapping[str, Any]) -> None:
        symbols = {name: Parameter(name) for name in definition.get("params", [])}
        body = QuantumCircuit(definition["qubits"])
        for entry in definition["body"]:
            params = [_param_from_json(p, symbols.__getitem__) for p in entry.get("params", [])]
            if entry["name"] == "gphase" and not entry.get("modifiers"):
                body.global_phase += params[0]
            else:
                body.append(
                    self.gate(entry["name"], params, entry.get("modifiers", []), symbols.__getitem__), entry["qubits"]
                )
        self.custom[definition["name"]] = (list(symbols.values()), body, definition["qubits"])

    def gate(
        self, name: str, params: list[Any], modifiers: Sequence[Mapping[str, Any]], parameter: Callable[[str], Any]
    ) -> Any:
        make = TO_QISKIT.get(name)
        gate = make(params) if make is not None else self.custom_gate(name, params)
        for modifier in reversed(modifiers):  # innermost first
            kind = modifier["kind"]
            if kind == "inv":
                gate = gate.inverse()
            elif kind == "pow":
                gate = gate.power(_param_from_json(modifier["exponent"], parameter), annotated=True)
            else:
                count = modifier.get("count", 1)
                state = (1 << count) - 1 if kind == "ctrl" else 0
                gate = gate.control(count, ctrl_state=state, annotated=isinstance(gate, AnnotatedOperation))
        return gate

    def custom_gate(self, name: str, params: list[Any]) -> Any:
        symbols, body, num_qubits = self.custom[name]
        standard = self.standard.get(name)
        if standard is not None and self.same_as_standard(name, standard):
            return type(standard)(*params)
        # Qiskit's transpiler and simulators know instructions by name: a gate of its own under a
        # name they know (a user's "rzz", a "unitary" without its matrix) would be taken for theirs.
        known = standard is not None or name in _QISKIT_NAMES
        gate = Gate(f"{name}_qcirc" if known else name, num_qubits, list(params))
        gate.definition = body.assign_parameters(dict(zip(symbols, params)), inplace=False) if symbols else body
        return gate

    def same_as_standard(self, name: str, standard: Any) -> bool:
        """A custom gate is Qiskit's gate of that name only when its body is exactly what
        from_qiskit makes of that gate (a user's own ``rzz`` may differ)."""
        symbols, body, num_qubits = self.custom[name]
        if len(symbols) != len(standard.params) or num_qubits != standard.num_qubits or standard.definition is None:
            return False
        try:
            mine = from_qiskit(_wrap(body)).to_json()
            renamed = standard.definition.assign_parameters(dict(zip(standard.params, symbols)), inplace=False)
            theirs = from_qiskit(_wrap(renamed)).to_json()
        except QcircError:
            return False
        mine.pop("name", None)
        theirs.pop("name", None)
        return bool(mine == theirs)


#: Instruction names, beyond the standard gates, that Qiskit or qiskit-aer read as their own.
_QISKIT_NAMES = frozenset(
    "unitary initialize state_preparation isometry diagonal hamiltonian kraus superop mcx mcphase mcu1 "
    "multiplexer measure reset barrier delay if_else while_loop for_loop switch_case box store".split()
)


def _wrap(body: Any) -> Any:
    qc = QuantumCircuit(body.num_qubits, global_phase=body.global_phase)
    qc.compose(body, inplace=True)
    return qc


def to_qiskit(circuit: Circuit) -> Any:
    """The Qiskit ``QuantumCircuit`` of a qcirc circuit: same registers and bit order,
    conditions as ``if_test`` blocks, parameters as ``Parameter`` objects of the same names."""
    document = circuit.to_json()
    converter = _ToQiskit(document)
    qregs = [QuantumRegister(r["size"], r["name"]) for r in _declared(document, "quantum", "q", "qubits")]
    cregs = [ClassicalRegister(r["size"], r["name"]) for r in _declared(document, "classical", "c", "clbits")]
    qc = QuantumCircuit(*qregs, *cregs, name=document.get("name", "circuit"))
    operations = document["operations"]
    i = 0
    while i < len(operations):
        condition = operations[i].get("condition")
        if condition is None:
            _append(qc, converter, operations[i])
            i += 1
            continue
        # Consecutive operations under the same condition share one if_test, unless one of them
        # (not the last) writes a bit the condition reads.
        group = [operations[i]]
        while (
            i + len(group) < len(operations)
            and operations[i + len(group)].get("condition") == condition
            and not set(group[-1].get("clbits", ())) & set(condition["clbits"])
        ):
            group.append(operations[i + len(group)])
        with _if(qc, condition):
            for entry in group:
                _append(qc, converter, entry)
        i += len(group)
    return qc


def _declared(document: Mapping[str, Any], kind: str, default: str, count: str) -> list[dict[str, Any]]:
    registers = document.get("registers", {}).get(kind)
    if registers is not None:
        return list(registers)
    size = document[count]
    return [{"name": default, "size": size}] if size > 0 or kind == "quantum" else []


def _if(qc: Any, condition: Mapping[str, Any]) -> Any:
    bits, value = condition["clbits"], condition["value"]
    for register in qc.cregs:
        if [qc.find_bit(c).index for c in register] == bits:
            return qc.if_test((register, value))
    if len(bits) == 1:
        return qc.if_test((qc.clbits[bits[0]], value))
    return _nested(qc, [(qc.clbits[b], (value >> i) & 1) for i, b in enumerate(bits)])


class _nested:
    """``if (c0 == v0) { if (c1 == v1) { ... } }``: a condition on bits of no single register."""

    def __init__(self, qc: Any, tests: list[tuple[Any, int]]) -> None:
        self.managers = [qc.if_test(test) for test in tests]
        self.entered: list[Any] = []

    def __enter__(self) -> None:
        for manager in self.managers:
            manager.__enter__()
            self.entered.append(manager)

    def __exit__(self, *exc: Any) -> None:
        for manager in reversed(self.entered):
            manager.__exit__(*exc)


def _append(qc: Any, converter: _ToQiskit, entry: Mapping[str, Any]) -> None:
    kind = entry["op"]
    if kind == "measure":
        qc.measure(entry["qubits"], entry["clbits"])
    elif kind == "reset":
        for q in entry["qubits"]:
            qc.reset(q)
    elif kind == "barrier":
        qc.barrier(*(entry.get("qubits") or range(qc.num_qubits)))
    else:
        params = [_param_from_json(p, converter.parameter) for p in entry.get("params", [])]
        if entry["name"] == "gphase" and not entry.get("modifiers") and "condition" not in entry:
            qc.global_phase += params[0]
        else:
            qc.append(
                converter.gate(entry["name"], params, entry.get("modifiers", []), converter.parameter), entry["qubits"]
            )
