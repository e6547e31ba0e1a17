"""qcirc.adapters.cirq: round trips of 100 random Cirq circuits (the same unitary, global phase
included, or the same exact distribution of every measurement key), the qubits and moments kept,
the mapping pinned gate by gate, refusals, and sampled distributions on the local engine
against Cirq's simulator (chi-square homogeneity at fixed seeds)."""

from __future__ import annotations

import importlib
import math
import subprocess
import sys
from typing import Any, Sequence

import cirq
import numpy as np
import pytest
import sympy  # type: ignore[import-untyped]
from scipy.stats import chi2_contingency, chisquare  # type: ignore[import-untyped]

from qiskit import transpile  # type: ignore[import-untyped, unused-ignore]
from qiskit_aer import AerSimulator  # type: ignore[import-untyped, unused-ignore]

import qcirc
from qcirc import Circuit, ctrl, inv, negctrl, pow
from qcirc.adapters.cirq import from_cirq, to_cirq
from qcirc.adapters.qiskit import to_qiskit
from qcirc.expr import Parameter, cos

A, B, C = sympy.symbols("a b c")
RESOLVER = cirq.ParamResolver({A: 0.41, B: -1.7, C: 2.3})
TOLERANCE = 1e-9


def _unitary(n: int, seed: int) -> np.ndarray:
    return cirq.testing.random_unitary(n, random_state=seed)


#: Every kind of gate the adapter maps or decomposes, with parameterised ones.
DOMAIN: dict[cirq.Gate, int] = {
    cirq.X: 1,
    cirq.Y: 1,
    cirq.Z: 1,
    cirq.H: 1,
    cirq.S: 1,
    cirq.S**-1: 1,
    cirq.T: 1,
    cirq.T**-1: 1,
    cirq.X**0.5: 1,
    cirq.X**-0.5: 1,
    cirq.I: 1,
    cirq.XPowGate(exponent=0.37, global_shift=0.21): 1,
    cirq.YPowGate(exponent=-1.3, global_shift=-0.4): 1,
    cirq.ZPowGate(exponent=0.6, global_shift=0.3): 1,
    cirq.HPowGate(exponent=0.45, global_shift=0.1): 1,
    cirq.rx(0.7): 1,
    cirq.ry(-2.1): 1,
    cirq.rz(3.9): 1,
    cirq.PhasedXPowGate(phase_exponent=0.3, exponent=0.8, global_shift=0.1): 1,
    cirq.PhasedXZGate(x_exponent=0.2, z_exponent=-0.7, axis_phase_exponent=0.4): 1,
    cirq.MatrixGate(_unitary(2, 5)): 1,
    cirq.XPowGate(exponent=A): 1,
    cirq.rz(2 * B - 0.5): 1,
    cirq.ry(sympy.sin(A) / C + sympy.sqrt(C)): 1,
    cirq.ZPowGate(exponent=sympy.cos(B) * A, global_shift=0.25): 1,
    cirq.HPowGate(exponent=A - B): 1,
    cirq.CNOT: 2,
    cirq.CZ: 2,
    cirq.SWAP: 2,
    cirq.ISWAP: 2,
    cirq.CZPowGate(exponent=0.3, global_shift=0.2): 2,
    cirq.CXPowGate(exponent=-0.7, global_shift=0.1): 2,
    cirq.ISwapPowGate(exponent=0.3): 2,
    cirq.SwapPowGate(exponent=0.6, global_shift=0.1): 2,
    cirq.XXPowGate(exponent=0.3): 2,
    cirq.YYPowGate(exponent=-0.2, global_shift=0.3): 2,
    cirq.ZZPowGate(exponent=0.4, global_shift=0.3): 2,
    cirq.FSimGate(theta=0.4, phi=0.9): 2,
    cirq.ControlledGate(cirq.H): 2,
    cirq.ControlledGate(cirq.ry(0.3), control_values=[0]): 2,
    cirq.ControlledGate(cirq.XPowGate(exponent=A, global_shift=0.2)): 2,
    cirq.CZPowGate(exponent=B / 2): 2,
    cirq.MatrixGate(_unitary(4, 6)): 2,
    cirq.CCX: 3,
    cirq.CCZ: 3,
    cirq.CSWAP: 3,
    cirq.CCXPowGate(exponent=0.4, global_shift=0.1): 3,
    cirq.ControlledGate(cirq.X, num_controls=2, control_values=[0, 1]): 3,
}
#: Gates mapped one to one, so a round trip gives back the very same circuit.
DIRECT = [cirq.X, cirq.Y, cirq.Z, cirq.H, cirq.S, cirq.T, cirq.X**0.5, cirq.CNOT, cirq.CZ, cirq.SWAP, cirq.CCX]


