import datetime

from google.protobuf import struct_pb2 as _struct_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ListVmsRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListVmsResponse(_message.Message):
    __slots__ = ("vms",)
    VMS_FIELD_NUMBER: _ClassVar[int]
    vms: _containers.RepeatedCompositeFieldContainer[VmInfo]
    def __init__(self, vms: _Optional[_Iterable[_Union[VmInfo, _Mapping]]] = ...) -> None: ...

class Cpu(_message.Message):
    __slots__ = ("count",)
    COUNT_FIELD_NUMBER: _ClassVar[int]
    count: int
    def __init__(self, count: _Optional[int] = ...) -> None: ...

class Memory(_message.Message):
    __slots__ = ("size",)
    SIZE_FIELD_NUMBER: _ClassVar[int]
    size: str
    def __init__(self, size: _Optional[str] = ...) -> None: ...

class StorageDevice(_message.Message):
    __slots__ = ("type", "path", "format")
    TYPE_FIELD_NUMBER: _ClassVar[int]
    PATH_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    type: str
    path: str
    format: str
    def __init__(self, type: _Optional[str] = ..., path: _Optional[str] = ..., format: _Optional[str] = ...) -> None: ...

class NetworkDevice(_message.Message):
    __slots__ = ("type", "network", "mac", "ip")
    TYPE_FIELD_NUMBER: _ClassVar[int]
    NETWORK_FIELD_NUMBER: _ClassVar[int]
    MAC_FIELD_NUMBER: _ClassVar[int]
    IP_FIELD_NUMBER: _ClassVar[int]
    type: str
    network: str
    mac: str
    ip: str
    def __init__(self, type: _Optional[str] = ..., network: _Optional[str] = ..., mac: _Optional[str] = ..., ip: _Optional[str] = ...) -> None: ...

class Devices(_message.Message):
    __slots__ = ("storage", "network")
    STORAGE_FIELD_NUMBER: _ClassVar[int]
    NETWORK_FIELD_NUMBER: _ClassVar[int]
    storage: _containers.RepeatedCompositeFieldContainer[StorageDevice]
    network: _containers.RepeatedCompositeFieldContainer[NetworkDevice]
    def __init__(self, storage: _Optional[_Iterable[_Union[StorageDevice, _Mapping]]] = ..., network: _Optional[_Iterable[_Union[NetworkDevice, _Mapping]]] = ...) -> None: ...

class Boot(_message.Message):
    __slots__ = ("kernel", "initrd", "cmdline")
    KERNEL_FIELD_NUMBER: _ClassVar[int]
    INITRD_FIELD_NUMBER: _ClassVar[int]
    CMDLINE_FIELD_NUMBER: _ClassVar[int]
    kernel: str
    initrd: str
    cmdline: str
    def __init__(self, kernel: _Optional[str] = ..., initrd: _Optional[str] = ..., cmdline: _Optional[str] = ...) -> None: ...

class Runtime(_message.Message):
    __slots__ = ("driver", "accelerator", "pid", "files")
    class FilesEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    DRIVER_FIELD_NUMBER: _ClassVar[int]
    ACCELERATOR_FIELD_NUMBER: _ClassVar[int]
    PID_FIELD_NUMBER: _ClassVar[int]
    FILES_FIELD_NUMBER: _ClassVar[int]
    driver: str
    accelerator: str
    pid: int
    files: _containers.ScalarMap[str, str]
    def __init__(self, driver: _Optional[str] = ..., accelerator: _Optional[str] = ..., pid: _Optional[int] = ..., files: _Optional[_Mapping[str, str]] = ...) -> None: ...

