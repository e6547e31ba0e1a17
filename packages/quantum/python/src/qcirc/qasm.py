"""OpenQASM import and export through the engine's own importer and exporter, so Python reads
and writes exactly what the CLI and the REST API do."""

from __future__ import annotations

import warnings
from typing import Mapping

from .circuit import Circuit
from .engine import get_engine

__all__ = ["QasmWarning", "from_qasm", "to_qasm3", "to_qasm2"]


class QasmWarning(UserWarning):
    """Something the importer accepted but a reader should know (an ignored construct, say)."""


def from_qasm(text: str, inputs: Mapping[str, float | bool] | None = None) -> Circuit:
    """The circuit of OpenQASM 3 (or 2.0) ``text``; ``inputs`` give values to ``input``
    declarations. Raises ``QasmError`` with ``line`` and ``column``; warnings are ``QasmWarning``s."""
    params: dict[str, object] = {"qasm": text}
    if inputs:
        params["inputs"] = dict(inputs)
    imported = get_engine().call("import_qasm", params)
    for warning in imported["warnings"]:
        warnings.warn(f"{warning['line']}:{warning['column']}: {warning['message']}", QasmWarning, stacklevel=2)
    return Circuit.from_json(imported["circuit"])


def to_qasm3(circuit: Circuit) -> str:
    """``circuit`` as OpenQASM 3 text."""
    return str(get_engine().call("export_qasm", {"circuit": circuit.to_json(), "version": "3"})["qasm"])


def to_qasm2(circuit: Circuit) -> str:
    """``circuit`` as OpenQASM 2.0 text (``CANNOT_EXPORT`` for what 2.0 cannot say)."""
    return str(get_engine().call("export_qasm", {"circuit": circuit.to_json(), "version": "2.0"})["qasm"])
