"""Python client of the hypervisor management API (API revision 1.0): REST over httpx (`Client`,
`AsyncClient`) and gRPC over grpcio (`GrpcClient`, `AsyncGrpcClient`), the same methods and the
same generated protobuf messages on both, typed errors (`hypervisor_client.errors`)."""

from . import errors
from ._gen.hypervisor.v1 import (
    audit_pb2,
    network_pb2,
    operation_pb2,
    pqc_pb2,
    storage_pb2,
    system_pb2,
    token_pb2,
    vm_admin_pb2,
    vm_pb2,
)
from ._grpc import AsyncGrpcClient, CallFuture, GrpcClient
from ._rest import AsyncClient, Client
from .errors import (
    AlreadyExistsError,
    ApiError,
    ConflictError,
    ForbiddenError,
    HeadersTooLargeError,
    HypervisorCancelled,
    HypervisorError,
    HypervisorTimeout,
    InternalError,
    InvalidError,
    NotFoundError,
    RateLimitedError,
    TooLargeError,
    TransportError,
    UnauthenticatedError,
    UnavailableError,
    UnprocessableError,
)

__version__ = "1.0.0"
API_REVISION = "1.0"

__all__ = [
    "API_REVISION",
    "AlreadyExistsError",
    "ApiError",
    "AsyncClient",
    "AsyncGrpcClient",
    "CallFuture",
    "Client",
    "ConflictError",
    "ForbiddenError",
    "GrpcClient",
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
    "audit_pb2",
    "errors",
    "network_pb2",
    "operation_pb2",
    "pqc_pb2",
    "storage_pb2",
    "system_pb2",
    "token_pb2",
    "vm_admin_pb2",
    "vm_pb2",
]
