import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from . import operation_pb2 as _operation_pb2
from . import vm_pb2 as _vm_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class UpdateVmRequest(_message.Message):
    __slots__ = ("name", "cpu", "memory", "devices", "boot", "clear_boot")
    NAME_FIELD_NUMBER: _ClassVar[int]
    CPU_FIELD_NUMBER: _ClassVar[int]
    MEMORY_FIELD_NUMBER: _ClassVar[int]
    DEVICES_FIELD_NUMBER: _ClassVar[int]
    BOOT_FIELD_NUMBER: _ClassVar[int]
    CLEAR_BOOT_FIELD_NUMBER: _ClassVar[int]
    name: str
    cpu: _vm_pb2.Cpu
    memory: _vm_pb2.Memory
    devices: _vm_pb2.Devices
    boot: _vm_pb2.Boot
    clear_boot: bool
    def __init__(self, name: _Optional[str] = ..., cpu: _Optional[_Union[_vm_pb2.Cpu, _Mapping]] = ..., memory: _Optional[_Union[_vm_pb2.Memory, _Mapping]] = ..., devices: _Optional[_Union[_vm_pb2.Devices, _Mapping]] = ..., boot: _Optional[_Union[_vm_pb2.Boot, _Mapping]] = ..., clear_boot: _Optional[bool] = ...) -> None: ...

class DeleteVmRequest(_message.Message):
    __slots__ = ("name", "force")
    NAME_FIELD_NUMBER: _ClassVar[int]
    FORCE_FIELD_NUMBER: _ClassVar[int]
    name: str
    force: bool
    def __init__(self, name: _Optional[str] = ..., force: _Optional[bool] = ...) -> None: ...

class DeleteVmResponse(_message.Message):
    __slots__ = ("name", "deleted")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DELETED_FIELD_NUMBER: _ClassVar[int]
    name: str
    deleted: bool
    def __init__(self, name: _Optional[str] = ..., deleted: _Optional[bool] = ...) -> None: ...

class GetVmStatsRequest(_message.Message):
    __slots__ = ("name",)
    NAME_FIELD_NUMBER: _ClassVar[int]
    name: str
    def __init__(self, name: _Optional[str] = ...) -> None: ...

