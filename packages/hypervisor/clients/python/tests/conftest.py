"""The suite runs against the live services of packages/hypervisor/clients/testing/
live-services.mjs (hosts A, B and T, their addresses and tokens in HV_* variables): every
operation over both transports, REST and gRPC. A test that calls an operation through the
library and checks its result records `(operation, transport)` with `covered`; at the end the
set is written to HV_CONFORMANCE_OUT, the conformance table's input."""

from __future__ import annotations

import json
import os
import uuid
from pathlib import Path
from collections.abc import Iterator
from typing import Any

import pytest

import hypervisor_client as hv

from .proxy import DroppingProxy

TRANSPORTS = ("rest", "grpc")
_covered: dict[str, set[str]] = {"rest": set(), "grpc": set()}


def env(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        raise RuntimeError(f"{name} is not set: run the suite under live-services.mjs")
    return value


def covered(transport: str, *operations: str) -> None:
    """Records that a test called these operations over `transport` and checked their results."""
    _covered[transport].update(operations)


def unique(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    out = os.environ.get("HV_CONFORMANCE_OUT")
    if out:
        document = {"language": "python", "covered": {t: sorted(ops) for t, ops in _covered.items()}}
        with open(out, "w") as file:
            json.dump(document, file, indent=2)
            file.write("\n")


def make_client(transport: str, token: str | None = None, **options: Any) -> Any:
    token = env("HV_TOKEN") if token is None else token
    if transport == "rest":
        return hv.Client(env("HV_REST_URL"), token, **options)
    return hv.GrpcClient(env("HV_GRPC_ADDR"), token, **options)


def make_async_client(transport: str, token: str | None = None, **options: Any) -> Any:
    token = env("HV_TOKEN") if token is None else token
    if transport == "rest":
        return hv.AsyncClient(env("HV_REST_URL"), token, **options)
    return hv.AsyncGrpcClient(env("HV_GRPC_ADDR"), token, **options)


@pytest.fixture
def proxy(transport: str) -> Iterator[DroppingProxy]:
    """A proxy in front of host A's listener of the test's transport."""
    upstream = env("HV_REST_URL").removeprefix("http://") if transport == "rest" else env("HV_GRPC_ADDR")
    proxy = DroppingProxy(upstream)
    yield proxy
    proxy.close()


def through(proxy: DroppingProxy, transport: str, **options: Any) -> Any:
    """Host A's admin client connecting through `proxy`."""
    if transport == "rest":
        return hv.Client(f"http://{proxy.address}", env("HV_TOKEN"), **options)
    return hv.GrpcClient(proxy.address, env("HV_TOKEN"), **options)


@pytest.fixture(params=TRANSPORTS)
def transport(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def client(transport: str) -> Iterator[Any]:
    """Host A's admin client over the test's transport."""
    with make_client(transport) as client:
        yield client


def pool_directory(name: str) -> str:
    """A directory for a storage pool that lives as long as the services: inside the harness's
    own temporary directory (the parent of host A's run directory), which it removes at the end.
    A pool's directory must outlive the service's record of it."""
    path = Path(env("HV_SOCKET")).parents[2] / "pools" / name
    path.mkdir(parents=True, exist_ok=True)
    return str(path)


def new_disk(client: Any, size: str = "64M", **fields: Any) -> hv.storage_pb2.DiskImage:
    return client.create_disk(name=unique("disk"), format="qcow2", size=size, **fields)


def new_vm(client: Any, *, disk: str | None = None, memory: str = "64M", **devices: Any) -> hv.vm_pb2.VmInfo:
    """A VM booting from `disk`, or from a new disk of its own."""
    disk = new_disk(client).name if disk is None else disk
    return client.create_vm(
        name=unique("vm"),
        cpu={"count": 1},
        memory={"size": memory},
        devices={"storage": [{"type": "virtio-blk", "path": disk, "format": "qcow2"}], **devices},
    )
