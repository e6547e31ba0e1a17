import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from . import operation_pb2 as _operation_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class DiskImage(_message.Message):
    __slots__ = ("name", "format", "pool", "size", "size_bytes", "actual_size", "actual_size_bytes", "encrypted", "backing", "created_at", "used_by")
    NAME_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    POOL_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    SIZE_BYTES_FIELD_NUMBER: _ClassVar[int]
    ACTUAL_SIZE_FIELD_NUMBER: _ClassVar[int]
    ACTUAL_SIZE_BYTES_FIELD_NUMBER: _ClassVar[int]
    ENCRYPTED_FIELD_NUMBER: _ClassVar[int]
    BACKING_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    USED_BY_FIELD_NUMBER: _ClassVar[int]
    name: str
    format: str
    pool: str
    size: str
    size_bytes: int
    actual_size: str
    actual_size_bytes: int
    encrypted: bool
    backing: str
    created_at: _timestamp_pb2.Timestamp
    used_by: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, name: _Optional[str] = ..., format: _Optional[str] = ..., pool: _Optional[str] = ..., size: _Optional[str] = ..., size_bytes: _Optional[int] = ..., actual_size: _Optional[str] = ..., actual_size_bytes: _Optional[int] = ..., encrypted: _Optional[bool] = ..., backing: _Optional[str] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., used_by: _Optional[_Iterable[str]] = ...) -> None: ...

class ListDisksRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListDisksResponse(_message.Message):
    __slots__ = ("images",)
    IMAGES_FIELD_NUMBER: _ClassVar[int]
    images: _containers.RepeatedCompositeFieldContainer[DiskImage]
    def __init__(self, images: _Optional[_Iterable[_Union[DiskImage, _Mapping]]] = ...) -> None: ...

class CreateDiskRequest(_message.Message):
    __slots__ = ("name", "size", "format", "pool", "encrypted", "secret", "backing", "preallocation")
    NAME_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    POOL_FIELD_NUMBER: _ClassVar[int]
    ENCRYPTED_FIELD_NUMBER: _ClassVar[int]
    SECRET_FIELD_NUMBER: _ClassVar[int]
    BACKING_FIELD_NUMBER: _ClassVar[int]
    PREALLOCATION_FIELD_NUMBER: _ClassVar[int]
    name: str
    size: str
    format: str
    pool: str
    encrypted: bool
    secret: str
    backing: str
    preallocation: str
    def __init__(self, name: _Optional[str] = ..., size: _Optional[str] = ..., format: _Optional[str] = ..., pool: _Optional[str] = ..., encrypted: _Optional[bool] = ..., secret: _Optional[str] = ..., backing: _Optional[str] = ..., preallocation: _Optional[str] = ...) -> None: ...

class GetDiskRequest(_message.Message):
    __slots__ = ("name",)
    NAME_FIELD_NUMBER: _ClassVar[int]
    name: str
    def __init__(self, name: _Optional[str] = ...) -> None: ...

class ResizeDiskRequest(_message.Message):
    __slots__ = ("name", "size", "shrink", "secret")
    NAME_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    SHRINK_FIELD_NUMBER: _ClassVar[int]
    SECRET_FIELD_NUMBER: _ClassVar[int]
    name: str
    size: str
    shrink: bool
    secret: str
    def __init__(self, name: _Optional[str] = ..., size: _Optional[str] = ..., shrink: _Optional[bool] = ..., secret: _Optional[str] = ...) -> None: ...

class DeleteDiskRequest(_message.Message):
    __slots__ = ("name",)
    NAME_FIELD_NUMBER: _ClassVar[int]
    name: str
    def __init__(self, name: _Optional[str] = ...) -> None: ...

class DeleteDiskResponse(_message.Message):
    __slots__ = ("name", "deleted")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DELETED_FIELD_NUMBER: _ClassVar[int]
    name: str
    deleted: bool
    def __init__(self, name: _Optional[str] = ..., deleted: _Optional[bool] = ...) -> None: ...

class ConvertDiskRequest(_message.Message):
    __slots__ = ("name", "format", "target", "compress", "pool", "secret")
    NAME_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    COMPRESS_FIELD_NUMBER: _ClassVar[int]
    POOL_FIELD_NUMBER: _ClassVar[int]
    SECRET_FIELD_NUMBER: _ClassVar[int]
    name: str
    format: str
    target: str
    compress: bool
    pool: str
    secret: str
    def __init__(self, name: _Optional[str] = ..., format: _Optional[str] = ..., target: _Optional[str] = ..., compress: _Optional[bool] = ..., pool: _Optional[str] = ..., secret: _Optional[str] = ...) -> None: ...

