"""The circuit model: building, the checks every append makes (codes and messages of the
TypeScript library), registers, conditions, parameters and the JSON circuit form."""

from __future__ import annotations

import math
from typing import Any

import pytest

from qcirc import Circuit, Parameter, QcircError, cos, ctrl, inv, negctrl, pow
from qcirc.circuit import Barrier, Condition, GateOperation, Measure, Reset


def test_bell_is_the_spec_example() -> None:
    bell = Circuit(2).h(0).cx(0, 1).measure_all()
    assert bell.num_qubits == 2 and bell.num_clbits == 2
    assert bell.operations == (
        GateOperation("h", (0,)),
        GateOperation("cx", (0, 1)),
        Barrier((0, 1)),
        Measure(0, 0),
        Measure(1, 1),
    )
    assert bell.to_json() == {
        "qubits": 2,
        "clbits": 2,
        "registers": {"quantum": [{"name": "q", "size": 2}], "classical": [{"name": "meas", "size": 2}]},
        "operations": [
            {"op": "gate", "name": "h", "qubits": [0]},
            {"op": "gate", "name": "cx", "qubits": [0, 1]},
            {"op": "barrier"},
            {"op": "measure", "qubits": [0, 1], "clbits": [0, 1]},
        ],
    }


def _error(build: Any) -> QcircError:
    with pytest.raises(QcircError) as caught:
        build()
    return caught.value


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: Circuit(2).cx(0, 0), "operation #0 cx [0, 0]: qubit 0 is used twice"),
        (lambda: Circuit(2).h(0).x(2), "operation #1 x [2]: qubit 2 is out of range (the qubits are 0..1)"),
        (lambda: Circuit(1).x(1), "operation #0 x [1]: qubit 1 is out of range (the only qubit is 0)"),
        (lambda: Circuit(1).gate("foo", [0]), "operation #0 foo [0]: unknown gate 'foo'"),
        (lambda: Circuit(1).gate("rx", [0]), "operation #0 rx [0]: takes 1 parameter, got 0"),
        (
            lambda: Circuit(1).rx(math.inf, 0),
            "operation #0 rx(Infinity) [0]: parameter θ must be a finite number, got Infinity",
        ),
        (
            lambda: Circuit(2).gate("x", [0], modifiers=[ctrl()]),
            "operation #0 ctrl @ x [0]: acts on 2 qubits, got 1",
        ),
        (
            lambda: Circuit(2).gate("x", [0, 1], modifiers=[ctrl(0)]),
            "operation #0 ctrl(0) @ x [0, 1]: ctrl count must be a positive integer, got 0",
        ),
        (
            lambda: Circuit(1, 1).measure([0], [0, 0]),
            "operation #0 measure [0] -> [0, 0]: 1 qubits but 2 classical bits",
        ),
        (
            lambda: Circuit(1).measure(0, 0),
            "operation #0 measure [0] -> [0]: classical bit 0 does not exist: the circuit has no classical bits",
        ),
    ],
)
def test_every_append_is_checked_as_the_typescript_library_checks(build: Any, message: str) -> None:
    error = _error(build)
    assert error.code == "INVALID_OPERATION"
    assert error.message == message
    assert error.details["reason"] == message.split(": ", 1)[1]


def test_bits_may_be_given_as_any_iterable_of_integers() -> None:
    np = pytest.importorskip("numpy")
    c = Circuit(3, 3).measure(np.arange(3), range(3)).barrier(np.int64(0), [1, 2]).reset((2, 1))
    assert [op.qubit for op in c.operations if isinstance(op, Measure)] == [0, 1, 2]
    assert [op.qubit for op in c.operations if isinstance(op, Reset)] == [2, 1]
    assert c.operations[3] == Barrier((0, 1, 2))
    # A whole float is an index, as JavaScript's Number.isInteger has it; a bool is not.
    one: Any = 1.0
    assert Circuit(2).gate("cx", [one, 0]).operations[0] == GateOperation("cx", (1, 0))
    assert _error(lambda: Circuit(2).x(True)).details["reason"] == "qubit True is out of range (the qubits are 0..1)"


def test_registers_are_named_and_numbered_in_order() -> None:
    c = Circuit(qregs=[("a", 2), ("b", 1)], cregs=[("m", 3)])
    assert [(r.name, r.start, r.size) for r in c.qregs] == [("a", 0, 2), ("b", 2, 1)]
    assert list(c.qregs[1]) == [2] and c.qregs[0][1] == 1
    assert c.num_qubits == 3 and c.num_clbits == 3
    error = _error(lambda: c.add_classical_register("a", 1))
    assert (error.code, error.message) == ("INVALID_CIRCUIT", "register 'a': the name is taken")
    assert _error(lambda: Circuit(2, qregs=[("a", 1)])).code == "INVALID_CIRCUIT"


