"""VMs, clones and snapshots over both transports: each call's answer is the generated message,
the same type whichever transport carried it."""

from __future__ import annotations

from typing import Any

import hypervisor_client as hv

from .conftest import covered, new_disk, new_vm, unique


def test_lifecycle(client: Any, transport: str) -> None:
    disk = new_disk(client)
    vm = new_vm(client, disk=disk.name)
    assert isinstance(vm, hv.vm_pb2.VmInfo)
    assert (vm.state, vm.devices.storage[0].path) == ("CREATED", disk.name)
    assert len(vm.uuid) == 36

    assert vm.name in [v.name for v in client.list_vms().vms]
    assert client.get_vm(name=vm.name).uuid == vm.uuid
    updated = client.update_vm(name=vm.name, cpu={"count": 2})
    assert updated.cpu.count == 2
    assert client.start_vm(name=vm.name).state == "RUNNING"
    stats = client.get_vm_stats(name=vm.name)
    assert isinstance(stats, hv.vm_admin_pb2.VmStats) and stats.memory_used
    assert client.pause_vm(name=vm.name).state == "PAUSED"
    assert client.resume_vm(name=vm.name).state == "RUNNING"
    assert client.reset_vm(name=vm.name).state == "RUNNING"
    # A graceful stop: REST answers 202 and the client awaits the operation, gRPC answers the VM.
    stopped = client.stop_vm(name=vm.name)
    assert (stopped.name, stopped.state) == (vm.name, "STOPPED")
    assert client.start_vm(name=vm.name).state == "RUNNING"
    assert client.stop_vm(name=vm.name, force=True).state == "STOPPED"
    deleted = client.delete_vm(name=vm.name)
    assert (deleted.name, deleted.deleted) == (vm.name, True)
    deleted_disk = client.delete_disk(name=disk.name)
    assert deleted_disk.deleted
    covered(
        transport,
        "CreateVm", "ListVms", "GetVm", "UpdateVm", "StartVm", "GetVmStats", "PauseVm", "ResumeVm",
        "ResetVm", "StopVm", "DeleteVm", "CreateDisk", "DeleteDisk",
    )  # fmt: skip


def test_clones(client: Any, transport: str) -> None:
    disk = new_disk(client)
    vm = new_vm(client, disk=disk.name)
    linked = client.clone_vm(name=vm.name, clone={"name": unique("linked"), "linked": True})
    assert linked.WhichOneof("result") == "vm" and linked.vm.state == "CREATED"
    name = unique("full")
    full = client.clone_vm(name=vm.name, clone={"name": name})
    assert full.WhichOneof("result") == "operation" and full.operation.kind == "vm.clone"
    done = client.wait_operation(full.operation.id, timeout=60)
    assert (done.status, done.result["name"], done.result["state"]) == ("succeeded", name, "CREATED")
    covered(transport, "CloneVm")


def test_snapshots(client: Any, transport: str) -> None:
    disk = new_disk(client)
    vm = new_vm(client, disk=disk.name)
    created = client.create_snapshot(name=vm.name, snapshot={"name": "s1", "description": "first"})
    assert created.WhichOneof("result") == "snapshot"
    assert (created.snapshot.name, created.snapshot.description) == ("s1", "first")
    assert [s.name for s in client.list_snapshots(name=vm.name).snapshots] == ["s1"]
    restored = client.restore_snapshot(name=vm.name, snap="s1")
    assert restored.WhichOneof("result") == "restored"
    assert (restored.restored.snapshot.name, restored.restored.vm.name) == ("s1", vm.name)
    deleted = client.delete_snapshot(name=vm.name, snap="s1")
    assert (deleted.name, deleted.deleted) == ("s1", True)
    assert list(client.list_snapshots(name=vm.name).snapshots) == []
    covered(transport, "CreateSnapshot", "ListSnapshots", "RestoreSnapshot", "DeleteSnapshot")