def _qubits(seed: int, n: int) -> Sequence[cirq.Qid]:
    kind = seed % 4
    if kind == 0:
        return list(cirq.LineQubit.range(n))
    if kind == 1:
        return [cirq.GridQubit(r, c) for r in range(2) for c in range(3)][:n]
    if kind == 2:
        return [cirq.NamedQubit(f"a{i}") for i in range(n)]
    return [cirq.LineQubit(-2 + 3 * i) for i in range(n)]


def _random(seed: int, n: int, moments: int, domain: dict[cirq.Gate, int]) -> cirq.Circuit:
    return cirq.testing.random_circuit(_qubits(seed, n), moments, 0.8, domain, random_state=seed)


def _measured(seed: int) -> cirq.Circuit:
    """A random circuit on 2 or 3 qubits with two mid-circuit measurements, each followed by an
    operation conditioned on it (KeyCondition, BitMaskKeyCondition or SympyCondition), a reset,
    and a final measurement."""
    rng = np.random.RandomState(seed)
    n = 2 + seed % 2
    qubits = _qubits(seed, n)
    base = cirq.resolve_parameters(cirq.testing.random_circuit(qubits, 4, 0.8, DOMAIN, random_state=rng), RESOLVER)
    out = cirq.Circuit()
    for i, moment in enumerate(base):
        out.append(moment, strategy=cirq.InsertStrategy.NEW_THEN_INLINE)
        if i in (0, 2):
            key = f"m{i}"
            measured = [qubits[j] for j in sorted(rng.choice(n, size=1 + rng.randint(2), replace=False))]
            idle = [q for q in qubits if q not in measured] or list(qubits)
            target = idle[rng.randint(len(idle))]
            size = len(measured)
            condition = [
                cirq.KeyCondition(cirq.MeasurementKey(key)),
                cirq.BitMaskKeyCondition(key, bitmask=(1 << size) - 1, target_value=rng.randint(1 << size), equal_target=True),
                cirq.SympyCondition(sympy.Symbol(key) < 1 + rng.randint(1 << size)),
            ][rng.randint(3)]
            out.append(cirq.Moment(cirq.measure(*measured, key=key)))
            out.append(cirq.Moment(cirq.H(target).with_classical_controls(condition)))
            if i == 2:
                out.append(cirq.Moment(cirq.reset(measured[0])))
    out.append(cirq.Moment(cirq.measure(*qubits, key="final")))
    return out


def _distribution(circuit: cirq.Circuit) -> dict[tuple[tuple[str, tuple[int, ...]], ...], float]:
    """The exact joint distribution of every key's bits (measurements deferred onto ancillas,
    then read off the final density matrix's diagonal)."""
    deferred = cirq.defer_measurements(circuit)
    measurements = [(str(cirq.measurement_key_obj(op)), op.qubits) for op in deferred.all_operations() if cirq.is_measurement(op)]
    order = sorted(deferred.all_qubits())
    simulator = cirq.DensityMatrixSimulator(dtype=np.complex128, split_untangled_states=False)
    rho = simulator.simulate(cirq.drop_terminal_measurements(deferred), qubit_order=order).final_density_matrix
    probabilities = np.real(np.diag(rho)).reshape((2,) * len(order))
    out: dict[tuple[tuple[str, tuple[int, ...]], ...], float] = {}
    for index in np.ndindex(probabilities.shape):
        if probabilities[index] < 1e-15:
            continue
        outcome = tuple(sorted((key, tuple(index[order.index(q)] for q in qs)) for key, qs in measurements))
        out[outcome] = out.get(outcome, 0.0) + float(probabilities[index])
    return out