def test_conditions_by_callback_or_with_block_and_they_do_not_nest() -> None:
    c = Circuit(3, 2)
    c.if_bits([0, 1], 3, lambda c: c.x(2))
    with c.if_bits(c.cregs[0], 1):
        c.measure(2, 0).reset(1)
    c.x(0)
    assert c.operations[0] == GateOperation("x", (2,), condition=Condition((0, 1), 3))
    assert c.operations[1] == Measure(2, 0, Condition((0, 1), 1))
    assert c.operations[2] == Reset(1, Condition((0, 1), 1))
    assert c.operations[3] == GateOperation("x", (0,))
    too_big = _error(lambda: c.if_bits([0], 2, lambda c: c.x(0)))
    assert too_big.message == "operation #4 if: value 2 does not fit in 1 bit(s)"
    nested = _error(lambda: c.if_bits([0], 1, lambda c: c.if_bits([1], 1, lambda c: c.x(0))))
    assert nested.details["reason"] == "conditions do not nest; combine the bits into one condition"


def test_custom_gates_modifiers_and_parameters() -> None:
    theta = Parameter("theta")
    c = Circuit(3)
    c.define_gate("rzz", ["a"], 2, lambda g, a: g.cx(0, 1).rz(a, 1).cx(0, 1))
    c.gate("rzz", [0, 1], [theta / 2]).gate("h", [0, 1, 2], modifiers=[negctrl(), ctrl(), inv()])
    c.gate("sx", [2], modifiers=[pow(cos(Parameter("phi")))])
    assert c.parameters == ["phi", "theta"]
    bound = c.bind(theta=1.0, phi=0.0)
    assert bound.parameters == [] and c.parameters == ["phi", "theta"]
    assert bound.to_json()["operations"][0]["params"] == [0.5]
    assert bound.to_json()["operations"][2]["modifiers"] == [{"kind": "pow", "exponent": 1.0}]
    assert _error(lambda: c.bind(nope=1)).details == {"field": "parameters.nope"}
    undeclared = _error(lambda: Circuit(1).define_gate("g", [], 1, lambda g: g.rx(theta, 0)))
    assert (undeclared.code, undeclared.message) == (
        "INVALID_GATE_DEFINITION",
        "gate definition 'g': the body uses undeclared parameter 'theta'",
    )
    assert _error(lambda: Circuit(1).define_gate("h", [], 1, lambda g: g)).code == "INVALID_GATE_DEFINITION"


def test_copy_is_independent_and_equality_is_by_json_form() -> None:
    a = Circuit(2).h(0)
    b = a.copy().cx(0, 1)
    assert len(a.operations) == 1 and len(b.operations) == 2
    assert a == Circuit(2).h(0) and a != b
    assert repr(b) == "<Circuit 'circuit': 2 qubits, 0 clbits, 2 operations>"


def test_from_json_names_the_offending_field() -> None:
    def field(document: dict[str, Any]) -> tuple[str, str]:
        error = _error(lambda: Circuit.from_json(document))
        return error.code, error.details["field"]

    def ops(*operations: dict[str, Any]) -> dict[str, Any]:
        return {"qubits": 2, "clbits": 1, "operations": list(operations)}

    assert field(ops({"op": "gate", "name": "cx", "qubits": [0, 5]})) == ("INVALID_OPERATION", "/operations/0/qubits/1")
    assert field(ops({"op": "gate", "name": "nope", "qubits": [0]})) == ("INVALID_OPERATION", "/operations/0/name")
    assert field(ops({"op": "jump"})) == ("INVALID_CIRCUIT", "/operations/0/op")
    unknown = ops({"op": "gate", "name": "x", "qubits": [0], "extra": 1})
    assert field(unknown) == ("INVALID_CIRCUIT", "/operations/0/extra")
    assert field(ops({"op": "gate", "name": "x", "qubits": [0], "condition": {"clbits": [0], "value": 2}})) == (
        "INVALID_OPERATION",
        "/operations/0/condition/value",
    )
    registers = {"quantum": [{"name": "q", "size": 3}]}
    assert field({"qubits": 2, "clbits": 0, "registers": registers, "operations": []}) == (
        "INVALID_CIRCUIT",
        "/registers/quantum",
    )


def test_an_expression_too_deep_for_the_json_form_is_refused_where_it_is_appended() -> None:
    theta: Any = Parameter("theta")
    for _ in range(3000):
        theta = theta + 1
    error = _error(lambda: Circuit(1).rx(theta, 0))
    assert error.code == "INVALID_OPERATION"
    assert error.message == (
        "operation #0 rx(<expression>) [0]: parameter θ nests 3001 levels deep, "
        "more than the JSON form's 64 levels leave it (60)"
    )


def test_binding_checks_the_angles_it_computes() -> None:
    c = Circuit(1).rx(1 / Parameter("theta"), 0)
    error = _error(lambda: c.bind(theta=0))
    assert error.message == "operation #0 rx(Infinity) [0]: parameter θ must be a finite number, got Infinity"
