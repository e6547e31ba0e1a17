"""``QcircBackend``: qcirc's simulator as a Qiskit ``BackendV2``, so Qiskit code runs on it
unchanged::

    from qiskit import transpile
    from qcirc.providers.qiskit import QcircBackend

    backend = QcircBackend()                      # get_backend("local_simulator"), or url=...
    job = backend.run(transpile(qc, backend), shots=2000, seed_simulator=7)
    job.result().get_counts()                     # {'00': 996, '11': 1004}, Qiskit's keys

Each circuit is converted with :func:`qcirc.adapters.qiskit.from_qiskit` and run through
``qcirc.get_backend(name, url).run`` (the warm local engine, or a REST service), so the counts
are the ones the library, the CLI and REST give for the same circuit and seed.

The target lists the gates the adapter maps to qcirc's standard gates without a definition
(``NATIVE_GATES``) with measure, reset and ``if_else``, on ``max_qubits`` qubits with all-to-all
connectivity; ``transpile`` rewrites anything else into them.

Run options: ``shots`` (default 1024), ``seed_simulator`` (circuit i of a run gets seed + i),
``memory`` (per-shot outcomes), ``noise``. ``noise`` defaults to the library's own default, the
simulator's noise model at 0.5 % loss per cycle: a QcircBackend stands for the simulator of the
device, and a Qiskit program should see what ``qcirc`` itself gives for the same circuit. Pass
``noise={"loss": 0}`` (to ``run``, or to ``QcircBackend(noise=...)`` for every run) for the ideal
result, as ``AerSimulator()`` gives.
"""

from __future__ import annotations

import uuid
from typing import Any, Mapping, Sequence

try:
    from qiskit.circuit import IfElseOp, QuantumCircuit  # type: ignore[import-untyped, unused-ignore]
    from qiskit.providers import BackendV2, JobStatus, JobV1, Options  # type: ignore[import-untyped, unused-ignore]
    from qiskit.result import Result as QiskitResult  # type: ignore[import-untyped, unused-ignore]
    from qiskit.transpiler import Target  # type: ignore[import-untyped, unused-ignore]
except ImportError as error:  # pragma: no cover - the extra is installed in the tests
    raise ImportError(
        "qcirc.providers.qiskit needs Qiskit 2.2 or later: install it with pip install 'qcirc[qiskit]'"
    ) from error

from .. import __version__
from ..adapters.qiskit import FROM_QISKIT, from_qiskit
from ..backends import get_backend
from ..errors import QcircError
from ..job import Job

__all__ = ["QcircBackend", "QcircJob", "NATIVE_GATES"]

#: The Qiskit gates qcirc runs as they are (its standard gates, some under a modifier).
NATIVE_GATES: tuple[str, ...] = tuple(name for name in FROM_QISKIT if not name.startswith("qcirc_"))

_STATUS = {
    "queued": JobStatus.QUEUED,
    "running": JobStatus.RUNNING,
    "completed": JobStatus.DONE,
    "failed": JobStatus.ERROR,
    "cancelled": JobStatus.CANCELLED,
}


