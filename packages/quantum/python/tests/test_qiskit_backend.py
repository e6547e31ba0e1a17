"""qcirc's local simulator against qiskit-aer on the same random circuits (mid-circuit
measurements and if_test included), by qcirc's own API after from_qiskit and by QcircBackend from
plain Qiskit code (transpile, then run); and QcircBackend's target, options, keys and errors.

Distributions are compared by a chi-square test of homogeneity at a fixed significance: with
fixed seeds every verdict is reproducible, and the test is shown to reject a different circuit."""

from __future__ import annotations

from typing import Any

import pytest
from qiskit import QuantumCircuit, transpile  # type: ignore[import-untyped, unused-ignore]
from qiskit.circuit import ClassicalRegister, Parameter, QuantumRegister  # type: ignore[import-untyped, unused-ignore]
from qiskit.circuit import library as qlib  # type: ignore[import-untyped, unused-ignore]
from qiskit.circuit.random import random_circuit  # type: ignore[import-untyped, unused-ignore]
from qiskit.primitives import BackendSamplerV2  # type: ignore[import-untyped, unused-ignore]
from qiskit.providers import JobStatus  # type: ignore[import-untyped, unused-ignore]
from qiskit_aer import AerSimulator  # type: ignore[import-untyped, unused-ignore]
from scipy.stats import chi2_contingency  # type: ignore[import-untyped, unused-ignore]

from qcirc import Circuit, QcircError, ctrl, negctrl, pow
from qcirc.adapters.qiskit import from_qiskit, to_qiskit
from qcirc.backends import get_backend
from qcirc.providers.qiskit import NATIVE_GATES, QcircBackend

SHOTS = 2000
#: Per comparison; with 30 comparisons of equal distributions a false rejection somewhere has
#: probability about 3 %, and the seeds are fixed, so a verdict never flips between runs.
ALPHA = 1e-3


def circuits(count: int, first_seed: int) -> list[Any]:
    return [
        random_circuit(1 + s % 5, 3 + s % 3, max_operands=min(3, 1 + s % 5), measure=True, conditional=True, seed=s)
        for s in range(first_seed, first_seed + count)
    ]


def aer_counts(qcs: list[Any], seed: int) -> list[dict[str, int]]:
    aer = AerSimulator(seed_simulator=seed)
    result = aer.run(transpile(qcs, aer, seed_transpiler=1), shots=SHOTS).result()
    return [result.get_counts(i) for i in range(len(qcs))]


def p_value(a: dict[str, int], b: dict[str, int]) -> float:
    """Chi-square test of homogeneity of two samples of the same size; outcomes seen fewer than
    10 times in both together are pooled, so every expected count is at least 5."""
    keys = sorted(set(a) | set(b))
    kept = [k for k in keys if a.get(k, 0) + b.get(k, 0) >= 10]
    rows = [[a.get(k, 0) for k in kept], [b.get(k, 0) for k in kept]]
    pooled = [sum(a.get(k, 0) for k in keys if k not in kept), sum(b.get(k, 0) for k in keys if k not in kept)]
    if sum(pooled) >= 10:
        rows[0].append(pooled[0])
        rows[1].append(pooled[1])
    if len(rows[0]) < 2:
        return 1.0 if set(a) == set(b) else 0.0  # one outcome: the two agree exactly or not at all
    return float(chi2_contingency(rows).pvalue)


@pytest.fixture(scope="module")
def sample() -> tuple[list[Any], list[dict[str, int]]]:
    qcs = circuits(20, 1000)
    return qcs, aer_counts(qcs, 11)


