"""The local_simulator backend on the local engine: the spec's example, the result's fields as
the TypeScript Result has them, noise options, parameters, QASM programs, estimates, jobs that
are cancelled or waited on with a timeout, and errors with the service's codes."""

from __future__ import annotations

import pytest

from qcirc import (
    BackendNotFound,
    Circuit,
    InvalidCircuit,
    JobCancelled,
    JobTimeout,
    NoiseModel,
    Parameter,
    QasmError,
    get_backend,
    list_backends,
)
from qcirc.engine import Engine


def test_the_spec_example(engine: Engine) -> None:
    circuit = Circuit(2).h(0).cx(0, 1).measure_all()
    counts = get_backend("local_simulator").run(circuit, shots=1000).result().get_counts()
    assert sum(counts.values()) == 1000
    # The default noise (loss 0.005) leaves the Bell outcomes the great majority.
    assert counts.get("00", 0) + counts.get("11", 0) > 900


def test_the_result_has_every_field_of_the_rest_record(engine: Engine) -> None:
    circuit = Circuit(2).h(0).cx(0, 1).measure_all()
    job = get_backend("local_simulator").run(circuit, shots=200, seed=11, noise=NoiseModel(loss=0.05), memory=True)
    result = job.result()
    assert job.status() == "completed"
    assert result.seed == 11 and result.shots == 200 and result.backend == "local_simulator"
    memory = result.get_memory()
    assert len(memory) == 200
    assert {outcome: memory.count(outcome) for outcome in set(memory)} == result.get_counts()
    assert sum(result.counts_postselected.values()) == 200 - result.erasures.shots
    assert result.erasures.total == sum(result.erasures.per_qubit) > 0
    assert result.noise["loss"] == 0.05
    assert result.estimates["qubits"] == 2 and result.estimates["gate_counts"] == {"h": 1, "cx": 1}
    assert result.timing.total_seconds >= result.timing.simulation_seconds > 0
    assert result.get_counts(registers=True) == result.get_counts()
    again = get_backend("local_simulator").run(circuit, shots=200, seed=11, noise={"loss": 0.05}).result()
    assert again.get_counts() == result.get_counts()
    with pytest.raises(Exception, match="memory=True"):
        again.get_memory()


def test_parameters_bind_free_parameters_and_a_missing_one_is_named(engine: Engine) -> None:
    circuit = Circuit(1).rx(Parameter("theta"), 0).measure_all()
    backend = get_backend("local_simulator")
    flipped = backend.run(circuit, shots=50, parameters={"theta": 3.141592653589793}, noise={"loss": 0}).result()
    assert flipped.get_counts() == {"1": 50}
    with pytest.raises(InvalidCircuit) as unbound:
        backend.run(circuit, shots=10).result()
    assert unbound.value.code == "UNBOUND_PARAMETER"


def test_qasm_programs_run_and_their_errors_say_where(engine: Engine) -> None:
    backend = get_backend("local_simulator")
    qasm = 'OPENQASM 3.0;\ninclude "stdgates.inc";\nqubit[1] q;\nbit[1] c;\nx q[0];\nc = measure q;\n'
    assert backend.run(qasm, shots=20, noise={"loss": 0}).result().get_counts() == {"1": 20}
    with pytest.raises(QasmError) as error:
        backend.run("OPENQASM 3.0;\nqubit q;\n  nope q;\n", shots=1).result()
    assert (error.value.code, error.value.line, error.value.column) == ("INVALID_QASM", 3, 3)


def test_estimates_without_running(engine: Engine) -> None:
    estimate = get_backend("local_simulator").estimate(Circuit(3).h(0).cx(0, 1).ccx(0, 1, 2).measure_all(), shots=100)
    assert estimate["estimates"]["qubits"] == 3
    assert estimate["estimates"]["gate_counts"] == {"h": 1, "cx": 1, "ccx": 1}
    assert estimate["shots"] == 100


def long_circuit() -> Circuit:
    """20 qubits, 300 layers: far longer than the tests wait."""
    circuit = Circuit(20)
    for layer in range(300):
        for q in range(20):
            circuit.rx(0.1 + layer / 100, q)
        circuit.cx(layer % 19, layer % 19 + 1)
    return circuit.measure_all()


def test_a_running_job_times_out_then_is_cancelled(engine: Engine) -> None:
    job = get_backend("local_simulator").run(long_circuit(), shots=10, noise={"loss": 0})
    with pytest.raises(JobTimeout):
        job.result(timeout=0.2)
    assert job.status() in ("queued", "running")
    assert job.cancel() is True
    assert job.status() == "cancelled"
    with pytest.raises(JobCancelled):
        job.result()
    assert job.cancel() is False


def test_unknown_backend_names_the_known_ones(engine: Engine) -> None:
    with pytest.raises(BackendNotFound) as error:
        get_backend("ibm_brisbane")
    assert "local_simulator" in error.value.details["known"]
    names = [entry["name"] for entry in list_backends()]
    assert names == ["local_simulator", "neutral_atom_qpu"]
