"""local_simulator on a running REST service (``url=`` or ``QCIRC_URL``): the same calls and
the same Result as the local engine, jobs followed and cancelled through the API, and the
service's errors raised with their codes."""

from __future__ import annotations

import pytest

from qcirc import BackendNotFound, Circuit, JobCancelled, QasmError, QcircError, get_backend, list_backends


def test_the_spec_example_through_the_service(rest_url: str) -> None:
    circuit = Circuit(2).h(0).cx(0, 1).measure_all()
    backend = get_backend("local_simulator", url=rest_url)
    job = backend.run(circuit, shots=1000, seed=5, noise={"loss": 0}, memory=True)
    result = job.result(timeout=60)
    assert job.status() == "completed"
    assert set(result.get_counts()) == {"00", "11"} and sum(result.get_counts().values()) == 1000
    assert len(result.get_memory()) == 1000
    assert result.seed == 5 and result.erasures.total == 0


def test_the_same_seed_gives_the_same_result_locally_and_remotely(rest_url: str) -> None:
    circuit = Circuit(3).h(0).cx(0, 1).cx(1, 2).measure_all()
    remote = get_backend("local_simulator", url=rest_url).run(circuit, shots=300, seed=9).result(timeout=60)
    local = get_backend("local_simulator").run(circuit, shots=300, seed=9).result()
    assert remote.get_counts() == local.get_counts()
    assert remote.counts_postselected == local.counts_postselected
    assert remote.erasures == local.erasures


def test_qcirc_url_selects_the_service(rest_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QCIRC_URL", rest_url)
    backend = get_backend("local_simulator")
    assert backend.url == rest_url
    assert [entry["name"] for entry in list_backends()] == ["local_simulator", "neutral_atom_qpu"]
    estimate = backend.estimate(Circuit(2).h(0).cx(0, 1).measure_all(), shots=10)
    assert estimate["estimates"]["gate_counts"] == {"h": 1, "cx": 1}


def test_errors_keep_their_codes(rest_url: str) -> None:
    backend = get_backend("local_simulator", url=rest_url)
    with pytest.raises(QasmError) as qasm:
        backend.run("OPENQASM 3.0;\nqubit q;\n  nope q;\n", shots=1)
    assert (qasm.value.code, qasm.value.line, qasm.value.column) == ("INVALID_QASM", 3, 3)
    with pytest.raises(QcircError) as shots:
        backend.run(Circuit(1).measure_all(), shots=0)
    assert shots.value.code == "VALIDATION_ERROR" and shots.value.details["field"] == "shots"
    with pytest.raises(BackendNotFound):
        get_backend("nowhere", url=rest_url)
    with pytest.raises(QcircError) as unreachable:
        get_backend("local_simulator", url="http://127.0.0.1:9")
    assert unreachable.value.code == "SERVICE_UNREACHABLE"


def test_a_remote_job_is_cancelled(rest_url: str) -> None:
    circuit = Circuit(20)
    for layer in range(300):
        for q in range(20):
            circuit.rx(0.1 + layer / 100, q)
        circuit.cx(layer % 19, layer % 19 + 1)
    job = get_backend("local_simulator", url=rest_url).run(circuit.measure_all(), shots=10, noise={"loss": 0})
    assert job.cancel() is True
    assert job.status() == "cancelled"
    with pytest.raises(JobCancelled):
        job.result(timeout=10)
    assert job.cancel() is False