class LastError(_message.Message):
    __slots__ = ("message", "at")
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    AT_FIELD_NUMBER: _ClassVar[int]
    message: str
    at: _timestamp_pb2.Timestamp
    def __init__(self, message: _Optional[str] = ..., at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class VmInfo(_message.Message):
    __slots__ = ("name", "uuid", "state", "cpu", "memory", "devices", "boot", "created_at", "updated_at", "state_changed_at", "runtime", "last_error")
    NAME_FIELD_NUMBER: _ClassVar[int]
    UUID_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    CPU_FIELD_NUMBER: _ClassVar[int]
    MEMORY_FIELD_NUMBER: _ClassVar[int]
    DEVICES_FIELD_NUMBER: _ClassVar[int]
    BOOT_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_FIELD_NUMBER: _ClassVar[int]
    STATE_CHANGED_AT_FIELD_NUMBER: _ClassVar[int]
    RUNTIME_FIELD_NUMBER: _ClassVar[int]
    LAST_ERROR_FIELD_NUMBER: _ClassVar[int]
    name: str
    uuid: str
    state: str
    cpu: Cpu
    memory: Memory
    devices: Devices
    boot: Boot
    created_at: _timestamp_pb2.Timestamp
    updated_at: _timestamp_pb2.Timestamp
    state_changed_at: _timestamp_pb2.Timestamp
    runtime: Runtime
    last_error: LastError
    def __init__(self, name: _Optional[str] = ..., uuid: _Optional[str] = ..., state: _Optional[str] = ..., cpu: _Optional[_Union[Cpu, _Mapping]] = ..., memory: _Optional[_Union[Memory, _Mapping]] = ..., devices: _Optional[_Union[Devices, _Mapping]] = ..., boot: _Optional[_Union[Boot, _Mapping]] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., updated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., state_changed_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., runtime: _Optional[_Union[Runtime, _Mapping]] = ..., last_error: _Optional[_Union[LastError, _Mapping]] = ...) -> None: ...

class CreateVmRequest(_message.Message):
    __slots__ = ("name", "cpu", "memory", "devices", "boot")
    NAME_FIELD_NUMBER: _ClassVar[int]
    CPU_FIELD_NUMBER: _ClassVar[int]
    MEMORY_FIELD_NUMBER: _ClassVar[int]
    DEVICES_FIELD_NUMBER: _ClassVar[int]
    BOOT_FIELD_NUMBER: _ClassVar[int]
    name: str
    cpu: Cpu
    memory: Memory
    devices: Devices
    boot: Boot
    def __init__(self, name: _Optional[str] = ..., cpu: _Optional[_Union[Cpu, _Mapping]] = ..., memory: _Optional[_Union[Memory, _Mapping]] = ..., devices: _Optional[_Union[Devices, _Mapping]] = ..., boot: _Optional[_Union[Boot, _Mapping]] = ...) -> None: ...

class GetVmRequest(_message.Message):
    __slots__ = ("name",)
    NAME_FIELD_NUMBER: _ClassVar[int]
    name: str
    def __init__(self, name: _Optional[str] = ...) -> None: ...

class VmActionRequest(_message.Message):
    __slots__ = ("name",)
    NAME_FIELD_NUMBER: _ClassVar[int]
    name: str
    def __init__(self, name: _Optional[str] = ...) -> None: ...

class StopVmRequest(_message.Message):
    __slots__ = ("name", "force")
    NAME_FIELD_NUMBER: _ClassVar[int]
    FORCE_FIELD_NUMBER: _ClassVar[int]
    name: str
    force: bool
    def __init__(self, name: _Optional[str] = ..., force: _Optional[bool] = ...) -> None: ...

class MigrateRequest(_message.Message):
    __slots__ = ("name", "destination", "token", "max_downtime_ms", "bandwidth", "destination_fingerprint")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESTINATION_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    MAX_DOWNTIME_MS_FIELD_NUMBER: _ClassVar[int]
    BANDWIDTH_FIELD_NUMBER: _ClassVar[int]
    DESTINATION_FINGERPRINT_FIELD_NUMBER: _ClassVar[int]
    name: str
    destination: str
    token: str
    max_downtime_ms: int
    bandwidth: str
    destination_fingerprint: str
    def __init__(self, name: _Optional[str] = ..., destination: _Optional[str] = ..., token: _Optional[str] = ..., max_downtime_ms: _Optional[int] = ..., bandwidth: _Optional[str] = ..., destination_fingerprint: _Optional[str] = ...) -> None: ...

class MigrateProgress(_message.Message):
    __slots__ = ("operation_id", "status", "progress", "transferred", "remaining", "error")
    OPERATION_ID_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_FIELD_NUMBER: _ClassVar[int]
    TRANSFERRED_FIELD_NUMBER: _ClassVar[int]
    REMAINING_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    operation_id: str
    status: str
    progress: float
    transferred: str
    remaining: str
    error: MigrationError
    def __init__(self, operation_id: _Optional[str] = ..., status: _Optional[str] = ..., progress: _Optional[float] = ..., transferred: _Optional[str] = ..., remaining: _Optional[str] = ..., error: _Optional[_Union[MigrationError, _Mapping]] = ...) -> None: ...

class MigrationError(_message.Message):
    __slots__ = ("code", "message")
    CODE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    code: str
    message: str
    def __init__(self, code: _Optional[str] = ..., message: _Optional[str] = ...) -> None: ...

class WatchRequest(_message.Message):
    __slots__ = ("kinds", "vm", "after_id")
    KINDS_FIELD_NUMBER: _ClassVar[int]
    VM_FIELD_NUMBER: _ClassVar[int]
    AFTER_ID_FIELD_NUMBER: _ClassVar[int]
    kinds: _containers.RepeatedScalarFieldContainer[str]
    vm: str
    after_id: str
    def __init__(self, kinds: _Optional[_Iterable[str]] = ..., vm: _Optional[str] = ..., after_id: _Optional[str] = ...) -> None: ...

class VmEvent(_message.Message):
    __slots__ = ("id", "kind", "data")
    ID_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    DATA_FIELD_NUMBER: _ClassVar[int]
    id: str
    kind: str
    data: _struct_pb2.Struct
    def __init__(self, id: _Optional[str] = ..., kind: _Optional[str] = ..., data: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ...) -> None: ...
