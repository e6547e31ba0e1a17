import datetime

from google.protobuf import struct_pb2 as _struct_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class GetSystemInfoRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetSystemStatsRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetConfidentialComputingRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListIommuGroupsRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetSystemConfigRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class HostCpu(_message.Message):
    __slots__ = ("model", "cores", "threads")
    MODEL_FIELD_NUMBER: _ClassVar[int]
    CORES_FIELD_NUMBER: _ClassVar[int]
    THREADS_FIELD_NUMBER: _ClassVar[int]
    model: str
    cores: int
    threads: int
    def __init__(self, model: _Optional[str] = ..., cores: _Optional[int] = ..., threads: _Optional[int] = ...) -> None: ...

class KvmAvailability(_message.Message):
    __slots__ = ("available", "reason")
    AVAILABLE_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    available: bool
    reason: str
    def __init__(self, available: _Optional[bool] = ..., reason: _Optional[str] = ...) -> None: ...

class AcceleratorSelection(_message.Message):
    __slots__ = ("requested", "selected", "reason", "probed_at", "probe_ms")
    REQUESTED_FIELD_NUMBER: _ClassVar[int]
    SELECTED_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    PROBED_AT_FIELD_NUMBER: _ClassVar[int]
    PROBE_MS_FIELD_NUMBER: _ClassVar[int]
    requested: str
    selected: str
    reason: str
    probed_at: _timestamp_pb2.Timestamp
    probe_ms: int
    def __init__(self, requested: _Optional[str] = ..., selected: _Optional[str] = ..., reason: _Optional[str] = ..., probed_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., probe_ms: _Optional[int] = ...) -> None: ...

class TlsInfo(_message.Message):
    __slots__ = ("enabled", "fingerprint", "self_signed")
    ENABLED_FIELD_NUMBER: _ClassVar[int]
    FINGERPRINT_FIELD_NUMBER: _ClassVar[int]
    SELF_SIGNED_FIELD_NUMBER: _ClassVar[int]
    enabled: bool
    fingerprint: str
    self_signed: bool
    def __init__(self, enabled: _Optional[bool] = ..., fingerprint: _Optional[str] = ..., self_signed: _Optional[bool] = ...) -> None: ...

class SystemInfo(_message.Message):
    __slots__ = ("hostname", "cpu", "memory_total", "memory_total_bytes", "kernel", "qemu_version", "kvm", "driver", "accelerator", "accelerator_selection", "version", "tls")
    HOSTNAME_FIELD_NUMBER: _ClassVar[int]
    CPU_FIELD_NUMBER: _ClassVar[int]
    MEMORY_TOTAL_FIELD_NUMBER: _ClassVar[int]
    MEMORY_TOTAL_BYTES_FIELD_NUMBER: _ClassVar[int]
    KERNEL_FIELD_NUMBER: _ClassVar[int]
    QEMU_VERSION_FIELD_NUMBER: _ClassVar[int]
    KVM_FIELD_NUMBER: _ClassVar[int]
    DRIVER_FIELD_NUMBER: _ClassVar[int]
    ACCELERATOR_FIELD_NUMBER: _ClassVar[int]
    ACCELERATOR_SELECTION_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    TLS_FIELD_NUMBER: _ClassVar[int]
    hostname: str
    cpu: HostCpu
    memory_total: str
    memory_total_bytes: int
    kernel: str
    qemu_version: str
    kvm: KvmAvailability
    driver: str
    accelerator: str
    accelerator_selection: AcceleratorSelection
    version: str
    tls: TlsInfo
    def __init__(self, hostname: _Optional[str] = ..., cpu: _Optional[_Union[HostCpu, _Mapping]] = ..., memory_total: _Optional[str] = ..., memory_total_bytes: _Optional[int] = ..., kernel: _Optional[str] = ..., qemu_version: _Optional[str] = ..., kvm: _Optional[_Union[KvmAvailability, _Mapping]] = ..., driver: _Optional[str] = ..., accelerator: _Optional[str] = ..., accelerator_selection: _Optional[_Union[AcceleratorSelection, _Mapping]] = ..., version: _Optional[str] = ..., tls: _Optional[_Union[TlsInfo, _Mapping]] = ...) -> None: ...