def _same_distribution(a: dict[Any, float], b: dict[Any, float]) -> float:
    return max(abs(a.get(k, 0.0) - b.get(k, 0.0)) for k in {*a, *b})


@pytest.mark.parametrize("seed", range(100))
def test_round_trip_of_a_random_circuit(seed: int) -> None:
    if seed % 5 == 4:
        original = _measured(seed)
        back = to_cirq(from_cirq(original))
        assert _same_distribution(_distribution(original), _distribution(back)) < TOLERANCE
    else:
        original = _random(seed, 1 + (seed // 5) % 5, 8, DOMAIN)
        back = to_cirq(from_cirq(original))
        order = sorted(original.all_qubits())
        expected = cirq.resolve_parameters(original, RESOLVER).unitary(qubit_order=order)
        got = cirq.resolve_parameters(back, RESOLVER).unitary(qubit_order=order)
        assert np.abs(expected - got).max() < TOLERANCE
    assert back.all_qubits() == original.all_qubits()


@pytest.mark.parametrize("seed", range(4))
def test_directly_mapped_gates_come_back_as_the_same_moments(seed: int) -> None:
    original = _random(seed, 4, 10, {g: cirq.num_qubits(g) for g in DIRECT})
    qc = from_cirq(original)
    assert sum(op.__class__.__name__ == "Barrier" for op in qc.operations) == len(original) - 1
    assert to_cirq(qc) == original


def test_qubits_are_numbered_in_order_and_kept_in_register_names() -> None:
    a, b = cirq.GridQubit(-1, 2), cirq.GridQubit(-1, 3)
    line, named = cirq.LineQubit(7), cirq.NamedQubit("anc")
    circuit = cirq.Circuit(cirq.CNOT(a, line), cirq.H(b), cirq.X(named))
    qc = from_cirq(circuit)
    # Cirq sorts GridQubit before LineQubit before NamedQubit.
    assert [(r.name, r.size) for r in qc.qregs] == [("grid_m1_2", 2), ("line_7", 1), ("anc", 1)]
    assert qc.to_json()["operations"][0] == {"op": "gate", "name": "cx", "qubits": [0, 2]}
    assert to_cirq(qc) == circuit
    ordered = from_cirq(circuit, qubit_order=[named, a, b, line])
    assert [r.name for r in ordered.qregs] == ["anc", "grid_m1_2", "line_7"]
    assert to_cirq(ordered) == circuit
    assert to_cirq(Circuit(2).h(0)) == cirq.Circuit(cirq.H(cirq.LineQubit(0)))
    assert to_cirq(Circuit(2).h(0), qubits=[b, a]) == cirq.Circuit(cirq.H(b))


def test_pow_gates_map_to_qcirc_gates_with_their_global_phase() -> None:
    q = cirq.LineQubit(0)
    t, s = 0.37, 0.21
    ops = from_cirq(cirq.Circuit(cirq.XPowGate(exponent=t, global_shift=s)(q))).to_json()["operations"]
    assert ops == [
        {"op": "gate", "name": "gphase", "qubits": [], "params": [pytest.approx(math.pi * t * (s + 0.5))]},
        {"op": "gate", "name": "rx", "qubits": [0], "params": [pytest.approx(math.pi * t)]},
    ]
    named = from_cirq(cirq.Circuit([cirq.Moment(g(q)) for g in (cirq.S, cirq.T**-1, cirq.X**-0.5, cirq.rz(0.5))]))
    gates = [(op["name"], op.get("modifiers")) for op in named.to_json()["operations"] if op["op"] == "gate"]
    # Cirq's Rz is Z^t with global shift -½: e^{-iπt/2} p(πt).
    assert gates == [("s", None), ("tdg", None), ("sx", [{"kind": "inv"}]), ("gphase", None), ("p", None)]


def test_parameters_convert_both_ways() -> None:
    theta = Parameter("theta")
    qc = Circuit(2).rx(theta / 2 + 1, 0).cp(cos(theta) * 3, 0, 1).gate("h", [1], modifiers=[pow(theta)])
    back = to_cirq(qc)
    assert cirq.parameter_names(back) == {"theta"}
    again = from_cirq(back)
    for value in (0.3, -2.2):
        expected = cirq.unitary(cirq.resolve_parameters(back, {"theta": value}))
        assert np.allclose(cirq.unitary(cirq.resolve_parameters(to_cirq(again), {"theta": value})), expected, atol=1e-12)
        assert np.allclose(cirq.unitary(to_cirq(qc.bind(theta=value))), expected, atol=1e-12)
    assert again.parameters == ["theta"]


def test_every_standard_qcirc_gate_and_modifier_goes_to_cirq_exactly() -> None:
    """to_cirq against the engine-independent definition: from_cirq(to_cirq(c)) and back are
    equal, and each gate's matrix against its OpenQASM definition built from U and gphase."""
    u = (0.3, -1.1, 2.4)
    qc = (
        Circuit(3)
        .u(*u, 0)
        .u2(0.4, -0.9, 1)
        .u3(*u, 2)
        .cu(0.5, 0.6, -0.7, 0.8, 0, 1)
        .gphase(0.9)
        .cy(2, 0)
        .ch(1, 2)
        .crx(0.4, 0, 2)
        .cry(0.5, 1, 0)
        .crz(0.6, 2, 1)
        .cswap(0, 1, 2)
        .gate("x", [0, 1, 2], modifiers=[negctrl(1), ctrl(1)])
        .gate("rz", [1], [0.7], modifiers=[pow(0.3)])
        .gate("sx", [0, 2], modifiers=[ctrl(1), pow(0.5), pow(2)])
    )
    # U(θ, φ, λ) as OpenQASM defines it; u3 = e^{-i(φ+λ)/2} U; cu = ctrl @ (gphase(γ) U).
    matrix = cirq.unitary(cirq.Circuit(to_cirq(Circuit(1).u(*u, 0))))
    c, s = math.cos(u[0] / 2), math.sin(u[0] / 2)
    expected = np.array([[c, -np.exp(1j * u[2]) * s], [np.exp(1j * u[1]) * s, np.exp(1j * (u[1] + u[2])) * c]])
    assert np.allclose(matrix, expected, atol=1e-12)
    u3 = cirq.unitary(to_cirq(Circuit(1).u3(*u, 0)))
    assert np.allclose(u3, np.exp(-1j * (u[1] + u[2]) / 2) * expected, atol=1e-12)
    back = to_cirq(qc)
    assert np.allclose(cirq.unitary(to_cirq(from_cirq(back))), cirq.unitary(back), atol=1e-12)
    # Modifiers apply innermost first: pow(0.5) @ pow(2) @ sx is sx (principal branch), under ctrl.
    csx = cirq.unitary(to_cirq(Circuit(2).gate("sx", [0, 1], modifiers=[ctrl(1), pow(0.5), pow(2)])))
    assert np.allclose(csx, cirq.unitary(cirq.ControlledGate(cirq.X**0.5)), atol=1e-12)
    assert np.allclose(cirq.unitary(to_cirq(Circuit(1).gate("rz", [0], [0.7], modifiers=[pow(0.3)]))), cirq.unitary(cirq.rz(0.21)), atol=1e-12)
    mixed = cirq.unitary(to_cirq(Circuit(3).gate("x", [0, 1, 2], modifiers=[negctrl(1), ctrl(1)])))
    assert np.allclose(mixed, cirq.unitary(cirq.ControlledGate(cirq.X, num_controls=2, control_values=[0, 1])), atol=1e-12)
    custom = Circuit(2).define_gate("rzz", ["theta"], 2, lambda g, theta: g.cx(0, 1).rz(theta, 1).cx(0, 1))
    custom.define_gate("halfx", ["k"], 1, lambda g, k: g.gate("x", [0], modifiers=[pow(k / 2)]))
    custom.gate("rzz", [0, 1], [0.8], modifiers=[inv()]).gate("halfx", [1], [2]).gate("halfx", [1], [-2])
    assert np.allclose(cirq.unitary(to_cirq(custom)), cirq.unitary(cirq.ZZPowGate(exponent=-0.8 / math.pi, global_shift=-0.5)), atol=1e-12)


def test_measurement_keys_and_conditions_map_to_registers() -> None:
    q = cirq.LineQubit.range(3)
    circuit = cirq.Circuit(
        cirq.H(q[0]),
        cirq.measure(q[0], q[1], key="m"),
        cirq.X(q[2]).with_classical_controls(cirq.BitMaskKeyCondition("m", bitmask=2, target_value=2, equal_target=True)),
        cirq.measure(q[2], key="q(2)"),
        cirq.Y(q[1]).with_classical_controls("q(2)"),
        cirq.measure(q[1], key="flag", invert_mask=(True,)),
    )
    qc = from_cirq(circuit)
    assert [(r.name, r.size) for r in qc.cregs] == [("m", 2), ("q_2_", 1), ("flag", 1)]
    ops = qc.to_json()["operations"]
    # bit 0 of m is q0; Cirq reads m big-endian, so bitmask 2 is m[0].
    assert {"op": "gate", "name": "x", "qubits": [2], "condition": {"clbits": [0], "value": 1}} in ops
    assert {"op": "gate", "name": "y", "qubits": [1], "condition": {"clbits": [2], "value": 1}} in ops
    back = to_cirq(qc)
    keys = {str(k) for k in cirq.measurement_key_objs(back)}
    assert keys == {"m", "q_2_", "flag"}
    renamed = {"q(2)": "q_2_"}
    expected = {tuple(sorted((renamed.get(k, k), v) for k, v in outcome)): p for outcome, p in _distribution(circuit).items()}
    assert _same_distribution(expected, _distribution(back)) < TOLERANCE


def test_a_subcircuit_with_measurements_is_decomposed_into_them() -> None:
    q = cirq.LineQubit.range(2)
    body = cirq.FrozenCircuit(cirq.H(q[0]), cirq.measure(q[0], key="k"), cirq.X(q[1]).with_classical_controls("k"))
    circuit = cirq.Circuit(cirq.CircuitOperation(body).repeat(2), cirq.measure(*q, key="out"))
    qc = from_cirq(circuit)
    assert [(r.name, r.size) for r in qc.cregs] == [("k", 1), ("out", 2)]
    assert _same_distribution(_distribution(circuit), _distribution(to_cirq(qc))) < TOLERANCE


def test_partial_register_measurements_become_one_key_per_bit() -> None:
    qc = Circuit(2, 2).h(0).measure(0, 0)
    with qc.if_bits([0], 1):
        qc.x(1)
    qc.measure(1, 1)
    back = to_cirq(qc)
    assert {str(k) for k in cirq.measurement_key_objs(back)} == {"c[0]", "c[1]"}
    again = from_cirq(back)
    assert [(r.name, r.size) for r in again.cregs] == [("c", 2)]
    assert [op for op in again.to_json()["operations"] if op["op"] != "barrier"] == qc.to_json()["operations"]


def test_what_cannot_be_converted_is_refused_naming_it() -> None:
    q = cirq.LineQubit.range(2)
    with pytest.raises(qcirc.QcircError) as refused:
        from_cirq(cirq.Circuit(cirq.depolarize(0.1)(q[0])))
    assert refused.value.code == "CANNOT_EXPORT"
    assert refused.value.details["format"] == "qcirc"
    assert "depolarize" in refused.value.details["operation"]
    with pytest.raises(qcirc.QcircError) as qudit:
        from_cirq(cirq.Circuit(cirq.IdentityGate(qid_shape=(3,)).on(cirq.LineQid(0, dimension=3))))
    assert qudit.value.code == "CANNOT_EXPORT"
    with pytest.raises(qcirc.QcircError, match="no qcirc counterpart and no decomposition"):
        from_cirq(cirq.Circuit(cirq.MatrixGate(_unitary(16, 1)).on(*cirq.LineQubit.range(4))))
    conditioned_measure = Circuit(2, 2).measure(0, 0)
    with conditioned_measure.if_bits([0], 1):
        conditioned_measure.measure(1, 1)
    with pytest.raises(qcirc.QcircError) as export:
        to_cirq(conditioned_measure)
    assert export.value.code == "CANNOT_EXPORT"
    assert export.value.details["format"] == "cirq"
    unmeasured = Circuit(1, 1)
    with unmeasured.if_bits([0], 1):
        unmeasured.x(0)
    with pytest.raises(qcirc.QcircError, match="no earlier measurement"):
        to_cirq(unmeasured)
    with pytest.raises(qcirc.QcircError, match="needs 2 distinct qubits, got 2 [(]1 distinct[)]"):
        to_cirq(Circuit(2), qubits=[cirq.LineQubit(0)] * 2)
    with pytest.raises(qcirc.QcircError, match="non-integer pow of a parameterised gate"):
        to_cirq(Circuit(1).gate("rx", [0], [Parameter("t")], modifiers=[pow(0.5)]))


def test_cirq_is_imported_by_the_adapter_only_and_its_absence_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    check = "import sys, qcirc, qcirc.adapters; print(sorted(m for m in sys.modules if m.split('.')[0] in ('cirq', 'sympy')))"
    assert subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, check=True).stdout == "[]\n"
    for name in [m for m in sys.modules if m == "cirq" or m.startswith("cirq.")]:
        monkeypatch.setitem(sys.modules, name, None)  # makes every `import cirq...` fail
    monkeypatch.delitem(sys.modules, "qcirc.adapters.cirq", raising=False)
    with pytest.raises(ImportError, match=r"needs Cirq: install it with `pip install 'qcirc\[cirq\]'`"):
        importlib.import_module("qcirc.adapters.cirq")


# ---------------------------------------------------------------- sampled distributions

SHOTS = 2000


def _cirq_counts(qc: Circuit, circuit: cirq.Circuit, seed: int) -> dict[str, int]:
    """Cirq's samples of ``circuit`` as qcirc prints outcomes: every register's bits, the
    highest bit first (each register is one key here, its i-th qubit bit i)."""
    records = cirq.Simulator(seed=seed).run(circuit, repetitions=SHOTS).records
    out: dict[str, int] = {}
    for shot in range(SHOTS):
        bits = [int(b) for r in qc.cregs for b in records[r.name][shot][-1]]
        key = "".join(map(str, reversed(bits)))
        out[key] = out.get(key, 0) + 1
    return out


def _pooled(outcomes: list[str], rows: list[list[float]]) -> tuple[list[str], list[list[float]]]:
    """Outcomes seen fewer than 10 times in all rows together pooled into one column, so every
    expected count stays near 5 or more (the chi-square approximation needs it)."""
    kept = [j for j in range(len(outcomes)) if sum(r[j] for r in rows) >= 10]
    rest = [j for j in range(len(outcomes)) if j not in kept]
    pooled = [[*(r[j] for j in kept), *([sum(r[j] for j in rest)] if rest else [])] for r in rows]
    return [outcomes[j] for j in kept], pooled


def _homogeneous(ours: dict[str, int], theirs: dict[str, int]) -> None:
    """A chi-square homogeneity test of two samples accepts at p > 0.001."""
    outcomes = sorted({*ours, *theirs})
    _, table = _pooled(outcomes, [[ours.get(o, 0) for o in outcomes], [theirs.get(o, 0) for o in outcomes]])
    if len(table[0]) == 1:
        assert ours == theirs
        return
    _, p_value, _, _ = chi2_contingency(np.array(table))
    assert p_value > 0.001, (outcomes, table)


def _run(qc: Circuit, seed: int) -> dict[str, int]:
    return qcirc.get_backend("local_simulator").run(qc, shots=SHOTS, seed=seed, noise={"loss": 0}).result().get_counts()


SAMPLED = 13


def _sampled(seed: int) -> cirq.Circuit:
    circuit = cirq.resolve_parameters(_random(100 + seed, 2 + seed % 4, 6, DOMAIN), RESOLVER)
    circuit.append(cirq.measure(*sorted(circuit.all_qubits()), key="m"))
    return circuit


@pytest.fixture(scope="module")
def aer_counts() -> list[dict[str, int]]:
    """qiskit-aer's samples of every sampled circuit, through from_cirq and to_qiskit (one
    transpile and one run for all: Qiskit's set-up costs more per call than the simulation)."""
    circuits = [to_qiskit(from_cirq(_sampled(seed))) for seed in range(SAMPLED)]
    aer = AerSimulator(seed_simulator=11)
    result = aer.run(transpile(circuits, aer), shots=SHOTS).result()
    return [result.get_counts(i) for i in range(SAMPLED)]


@pytest.mark.parametrize("seed", range(SAMPLED))
def test_local_simulator_samples_the_distribution_cirq_samples(seed: int, aer_counts: list[dict[str, int]]) -> None:
    """A random Cirq circuit converted and run on the local engine (loss 0) against Cirq's own
    simulator and against qiskit-aer."""
    original = _sampled(seed)
    qc = from_cirq(original)
    ours = _run(qc, seed)
    _homogeneous(ours, _cirq_counts(qc, original, seed))
    _homogeneous(ours, aer_counts[seed])


def _every_gate() -> Circuit:
    qc = Circuit(3, 1).define_gate("rzz", ["theta"], 2, lambda g, theta: g.cx(0, 1).rz(theta, 1).cx(0, 1))
    qc.h(0).h(1).u(0.3, -1.1, 2.4, 2).cu(0.5, 0.6, -0.7, 0.8, 0, 1).u2(0.4, -0.9, 1).cy(2, 0).ch(1, 2)
    qc.crx(0.4, 0, 2).cry(0.5, 1, 0).crz(0.6, 2, 1).cswap(0, 1, 2).gate("x", [0, 1, 2], modifiers=[negctrl(1), ctrl(1)])
    qc.gate("rzz", [0, 1], [0.8], modifiers=[inv()]).gate("ry", [2], [1.3], modifiers=[pow(0.4)]).gate("h", [1, 0], modifiers=[ctrl(1), pow(0.3)])
    qc.measure(2, 0)
    with qc.if_bits([0], 1):
        qc.x(1)
    return qc.measure_all()


def test_a_qcirc_circuit_samples_what_cirq_computes_for_it() -> None:
    """to_cirq of every standard gate, modifiers, a custom gate and a condition: the local engine's
    samples of the qcirc circuit against Cirq's exact distribution of the converted one
    (chi-square goodness of fit, p > 0.001)."""
    qc = _every_gate()
    exact: dict[str, float] = {}
    for outcome, p in _distribution(to_cirq(qc)).items():
        bits = dict(outcome)
        key = "".join(map(str, reversed([b for r in qc.cregs for b in bits[r.name]])))
        exact[key] = exact.get(key, 0.0) + p
    counts = _run(qc, 7)
    assert set(counts) <= set(exact)
    outcomes = sorted(exact)
    _, (observed, expected) = _pooled(outcomes, [[counts.get(o, 0) for o in outcomes], [exact[o] * SHOTS for o in outcomes]])
    _, p_value = chisquare(observed, expected)
    assert p_value > 0.001, (counts, exact)