class VmStats(_message.Message):
    __slots__ = ("vm", "cpu_percent", "memory_used", "memory_used_bytes", "disk_read_iops", "disk_write_iops", "disk_read_bytes_per_sec", "disk_write_bytes_per_sec", "disk_read_ops", "disk_write_ops", "disk_read_bytes", "disk_write_bytes", "interval_ms", "sampled_at")
    VM_FIELD_NUMBER: _ClassVar[int]
    CPU_PERCENT_FIELD_NUMBER: _ClassVar[int]
    MEMORY_USED_FIELD_NUMBER: _ClassVar[int]
    MEMORY_USED_BYTES_FIELD_NUMBER: _ClassVar[int]
    DISK_READ_IOPS_FIELD_NUMBER: _ClassVar[int]
    DISK_WRITE_IOPS_FIELD_NUMBER: _ClassVar[int]
    DISK_READ_BYTES_PER_SEC_FIELD_NUMBER: _ClassVar[int]
    DISK_WRITE_BYTES_PER_SEC_FIELD_NUMBER: _ClassVar[int]
    DISK_READ_OPS_FIELD_NUMBER: _ClassVar[int]
    DISK_WRITE_OPS_FIELD_NUMBER: _ClassVar[int]
    DISK_READ_BYTES_FIELD_NUMBER: _ClassVar[int]
    DISK_WRITE_BYTES_FIELD_NUMBER: _ClassVar[int]
    INTERVAL_MS_FIELD_NUMBER: _ClassVar[int]
    SAMPLED_AT_FIELD_NUMBER: _ClassVar[int]
    vm: str
    cpu_percent: float
    memory_used: str
    memory_used_bytes: int
    disk_read_iops: int
    disk_write_iops: int
    disk_read_bytes_per_sec: int
    disk_write_bytes_per_sec: int
    disk_read_ops: int
    disk_write_ops: int
    disk_read_bytes: int
    disk_write_bytes: int
    interval_ms: int
    sampled_at: _timestamp_pb2.Timestamp
    def __init__(self, vm: _Optional[str] = ..., cpu_percent: _Optional[float] = ..., memory_used: _Optional[str] = ..., memory_used_bytes: _Optional[int] = ..., disk_read_iops: _Optional[int] = ..., disk_write_iops: _Optional[int] = ..., disk_read_bytes_per_sec: _Optional[int] = ..., disk_write_bytes_per_sec: _Optional[int] = ..., disk_read_ops: _Optional[int] = ..., disk_write_ops: _Optional[int] = ..., disk_read_bytes: _Optional[int] = ..., disk_write_bytes: _Optional[int] = ..., interval_ms: _Optional[int] = ..., sampled_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class CloneVmRequest(_message.Message):
    __slots__ = ("name", "clone")
    NAME_FIELD_NUMBER: _ClassVar[int]
    CLONE_FIELD_NUMBER: _ClassVar[int]
    name: str
    clone: CloneSpec
    def __init__(self, name: _Optional[str] = ..., clone: _Optional[_Union[CloneSpec, _Mapping]] = ...) -> None: ...

class CloneSpec(_message.Message):
    __slots__ = ("name", "linked")
    NAME_FIELD_NUMBER: _ClassVar[int]
    LINKED_FIELD_NUMBER: _ClassVar[int]
    name: str
    linked: bool
    def __init__(self, name: _Optional[str] = ..., linked: _Optional[bool] = ...) -> None: ...

class CloneVmResponse(_message.Message):
    __slots__ = ("vm", "operation")
    VM_FIELD_NUMBER: _ClassVar[int]
    OPERATION_FIELD_NUMBER: _ClassVar[int]
    vm: _vm_pb2.VmInfo
    operation: _operation_pb2.Operation
    def __init__(self, vm: _Optional[_Union[_vm_pb2.VmInfo, _Mapping]] = ..., operation: _Optional[_Union[_operation_pb2.Operation, _Mapping]] = ...) -> None: ...

class PrepareIncomingMigrationRequest(_message.Message):
    __slots__ = ("name", "uuid", "definition", "images", "probe", "tls")
    NAME_FIELD_NUMBER: _ClassVar[int]
    UUID_FIELD_NUMBER: _ClassVar[int]
    DEFINITION_FIELD_NUMBER: _ClassVar[int]
    IMAGES_FIELD_NUMBER: _ClassVar[int]
    PROBE_FIELD_NUMBER: _ClassVar[int]
    TLS_FIELD_NUMBER: _ClassVar[int]
    name: str
    uuid: str
    definition: IncomingDefinition
    images: _containers.RepeatedCompositeFieldContainer[IncomingImage]
    probe: IncomingProbe
    tls: IncomingTls
    def __init__(self, name: _Optional[str] = ..., uuid: _Optional[str] = ..., definition: _Optional[_Union[IncomingDefinition, _Mapping]] = ..., images: _Optional[_Iterable[_Union[IncomingImage, _Mapping]]] = ..., probe: _Optional[_Union[IncomingProbe, _Mapping]] = ..., tls: _Optional[_Union[IncomingTls, _Mapping]] = ...) -> None: ...

class IncomingDefinition(_message.Message):
    __slots__ = ("cpu", "memory", "devices", "boot")
    CPU_FIELD_NUMBER: _ClassVar[int]
    MEMORY_FIELD_NUMBER: _ClassVar[int]
    DEVICES_FIELD_NUMBER: _ClassVar[int]
    BOOT_FIELD_NUMBER: _ClassVar[int]
    cpu: _vm_pb2.Cpu
    memory: _vm_pb2.Memory
    devices: _vm_pb2.Devices
    boot: _vm_pb2.Boot
    def __init__(self, cpu: _Optional[_Union[_vm_pb2.Cpu, _Mapping]] = ..., memory: _Optional[_Union[_vm_pb2.Memory, _Mapping]] = ..., devices: _Optional[_Union[_vm_pb2.Devices, _Mapping]] = ..., boot: _Optional[_Union[_vm_pb2.Boot, _Mapping]] = ...) -> None: ...

class IncomingImage(_message.Message):
    __slots__ = ("name", "format", "pool_path", "backing")
    NAME_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    POOL_PATH_FIELD_NUMBER: _ClassVar[int]
    BACKING_FIELD_NUMBER: _ClassVar[int]
    name: str
    format: str
    pool_path: str
    backing: str
    def __init__(self, name: _Optional[str] = ..., format: _Optional[str] = ..., pool_path: _Optional[str] = ..., backing: _Optional[str] = ...) -> None: ...

class IncomingProbe(_message.Message):
    __slots__ = ("id", "secret")
    ID_FIELD_NUMBER: _ClassVar[int]
    SECRET_FIELD_NUMBER: _ClassVar[int]
    id: str
    secret: str
    def __init__(self, id: _Optional[str] = ..., secret: _Optional[str] = ...) -> None: ...

class IncomingTls(_message.Message):
    __slots__ = ("client_certificate",)
    CLIENT_CERTIFICATE_FIELD_NUMBER: _ClassVar[int]
    client_certificate: str
    def __init__(self, client_certificate: _Optional[str] = ...) -> None: ...

class PrepareIncomingMigrationResponse(_message.Message):
    __slots__ = ("vm", "uri", "port")
    VM_FIELD_NUMBER: _ClassVar[int]
    URI_FIELD_NUMBER: _ClassVar[int]
    PORT_FIELD_NUMBER: _ClassVar[int]
    vm: _vm_pb2.VmInfo
    uri: str
    port: int
    def __init__(self, vm: _Optional[_Union[_vm_pb2.VmInfo, _Mapping]] = ..., uri: _Optional[str] = ..., port: _Optional[int] = ...) -> None: ...

class ListSnapshotsRequest(_message.Message):
    __slots__ = ("name",)
    NAME_FIELD_NUMBER: _ClassVar[int]
    name: str
    def __init__(self, name: _Optional[str] = ...) -> None: ...

class ListSnapshotsResponse(_message.Message):
    __slots__ = ("snapshots",)
    SNAPSHOTS_FIELD_NUMBER: _ClassVar[int]
    snapshots: _containers.RepeatedCompositeFieldContainer[Snapshot]
    def __init__(self, snapshots: _Optional[_Iterable[_Union[Snapshot, _Mapping]]] = ...) -> None: ...

class Snapshot(_message.Message):
    __slots__ = ("vm", "name", "description", "include_memory", "vm_state", "cpu", "memory", "devices", "boot", "created_at")
    VM_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    INCLUDE_MEMORY_FIELD_NUMBER: _ClassVar[int]
    VM_STATE_FIELD_NUMBER: _ClassVar[int]
    CPU_FIELD_NUMBER: _ClassVar[int]
    MEMORY_FIELD_NUMBER: _ClassVar[int]
    DEVICES_FIELD_NUMBER: _ClassVar[int]
    BOOT_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    vm: str
    name: str
    description: str
    include_memory: bool
    vm_state: str
    cpu: _vm_pb2.Cpu
    memory: _vm_pb2.Memory
    devices: _vm_pb2.Devices
    boot: _vm_pb2.Boot
    created_at: _timestamp_pb2.Timestamp
    def __init__(self, vm: _Optional[str] = ..., name: _Optional[str] = ..., description: _Optional[str] = ..., include_memory: _Optional[bool] = ..., vm_state: _Optional[str] = ..., cpu: _Optional[_Union[_vm_pb2.Cpu, _Mapping]] = ..., memory: _Optional[_Union[_vm_pb2.Memory, _Mapping]] = ..., devices: _Optional[_Union[_vm_pb2.Devices, _Mapping]] = ..., boot: _Optional[_Union[_vm_pb2.Boot, _Mapping]] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class CreateSnapshotRequest(_message.Message):
    __slots__ = ("name", "snapshot")
    NAME_FIELD_NUMBER: _ClassVar[int]
    SNAPSHOT_FIELD_NUMBER: _ClassVar[int]
    name: str
    snapshot: SnapshotSpec
    def __init__(self, name: _Optional[str] = ..., snapshot: _Optional[_Union[SnapshotSpec, _Mapping]] = ...) -> None: ...

class SnapshotSpec(_message.Message):
    __slots__ = ("name", "description", "include_memory")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    INCLUDE_MEMORY_FIELD_NUMBER: _ClassVar[int]
    name: str
    description: str
    include_memory: bool
    def __init__(self, name: _Optional[str] = ..., description: _Optional[str] = ..., include_memory: _Optional[bool] = ...) -> None: ...

class CreateSnapshotResponse(_message.Message):
    __slots__ = ("snapshot", "operation")
    SNAPSHOT_FIELD_NUMBER: _ClassVar[int]
    OPERATION_FIELD_NUMBER: _ClassVar[int]
    snapshot: Snapshot
    operation: _operation_pb2.Operation
    def __init__(self, snapshot: _Optional[_Union[Snapshot, _Mapping]] = ..., operation: _Optional[_Union[_operation_pb2.Operation, _Mapping]] = ...) -> None: ...

class RestoreSnapshotRequest(_message.Message):
    __slots__ = ("name", "snap")
    NAME_FIELD_NUMBER: _ClassVar[int]
    SNAP_FIELD_NUMBER: _ClassVar[int]
    name: str
    snap: str
    def __init__(self, name: _Optional[str] = ..., snap: _Optional[str] = ...) -> None: ...

class RestoredSnapshot(_message.Message):
    __slots__ = ("snapshot", "vm")
    SNAPSHOT_FIELD_NUMBER: _ClassVar[int]
    VM_FIELD_NUMBER: _ClassVar[int]
    snapshot: Snapshot
    vm: _vm_pb2.VmInfo
    def __init__(self, snapshot: _Optional[_Union[Snapshot, _Mapping]] = ..., vm: _Optional[_Union[_vm_pb2.VmInfo, _Mapping]] = ...) -> None: ...

class RestoreSnapshotResponse(_message.Message):
    __slots__ = ("restored", "operation")
    RESTORED_FIELD_NUMBER: _ClassVar[int]
    OPERATION_FIELD_NUMBER: _ClassVar[int]
    restored: RestoredSnapshot
    operation: _operation_pb2.Operation
    def __init__(self, restored: _Optional[_Union[RestoredSnapshot, _Mapping]] = ..., operation: _Optional[_Union[_operation_pb2.Operation, _Mapping]] = ...) -> None: ...

class DeleteSnapshotRequest(_message.Message):
    __slots__ = ("name", "snap")
    NAME_FIELD_NUMBER: _ClassVar[int]
    SNAP_FIELD_NUMBER: _ClassVar[int]
    name: str
    snap: str
    def __init__(self, name: _Optional[str] = ..., snap: _Optional[str] = ...) -> None: ...

class DeleteSnapshotResponse(_message.Message):
    __slots__ = ("name", "deleted")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DELETED_FIELD_NUMBER: _ClassVar[int]
    name: str
    deleted: bool
    def __init__(self, name: _Optional[str] = ..., deleted: _Optional[bool] = ...) -> None: ...