class HostCpuUse(_message.Message):
    __slots__ = ("percent", "user", "system", "iowait", "steal", "idle", "interval_ms")
    PERCENT_FIELD_NUMBER: _ClassVar[int]
    USER_FIELD_NUMBER: _ClassVar[int]
    SYSTEM_FIELD_NUMBER: _ClassVar[int]
    IOWAIT_FIELD_NUMBER: _ClassVar[int]
    STEAL_FIELD_NUMBER: _ClassVar[int]
    IDLE_FIELD_NUMBER: _ClassVar[int]
    INTERVAL_MS_FIELD_NUMBER: _ClassVar[int]
    percent: float
    user: float
    system: float
    iowait: float
    steal: float
    idle: float
    interval_ms: int
    def __init__(self, percent: _Optional[float] = ..., user: _Optional[float] = ..., system: _Optional[float] = ..., iowait: _Optional[float] = ..., steal: _Optional[float] = ..., idle: _Optional[float] = ..., interval_ms: _Optional[int] = ...) -> None: ...

class HostMemoryUse(_message.Message):
    __slots__ = ("total", "total_bytes", "used", "used_bytes", "available", "available_bytes")
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    TOTAL_BYTES_FIELD_NUMBER: _ClassVar[int]
    USED_FIELD_NUMBER: _ClassVar[int]
    USED_BYTES_FIELD_NUMBER: _ClassVar[int]
    AVAILABLE_FIELD_NUMBER: _ClassVar[int]
    AVAILABLE_BYTES_FIELD_NUMBER: _ClassVar[int]
    total: str
    total_bytes: int
    used: str
    used_bytes: int
    available: str
    available_bytes: int
    def __init__(self, total: _Optional[str] = ..., total_bytes: _Optional[int] = ..., used: _Optional[str] = ..., used_bytes: _Optional[int] = ..., available: _Optional[str] = ..., available_bytes: _Optional[int] = ...) -> None: ...

class HostLoadAverage(_message.Message):
    __slots__ = ("one", "five", "fifteen")
    ONE_FIELD_NUMBER: _ClassVar[int]
    FIVE_FIELD_NUMBER: _ClassVar[int]
    FIFTEEN_FIELD_NUMBER: _ClassVar[int]
    one: float
    five: float
    fifteen: float
    def __init__(self, one: _Optional[float] = ..., five: _Optional[float] = ..., fifteen: _Optional[float] = ...) -> None: ...

class HostPoolFilesystem(_message.Message):
    __slots__ = ("name", "path", "total", "total_bytes", "used", "used_bytes", "free", "free_bytes")
    NAME_FIELD_NUMBER: _ClassVar[int]
    PATH_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    TOTAL_BYTES_FIELD_NUMBER: _ClassVar[int]
    USED_FIELD_NUMBER: _ClassVar[int]
    USED_BYTES_FIELD_NUMBER: _ClassVar[int]
    FREE_FIELD_NUMBER: _ClassVar[int]
    FREE_BYTES_FIELD_NUMBER: _ClassVar[int]
    name: str
    path: str
    total: str
    total_bytes: int
    used: str
    used_bytes: int
    free: str
    free_bytes: int
    def __init__(self, name: _Optional[str] = ..., path: _Optional[str] = ..., total: _Optional[str] = ..., total_bytes: _Optional[int] = ..., used: _Optional[str] = ..., used_bytes: _Optional[int] = ..., free: _Optional[str] = ..., free_bytes: _Optional[int] = ...) -> None: ...

