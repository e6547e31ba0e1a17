"""The errors the client raises: one class per HTTP status the platform answers, as the
Kubernetes and pylxd clients do, each carrying the envelope's code, message and details.

Catch :class:`PlatformError` for any of them; ``code`` is the platform's stable code
(``NOT_FOUND``, ``TOKEN_NOT_FOUND``, ``VALIDATION_ERROR``, ...), which says more than the class
when a status has several codes. Without an answer: ``UNREACHABLE`` and ``TIMEOUT`` (status 0),
the codes the TypeScript SDK uses.
"""

from __future__ import annotations

import json
from typing import Any, Dict, Mapping, Optional, Type

__all__ = [
    "PlatformError",
    "ValidationError",
    "Unauthorized",
    "Forbidden",
    "NotFound",
    "Conflict",
    "PayloadTooLarge",
    "ToolError",
    "RateLimited",
    "InternalError",
    "ServiceUnavailable",
    "PlatformUnreachable",
    "Timeout",
]


class PlatformError(Exception):
    """A request the platform refused or failed, or one that got no answer (``status`` 0)."""

    def __init__(
        self,
        code: str,
        message: str,
        details: Optional[Dict[str, Any]] = None,
        status: int = 0,
        request_id: Optional[str] = None,
    ) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.details: Dict[str, Any] = details if details is not None else {}
        self.status = status
        #: The ``X-Request-Id`` of the answer: the platform's log has the cause of a 500 under it.
        self.request_id = request_id


class ValidationError(PlatformError):
    """400: a body, query or path parameter the platform refused (``VALIDATION_ERROR``, ``INVALID_JSON``)."""

    @property
    def field(self) -> Optional[str]:
        """The refused field, as ``details.field`` names it."""
        field = self.details.get("field")
        return field if isinstance(field, str) else None


class Unauthorized(PlatformError):
    """401: no token, or an unknown, revoked or expired one."""


class Forbidden(PlatformError):
    """403: the token's role is too low (``details.role`` and ``details.required_role``)."""


class NotFound(PlatformError):
    """404: no such project, job, file, artifact, webhook or token."""


class Conflict(PlatformError):
    """409: a name taken, a job already ended, jobs still active on delete, ..."""


class PayloadTooLarge(PlatformError):
    """413: an upload beyond the platform's limit (100 MiB by default), or a JSON body beyond 1 MiB."""


class ToolError(PlatformError):
    """422: a verification tool returned an error."""


class RateLimited(PlatformError):
    """429: a rate limit reached; ``retry_after`` is the seconds to wait, when the platform says."""

    @property
    def retry_after(self) -> Optional[float]:
        value = self.details.get("retry_after_seconds")
        return float(value) if isinstance(value, (int, float)) else None


class InternalError(PlatformError):
    """500: the platform failed; its log holds the cause under ``request_id``."""


class ServiceUnavailable(PlatformError):
    """503: the job queue is full, or a stage's tool is missing."""


class PlatformUnreachable(PlatformError):
    """No platform answered at the URL (refused, reset, name not resolved), or a stream broke off."""

    def __init__(self, message: str) -> None:
        super().__init__("UNREACHABLE", message)


class Timeout(PlatformError):
    """The client's time-out passed before the platform answered, or before a waited job ended."""

    def __init__(self, message: str) -> None:
        super().__init__("TIMEOUT", message)


_BY_STATUS: Dict[int, Type[PlatformError]] = {
    400: ValidationError,
    401: Unauthorized,
    403: Forbidden,
    404: NotFound,
    409: Conflict,
    413: PayloadTooLarge,
    422: ToolError,
    429: RateLimited,
    500: InternalError,
    503: ServiceUnavailable,
}


def error_from_answer(status: int, headers: Mapping[str, str], body: bytes) -> PlatformError:
    """The error for a refused request, from its status and the platform's error envelope."""
    cls = _BY_STATUS.get(status, PlatformError)
    request_id = headers.get("x-request-id")
    try:
        envelope = json.loads(body.decode("utf-8"))["error"]
        code, message = str(envelope["code"]), str(envelope["message"])
        details = envelope.get("details")
        details = dict(details) if isinstance(details, dict) else {}
    except (ValueError, KeyError, TypeError):
        # Not the platform's envelope (a proxy's page, say): the status and the start of the body.
        code = f"HTTP_{status}"
        message = body[:200].decode("utf-8", "replace").strip() or f"HTTP status {status}"
        details = {}
    if cls is RateLimited and "retry_after_seconds" not in details:
        retry_after = headers.get("retry-after")
        if retry_after is not None and retry_after.isdigit():
            details["retry_after_seconds"] = int(retry_after)
    return cls(code, message, details, status, request_id)
