"""Errors a program can act on: one exception class per kind of the service's error catalogue,
each carrying the service's `code`, `message`, `details`, the HTTP `status` (REST) or gRPC
status code, and the `request_id` the service gave; the same names in the four client libraries.

    try:
        client.get_vm(name="web1")
    except NotFoundError as error:
        print(error.code, error.details)    # VM_NOT_FOUND {}

Client-side failures are `HypervisorTimeout` (kind `timeout`), `HypervisorCancelled`
(`cancelled`) and `TransportError` (`transport`: connection refused, TLS or pin failure).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, ClassVar

import grpc
from google.rpc import error_details_pb2, status_pb2

from ._gen import errors as _catalogue
from ._gen.errors import CATALOGUE

__all__ = [
    "AlreadyExistsError",
    "ApiError",
    "CATALOGUE",
    "ConflictError",
    "ForbiddenError",
    "HeadersTooLargeError",
    "HypervisorCancelled",
    "HypervisorError",
    "HypervisorTimeout",
    "InternalError",
    "InvalidError",
    "NotFoundError",
    "RateLimitedError",
    "TooLargeError",
    "TransportError",
    "UnauthenticatedError",
    "UnavailableError",
    "UnprocessableError",
    "codes",
]

# The codes as constants: `errors.codes.VM_NOT_FOUND`.
codes = _catalogue


class HypervisorError(Exception):
    """Every error of this library."""

    kind: ClassVar[str] = "internal"

    def __init__(
        self,
        message: str,
        *,
        code: str = "",
        details: Mapping[str, Any] | None = None,
        status: int | None = None,
        grpc_code: grpc.StatusCode | None = None,
        request_id: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.details: dict[str, Any] = dict(details or {})
        self.status = status
        self.grpc_code = grpc_code
        self.request_id = request_id

    def __str__(self) -> str:
        return f"{self.code}: {self.message}" if self.code else self.message


class ApiError(HypervisorError):
    """An error the service answered."""


class InvalidError(ApiError):
    kind = "invalid"


class UnauthenticatedError(ApiError):
    kind = "unauthenticated"


class ForbiddenError(ApiError):
    kind = "forbidden"


class NotFoundError(ApiError):
    kind = "not_found"


class AlreadyExistsError(ApiError):
    kind = "already_exists"


class ConflictError(ApiError):
    kind = "conflict"


class TooLargeError(ApiError):
    kind = "too_large"


class RateLimitedError(ApiError):
    kind = "rate_limited"


class HeadersTooLargeError(ApiError):
    kind = "headers_too_large"


class UnprocessableError(ApiError):
    kind = "unprocessable"


class UnavailableError(ApiError):
    kind = "unavailable"


class InternalError(ApiError):
    kind = "internal"


class HypervisorTimeout(HypervisorError):
    """The call's time-out passed (client side, or the service's own 408)."""

    kind = "timeout"


class HypervisorCancelled(HypervisorError):
    """The call was cancelled by the caller."""

    kind = "cancelled"


class TransportError(HypervisorError):
    """The service could not be reached: connection refused or dropped, TLS or pin failure."""

    kind = "transport"


_BY_KIND: dict[str, type[HypervisorError]] = {
    cls.kind: cls
    for cls in (
        InvalidError,
        UnauthenticatedError,
        ForbiddenError,
        NotFoundError,
        AlreadyExistsError,
        ConflictError,
        TooLargeError,
        RateLimitedError,
        HeadersTooLargeError,
        UnprocessableError,
        UnavailableError,
        InternalError,
    )
}
_BY_STATUS = {400: "invalid", 401: "unauthenticated", 403: "forbidden", 404: "not_found", 409: "conflict",
              413: "too_large", 422: "unprocessable", 429: "rate_limited", 431: "headers_too_large",
              503: "unavailable"}  # fmt: skip
_BY_GRPC = {
    grpc.StatusCode.INVALID_ARGUMENT: "invalid",
    grpc.StatusCode.UNAUTHENTICATED: "unauthenticated",
    grpc.StatusCode.PERMISSION_DENIED: "forbidden",
    grpc.StatusCode.NOT_FOUND: "not_found",
    grpc.StatusCode.ALREADY_EXISTS: "already_exists",
    grpc.StatusCode.FAILED_PRECONDITION: "conflict",
    grpc.StatusCode.RESOURCE_EXHAUSTED: "too_large",
    grpc.StatusCode.UNAVAILABLE: "unavailable",
}


def error_class(code: str, fallback_kind: str) -> type[HypervisorError]:
    """The class of a service error: its code's kind in the catalogue, else the status's kind."""
    entry = CATALOGUE.get(code)
    return _BY_KIND.get(entry[0] if entry else fallback_kind, InternalError)


def from_rest(status: int, body: bytes, request_id: str | None) -> HypervisorError:
    """The error of a REST answer `status` with the envelope `{"error": {code, message, details}}`."""
    try:
        envelope = json.loads(body)["error"]
        code, message = str(envelope["code"]), str(envelope["message"])
        details = envelope.get("details") or {}
    except (ValueError, KeyError, TypeError):
        code, message, details = "", body.decode(errors="replace") or f"HTTP {status}", {}
    fallback = _BY_STATUS.get(status, "internal" if status >= 500 else "invalid")
    cls = error_class(code, fallback)
    return cls(message, code=code, details=details, status=status, request_id=request_id)


def from_operation(error: Mapping[str, Any], operation_id: str, status: str = "failed") -> HypervisorError:
    """The error of a failed or cancelled operation (its `error` `{code, message}`): a cancelled
    one is `HypervisorCancelled`, whoever cancelled it."""
    code = str(error.get("code", ""))
    cls = HypervisorCancelled if status == "cancelled" else error_class(code, "internal")
    return cls(
        str(error.get("message", "")), code=code, details={"operation": operation_id}
    )


def _metadata_value(value: str) -> Any:
    # The service writes detail strings as they are and other values as JSON.
    try:
        return json.loads(value)
    except ValueError:
        return value


def from_grpc(error: grpc.RpcError | grpc.aio.AioRpcError) -> HypervisorError:
    """The error of a failed gRPC call, with the `google.rpc.ErrorInfo` of its status details."""
    # A failed sync call's RpcError is also its grpc.Call, which the type stubs do not say.
    call: Any = error
    code_status: grpc.StatusCode = call.code()
    message: str = call.details() or code_status.name
    trailing: dict[str, Any] = dict(call.trailing_metadata() or ())
    initial: dict[str, Any] = dict(call.initial_metadata() or ())
    request_id = initial.get("x-request-id") or trailing.get("x-request-id")
    info: error_details_pb2.ErrorInfo | None = None
    raw = trailing.get("grpc-status-details-bin")
    if isinstance(raw, bytes):
        for detail in status_pb2.Status.FromString(raw).details:
            candidate = error_details_pb2.ErrorInfo()
            if detail.Unpack(candidate):
                info = candidate
    if info is None:
        if code_status == grpc.StatusCode.DEADLINE_EXCEEDED:
            return HypervisorTimeout(message, grpc_code=code_status, request_id=request_id)
        if code_status == grpc.StatusCode.CANCELLED:
            return HypervisorCancelled(message, grpc_code=code_status, request_id=request_id)
        if code_status == grpc.StatusCode.UNAVAILABLE:
            return TransportError(message, grpc_code=code_status, request_id=request_id)
        return _BY_KIND.get(_BY_GRPC.get(code_status, "internal"), InternalError)(
            message, grpc_code=code_status, request_id=request_id
        )
    details = {key: _metadata_value(value) for key, value in info.metadata.items()}
    if request_id is None and isinstance(details.get("request_id"), str):
        request_id = details["request_id"]
    cls = error_class(info.reason, _BY_GRPC.get(code_status, "internal"))
    return cls(message, code=info.reason, details=details, grpc_code=code_status, request_id=request_id)
