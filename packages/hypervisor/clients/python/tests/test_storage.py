"""Disk images, pools and operations over both transports; a conversion awaited with a progress
callback (feature:operation-progress)."""

from __future__ import annotations

from typing import Any

import pytest

import hypervisor_client as hv

from .conftest import covered, new_disk, pool_directory, unique


def test_disks(client: Any, transport: str) -> None:
    disk = new_disk(client)
    assert isinstance(disk, hv.storage_pb2.DiskImage)
    assert (disk.format, disk.size_bytes, disk.pool) == ("qcow2", 64 << 20, "default")
    assert disk.name in [d.name for d in client.list_disks().images]
    assert client.get_disk(name=disk.name).size_bytes == 64 << 20
    assert client.resize_disk(name=disk.name, size="128M").size_bytes == 128 << 20

    compact = client.compact_disk(name=disk.name)
    assert (compact.kind, compact.resource) == ("disk.compact", f"storage/{disk.name}")
    assert client.wait_operation(compact.id, timeout=60).result["image"] == disk.name
    check = client.check_disk(name=disk.name)
    assert client.wait_operation(check.id, timeout=60).result["clean"] is True
    covered(transport, "CreateDisk", "ListDisks", "GetDisk", "ResizeDisk", "CompactDisk", "CheckDisk", "GetOperation")


def test_convert_with_progress(client: Any, transport: str) -> None:
    disk = new_disk(client, size="256M")
    target = unique("raw")
    operation = client.convert_disk(name=disk.name, format="raw", target=target)
    assert operation.kind == "disk.convert"
    seen: list[hv.operation_pb2.Operation] = []
    done = client.wait_operation(operation.id, on_progress=seen.append, timeout=60)
    assert done.status == "succeeded" and done.result["target"] == target
    assert seen and seen[-1].progress == 100 and seen[-1].status == "succeeded"
    assert [op.progress for op in seen] == sorted(op.progress for op in seen)
    assert client.get_disk(name=target).format == "raw"
    assert operation.id in [op.id for op in client.list_operations().operations]
    covered(transport, "ConvertDisk", "ListOperations", "GetOperation", "feature:operation-progress")


def test_rekey(client: Any, transport: str) -> None:
    disk = new_disk(client, encrypted=True, secret="first secret 123")
    assert disk.encrypted
    operation = client.rekey_disk(name=disk.name, old_secret="first secret 123", new_secret="second secret 456")
    assert operation.kind == "disk.rekey"
    assert client.wait_operation(operation.id, timeout=60).status == "succeeded"
    covered(transport, "RekeyDisk")


def test_cancel_operation(client: Any, transport: str) -> None:
    # A benchmark runs for seconds: long enough to be cancelled while it runs.
    operation = client.run_benchmark(algorithms=["ML-DSA-87"], iterations=10000, seconds=3)
    assert operation.kind == "pqc.benchmark"
    cancelling = client.cancel_operation(id=operation.id)
    assert cancelling.id == operation.id and cancelling.status in ("cancelling", "cancelled")
    with pytest.raises(hv.HypervisorCancelled) as caught:
        client.wait_operation(operation.id, timeout=60)
    assert caught.value.code == "OPERATION_CANCELLED"
    covered(transport, "CancelOperation", "RunBenchmark")


def test_pools(client: Any, transport: str) -> None:
    name = unique("pool")
    path = pool_directory(name)
    pool = client.create_pool(name=name, path=path)
    assert isinstance(pool, hv.storage_pb2.StoragePool) and pool.path == path
    assert name in [p.name for p in client.list_pools().pools]
    covered(transport, "CreatePool", "ListPools")
