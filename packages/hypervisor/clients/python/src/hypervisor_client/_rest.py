"""The REST clients over httpx: `Client` (sync) and `AsyncClient`, the same methods in the
same shape, as httpx has them. Everything that does no I/O (a request message turned into its
route, REST's answer into the response message, the SSE lines into events) is `_RestCore`,
shared by both; each front end only sends, waits and reconnects.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, unquote

import httpx
from google.protobuf import json_format
from google.protobuf.message import Message

from . import _tls
from ._gen.hypervisor.v1 import operation_pb2, pqc_pb2, vm_pb2
from ._gen.methods import AsyncMethods, SyncMethods
from ._json import parse
from ._routes import ROUTES, Route
from ._rpcs import RPCS
from .errors import HypervisorError, HypervisorTimeout, TransportError, from_operation, from_rest

API_PREFIX = "/api/v1"
DEFAULT_TIMEOUT = 30.0
# The SSE stream sends a heartbeat every 15 s: a connection silent for longer is dead.
WATCH_READ_TIMEOUT = 45.0
ProgressCallback = Callable[[operation_pb2.Operation], None]
MigrationCallback = Callable[[vm_pb2.MigrateProgress], None]
_ENDED = ("succeeded", "failed", "cancelled")


@dataclass
class _Pending:
    """A 202 whose operation the call awaits (a graceful stop, an SLH-DSA key)."""

    operation: operation_pb2.Operation


@dataclass(frozen=True)
class _Prepared:
    method: str
    path: str
    params: dict[str, str]
    json: Any


class _SseParser:
    """Server-Sent Events: `id:`, `event:`, `data:` lines, a blank line ending each event."""

    def __init__(self) -> None:
        self._id: str | None = None
        self._event = "message"
        self._data: list[str] = []

    def feed(self, line: str) -> vm_pb2.VmEvent | None:
        if line == "":
            event = None
            if self._data:
                event = parse(
                    {"id": self._id or "", "kind": self._event, "data": json.loads("\n".join(self._data))},
                    vm_pb2.VmEvent,
                )
            self._event, self._data = "message", []
            return event
        if line.startswith(":"):
            return None  # a heartbeat comment
        field, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        if field == "id":
            self._id = value
        elif field == "event":
            self._event = value
        elif field == "data":
            self._data.append(value)
        return None


class _RestCore:
    """What both REST front ends share: options, requests built from messages, answers read."""

    def __init__(
        self,
        base_url: str | None,
        token: str | None,
        *,
        socket_path: str | None,
        fingerprint: str | None,
        timeout: float | None,
        headers: Mapping[str, str] | None,
    ) -> None:
        if socket_path is None and base_url is None:
            raise ValueError("give base_url (http://host:9400) or socket_path (the service's api.sock)")
        if fingerprint is not None and (base_url is None or not base_url.startswith("https://")):
            raise ValueError("a fingerprint pins an https:// service's certificate; the URL is not https://")
        origin = "http://localhost" if socket_path is not None else str(base_url).rstrip("/")
        if origin.endswith(API_PREFIX):
            origin = origin[: -len(API_PREFIX)]
        self.base_url = origin + API_PREFIX
        self.timeout = timeout
        self.headers = {"accept": "application/json", **(headers or {})}
        if token is not None:
            self.headers["authorization"] = f"Bearer {token}"

    def prepare(self, rpc: str, request: Message) -> tuple[Route, _Prepared]:
        route = ROUTES[rpc]
        data = json_format.MessageToDict(request, preserving_proto_field_name=True)
        for field in route.clears:
            if data.get(f"clear_{field}") is True and field not in data:
                del data[f"clear_{field}"]
                data[field] = None
        names = [part[1:-1] for part in route.path.split("/") if part.startswith("{")]
        path = route.path
        for name in names:
            value = data.pop(name, "")
            if value == "":
                raise ValueError(f"{rpc}: '{name}' is required")
            path = path.replace("{" + name + "}", quote(str(value), safe=""))
        query_fields = list(data) if route.method == "GET" else [f for f in route.query if f in data]
        params = {field: _query_value(data.pop(field)) for field in query_fields}
        body: Any = None
        if route.method not in ("GET", "DELETE"):
            body = data.get(route.body_field, {}) if route.body_field else data
            if route.rest_json is not None:
                body = route.rest_json(body)
        return route, _Prepared(route.method, path, params, body)

    def answer(self, rpc: str, route: Route, prepared: _Prepared, response: httpx.Response) -> Any:
        if response.status_code >= 400:
            raise from_rest(response.status_code, response.content, response.headers.get("x-request-id"))
        cls = RPCS[rpc].response
        if route.answer == "pem" and not response.headers.get("content-type", "").startswith("application/json"):
            name = unquote(prepared.path.split("/")[3])  # /pqc/keys/{name}/public
            answer = pqc_pb2.ExportPublicKeyResponse(name=name, format="pem", pem=response.text)
            if "version" in prepared.params:
                answer.version = int(prepared.params["version"])
            return answer
        data = response.json()
        if route.answer == "await" and response.status_code == 202:
            return _Pending(parse(data, operation_pb2.Operation))
        if route.answer.startswith("oneof:"):
            fields = dict(pair.split("=") for pair in route.answer[len("oneof:") :].split(","))
            return parse({fields[str(response.status_code)]: data}, cls)
        return parse(data, cls)

    def started(self, response: httpx.Response) -> operation_pb2.Operation:
        """The operation a 202 answered."""
        if response.status_code >= 400:
            raise from_rest(response.status_code, response.content, response.headers.get("x-request-id"))
        return parse(response.json(), operation_pb2.Operation)

    def settled(self, rpc: str, operation: operation_pb2.Operation) -> Any:
        """The answer of an awaited operation: its result as the RPC's response."""
        if operation.status != "succeeded":
            raise _operation_error(operation)
        return parse(json_format.MessageToDict(operation.result, preserving_proto_field_name=True), RPCS[rpc].response)

    def watch_params(self, kinds: Sequence[str] | None, vm: str | None) -> dict[str, str]:
        params = {}
        if kinds:
            params["kinds"] = ",".join(kinds)
        if vm:
            params["vm"] = vm
        return params