class QcircBackend(BackendV2):  # type: ignore[misc, unused-ignore]
    """The qcirc backend ``name`` (default ``local_simulator``) as a Qiskit backend; ``url``
    (or ``QCIRC_URL``) runs on a REST service instead of the local engine. Keyword options set
    defaults for every ``run``: ``QcircBackend(noise={"loss": 0})``."""

    def __init__(self, name: str = "local_simulator", *, url: str | None = None, **options: Any) -> None:
        self._qcirc = get_backend(name, url)
        super().__init__(
            name=f"qcirc_{name}",
            description=f"qcirc's {name} through qcirc {__version__}",
            backend_version=__version__,
            **options,
        )
        self._target: Any = None

    @classmethod
    def _default_options(cls) -> Any:
        return Options(shots=1024, seed_simulator=None, memory=False, noise=None)

    @property
    def target(self) -> Any:
        if self._target is None:
            target = Target.from_configuration(
                basis_gates=[*NATIVE_GATES, "measure", "reset"],
                num_qubits=int(self._qcirc.status()["max_qubits"]),
            )
            target.add_instruction(IfElseOp, name="if_else")
            self._target = target
        return self._target

    @property
    def max_circuits(self) -> None:
        return None

    def run(self, run_input: Any, **options: Any) -> QcircJob:
        """Starts one qcirc run per circuit at once and returns their job."""
        unknown = sorted(key for key in options if key not in self.options)
        if unknown:
            raise QcircError(
                "INVALID_RUN_OPTIONS",
                f"{unknown[0]} is not an option of {self.name} (shots, seed_simulator, memory, noise)",
                {"field": unknown[0]},
            )
        settings = {**dict(self.options.items()), **options}
        circuits = [run_input] if isinstance(run_input, QuantumCircuit) else list(run_input)
        seed = settings["seed_simulator"]
        jobs = [
            self._qcirc.run(
                from_qiskit(qc),
                int(settings["shots"]),
                seed=None if seed is None else int(seed) + i,
                noise=settings["noise"],
                memory=bool(settings["memory"]),
            )
            for i, qc in enumerate(circuits)
        ]
        return QcircJob(self, str(uuid.uuid4()), circuits, jobs)


class QcircJob(JobV1):  # type: ignore[misc, unused-ignore]
    """The qcirc jobs of one ``QcircBackend.run``, one per circuit; ``result()`` is a Qiskit
    ``Result`` whose counts and memory use Qiskit's keys (``get_counts()`` prints registers
    separated by spaces, the last-declared first), with qcirc's whole result record (erasures,
    post-selected counts, estimates, the noise used) in each experiment's ``header["qcirc"]``."""

    def __init__(self, backend: QcircBackend, job_id: str, circuits: Sequence[Any], jobs: Sequence[Job]) -> None:
        super().__init__(backend, job_id)
        self._circuits = list(circuits)
        self._jobs = list(jobs)

    def submit(self) -> None:
        """Nothing to do: ``QcircBackend.run`` has submitted the runs."""

    def status(self) -> Any:
        statuses = [job.status() for job in self._jobs]
        for status in ("failed", "cancelled", "running", "queued"):
            if status in statuses:
                return _STATUS[status]
        return JobStatus.DONE

    def cancel(self) -> bool:
        return any([job.cancel() for job in self._jobs])

    def result(self, timeout: float | None = None) -> Any:
        """Waits for every run (each at most ``timeout`` seconds); a failed run raises its
        ``QcircError``."""
        experiments = [
            _experiment(qc, job.result(timeout).to_dict()) for qc, job in zip(self._circuits, self._jobs)
        ]
        return QiskitResult.from_dict(
            {
                "backend_name": self._backend.name,
                "backend_version": self._backend.backend_version,
                "job_id": self._job_id,
                "qobj_id": self._job_id,
                "success": True,
                "status": "COMPLETED",
                "results": experiments,
            }
        )


def _hex(outcome: str) -> str:
    # qcirc writes the clbits highest first, as Qiskit's memory slots read.
    return hex(int(outcome or "0", 2))


def _experiment(qc: Any, record: Mapping[str, Any]) -> dict[str, Any]:
    counts: dict[str, int] = {}
    for outcome, count in record["counts"].items():
        counts[_hex(outcome)] = counts.get(_hex(outcome), 0) + int(count)
    data: dict[str, Any] = {"counts": counts}
    if record.get("memory") is not None:
        data["memory"] = [_hex(outcome) for outcome in record["memory"]]
    return {
        "shots": int(record["shots"]),
        "success": True,
        "status": "DONE",
        "seed_simulator": record["seed"],
        "data": data,
        "header": {
            "name": qc.name,
            "n_qubits": qc.num_qubits,
            "memory_slots": qc.num_clbits,
            "qreg_sizes": [[r.name, r.size] for r in qc.qregs],
            "creg_sizes": [[r.name, r.size] for r in qc.cregs],
            "metadata": dict(qc.metadata or {}),
            "qcirc": {key: value for key, value in record.items() if key not in ("counts", "memory")},
        },
    }
