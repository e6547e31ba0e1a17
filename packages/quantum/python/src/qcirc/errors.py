"""The errors the library raises, each carrying the service's stable code (``src/errors.ts``):
a Python user, a CLI user and a REST user see the same ``code`` and ``details``.
"""

from __future__ import annotations

from typing import Any, Mapping

__all__ = ["QcircError", "InvalidCircuit"]


class QcircError(Exception):
    """An error with the service's ``code`` (``INVALID_OPERATION``, ``INVALID_QASM``, ...),
    its message and its ``details`` (``field``, ``operation``, ``line``, ``column``, ...)."""

    def __init__(self, code: str, message: str, details: Mapping[str, Any] | None = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.details: dict[str, Any] = dict(details) if details is not None else {}


class InvalidCircuit(QcircError):
    """A circuit the model refuses: ``INVALID_OPERATION``, ``INVALID_CIRCUIT``,
    ``INVALID_GATE_DEFINITION`` or ``UNBOUND_PARAMETER``."""
