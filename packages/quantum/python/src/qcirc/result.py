"""The result of a run: the REST API's result record (``GET /jobs/{id}/result``), which the
local engine answers too, read with the TypeScript ``Result``'s accessors in Python naming."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from .errors import QcircError

__all__ = ["Result", "Erasures", "Timing"]


@dataclass(frozen=True)
class Erasures:
    """Heralded erasures: ``shots`` with at least one herald (``fraction`` of all), heralds
    ``per_qubit`` over all shots, and their ``total``."""

    shots: int
    fraction: float
    per_qubit: tuple[int, ...]
    total: int


@dataclass(frozen=True)
class Timing:
    total_seconds: float
    simulation_seconds: float


class Result:
    """Counts over all shots, counts post-selected on the shots without an erasure herald, the
    erasures, optional per-shot memory, the resource estimates, timing and the seed used."""

    def __init__(self, record: Mapping[str, Any]) -> None:
        self._record = dict(record)
        erasures = record["erasures"]
        self.erasures = Erasures(
            shots=int(erasures["shots"]),
            fraction=float(erasures["fraction"]),
            per_qubit=tuple(int(n) for n in erasures["per_qubit"]),
            total=int(erasures["total"]),
        )
        timing = record["timing"]
        self.timing = Timing(float(timing["total_seconds"]), float(timing["simulation_seconds"]))

    @property
    def backend(self) -> str:
        return str(self._record["backend"])

    @property
    def shots(self) -> int:
        return int(self._record["shots"])

    @property
    def seed(self) -> int:
        """The seed used (drawn when the run gave none): running again with it gives the same counts."""
        return int(self._record["seed"])

    def _counts(self, key: str, registers: bool) -> dict[str, int]:
        if self.estimates.get("clbits") == 0:
            raise QcircError(
                "NO_MEASUREMENTS", "the circuit has no classical bits, so there are no counts: add measurements"
            )
        if registers and "counts_by_register" in self._record:
            key = "counts_by_register"
        return dict(self._record[key])

    def get_counts(self, registers: bool = False) -> dict[str, int]:
        """Outcome to count, the bits highest first as OpenQASM prints them (``"01"``: clbit 0 is 1).
        With ``registers=True``, keyed as Qiskit's ``get_counts()``: one group per classical
        register, the last-declared first, separated by spaces (``"1 1101"``)."""
        return self._counts("counts", registers)

    @property
    def counts_postselected(self) -> dict[str, int]:
        """The counts over the shots with no erasure herald."""
        return self._counts("counts_postselected", False)

    def get_memory(self) -> list[str]:
        """Each shot's outcome in order; the run must have asked for ``memory=True``."""
        memory = self._record.get("memory")
        if memory is None:
            raise QcircError(
                "INVALID_RUN_OPTIONS", "memory was not requested: run with memory=True", {"field": "memory"}
            )
        return list(memory)

    @property
    def estimates(self) -> dict[str, Any]:
        """The resource estimates (``qubits``, ``depth``, ``gate_counts``, ``t_count``,
        ``memory_bytes``, ``estimated_seconds``, ...), as the REST result has them."""
        return dict(self._record["estimates"])

    @property
    def noise(self) -> dict[str, float]:
        """The noise model the run used, defaults filled in (``loss``, ``pauli``, ``erasure_fraction``)."""
        return dict(self._record["noise"])

    def to_dict(self) -> dict[str, Any]:
        """The whole record, as ``GET /jobs/{id}/result`` serves it."""
        return dict(self._record)

    def __repr__(self) -> str:
        return f"Result(backend={self.backend!r}, shots={self.shots}, seed={self.seed}, counts={self._record['counts']})"