def migrate_request(
    name: str,
    destination: str,
    token: str,
    max_downtime_ms: int | None,
    bandwidth: str | None,
    destination_fingerprint: str | None,
) -> vm_pb2.MigrateRequest:
    request = vm_pb2.MigrateRequest(name=name, destination=destination, token=token)
    if max_downtime_ms is not None:
        request.max_downtime_ms = max_downtime_ms
    if bandwidth is not None:
        request.bandwidth = bandwidth
    if destination_fingerprint is not None:
        request.destination_fingerprint = destination_fingerprint
    return request


def _query_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _operation_error(operation: operation_pb2.Operation) -> HypervisorError:
    error = json_format.MessageToDict(operation.error, preserving_proto_field_name=True)
    return from_operation(error or {"code": "OPERATION_" + operation.status.upper()}, operation.id, operation.status)


def _migration_progress(operation: operation_pb2.Operation) -> vm_pb2.MigrateProgress:
    progress = vm_pb2.MigrateProgress(
        operation_id=operation.id, status=operation.status, progress=operation.progress
    )
    if operation.HasField("error"):
        progress.error.code, progress.error.message = operation.error.code, operation.error.message
    return progress


def _transport_error(error: httpx.HTTPError) -> HypervisorError:
    if isinstance(error, httpx.TimeoutException):
        return HypervisorTimeout(f"timed out: {error}")
    return TransportError(f"{type(error).__name__}: {error}")