class CompactDiskRequest(_message.Message):
    __slots__ = ("name", "secret")
    NAME_FIELD_NUMBER: _ClassVar[int]
    SECRET_FIELD_NUMBER: _ClassVar[int]
    name: str
    secret: str
    def __init__(self, name: _Optional[str] = ..., secret: _Optional[str] = ...) -> None: ...

class CheckDiskRequest(_message.Message):
    __slots__ = ("name", "repair", "secret")
    NAME_FIELD_NUMBER: _ClassVar[int]
    REPAIR_FIELD_NUMBER: _ClassVar[int]
    SECRET_FIELD_NUMBER: _ClassVar[int]
    name: str
    repair: str
    secret: str
    def __init__(self, name: _Optional[str] = ..., repair: _Optional[str] = ..., secret: _Optional[str] = ...) -> None: ...

class RekeyDiskRequest(_message.Message):
    __slots__ = ("name", "old_secret", "new_secret")
    NAME_FIELD_NUMBER: _ClassVar[int]
    OLD_SECRET_FIELD_NUMBER: _ClassVar[int]
    NEW_SECRET_FIELD_NUMBER: _ClassVar[int]
    name: str
    old_secret: str
    new_secret: str
    def __init__(self, name: _Optional[str] = ..., old_secret: _Optional[str] = ..., new_secret: _Optional[str] = ...) -> None: ...

class PoolFilesystem(_message.Message):
    __slots__ = ("total_bytes", "used_bytes", "free_bytes", "free")
    TOTAL_BYTES_FIELD_NUMBER: _ClassVar[int]
    USED_BYTES_FIELD_NUMBER: _ClassVar[int]
    FREE_BYTES_FIELD_NUMBER: _ClassVar[int]
    FREE_FIELD_NUMBER: _ClassVar[int]
    total_bytes: int
    used_bytes: int
    free_bytes: int
    free: str
    def __init__(self, total_bytes: _Optional[int] = ..., used_bytes: _Optional[int] = ..., free_bytes: _Optional[int] = ..., free: _Optional[str] = ...) -> None: ...

class StoragePool(_message.Message):
    __slots__ = ("name", "path", "capacity", "capacity_bytes", "images", "allocated_bytes", "filesystem", "created_at")
    NAME_FIELD_NUMBER: _ClassVar[int]
    PATH_FIELD_NUMBER: _ClassVar[int]
    CAPACITY_FIELD_NUMBER: _ClassVar[int]
    CAPACITY_BYTES_FIELD_NUMBER: _ClassVar[int]
    IMAGES_FIELD_NUMBER: _ClassVar[int]
    ALLOCATED_BYTES_FIELD_NUMBER: _ClassVar[int]
    FILESYSTEM_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    name: str
    path: str
    capacity: str
    capacity_bytes: int
    images: int
    allocated_bytes: int
    filesystem: PoolFilesystem
    created_at: _timestamp_pb2.Timestamp
    def __init__(self, name: _Optional[str] = ..., path: _Optional[str] = ..., capacity: _Optional[str] = ..., capacity_bytes: _Optional[int] = ..., images: _Optional[int] = ..., allocated_bytes: _Optional[int] = ..., filesystem: _Optional[_Union[PoolFilesystem, _Mapping]] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class ListPoolsRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListPoolsResponse(_message.Message):
    __slots__ = ("pools",)
    POOLS_FIELD_NUMBER: _ClassVar[int]
    pools: _containers.RepeatedCompositeFieldContainer[StoragePool]
    def __init__(self, pools: _Optional[_Iterable[_Union[StoragePool, _Mapping]]] = ...) -> None: ...

class CreatePoolRequest(_message.Message):
    __slots__ = ("name", "path", "capacity")
    NAME_FIELD_NUMBER: _ClassVar[int]
    PATH_FIELD_NUMBER: _ClassVar[int]
    CAPACITY_FIELD_NUMBER: _ClassVar[int]
    name: str
    path: str
    capacity: str
    def __init__(self, name: _Optional[str] = ..., path: _Optional[str] = ..., capacity: _Optional[str] = ...) -> None: ...