class SystemStats(_message.Message):
    __slots__ = ("cpu", "memory", "load_average", "uptime_seconds", "storage_pools", "running_vms", "sampled_at")
    CPU_FIELD_NUMBER: _ClassVar[int]
    MEMORY_FIELD_NUMBER: _ClassVar[int]
    LOAD_AVERAGE_FIELD_NUMBER: _ClassVar[int]
    UPTIME_SECONDS_FIELD_NUMBER: _ClassVar[int]
    STORAGE_POOLS_FIELD_NUMBER: _ClassVar[int]
    RUNNING_VMS_FIELD_NUMBER: _ClassVar[int]
    SAMPLED_AT_FIELD_NUMBER: _ClassVar[int]
    cpu: HostCpuUse
    memory: HostMemoryUse
    load_average: HostLoadAverage
    uptime_seconds: int
    storage_pools: _containers.RepeatedCompositeFieldContainer[HostPoolFilesystem]
    running_vms: int
    sampled_at: _timestamp_pb2.Timestamp
    def __init__(self, cpu: _Optional[_Union[HostCpuUse, _Mapping]] = ..., memory: _Optional[_Union[HostMemoryUse, _Mapping]] = ..., load_average: _Optional[_Union[HostLoadAverage, _Mapping]] = ..., uptime_seconds: _Optional[int] = ..., storage_pools: _Optional[_Iterable[_Union[HostPoolFilesystem, _Mapping]]] = ..., running_vms: _Optional[int] = ..., sampled_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class CcFeature(_message.Message):
    __slots__ = ("available", "source", "reason")
    AVAILABLE_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    available: bool
    source: str
    reason: str
    def __init__(self, available: _Optional[bool] = ..., source: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...

class CcCapabilities(_message.Message):
    __slots__ = ("cpu_vendor", "sev", "sev_es", "sev_snp", "tdx")
    CPU_VENDOR_FIELD_NUMBER: _ClassVar[int]
    SEV_FIELD_NUMBER: _ClassVar[int]
    SEV_ES_FIELD_NUMBER: _ClassVar[int]
    SEV_SNP_FIELD_NUMBER: _ClassVar[int]
    TDX_FIELD_NUMBER: _ClassVar[int]
    cpu_vendor: str
    sev: CcFeature
    sev_es: CcFeature
    sev_snp: CcFeature
    tdx: CcFeature
    def __init__(self, cpu_vendor: _Optional[str] = ..., sev: _Optional[_Union[CcFeature, _Mapping]] = ..., sev_es: _Optional[_Union[CcFeature, _Mapping]] = ..., sev_snp: _Optional[_Union[CcFeature, _Mapping]] = ..., tdx: _Optional[_Union[CcFeature, _Mapping]] = ...) -> None: ...

class IommuPciDevice(_message.Message):
    __slots__ = ("address", "vendor_id", "device_id", "driver")
    ADDRESS_FIELD_NUMBER: _ClassVar[int]
    VENDOR_ID_FIELD_NUMBER: _ClassVar[int]
    DEVICE_ID_FIELD_NUMBER: _ClassVar[int]
    CLASS_FIELD_NUMBER: _ClassVar[int]
    DRIVER_FIELD_NUMBER: _ClassVar[int]
    address: str
    vendor_id: str
    device_id: str
    driver: str
    def __init__(self, address: _Optional[str] = ..., vendor_id: _Optional[str] = ..., device_id: _Optional[str] = ..., driver: _Optional[str] = ..., **kwargs) -> None: ...

class IommuGroup(_message.Message):
    __slots__ = ("id", "devices")
    ID_FIELD_NUMBER: _ClassVar[int]
    DEVICES_FIELD_NUMBER: _ClassVar[int]
    id: int
    devices: _containers.RepeatedCompositeFieldContainer[IommuPciDevice]
    def __init__(self, id: _Optional[int] = ..., devices: _Optional[_Iterable[_Union[IommuPciDevice, _Mapping]]] = ...) -> None: ...

class ListIommuGroupsResponse(_message.Message):
    __slots__ = ("enabled", "groups")
    ENABLED_FIELD_NUMBER: _ClassVar[int]
    GROUPS_FIELD_NUMBER: _ClassVar[int]
    enabled: bool
    groups: _containers.RepeatedCompositeFieldContainer[IommuGroup]
    def __init__(self, enabled: _Optional[bool] = ..., groups: _Optional[_Iterable[_Union[IommuGroup, _Mapping]]] = ...) -> None: ...