def test_the_local_simulator_and_qiskit_aer_give_the_same_distributions(
    sample: tuple[list[Any], list[dict[str, int]]],
) -> None:
    qcs, reference = sample
    backend = get_backend("local_simulator")
    jobs = [backend.run(from_qiskit(qc), SHOTS, seed=7 + i, noise={"loss": 0}) for i, qc in enumerate(qcs)]
    counts = [job.result().get_counts() for job in jobs]
    for i, (mine, theirs) in enumerate(zip(counts, reference)):
        assert p_value(mine, theirs) > ALPHA, (i, mine, theirs)
    # The test can tell circuits apart: the same counts against the next circuit's are rejected.
    assert sum(p_value(counts[i], reference[i + 1]) < ALPHA for i in range(len(qcs) - 1)) >= 15


def test_modifiers_and_phased_gates_mean_the_same_on_the_engine_and_on_aer() -> None:
    # What random circuits do not reach, checked against the engine itself rather than a round
    # trip: Qiskit's ctrl_state and annotated gates read by from_qiskit, and qcirc's negctrl, pow
    # and OpenQASM u2/u3 (whose phase shows under a control) written by to_qiskit.
    qc = QuantumCircuit(4, 4)
    qc.h([0, 1, 2, 3])
    qc.append(qlib.RYGate(0.9).control(2, ctrl_state=0b01, annotated=False), [0, 1, 2])
    qc.append(qlib.SXGate().power(0.5, annotated=True).control(1, ctrl_state=0, annotated=True), [3, 0])
    qc.append(qlib.HGate().inverse(annotated=True).power(1.5, annotated=True), [1])
    qc.append(qlib.C3SXGate(), [3, 2, 1, 0])
    qc.h([0, 1, 2, 3])
    qc.measure(range(4), range(4))
    c = Circuit(3, 3).h(0).h(1).h(2)
    c.gate("u3", [0, 1], [0.4, 1.1, 2.3], [negctrl()])
    c.gate("u2", [2, 0, 1], [0.3, 2.0], [ctrl(2)])
    c.gate("rx", [1, 2], [0.8], [pow(0.7), ctrl()])
    c.h(0).h(1).h(2).measure([0, 1, 2], [0, 1, 2])
    backend = get_backend("local_simulator")
    jobs = [backend.run(circuit, SHOTS, seed=5, noise={"loss": 0}) for circuit in (from_qiskit(qc), c)]
    for job, reference in zip(jobs, aer_counts([qc, to_qiskit(c)], 13)):
        assert p_value(job.result().get_counts(), reference) > ALPHA


def test_qiskit_code_runs_unchanged_on_qcirc_backend_with_transpile(
    sample: tuple[list[Any], list[dict[str, int]]],
) -> None:
    qcs, reference = sample
    backend = QcircBackend(noise={"loss": 0})
    job = backend.run(transpile(qcs[:10], backend, seed_transpiler=1), shots=SHOTS, seed_simulator=3)
    result = job.result()
    assert job.status() == JobStatus.DONE
    counts = result.get_counts()
    assert len(counts) == 10
    for i, (mine, theirs) in enumerate(zip(counts, reference)):
        assert sum(mine.values()) == SHOTS
        assert p_value(mine, theirs) > ALPHA, (i, mine, theirs)


def test_the_target_lists_the_native_gates_and_the_simulators_qubits() -> None:
    backend = QcircBackend()
    assert backend.num_qubits == get_backend("local_simulator").status()["max_qubits"]
    assert {"cx", "u", "rz", "ccx", "cswap", "cu", "measure", "reset", "if_else"} <= set(backend.operation_names)
    assert set(NATIVE_GATES) <= set(backend.operation_names)
    qc = QuantumCircuit(3, 3)
    qc.rzz(0.3, 0, 1)
    qc.ecr(1, 2)
    qc.iswap(0, 2)
    qc.measure(range(3), range(3))
    out = transpile(qc, backend, seed_transpiler=1)
    assert out.num_qubits == 3  # no ancillas: every qubit is connected to every other
    assert set(out.count_ops()) <= set(backend.operation_names)


