"""Live migration from host A to host B (simulated driver, two service processes) awaited with
a progress callback: MigrateVm's stream over gRPC, the operation followed over REST. Also the
destination's side (PrepareIncomingMigration, AbortIncomingMigration) and CancelMigration."""

from __future__ import annotations

import asyncio
import secrets
import uuid
from pathlib import Path
from typing import Any

import pytest

import hypervisor_client as hv

from .conftest import covered, env, make_async_client, unique


def _peer(transport: str) -> Any:
    if transport == "rest":
        return hv.Client(env("HV_PEER_REST_URL"), env("HV_PEER_TOKEN"))
    return hv.GrpcClient(env("HV_PEER_GRPC_ADDR"), env("HV_PEER_TOKEN"))


@pytest.fixture(scope="module")
def shared_pool() -> tuple[str, str]:
    """The pool hosts A and B both have at one path (HV_SHARED_POOL): the shared storage a
    migration needs. Its name and path."""
    name = env("HV_SHARED_POOL")
    with hv.Client(env("HV_REST_URL"), env("HV_TOKEN")) as client:
        return name, next(p.path for p in client.list_pools().pools if p.name == name)


def _running_vm(client: Any, pool: str) -> hv.vm_pb2.VmInfo:
    disk = client.create_disk(name=unique("mdisk"), format="qcow2", size="16M", pool=pool)
    vm = client.create_vm(
        name=unique("mvm"),
        cpu={"count": 1},
        memory={"size": "256M"},
        devices={"storage": [{"type": "virtio-blk", "path": disk.name, "format": "qcow2"}]},
    )
    client.start_vm(name=vm.name)
    return vm


def test_migrate_with_progress(client: Any, transport: str, shared_pool: tuple[str, str]) -> None:
    with _peer(transport) as peer:
        vm = _running_vm(client, shared_pool[0])
        seen: list[hv.vm_pb2.MigrateProgress] = []
        # 256 MiB at 64 MiB/s: about four seconds, progress reported along the way.
        done = client.migrate_vm(
            vm.name, env("HV_PEER_REST_URL"), env("HV_PEER_TOKEN"), bandwidth="64M", on_progress=seen.append
        )
        assert isinstance(done, hv.vm_pb2.MigrateProgress)
        assert (done.status, done.progress) == ("succeeded", 100)
        assert any(0 < p.progress < 100 for p in seen), [p.progress for p in seen]
        assert [p.progress for p in seen] == sorted(p.progress for p in seen)
        assert peer.get_vm(name=vm.name).state == "RUNNING"
        with pytest.raises(hv.NotFoundError):
            client.get_vm(name=vm.name)
    covered(transport, "MigrateVm", "feature:migrate-progress")


async def _migration_started(client: Any, vm: str, seen: list[hv.vm_pb2.MigrateProgress]) -> asyncio.Task[Any]:
    """A slow migration (64 KiB/s) of `vm` awaited in a task, once its first progress came."""
    task = asyncio.create_task(
        client.migrate_vm(vm, env("HV_PEER_REST_URL"), env("HV_PEER_TOKEN"), bandwidth="64K", on_progress=seen.append)
    )
    while not seen:
        await asyncio.sleep(0.05)
    return task


async def test_cancel_migration(client: Any, transport: str, shared_pool: tuple[str, str]) -> None:
    vm = _running_vm(client, shared_pool[0])
    async with make_async_client(transport) as migrating:
        seen: list[hv.vm_pb2.MigrateProgress] = []
        task = await _migration_started(migrating, vm.name, seen)
        cancelling = client.cancel_migration(name=vm.name)
        assert (cancelling.id, cancelling.kind) == (seen[0].operation_id, "vm.migrate")
        with pytest.raises(hv.HypervisorCancelled) as caught:
            await task
        assert caught.value.code == "OPERATION_CANCELLED"
    assert client.get_vm(name=vm.name).state == "RUNNING"
    covered(transport, "CancelMigration")


def test_incoming_side(client: Any, transport: str, shared_pool: tuple[str, str]) -> None:
    # What a source host calls on the destination, done here as a source does it: an image in
    # the shared pool, the probe file left beside it; B prepares an INCOMING VM, then drops it.
    with _peer(transport) as peer:
        pool, shared_path = shared_pool
        disk = client.create_disk(name=unique("idisk"), format="qcow2", size="1M", pool=pool)
        probe = {"id": str(uuid.uuid4()), "secret": secrets.token_hex(32)}
        probe_file = Path(shared_path) / f".hv-migration-{probe['id']}.probe"
        probe_file.write_text(probe["secret"])
        name = unique("incoming")
        try:
            prepared = peer.prepare_incoming_migration(
                name=name,
                uuid=str(uuid.uuid4()),
                definition={
                    "cpu": {"count": 1},
                    "memory": {"size": "64M"},
                    "devices": {"storage": [{"type": "virtio-blk", "path": disk.name, "format": "qcow2"}]},
                },
                images=[{"name": disk.name, "format": "qcow2", "pool_path": shared_path}],
                probe=probe,
            )
        finally:
            probe_file.unlink()
        assert isinstance(prepared, hv.vm_admin_pb2.PrepareIncomingMigrationResponse)
        assert (prepared.vm.name, prepared.vm.state) == (name, "INCOMING") and prepared.port > 0
        aborted = peer.abort_incoming_migration(name=name)
        assert (aborted.name, aborted.deleted) == (name, True)
        with pytest.raises(hv.NotFoundError):
            peer.get_vm(name=name)
    covered(transport, "PrepareIncomingMigration", "AbortIncomingMigration")


async def test_cancelled_task_cancels_the_migration(client: Any, transport: str, shared_pool: tuple[str, str]) -> None:
    """feature:cancel: the task awaiting a migration is cancelled; so is the migration, and the
    guest runs on at the source (gRPC: the call is cancelled; REST: the client cancels it)."""
    vm = _running_vm(client, shared_pool[0])
    async with make_async_client(transport) as migrating:
        seen: list[hv.vm_pb2.MigrateProgress] = []
        task = await _migration_started(migrating, vm.name, seen)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
    operation = seen[0].operation_id
    for _ in range(100):
        if client.get_operation(id=operation).status == "cancelled":
            break
        await asyncio.sleep(0.1)
    assert client.get_operation(id=operation).status == "cancelled"
    assert client.get_vm(name=vm.name).state == "RUNNING"
    covered(transport, "feature:cancel")
