"""Typed errors: the service's code, message and details as one exception class per kind, the
same over REST and gRPC; refused credentials and scopes."""

from __future__ import annotations

from typing import Any

import grpc
import pytest

import hypervisor_client as hv
from hypervisor_client.errors import codes

from .conftest import covered, env, make_client, new_disk, new_vm


def _status_matches(error: hv.HypervisorError, transport: str, http: int, code: grpc.StatusCode) -> None:
    if transport == "rest":
        assert (error.status, error.grpc_code) == (http, None)
    else:
        assert (error.status, error.grpc_code) == (None, code)
    assert error.request_id


def test_typed_errors(client: Any, transport: str) -> None:
    with pytest.raises(hv.NotFoundError) as missing:
        client.get_vm(name="no-such-vm")
    assert (missing.value.code, missing.value.kind) == (codes.VM_NOT_FOUND, "not_found")
    assert "no-such-vm" in missing.value.message
    _status_matches(missing.value, transport, 404, grpc.StatusCode.NOT_FOUND)

    disk = new_disk(client)
    with pytest.raises(hv.AlreadyExistsError) as taken:
        client.create_disk(name=disk.name, format="qcow2", size="1M")
    assert taken.value.code == "DISK_ALREADY_EXISTS"
    _status_matches(taken.value, transport, 409, grpc.StatusCode.ALREADY_EXISTS)

    vm = new_vm(client)
    client.start_vm(name=vm.name)
    with pytest.raises(hv.ConflictError) as running:
        client.start_vm(name=vm.name)
    assert (running.value.code, running.value.kind) == ("VM_ALREADY_RUNNING", "conflict")
    _status_matches(running.value, transport, 409, grpc.StatusCode.FAILED_PRECONDITION)

    with pytest.raises(hv.InvalidError) as invalid:
        client.create_vm(name="bad name!", cpu={"count": 1}, memory={"size": "64M"})
    assert invalid.value.code == "VALIDATION_ERROR"
    assert invalid.value.details["field"] == "name"
    _status_matches(invalid.value, transport, 400, grpc.StatusCode.INVALID_ARGUMENT)
    # Every one is an ApiError and a HypervisorError.
    assert isinstance(invalid.value, hv.ApiError) and isinstance(invalid.value, hv.HypervisorError)
    covered(transport, "feature:typed-errors")


def test_unauthenticated(transport: str) -> None:
    with make_client(transport, token=env("HV_TOKEN_BAD")) as stranger:
        with pytest.raises(hv.UnauthenticatedError) as caught:
            stranger.list_vms()
    assert caught.value.code == "UNAUTHORIZED"
    _status_matches(caught.value, transport, 401, grpc.StatusCode.UNAUTHENTICATED)
    covered(transport, "feature:auth-unauthenticated")


def test_forbidden(transport: str) -> None:
    with make_client(transport, token=env("HV_TOKEN_VM_READ")) as reader:
        assert isinstance(reader.list_vms(), hv.vm_pb2.ListVmsResponse)
        with pytest.raises(hv.ForbiddenError) as caught:
            reader.create_vm(name="not-allowed", cpu={"count": 1}, memory={"size": "64M"})
    assert caught.value.code == "FORBIDDEN"
    assert caught.value.details["required_scope"] == "vm:write"
    _status_matches(caught.value, transport, 403, grpc.StatusCode.PERMISSION_DENIED)
    covered(transport, "feature:auth-forbidden")