def test_counts_and_memory_use_qiskits_keys_for_one_and_many_circuits() -> None:
    qc = QuantumCircuit(QuantumRegister(3, "q"), ClassicalRegister(1, "flag"), ClassicalRegister(2, "data"))
    qc.x(0)
    qc.x(2)
    qc.measure([0, 1, 2], [1, 2, 0])  # flag = q2 = 1, data = [q0, q1] = 0b01
    backend = QcircBackend(noise={"loss": 0})
    one = backend.run(qc, shots=50, seed_simulator=1, memory=True).result()
    aer = AerSimulator().run(qc, shots=50, memory=True).result()
    assert one.get_counts() == aer.get_counts() == {"01 1": 50}
    assert one.get_memory() == aer.get_memory() == ["01 1"] * 50
    bell = QuantumCircuit(2)
    bell.h(0)
    bell.cx(0, 1)
    bell.measure_all()
    many = backend.run([qc, bell], shots=100, seed_simulator=1).result()
    assert many.get_counts()[0] == {"01 1": 100}
    assert set(many.get_counts(bell)) == {"00", "11"}
    record = many.results[1].header["qcirc"]
    assert record["noise"]["loss"] == 0 and record["seed"] == 2  # circuit i gets seed + i


def test_through_a_rest_service_it_gives_what_the_local_engine_gives(rest_url: str) -> None:
    qc = QuantumCircuit(QuantumRegister(2, "q"), ClassicalRegister(1, "a"), ClassicalRegister(1, "b"))
    qc.h(0)
    qc.cx(0, 1)
    qc.measure([0, 1], [0, 1])
    remote = QcircBackend(url=rest_url).run(qc, shots=300, seed_simulator=4, memory=True).result()
    local = QcircBackend().run(qc, shots=300, seed_simulator=4, memory=True).result()
    assert remote.get_counts() == local.get_counts()
    assert remote.get_memory() == local.get_memory()
    assert remote.backend_name == "qcirc_local_simulator"


def test_qiskits_backend_sampler_runs_on_it() -> None:
    backend = QcircBackend(noise={"loss": 0})
    qc = QuantumCircuit(2)
    qc.h(0)
    qc.cx(0, 1)
    qc.measure_all()
    result = BackendSamplerV2(backend=backend).run([transpile(qc, backend)], shots=200).result()
    counts = result[0].data.meas.get_counts()
    assert set(counts) == {"00", "11"} and sum(counts.values()) == 200


def test_the_default_noise_is_the_librarys_and_loss_0_is_ideal() -> None:
    qc = QuantumCircuit(2, 2)
    qc.h(0)
    qc.cx(0, 1)
    qc.measure([0, 1], [0, 1])
    noisy = QcircBackend().run(qc, shots=4000, seed_simulator=5).result()
    assert noisy.results[0].header["qcirc"]["noise"]["loss"] == 0.005
    assert set(noisy.get_counts()) > {"00", "11"}  # losses show up as odd outcomes
    ideal = QcircBackend().run(qc, shots=4000, seed_simulator=5, noise={"loss": 0}).result()
    assert set(ideal.get_counts()) == {"00", "11"}


def test_bad_options_and_failed_runs_raise_the_services_errors() -> None:
    backend = QcircBackend()
    qc = QuantumCircuit(1, 1)
    qc.measure(0, 0)
    with pytest.raises(QcircError) as unknown:
        backend.run(qc, shots=10, optimization_level=3)
    assert unknown.value.code == "INVALID_RUN_OPTIONS"
    assert unknown.value.details["field"] == "optimization_level"
    with pytest.raises(QcircError) as shots:
        backend.run(qc, shots=0).result()
    assert shots.value.details["field"] == "shots"
    unbound = QuantumCircuit(1, 1)
    unbound.rx(Parameter("theta"), 0)
    unbound.measure(0, 0)
    with pytest.raises(QcircError) as parameter:
        backend.run(unbound, shots=10).result()
    assert parameter.value.code == "UNBOUND_PARAMETER"
