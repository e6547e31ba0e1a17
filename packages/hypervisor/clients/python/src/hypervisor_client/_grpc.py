"""The gRPC clients over grpcio's generated stubs: `GrpcClient` (sync, with futures for
cancellation) and `AsyncGrpcClient` (grpc.aio). Both answer the same generated messages as the
REST clients, through the same generated methods (`_gen/methods.py`).

Targets: `host:port` (plain), `unix:/path/grpc.sock` (the service's gRPC socket, no token), or
TLS: `GrpcClient("host:port", token=..., fingerprint=...)` reads the certificate the service
presents over a connection checked against the pin and makes it the channel's only root.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from typing import Any

import grpc
from google.protobuf.message import Message

from . import _tls
from ._gen.hypervisor.v1 import operation_pb2, vm_pb2
from ._gen.methods import AsyncMethods, SyncMethods
from ._rest import migrate_request
from ._rpcs import RPCS
from .errors import HypervisorCancelled, HypervisorError, HypervisorTimeout, TransportError, from_grpc, from_operation

DEFAULT_TIMEOUT = 30.0
ProgressCallback = Callable[[operation_pb2.Operation], None]
MigrationCallback = Callable[[vm_pb2.MigrateProgress], None]
_ENDED = ("succeeded", "failed", "cancelled")


def _credentials(
    target: str, fingerprint: str | None, root_certificates: bytes | None
) -> grpc.ChannelCredentials | None:
    if fingerprint is None and root_certificates is None:
        return None
    if fingerprint is not None:
        # The pinned certificate becomes the only root: the channel trusts it and nothing else.
        root_certificates = _tls.fetch_pinned_certificate(target, fingerprint)
    return grpc.ssl_channel_credentials(root_certificates=root_certificates)


def _metadata(token: str | None) -> tuple[tuple[str, str], ...]:
    return () if token is None else (("authorization", f"Bearer {token}"),)


def _ended(progress: vm_pb2.MigrateProgress) -> vm_pb2.MigrateProgress:
    if progress.status != "succeeded":
        raise from_operation(
            {"code": progress.error.code or "OPERATION_" + progress.status.upper(), "message": progress.error.message},
            progress.operation_id,
            progress.status,
        )
    return progress


def _operation_error(operation: operation_pb2.Operation) -> HypervisorError:
    return from_operation(
        {"code": operation.error.code or "OPERATION_" + operation.status.upper(), "message": operation.error.message},
        operation.id,
        operation.status,
    )


def _watch_request(kinds: Sequence[str] | None, vm: str | None, after_id: str | None) -> vm_pb2.WatchRequest:
    request = vm_pb2.WatchRequest(kinds=list(kinds or ()), vm=vm or "")
    if after_id is not None:
        request.after_id = after_id
    return request


class CallFuture:
    """A unary call in flight (`GrpcClient.future`): `cancel()` it, or wait for its `result()`."""

    def __init__(self, future: grpc.Future[Any]) -> None:
        self._future = future

    def cancel(self) -> bool:
        return bool(self._future.cancel())

    def done(self) -> bool:
        return bool(self._future.done())

    def result(self, timeout: float | None = None) -> Any:
        try:
            return self._future.result(timeout=timeout)
        except grpc.FutureCancelledError as error:
            raise HypervisorCancelled("the call was cancelled") from error
        except grpc.FutureTimeoutError as error:
            raise HypervisorTimeout("no answer within the wait") from error
        except grpc.RpcError as error:
            raise from_grpc(error) from None


class GrpcClient(SyncMethods):
    """The gRPC API, synchronously. `timeout` (seconds, None for none) is each call's default
    deadline; every method takes its own `timeout=`."""

    def __init__(
        self,
        target: str,
        token: str | None = None,
        *,
        fingerprint: str | None = None,
        root_certificates: bytes | None = None,
        timeout: float | None = DEFAULT_TIMEOUT,
        options: Sequence[tuple[str, Any]] = (),
    ) -> None:
        credentials = _credentials(target, fingerprint, root_certificates)
        self._channel = (
            grpc.insecure_channel(target, options=options)
            if credentials is None
            else grpc.secure_channel(target, credentials, options=options)
        )
        self._metadata = _metadata(token)
        self._timeout = timeout
        self._stubs: dict[type[Any], Any] = {}

    def __enter__(self) -> GrpcClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._channel.close()

    def _method(self, name: str) -> Any:
        rpc = RPCS[name]
        stub = self._stubs.get(rpc.stub)
        if stub is None:
            stub = self._stubs[rpc.stub] = rpc.stub(self._channel)
        return getattr(stub, name)

    def _deadline(self, timeout: float | None) -> float | None:
        return self._timeout if timeout is None else timeout

    def _unary(self, method: str, request: Message, timeout: float | None) -> Any:
        try:
            return self._method(method)(request, metadata=self._metadata, timeout=self._deadline(timeout))
        except grpc.RpcError as error:
            raise from_grpc(error) from None

    def future(self, method: str, request: Message, *, timeout: float | None = None) -> CallFuture:
        """Starts the unary RPC `method` (its name: `GetVm`) and answers at once; the call's
        `cancel()` ends it on both sides."""
        call = self._method(method).future(request, metadata=self._metadata, timeout=self._deadline(timeout))
        return CallFuture(call)

    def wait_operation(
        self,
        id: str,
        *,
        on_progress: ProgressCallback | None = None,
        timeout: float | None = None,
        poll_interval: float = 0.1,
    ) -> operation_pb2.Operation:
        """Follows the operation until it ends (as the REST client's `wait_operation`)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        seen = -1.0
        while True:
            operation = self.get_operation(id=id)
            if on_progress is not None and (operation.progress != seen or operation.status in _ENDED):
                seen = operation.progress
                on_progress(operation)
            if operation.status in _ENDED:
                if operation.status != "succeeded":
                    raise _operation_error(operation)
                return operation
            if deadline is not None and time.monotonic() >= deadline:
                raise HypervisorTimeout(f"operation {id} still {operation.status} after {timeout} s")
            time.sleep(poll_interval)

    def migrate_vm(
        self,
        name: str,
        destination: str,
        token: str,
        *,
        max_downtime_ms: int | None = None,
        bandwidth: str | None = None,
        destination_fingerprint: str | None = None,
        on_progress: MigrationCallback | None = None,
        timeout: float | None = None,
    ) -> vm_pb2.MigrateProgress:
        """MigrateVm: streams the migration's progress to `on_progress` until it ends; answers
        the last (`succeeded`) or raises its error. A deadline passing cancels the migration."""
        request = migrate_request(name, destination, token, max_downtime_ms, bandwidth, destination_fingerprint)
        call = self._method("MigrateVm")(request, metadata=self._metadata, timeout=timeout)
        last = None
        try:
            for progress in call:
                last = progress
                if on_progress is not None:
                    on_progress(progress)
        except grpc.RpcError as error:
            raise from_grpc(error) from None
        finally:
            call.cancel()  # a no-op once it ended; otherwise (an exception in on_progress) ends it
        if last is None:
            raise TransportError("the migration's stream ended without a message")
        return _ended(last)

    def watch_events(
        self,
        kinds: Sequence[str] | None = None,
        vm: str | None = None,
        *,
        after_id: str | None = None,
        reconnect_attempts: int = 5,
        timeout: float | None = None,
    ) -> Iterator[vm_pb2.VmEvent]:
        """WatchVmEvents: replayed after `after_id` when given, then live. A dropped stream (the
        connection lost, the service restarting) is resumed with the last event id, without gap
        or duplicate. `timeout` is a deadline for the whole stream (None: none)."""
        last = after_id
        failures = 0
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            remaining = None if deadline is None else max(deadline - time.monotonic(), 0.001)
            call = self._method("WatchVmEvents")(
                _watch_request(kinds, vm, last), metadata=self._metadata, timeout=remaining
            )
            try:
                for event in call:
                    failures = 0
                    last = event.id
                    yield event
            except grpc.RpcError as error:
                if error.code() != grpc.StatusCode.UNAVAILABLE:
                    raise from_grpc(error) from None
                failures += 1
                if failures > reconnect_attempts:
                    raise from_grpc(error) from None
                time.sleep(min(0.1 * 2**failures, 2.0))
            finally:
                call.cancel()


class AsyncGrpcClient(AsyncMethods):
    """The gRPC API with grpc.aio: `GrpcClient`'s methods as coroutines; cancelling a task
    cancels its call (and a MigrateVm's migration)."""

    def __init__(
        self,
        target: str,
        token: str | None = None,
        *,
        fingerprint: str | None = None,
        root_certificates: bytes | None = None,
        timeout: float | None = DEFAULT_TIMEOUT,
        options: Sequence[tuple[str, Any]] = (),
    ) -> None:
        credentials = _credentials(target, fingerprint, root_certificates)
        self._channel = (
            grpc.aio.insecure_channel(target, options=options)
            if credentials is None
            else grpc.aio.secure_channel(target, credentials, options=options)
        )
        self._metadata = _metadata(token)
        self._timeout = timeout
        self._stubs: dict[type[Any], Any] = {}

    async def __aenter__(self) -> AsyncGrpcClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self._channel.close(None)

    def _method(self, name: str) -> Any:
        rpc = RPCS[name]
        stub = self._stubs.get(rpc.stub)
        if stub is None:
            stub = self._stubs[rpc.stub] = rpc.stub(self._channel)
        return getattr(stub, name)

    async def _unary(self, method: str, request: Message, timeout: float | None) -> Any:
        try:
            return await self._method(method)(
                request, metadata=self._metadata, timeout=self._timeout if timeout is None else timeout
            )
        except grpc.aio.AioRpcError as error:
            raise from_grpc(error) from None

    async def wait_operation(
        self,
        id: str,
        *,
        on_progress: ProgressCallback | None = None,
        timeout: float | None = None,
        poll_interval: float = 0.1,
    ) -> operation_pb2.Operation:
        """As `GrpcClient.wait_operation`."""
        loop = asyncio.get_running_loop()
        deadline = None if timeout is None else loop.time() + timeout
        seen = -1.0
        while True:
            operation = await self.get_operation(id=id)
            if on_progress is not None and (operation.progress != seen or operation.status in _ENDED):
                seen = operation.progress
                on_progress(operation)
            if operation.status in _ENDED:
                if operation.status != "succeeded":
                    raise _operation_error(operation)
                return operation
            if deadline is not None and loop.time() >= deadline:
                raise HypervisorTimeout(f"operation {id} still {operation.status} after {timeout} s")
            await asyncio.sleep(poll_interval)

    async def migrate_vm(
        self,
        name: str,
        destination: str,
        token: str,
        *,
        max_downtime_ms: int | None = None,
        bandwidth: str | None = None,
        destination_fingerprint: str | None = None,
        on_progress: MigrationCallback | None = None,
        timeout: float | None = None,
    ) -> vm_pb2.MigrateProgress:
        """As `GrpcClient.migrate_vm`; cancelling the task cancels the call and the migration."""
        request = migrate_request(name, destination, token, max_downtime_ms, bandwidth, destination_fingerprint)
        call = self._method("MigrateVm")(request, metadata=self._metadata, timeout=timeout)
        last = None
        try:
            async for progress in call:
                last = progress
                if on_progress is not None:
                    on_progress(progress)
        except grpc.aio.AioRpcError as error:
            raise from_grpc(error) from None
        finally:
            call.cancel()
        if last is None:
            raise TransportError("the migration's stream ended without a message")
        return _ended(last)

    async def watch_events(
        self,
        kinds: Sequence[str] | None = None,
        vm: str | None = None,
        *,
        after_id: str | None = None,
        reconnect_attempts: int = 5,
        timeout: float | None = None,
    ) -> AsyncIterator[vm_pb2.VmEvent]:
        """As `GrpcClient.watch_events`, an async generator."""
        last = after_id
        failures = 0
        loop = asyncio.get_running_loop()
        deadline = None if timeout is None else loop.time() + timeout
        while True:
            remaining = None if deadline is None else max(deadline - loop.time(), 0.001)
            call = self._method("WatchVmEvents")(
                _watch_request(kinds, vm, last), metadata=self._metadata, timeout=remaining
            )
            try:
                async for event in call:
                    failures = 0
                    last = event.id
                    yield event
            except grpc.aio.AioRpcError as error:
                if error.code() != grpc.StatusCode.UNAVAILABLE:
                    raise from_grpc(error) from None
                failures += 1
                if failures > reconnect_attempts:
                    raise from_grpc(error) from None
                await asyncio.sleep(min(0.1 * 2**failures, 2.0))
            finally:
                call.cancel()
