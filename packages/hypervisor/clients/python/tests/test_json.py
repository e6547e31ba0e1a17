"""The REST JSON reader: the same message as protobuf's ParseDict for every shape, and the same
refusals (a field the message lacks, a value of the wrong type)."""

from __future__ import annotations

from typing import Any

import pytest
from google.protobuf import json_format

import hypervisor_client as hv
from hypervisor_client._json import parse

VM = {
    "name": "web1",
    "uuid": "a2e5c5cd-17ff-4bfc-ab8a-c4b5308ef919",
    "state": "RUNNING",
    "cpu": {"count": 2},
    "memory": {"size": "256M"},
    "devices": {"storage": [{"type": "virtio-blk", "path": "d", "format": "qcow2"}], "network": []},
    "boot": None,
    "created_at": "2026-11-27T11:11:09.662Z",
    "updated_at": "2026-11-27T11:11:09+02:00",
    "state_changed_at": "2026-11-27T11:11:09.123456789Z",
    "runtime": {"driver": "simulated", "accelerator": "none", "pid": None, "files": {"qmp_socket": "/q"}},
    "last_error": None,
}
OPERATION = {"id": "1", "kind": "disk.check", "status": "succeeded", "progress": 100,
             "result": {"image": "d", "clean": True, "counts": [1, None]}, "error": None}  # fmt: skip
REPORT_PART = {"definition": "ab", "kernel": None, "initrd": {"file": "i", "sha384": "cd"}, "firmware": None, "disks": []}


@pytest.mark.parametrize(
    ("data", "cls"),
    [(VM, hv.vm_pb2.VmInfo), (OPERATION, hv.operation_pb2.Operation), (REPORT_PART, hv.pqc_pb2.AttestMeasurementComponents)],
)
def test_same_as_parse_dict(data: dict[str, Any], cls: Any) -> None:
    assert parse(data, cls) == json_format.ParseDict(data, cls(), ignore_unknown_fields=False)


@pytest.mark.parametrize("bad", [{**VM, "nope": 1}, {**VM, "cpu": {"count": "two"}}, {**VM, "created_at": "yesterday"}])
def test_refuses_what_parse_dict_refuses(bad: dict[str, Any]) -> None:
    with pytest.raises(json_format.ParseError):
        parse(bad, hv.vm_pb2.VmInfo)
