"""The standard gate table: OpenQASM 3's ``stdgates.inc``, the 2.0 compatibility gates and the
built-ins ``U`` and ``gphase``, with the names, qubit counts and parameter names of
``STANDARD_GATES`` in ``src/circuit/gates.ts`` (a test checks the two tables agree). The
matrices live in the engine; the model needs only what an append is checked against.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Mapping

__all__ = ["StandardGate", "STANDARD_GATES"]


@dataclass(frozen=True, slots=True)
class StandardGate:
    name: str
    num_qubits: int
    #: Names of the angle parameters, as stdgates.inc spells them.
    params: tuple[str, ...]


_TABLE: tuple[tuple[str, int, tuple[str, ...]], ...] = (
    ("U", 1, ("θ", "φ", "λ")),
    ("gphase", 0, ("γ",)),
    ("p", 1, ("λ",)),
    ("x", 1, ()),
    ("y", 1, ()),
    ("z", 1, ()),
    ("h", 1, ()),
    ("s", 1, ()),
    ("sdg", 1, ()),
    ("t", 1, ()),
    ("tdg", 1, ()),
    ("sx", 1, ()),
    ("rx", 1, ("θ",)),
    ("ry", 1, ("θ",)),
    ("rz", 1, ("λ",)),
    ("cx", 2, ()),
    ("cy", 2, ()),
    ("cz", 2, ()),
    ("cp", 2, ("λ",)),
    ("crx", 2, ("θ",)),
    ("cry", 2, ("θ",)),
    ("crz", 2, ("θ",)),
    ("ch", 2, ()),
    ("swap", 2, ()),
    ("ccx", 3, ()),
    ("cswap", 3, ()),
    ("cu", 2, ("θ", "φ", "λ", "γ")),
    # OpenQASM 2.0 compatibility
    ("CX", 2, ()),
    ("phase", 1, ("λ",)),
    ("cphase", 2, ("λ",)),
    ("id", 1, ()),
    ("u1", 1, ("λ",)),
    ("u2", 1, ("φ", "λ")),
    ("u3", 1, ("θ", "φ", "λ")),
)

STANDARD_GATES: Mapping[str, StandardGate] = {
    name: StandardGate(name, qubits, params) for name, qubits, params in _TABLE
}
