"""qcirc.adapters.qiskit: exact round trips on Qiskit's random circuits (the unitary with its
global phase, or the exact distribution of the classical bits when there are measurements), the
parts random circuits do not reach (parameters, registers, modifiers, custom gates, else
branches), the qcirc gates with no Qiskit twin (u2, u3, negctrl, pow), and what is refused."""

from __future__ import annotations

import importlib
import math
import sys
from typing import Any

import numpy as np
import pytest
from qiskit.circuit import (  # type: ignore[import-untyped, unused-ignore]
    AnnotatedOperation,
    ClassicalRegister,
    Clbit,
    ControlModifier,
    Gate,
    IfElseOp,
    InverseModifier,
    Parameter,
    PowerModifier,
    QuantumCircuit,
    QuantumRegister,
)
from qiskit.circuit import library as qlib  # type: ignore[import-untyped, unused-ignore]
from qiskit.circuit.library import UnitaryGate  # type: ignore[import-untyped, unused-ignore]
from qiskit.circuit.classical import expr  # type: ignore[import-untyped, unused-ignore]
from qiskit.circuit.random import random_circuit  # type: ignore[import-untyped, unused-ignore]
from qiskit.quantum_info import Operator, random_unitary  # type: ignore[import-untyped, unused-ignore]

from qcirc import Circuit, QcircError, cos, ctrl, inv, negctrl, pow, sin
from qcirc import Parameter as QParameter
from qcirc.adapters.qiskit import from_qiskit, to_qiskit

ROUND_TRIPS = 200


def round_trip(qc: Any) -> Any:
    return to_qiskit(from_qiskit(qc))


def assert_same_unitary(a: Any, b: Any) -> None:
    # Operator keeps the global phase: equal matrices, not merely equivalent ones.
    assert np.abs(Operator(a).data - Operator(b).data).max() < 1e-9


def distribution(qc: Any) -> dict[int, float]:
    """The exact distribution of the classical bits at the end: a classical-quantum state (one
    density matrix per value of the bits) carried through gates, measurements, resets and
    if/else, so mid-circuit measurements and conditions are followed exactly, not sampled."""
    n = qc.num_qubits
    rho = np.zeros((2**n, 2**n), complex)
    rho[0, 0] = 1
    states = _run(qc, list(range(n)), list(range(qc.num_clbits)), {0: rho}, n)
    return {key: float(np.real(np.trace(r))) for key, r in states.items() if np.real(np.trace(r)) > 1e-12}


def _full(matrix: Any, qubits: list[int], n: int) -> Any:
    op = Operator(np.eye(2**n)).compose(Operator(matrix), qargs=qubits)
    return op.data


def _run(qc: Any, qmap: list[int], cmap: list[int], states: dict[int, Any], n: int) -> dict[int, Any]:
    qubit = {q: qmap[i] for i, q in enumerate(qc.qubits)}
    clbit = {c: cmap[i] for i, c in enumerate(qc.clbits)}
    for instruction in qc.data:
        op = instruction.operation
        qs = [qubit[q] for q in instruction.qubits]
        cs = [clbit[c] for c in instruction.clbits]
        if op.name == "barrier":
            continue
        if op.name in ("measure", "reset"):
            (q,) = qs
            projectors = [_full(np.diag([1, 0]), [q], n), _full(np.diag([0, 1]), [q], n)]
            flip = _full(np.array([[0, 1], [1, 0]]), [q], n)
            out: dict[int, Any] = {}
            for key, r in states.items():
                for bit, p in enumerate(projectors):
                    part = p @ r @ p
                    if op.name == "reset":
                        part = flip @ part @ flip if bit else part
                        new = key
                    else:
                        new = key & ~(1 << cs[0]) | (bit << cs[0])
                    out[new] = out.get(new, 0) + part
            states = out
        elif isinstance(op, IfElseOp):
            target, value = op.condition
            bits = [clbit[c] for c in (target if isinstance(target, ClassicalRegister) else [target])]
            taken: dict[int, Any] = {}
            other: dict[int, Any] = {}
            for key, r in states.items():
                read = sum(((key >> b) & 1) << i for i, b in enumerate(bits))
                (taken if read == int(value) else other)[key] = r
            taken = _run(op.blocks[0], qs, cs, taken, n)
            if len(op.blocks) > 1:
                other = _run(op.blocks[1], qs, cs, other, n)
            states = dict(other)
            for key, r in taken.items():
                states[key] = states.get(key, 0) + r
        else:
            u = _full(op, qs, n)
            states = {key: u @ r @ u.conj().T for key, r in states.items()}
    return states


