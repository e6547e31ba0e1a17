"""How the client reaches the service: TLS with a pinned certificate (and a wrong pin refused
before any request), the Unix sockets, time-outs and cancellation, and the async clients."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

import hypervisor_client as hv

from .conftest import covered, env, make_async_client, make_client, through, unique
from .proxy import DroppingProxy


def _tls(transport: str, fingerprint: str) -> Any:
    if transport == "rest":
        return hv.Client(env("HV_TLS_REST_URL"), env("HV_TLS_TOKEN"), fingerprint=fingerprint)
    return hv.GrpcClient(env("HV_TLS_GRPC_ADDR"), env("HV_TLS_TOKEN"), fingerprint=fingerprint)


def test_tls_pinned(transport: str) -> None:
    with _tls(transport, env("HV_TLS_FINGERPRINT")) as client:
        info = client.get_system_info()
        assert info.tls.enabled and info.tls.fingerprint.replace(":", "").lower() == env("HV_TLS_FINGERPRINT")
        assert isinstance(client.list_vms(), hv.vm_pb2.ListVmsResponse)
    covered(transport, "feature:tls-pinned")


async def test_tls_pinned_async() -> None:
    async with hv.AsyncClient(env("HV_TLS_REST_URL"), env("HV_TLS_TOKEN"), fingerprint=env("HV_TLS_FINGERPRINT")) as client:
        assert (await client.get_system_info()).tls.enabled
    async with hv.AsyncClient(
        env("HV_TLS_REST_URL"), env("HV_TLS_TOKEN"), fingerprint=env("HV_TLS_WRONG_FINGERPRINT")
    ) as client:
        with pytest.raises(hv.TransportError):
            await client.get_system_info()


def test_tls_wrong_pin_refused_before_any_request(transport: str) -> None:
    name = unique("pinned")
    with pytest.raises(hv.TransportError) as caught:
        with _tls(transport, env("HV_TLS_WRONG_FINGERPRINT")) as client:
            client.create_token(name=name, scopes=["vm:read"])
    assert caught.value.code == "TLS_FINGERPRINT_MISMATCH"
    assert caught.value.details["actual"] == env("HV_TLS_FINGERPRINT")
    # No request reached the service: no token of that name, and no audit row of a try.
    with _tls(transport, env("HV_TLS_FINGERPRINT")) as client:
        assert name not in [t.name for t in client.list_tokens().tokens]
        assert list(client.list_audit_events(resource=f"token/{name}").events) == []
    covered(transport, "feature:tls-wrong-pin")


def test_unix_socket(transport: str) -> None:
    # No token: whoever may open the socket file is the principal `socket`.
    client = (
        hv.Client(socket_path=env("HV_SOCKET"))
        if transport == "rest"
        else hv.GrpcClient(f"unix:{env('HV_GRPC_SOCKET')}")
    )
    with client:
        disk = client.create_disk(name=unique("sock"), format="qcow2", size="1M")
        assert client.get_disk(name=disk.name).name == disk.name
        audit = client.list_audit_events(resource=f"storage/{disk.name}")
        assert [e.actor for e in audit.events] == ["socket"]
    covered(transport, "feature:unix-socket")


def test_timeouts(client: Any, transport: str, proxy: DroppingProxy) -> None:
    with through(proxy, transport, timeout=0.5) as hasty:
        assert isinstance(hasty.list_vms(), hv.vm_pb2.ListVmsResponse)
        proxy.stall()  # the path stops carrying bytes: only the time-out ends the wait
        started = time.monotonic()
        with pytest.raises(hv.HypervisorTimeout):
            hasty.list_vms()  # the client's default, 0.5 s
        with pytest.raises(hv.HypervisorTimeout):
            hasty.get_system_stats(timeout=0.2)  # the call's own
        assert time.monotonic() - started < 5
        proxy.flow()
    # A long operation awaited for less than it takes.
    operation = client.run_benchmark(algorithms=["ML-DSA-44"], iterations=10000, seconds=2)
    started = time.monotonic()
    with pytest.raises(hv.HypervisorTimeout):
        client.wait_operation(operation.id, timeout=0.3)
    assert time.monotonic() - started < 5
    client.cancel_operation(id=operation.id)
    covered(transport, "feature:timeout")


def test_grpc_watch_deadline() -> None:
    with make_client("grpc") as client:
        with pytest.raises(hv.HypervisorTimeout):
            for _ in client.watch_events(kinds=["no.such_kind"], timeout=0.5):
                pass


def test_grpc_future_cancel() -> None:
    # An SLH-DSA-SHAKE-256s pair takes most of a minute: cancelled, it is never stored.
    name = unique("cancelled")
    with make_client("grpc") as client:
        future = client.future(
            "GenerateKey",
            hv.pqc_pb2.KeyGenRequest(name=name, algorithm="SLH-DSA-SHAKE-256s", purpose="signing"),
            timeout=120,
        )
        time.sleep(0.5)
        assert future.cancel()
        with pytest.raises(hv.HypervisorCancelled):
            future.result()
        time.sleep(0.5)
        with pytest.raises(hv.NotFoundError):
            client.get_key(name=name)
    covered("grpc", "feature:cancel")


async def test_async_cancel(transport: str) -> None:
    # REST answers 202 with the key's operation and the client awaits it; a cancelled task
    # cancels that operation, as a cancelled gRPC call cancels the generation.
    name = unique("acancel")
    async with make_async_client(transport) as client:
        task = asyncio.create_task(client.generate_key(name=name, algorithm="SLH-DSA-SHAKE-256s", purpose="signing", timeout=120))
        await asyncio.sleep(0.5)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        await asyncio.sleep(0.5)
        with pytest.raises(hv.NotFoundError):
            await client.get_key(name=name)
        operations = [op for op in (await client.list_operations()).operations if op.resource == f"pqc-key/{name}"]
        assert all(op.status in ("cancelled", "cancelling") for op in operations)
    covered(transport, "feature:cancel")


async def test_async_clients(transport: str) -> None:
    async with make_async_client(transport) as client:
        disk = await client.create_disk(name=unique("adisk"), format="qcow2", size="1M")
        vms, got = await asyncio.gather(client.list_vms(), client.get_disk(name=disk.name))
        assert isinstance(vms, hv.vm_pb2.ListVmsResponse) and got.name == disk.name
        with pytest.raises(hv.NotFoundError):
            await client.get_vm(name="no-such-vm")
        events = client.watch_events(kinds=["storage.created"], after_id="0")
        first = await anext(events)
        assert first.kind == "storage.created"
        await events.aclose()
