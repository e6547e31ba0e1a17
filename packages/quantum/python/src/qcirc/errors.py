"""The errors the library raises, each carrying the service's stable code (``src/errors.ts``):
a Python user, a CLI user and a REST user see the same ``code`` and ``details``.
"""

from __future__ import annotations

from typing import Any, Mapping

__all__ = [
    "QcircError",
    "InvalidCircuit",
    "QasmError",
    "BackendNotFound",
    "JobCancelled",
    "JobTimeout",
    "EngineUnavailable",
    "EngineError",
    "error_from_payload",
]


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


class QasmError(QcircError):
    """OpenQASM that does not parse or make sense (``INVALID_QASM``) or that uses a construct the
    simulator does not run (``UNSUPPORTED_QASM_FEATURE``); ``line`` and ``column`` say where."""

    @property
    def line(self) -> int | None:
        value = self.details.get("line")
        return value if isinstance(value, int) else None

    @property
    def column(self) -> int | None:
        value = self.details.get("column")
        return value if isinstance(value, int) else None


class BackendNotFound(QcircError):
    """``BACKEND_NOT_FOUND``: no backend has the name; ``details["known"]`` lists those that do."""


class JobCancelled(QcircError):
    """``JOB_CANCELLED``: the job was cancelled before it ended, so it has no result."""


class JobTimeout(QcircError, TimeoutError):
    """``TIMEOUT``: ``Job.result(timeout=...)`` waited that long and the job had not ended.
    The job goes on; ask again or cancel it."""


class EngineUnavailable(QcircError):
    """``ENGINE_UNAVAILABLE``: the local engine cannot start: Node.js is missing or older than
    20 (set ``QCIRC_NODE`` to a ``node`` executable), or the engine bundle is missing."""


class EngineError(QcircError):
    """``ENGINE_FAILED``: the engine process ended or broke the protocol while a request was open."""


_BY_CODE: dict[str, type[QcircError]] = {
    "INVALID_QASM": QasmError,
    "UNSUPPORTED_QASM_FEATURE": QasmError,
    "INVALID_OPERATION": InvalidCircuit,
    "INVALID_CIRCUIT": InvalidCircuit,
    "INVALID_GATE_DEFINITION": InvalidCircuit,
    "UNBOUND_PARAMETER": InvalidCircuit,
    "BACKEND_NOT_FOUND": BackendNotFound,
    "JOB_CANCELLED": JobCancelled,
}


def error_from_payload(payload: Mapping[str, Any]) -> QcircError:
    """The exception for an error object of the engine or the REST API (``code``, ``message``,
    ``details``), of the subclass its code maps to."""
    code = str(payload.get("code", "INTERNAL"))
    details = payload.get("details")
    return _BY_CODE.get(code, QcircError)(
        code,
        str(payload.get("message", "")),
        details if isinstance(details, Mapping) else None,
    )