class Client(SyncMethods):
    """The REST API over httpx, synchronously.

    `Client("http://127.0.0.1:9400", token="hvt_...")`; `Client(socket_path=".../api.sock")` on the
    service's Unix socket (no token); `Client("https://host:9400", token=..., fingerprint=...)`
    pins a self-signed certificate. `timeout` (seconds, None for none) is each call's default;
    every method takes its own `timeout=`.
    """

    def __init__(
        self,
        base_url: str | None = None,
        token: str | None = None,
        *,
        socket_path: str | None = None,
        fingerprint: str | None = None,
        timeout: float | None = DEFAULT_TIMEOUT,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        self._core = _RestCore(
            base_url, token, socket_path=socket_path, fingerprint=fingerprint, timeout=timeout, headers=headers
        )
        if socket_path is not None:
            transport: httpx.BaseTransport = httpx.HTTPTransport(uds=socket_path)
        elif fingerprint is not None:
            transport = _tls.pinned_transport(fingerprint)
        else:
            transport = httpx.HTTPTransport()
        self._http = httpx.Client(
            base_url=self._core.base_url, headers=self._core.headers, timeout=timeout, transport=transport
        )

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._http.close()

    def _send(self, prepared: _Prepared, timeout: float | None) -> httpx.Response:
        try:
            return self._http.request(
                prepared.method,
                prepared.path,
                # None, not {}: an empty mapping still has httpx parse the whole URL once more.
                params=prepared.params or None,
                json=prepared.json,
                timeout=self._core.timeout if timeout is None else timeout,
            )
        except httpx.HTTPError as error:
            raise _transport_error(error) from error

    def _unary(self, method: str, request: Message, timeout: float | None) -> Any:
        route, prepared = self._core.prepare(method, request)
        answer = self._core.answer(method, route, prepared, self._send(prepared, timeout))
        if isinstance(answer, _Pending):
            return self._core.settled(method, self.wait_operation(answer.operation.id, timeout=timeout))
        return answer

    def wait_operation(
        self,
        id: str,
        *,
        on_progress: ProgressCallback | None = None,
        timeout: float | None = None,
        poll_interval: float = 0.1,
    ) -> operation_pb2.Operation:
        """Follows the operation until it ends, calling `on_progress` with it each time its
        progress moved; answers it once succeeded, raises its error (typed by its code) when it
        failed or was cancelled, `HypervisorTimeout` when `timeout` seconds pass first."""
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
        """Migrates the VM live to `destination` and waits for the end, calling `on_progress` as
        it moves; answers the last progress (`succeeded`), raises the migration's error."""
        request = migrate_request(name, destination, token, max_downtime_ms, bandwidth, destination_fingerprint)
        operation = self._core.started(self._send(self._core.prepare("MigrateVm", request)[1], None))
        callback = None if on_progress is None else (lambda op: on_progress(_migration_progress(op)))
        done = self.wait_operation(operation.id, on_progress=callback, timeout=timeout)
        return _migration_progress(done)

    def watch_events(
        self,
        kinds: Sequence[str] | None = None,
        vm: str | None = None,
        *,
        after_id: str | None = None,
        reconnect_attempts: int = 5,
    ) -> Iterator[vm_pb2.VmEvent]:
        """The event stream (SSE), replayed after `after_id` when given, then live. A dropped
        connection is resumed from the last event id (`Last-Event-ID`), without gap or duplicate;
        after `reconnect_attempts` failed reconnections in a row it raises `TransportError`."""
        last = after_id
        failures = 0
        params = self._core.watch_params(kinds, vm)
        while True:
            headers = {"accept": "text/event-stream"}
            if last is not None:
                headers["last-event-id"] = last
            try:
                with self._http.stream(
                    "GET",
                    "/events",
                    params=params,
                    headers=headers,
                    timeout=httpx.Timeout(self._core.timeout, read=WATCH_READ_TIMEOUT),
                ) as response:
                    if response.status_code >= 400:
                        response.read()
                        raise from_rest(response.status_code, response.content, response.headers.get("x-request-id"))
                    parser = _SseParser()
                    for line in response.iter_lines():
                        event = parser.feed(line)
                        if event is not None:
                            failures = 0
                            last = event.id
                            yield event
            except httpx.HTTPError as error:
                failures += 1
                if failures > reconnect_attempts:
                    raise _transport_error(error) from error
                time.sleep(min(0.1 * 2**failures, 2.0))


class AsyncClient(AsyncMethods):
    """The REST API over httpx, with asyncio: `Client`'s methods as coroutines. Cancelling the
    task of a call cancels the request; cancelling `migrate_vm`'s also cancels the migration."""

    def __init__(
        self,
        base_url: str | None = None,
        token: str | None = None,
        *,
        socket_path: str | None = None,
        fingerprint: str | None = None,
        timeout: float | None = DEFAULT_TIMEOUT,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        self._core = _RestCore(
            base_url, token, socket_path=socket_path, fingerprint=fingerprint, timeout=timeout, headers=headers
        )
        if socket_path is not None:
            transport: httpx.AsyncBaseTransport = httpx.AsyncHTTPTransport(uds=socket_path)
        elif fingerprint is not None:
            transport = _tls.async_pinned_transport(fingerprint)
        else:
            transport = httpx.AsyncHTTPTransport()
        self._http = httpx.AsyncClient(
            base_url=self._core.base_url, headers=self._core.headers, timeout=timeout, transport=transport
        )

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self._http.aclose()

    async def _send(self, prepared: _Prepared, timeout: float | None) -> httpx.Response:
        try:
            return await self._http.request(
                prepared.method,
                prepared.path,
                # None, not {}: an empty mapping still has httpx parse the whole URL once more.
                params=prepared.params or None,
                json=prepared.json,
                timeout=self._core.timeout if timeout is None else timeout,
            )
        except httpx.HTTPError as error:
            raise _transport_error(error) from error

    async def _unary(self, method: str, request: Message, timeout: float | None) -> Any:
        route, prepared = self._core.prepare(method, request)
        answer = self._core.answer(method, route, prepared, await self._send(prepared, timeout))
        if isinstance(answer, _Pending):
            try:
                done = await self.wait_operation(answer.operation.id, timeout=timeout)
            except asyncio.CancelledError:
                # As gRPC's call does: a cancelled caller cancels the work it waited for.
                await asyncio.shield(self._cancel_quietly(answer.operation.id))
                raise
            return self._core.settled(method, done)
        return answer

    async def wait_operation(
        self,
        id: str,
        *,
        on_progress: ProgressCallback | None = None,
        timeout: float | None = None,
        poll_interval: float = 0.1,
    ) -> operation_pb2.Operation:
        """As `Client.wait_operation`."""
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
        """As `Client.migrate_vm`; a cancelled task cancels the migration (the guest runs on here)."""
        request = migrate_request(name, destination, token, max_downtime_ms, bandwidth, destination_fingerprint)
        operation = self._core.started(await self._send(self._core.prepare("MigrateVm", request)[1], None))
        callback = None if on_progress is None else (lambda op: on_progress(_migration_progress(op)))
        try:
            done = await self.wait_operation(operation.id, on_progress=callback, timeout=timeout)
        except asyncio.CancelledError:
            # As gRPC's MigrateVm does when its call is cancelled; shielded, so it is sent.
            await asyncio.shield(self._cancel_quietly(operation.id))
            raise
        return _migration_progress(done)

    async def _cancel_quietly(self, id: str) -> None:
        try:
            await self.cancel_operation(id=id)
        except HypervisorError:
            pass  # it ended meanwhile: its end is what the operation shows

    async def watch_events(
        self,
        kinds: Sequence[str] | None = None,
        vm: str | None = None,
        *,
        after_id: str | None = None,
        reconnect_attempts: int = 5,
    ) -> AsyncIterator[vm_pb2.VmEvent]:
        """As `Client.watch_events`, an async generator."""
        last = after_id
        failures = 0
        params = self._core.watch_params(kinds, vm)
        while True:
            headers = {"accept": "text/event-stream"}
            if last is not None:
                headers["last-event-id"] = last
            try:
                async with self._http.stream(
                    "GET",
                    "/events",
                    params=params,
                    headers=headers,
                    timeout=httpx.Timeout(self._core.timeout, read=WATCH_READ_TIMEOUT),
                ) as response:
                    if response.status_code >= 400:
                        await response.aread()
                        raise from_rest(response.status_code, response.content, response.headers.get("x-request-id"))
                    parser = _SseParser()
                    async for line in response.aiter_lines():
                        event = parser.feed(line)
                        if event is not None:
                            failures = 0
                            last = event.id
                            yield event
            except httpx.HTTPError as error:
                failures += 1
                if failures > reconnect_attempts:
                    raise _transport_error(error) from error
                await asyncio.sleep(min(0.1 * 2**failures, 2.0))
