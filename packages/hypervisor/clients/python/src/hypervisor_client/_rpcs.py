"""Every RPC of the proto services, read from the generated descriptors: its service, its stub
class and its request and response message classes. The clients look methods up here by the
RPC's name (`GetVm`), the operation id used across the four libraries."""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Any

from google.protobuf import message_factory
from google.protobuf.message import Message

from ._gen.hypervisor.v1 import (
    audit_pb2,
    audit_pb2_grpc,
    network_pb2,
    network_pb2_grpc,
    operation_pb2,
    operation_pb2_grpc,
    pqc_pb2,
    pqc_pb2_grpc,
    storage_pb2,
    storage_pb2_grpc,
    system_pb2,
    system_pb2_grpc,
    token_pb2,
    token_pb2_grpc,
    vm_admin_pb2,
    vm_admin_pb2_grpc,
    vm_pb2,
    vm_pb2_grpc,
)


@dataclass(frozen=True)
class Rpc:
    name: str
    service: str
    stub: type[Any]
    request: type[Message]
    response: type[Message]
    streaming: bool


_MODULES: list[tuple[ModuleType, ModuleType]] = [
    (vm_pb2, vm_pb2_grpc),
    (vm_admin_pb2, vm_admin_pb2_grpc),
    (network_pb2, network_pb2_grpc),
    (storage_pb2, storage_pb2_grpc),
    (operation_pb2, operation_pb2_grpc),
    (pqc_pb2, pqc_pb2_grpc),
    (system_pb2, system_pb2_grpc),
    (audit_pb2, audit_pb2_grpc),
    (token_pb2, token_pb2_grpc),
]


def _collect() -> dict[str, Rpc]:
    rpcs: dict[str, Rpc] = {}
    for messages, stubs in _MODULES:
        for service in messages.DESCRIPTOR.services_by_name.values():
            stub = getattr(stubs, f"{service.name}Stub")
            for method in service.methods:
                rpcs[method.name] = Rpc(
                    name=method.name,
                    service=service.name,
                    stub=stub,
                    request=message_factory.GetMessageClass(method.input_type),
                    response=message_factory.GetMessageClass(method.output_type),
                    streaming=method.server_streaming,
                )
    return rpcs


RPCS: dict[str, Rpc] = _collect()
