"""The Python side of bench/quantum-python.bench.ts: runs the circuit in the JSON file given
through qcirc's warm local engine and through qiskit-aer, in this one process, and prints the
times (ms) as JSON. Arguments: circuit.json shots seed rounds."""

from __future__ import annotations

import json
import statistics
import sys
import time
from typing import Callable, TypeVar

from qiskit import transpile
from qiskit_aer import AerSimulator

from qcirc import Circuit, get_backend
from qcirc.adapters.qiskit import to_qiskit

T = TypeVar("T")

path, shots, seed, rounds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
with open(path) as file:
    circuit = Circuit.from_json(json.load(file))


def timed(work: Callable[[], T]) -> tuple[list[float], list[T]]:
    times: list[float] = []
    results: list[T] = []
    for _ in range(rounds + 1):  # the first is the warm-up
        start = time.perf_counter()
        results.append(work())
        times.append((time.perf_counter() - start) * 1000)
    return times[1:], results[1:]


backend = get_backend("local_simulator")
engine_times, results = timed(lambda: backend.run(circuit, shots=shots, seed=seed, noise={"loss": 0}).result())
# The simulator's own measure of each run (`timing.total_seconds`): the rest of the wall time is
# the path from Python through the engine to the simulator and back.
overheads = [wall - result.timing.total_seconds * 1000 for wall, result in zip(engine_times, results)]

aer = AerSimulator(method="statevector")
qiskit_circuit = transpile(to_qiskit(circuit), aer)
aer_times, aer_results = timed(lambda: aer.run(qiskit_circuit, shots=shots, seed_simulator=seed).result())

print(
    json.dumps(
        {
            "qcirc_ms": engine_times,
            "qcirc_overhead_ms": overheads,
            "aer_ms": aer_times,
            "aer_reported_ms": [result.time_taken * 1000 for result in aer_results],
            "python": sys.version.split()[0],
        }
    )
)