def assert_same_distribution(a: Any, b: Any) -> None:
    pa, pb = distribution(a), distribution(b)
    assert abs(sum(pa.values()) - 1) < 1e-9
    for key in set(pa) | set(pb):
        assert abs(pa.get(key, 0) - pb.get(key, 0)) < 1e-9, key


def random_circuits(measured: bool) -> list[tuple[int, Any]]:
    circuits = []
    for seed in range(ROUND_TRIPS // 2):
        n = 1 + seed % 5
        qc = random_circuit(
            n, 2 + seed % 4, max_operands=min(4, n), seed=seed, measure=measured, conditional=measured
        )
        circuits.append((seed, qc))
    return circuits


def test_random_unitary_circuits_round_trip_with_the_same_unitary_and_global_phase() -> None:
    for seed, qc in random_circuits(measured=False):
        qc.global_phase = seed * 0.1
        back = round_trip(qc)
        assert_same_unitary(qc, back)
        assert back.global_phase == pytest.approx(qc.global_phase)


def test_random_circuits_with_mid_circuit_measurements_and_if_test_keep_their_distribution() -> None:
    conditioned = 0
    for _, qc in random_circuits(measured=True):
        back = round_trip(qc)
        conditioned += sum(isinstance(i.operation, IfElseOp) for i in qc.data)
        assert [r.name for r in back.cregs] == [r.name for r in qc.cregs]
        assert_same_distribution(qc, back)
    assert conditioned > 20  # the seeds do reach if_test


def test_if_test_on_a_register_becomes_a_condition_on_each_operation() -> None:
    qr, cr = QuantumRegister(2, "q"), ClassicalRegister(2, "c")
    qc = QuantumCircuit(qr, cr)
    qc.h(0)
    qc.measure(0, 0)
    with qc.if_test((cr, 1)):
        qc.x(1)
        qc.h(0)
    with qc.if_test((cr[0], True)) as else_:
        qc.x(0)
    with else_:
        qc.h(1)
    document = from_qiskit(qc).to_json()
    conditions = [op.get("condition") for op in document["operations"]]
    assert conditions[2:] == [
        {"clbits": [0, 1], "value": 1},
        {"clbits": [0, 1], "value": 1},
        {"clbits": [0], "value": 1},
        {"clbits": [0], "value": 0},
    ]
    assert_same_distribution(qc, round_trip(qc))


def test_a_condition_on_bits_of_no_single_register_becomes_nested_if_tests() -> None:
    c = Circuit(3, 3).h(0).h(1).measure([0, 1], [0, 2])
    c.if_bits([0, 2], 2, lambda c: c.x(2))
    c.measure(2, 1)
    qc = to_qiskit(c)
    (outer,) = [i.operation for i in qc.data if isinstance(i.operation, IfElseOp)]
    assert isinstance(outer.blocks[0].data[0].operation, IfElseOp)
    assert from_qiskit(qc).to_json()["operations"] == c.to_json()["operations"]
    assert distribution(qc) == pytest.approx({0b000: 0.25, 0b001: 0.25, 0b110: 0.25, 0b101: 0.25})


def test_parameters_and_expressions_stay_symbolic_both_ways() -> None:
    a, b = Parameter("a"), Parameter("θ[0]")
    qc = QuantumCircuit(2)
    qc.rx((a + 2 * b).sin() / 3 - a**2, 0)
    qc.ry(1.5 / a - (-b) + (a * b).cos().exp().log().arctan(), 1)
    qc.crz(2 - a.arcsin().tan() + a.arccos(), 0, 1)
    c = from_qiskit(qc)
    assert sorted(c.parameters) == ["__0_", "a"]
    back = round_trip(qc)
    assert sorted(p.name for p in back.parameters) == ["__0_", "a"]
    values = {"a": 0.37, "__0_": -1.1}
    bound = back.assign_parameters({p: values[p.name] for p in back.parameters})
    assert_same_unitary(qc.assign_parameters({a: 0.37, b: -1.1}), bound)

    t = QParameter("t")
    circuit = Circuit(1).rz(sin(t) * cos(t) + t**2 - 1 / t, 0)
    (parameter,) = to_qiskit(circuit).parameters
    assert parameter.name == "t"
    assert from_qiskit(to_qiskit(circuit)).parameters == ["t"]


def test_an_expression_read_back_wrongly_is_refused_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    # The replay is Qiskit's private serialisation: if a version reads differently, the value
    # check at one point catches it.
    from qiskit.circuit.parameterexpression import OpCode  # type: ignore[import-untyped, unused-ignore]

    from qcirc.adapters import qiskit as adapter

    monkeypatch.setitem(adapter._BINARY, OpCode.MUL, "+")
    qc = QuantumCircuit(1)
    qc.rx(Parameter("a") * 3 + 1, 0)
    with pytest.raises(QcircError) as raised:
        from_qiskit(qc)
    assert raised.value.code == "CANNOT_EXPORT"
    assert "not read back exactly" in raised.value.message


def test_registers_keep_names_and_sizes_and_loose_bits_get_a_default_register() -> None:
    qc = QuantumCircuit(QuantumRegister(2, "data"), QuantumRegister(1, "anc"), ClassicalRegister(2, "out"))
    qc.add_bits([Clbit()])
    document = from_qiskit(qc).to_json()
    assert document["registers"] == {
        "quantum": [{"name": "data", "size": 2}, {"name": "anc", "size": 1}],
        "classical": [{"name": "out", "size": 2}, {"name": "c", "size": 1}],
    }
    back = round_trip(qc)
    assert [(r.name, r.size) for r in back.qregs] == [("data", 2), ("anc", 1)]
    assert [(r.name, r.size) for r in back.cregs] == [("out", 2), ("c", 1)]


def test_barriers_resets_and_mid_circuit_measurements_are_kept_in_order() -> None:
    qc = QuantumCircuit(2, 2)
    qc.h(0)
    qc.measure(0, 1)
    qc.barrier()
    qc.reset(0)
    qc.cx(1, 0)
    qc.barrier(1)
    qc.measure(1, 0)
    back = round_trip(qc)
    assert [i.operation.name for i in back.data] == [i.operation.name for i in qc.data]
    assert [[back.find_bit(q).index for q in i.qubits] for i in back.data] == [
        [qc.find_bit(q).index for q in i.qubits] for i in qc.data
    ]
    assert_same_distribution(qc, back)


def test_controlled_inverse_power_and_annotated_gates_become_modifiers() -> None:
    qc = QuantumCircuit(5)
    qc.append(qlib.XGate().control(3, ctrl_state=0b101), [0, 1, 2, 3])
    qc.append(qlib.RYGate(0.4).control(2, ctrl_state=0b10, annotated=False), [4, 0, 1])
    qc.append(qlib.CXGate(ctrl_state=0), [2, 3])
    qc.append(qlib.SXGate().power(0.5, annotated=True), [1])
    qc.append(
        AnnotatedOperation(qlib.HGate(), [PowerModifier(1.5), InverseModifier(), ControlModifier(2, ctrl_state=1)]),
        [3, 0, 2],
    )
    qc.append(qlib.TGate().inverse(), [4])
    qc.append(qlib.C4XGate(), [0, 1, 2, 3, 4])
    document = from_qiskit(qc).to_json()
    assert document["operations"][0] == {
        "op": "gate",
        "name": "x",
        "qubits": [0, 1, 2, 3],
        "modifiers": [{"kind": "ctrl", "count": 1}, {"kind": "negctrl", "count": 1}, {"kind": "ctrl", "count": 1}],
    }
    assert document["operations"][4]["modifiers"] == [
        {"kind": "ctrl", "count": 1},
        {"kind": "negctrl", "count": 1},
        {"kind": "inv"},
        {"kind": "pow", "exponent": 1.5},
    ]
    assert "gates" not in document
    assert_same_unitary(qc, round_trip(qc))


def test_gates_outside_the_standard_set_become_custom_gates_from_their_definitions() -> None:
    theta = Parameter("theta")
    inner = QuantumCircuit(2, name="entangle", global_phase=0.25)
    inner.h(0)
    inner.rzz(theta, 0, 1)
    entangle = inner.to_gate()
    outer = QuantumCircuit(3, name="layer")
    outer.append(entangle, [0, 1])
    outer.append(qlib.iSwapGate(), [1, 2])
    layer = outer.to_gate()
    qc = QuantumCircuit(3)
    qc.append(layer, [2, 0, 1])
    qc.append(entangle.control(1), [1, 2, 0])
    qc.rxx(0.7, 0, 2)
    c = from_qiskit(qc)
    names = [g["name"] for g in c.to_json()["gates"]]
    assert {"entangle", "rzz", "iswap", "layer", "rxx"} <= set(names)
    assert names.index("entangle") < names.index("layer")
    assert c.to_json()["operations"][1]["modifiers"] == [{"kind": "ctrl", "count": 1}]
    back = to_qiskit(c)
    # Qiskit's own gates come back as themselves, a user's gates with their definitions.
    assert {"rxx"} <= set(back.count_ops())
    assert_same_unitary(qc.assign_parameters({theta: 0.3}), back.assign_parameters({back.parameters[0]: 0.3}))


def test_unitary_gates_go_by_their_definition_and_names_qiskit_knows_are_not_reused() -> None:
    qc = QuantumCircuit(3)
    qc.append(UnitaryGate(random_unitary(8, seed=1)), [0, 1, 2])
    qc.append(UnitaryGate(random_unitary(4, seed=2)), [2, 0])
    c = from_qiskit(qc)
    assert [g["name"] for g in c.to_json()["gates"]][-2:] == ["unitary", "unitary_1"]
    back = to_qiskit(c)
    assert_same_unitary(qc, back)
    # A qcirc gate named like one of Qiskit's but defined otherwise must not pass for it.
    mine = Circuit(2).define_gate("rzz", ["t"], 2, lambda g, t: g.rx(t, 0).cz(0, 1))
    mine.gate("rzz", [0, 1], [0.5])
    assert set(back.count_ops()) == {"unitary_qcirc", "unitary_1"}
    assert list(to_qiskit(mine).count_ops()) == ["rzz_qcirc"]
    expected = QuantumCircuit(2)
    expected.rx(0.5, 0)
    expected.cz(0, 1)
    assert_same_unitary(to_qiskit(mine), expected)


def test_qcirc_gates_without_a_qiskit_twin_keep_their_matrix_and_phase() -> None:
    c = Circuit(3)
    c.gate("u3", [0], [0.3, 0.5, 0.7]).gate("u2", [1], [0.2, 0.9])
    c.gate("u3", [0, 1, 2], [0.3, 0.5, 0.7], [ctrl(), negctrl()])
    c.gate("x", [2, 0], [], [pow(0.5), ctrl()])
    c.gate("t", [1], [], [inv()]).gphase(0.4).gate("gphase", [2], [0.6], [ctrl()])
    c.define_gate("hx", ["a"], 2, lambda g, a: g.h(0).rx(a, 1).gphase(a))
    c.gate("hx", [2, 1, 0], [0.8], [negctrl()])
    qc = to_qiskit(c)
    # The same circuit written with Qiskit's own gates and the phases OpenQASM puts on u2/u3.
    expected = QuantumCircuit(3, global_phase=0.4 - (0.5 + 0.7) / 2 - (0.2 + 0.9) / 2)
    expected.append(qlib.U3Gate(0.3, 0.5, 0.7), [0])
    expected.append(qlib.U2Gate(0.2, 0.9), [1])
    phased = QuantumCircuit(1, global_phase=-(0.5 + 0.7) / 2)
    phased.append(qlib.U3Gate(0.3, 0.5, 0.7), [0])
    expected.append(phased.to_gate().control(2, ctrl_state=0b01), [0, 1, 2])
    expected.csx(2, 0)
    expected.tdg(1)
    expected.p(0.6, 2)
    hx = QuantumCircuit(2, global_phase=0.8)
    hx.h(0)
    hx.rx(0.8, 1)
    expected.append(hx.to_gate().control(1, ctrl_state=0), [2, 1, 0])
    assert_same_unitary(qc, expected)
    # The unconditioned gphase went into the global phase, which comes back first.
    assert from_qiskit(qc).to_json()["operations"][1:3] == c.to_json()["operations"][:2]


def _while(qc: Any) -> None:
    qc.measure(0, 0)
    with qc.while_loop((qc.clbits[0], True)):
        qc.x(0)


def _if_else_on_register(qc: Any) -> None:
    with qc.if_test((qc.cregs[0], 2)) as else_:
        qc.x(0)
    with else_:
        qc.x(1)


def _if_on_expression(qc: Any) -> None:
    with qc.if_test(expr.logic_and(qc.clbits[0], qc.clbits[1])):
        qc.x(0)


@pytest.mark.parametrize(
    ("build", "named"),
    [
        (lambda qc: qc.append(Gate("oracle", 1, []), [0]), "oracle"),
        (lambda qc: qc.delay(100, 0), "delay"),
        (lambda qc: qc.initialize([0, 1], 0), "initialize"),
        (_while, "while_loop"),
        (_if_else_on_register, "if_else"),
        (_if_on_expression, "if_else"),
    ],
)
def test_operations_without_a_counterpart_are_refused_with_their_name(build: Any, named: str) -> None:
    qc = QuantumCircuit(2, 2)
    build(qc)
    with pytest.raises(QcircError) as raised:
        from_qiskit(qc)
    assert raised.value.code == "CANNOT_EXPORT"
    assert raised.value.details["operation"] == f"qiskit operation '{named}'"
    assert named in str(raised.value)


@pytest.mark.parametrize("module", ["qcirc.adapters.qiskit", "qcirc.providers.qiskit"])
def test_without_qiskit_the_modules_say_which_extra_to_install(module: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in [m for m in sys.modules if m == "qiskit" or m.startswith("qiskit.")]:
        monkeypatch.setitem(sys.modules, name, None)  # makes every `import qiskit...` fail
    monkeypatch.delitem(sys.modules, module, raising=False)
    with pytest.raises(ImportError, match=r"needs Qiskit 2\.2 or later: install it with pip install 'qcirc\[qiskit\]'"):
        importlib.import_module(module)


def test_the_angles_are_exact_floats() -> None:
    qc = QuantumCircuit(1)
    qc.append(qlib.U2Gate(0.1, 0.2), [0])
    (op,) = from_qiskit(qc).to_json()["operations"]
    assert op == {"op": "gate", "name": "U", "qubits": [0], "params": [math.pi / 2, 0.1, 0.2]}
