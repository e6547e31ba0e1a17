import datetime

from google.protobuf import empty_pb2 as _empty_pb2
from google.protobuf import struct_pb2 as _struct_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from . import operation_pb2 as _operation_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class PqcWorkers(_message.Message):
    __slots__ = ("size", "queue_limit", "running", "queued")
    SIZE_FIELD_NUMBER: _ClassVar[int]
    QUEUE_LIMIT_FIELD_NUMBER: _ClassVar[int]
    RUNNING_FIELD_NUMBER: _ClassVar[int]
    QUEUED_FIELD_NUMBER: _ClassVar[int]
    size: int
    queue_limit: int
    running: int
    queued: int
    def __init__(self, size: _Optional[int] = ..., queue_limit: _Optional[int] = ..., running: _Optional[int] = ..., queued: _Optional[int] = ...) -> None: ...

class PqcBackend(_message.Message):
    __slots__ = ("type", "library", "version", "hardware_accelerator")
    TYPE_FIELD_NUMBER: _ClassVar[int]
    LIBRARY_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    HARDWARE_ACCELERATOR_FIELD_NUMBER: _ClassVar[int]
    type: str
    library: str
    version: str
    hardware_accelerator: str
    def __init__(self, type: _Optional[str] = ..., library: _Optional[str] = ..., version: _Optional[str] = ..., hardware_accelerator: _Optional[str] = ...) -> None: ...

class PqcAlgorithm(_message.Message):
    __slots__ = ("name", "family", "standard", "kind", "oid", "security_category", "known_answer_tests")
    NAME_FIELD_NUMBER: _ClassVar[int]
    FAMILY_FIELD_NUMBER: _ClassVar[int]
    STANDARD_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    OID_FIELD_NUMBER: _ClassVar[int]
    SECURITY_CATEGORY_FIELD_NUMBER: _ClassVar[int]
    KNOWN_ANSWER_TESTS_FIELD_NUMBER: _ClassVar[int]
    name: str
    family: str
    standard: str
    kind: str
    oid: str
    security_category: int
    known_answer_tests: bool
    def __init__(self, name: _Optional[str] = ..., family: _Optional[str] = ..., standard: _Optional[str] = ..., kind: _Optional[str] = ..., oid: _Optional[str] = ..., security_category: _Optional[int] = ..., known_answer_tests: _Optional[bool] = ...) -> None: ...

class SelfTestSummary(_message.Message):
    __slots__ = ("passed", "started_at", "duration_ms", "total", "failed")
    PASSED_FIELD_NUMBER: _ClassVar[int]
    STARTED_AT_FIELD_NUMBER: _ClassVar[int]
    DURATION_MS_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    FAILED_FIELD_NUMBER: _ClassVar[int]
    passed: bool
    started_at: _timestamp_pb2.Timestamp
    duration_ms: int
    total: int
    failed: int
    def __init__(self, passed: _Optional[bool] = ..., started_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., duration_ms: _Optional[int] = ..., total: _Optional[int] = ..., failed: _Optional[int] = ...) -> None: ...

class PqcStatus(_message.Message):
    __slots__ = ("available", "workers", "backend", "algorithms", "self_test")
    AVAILABLE_FIELD_NUMBER: _ClassVar[int]
    WORKERS_FIELD_NUMBER: _ClassVar[int]
    BACKEND_FIELD_NUMBER: _ClassVar[int]
    ALGORITHMS_FIELD_NUMBER: _ClassVar[int]
    SELF_TEST_FIELD_NUMBER: _ClassVar[int]
    available: bool
    workers: PqcWorkers
    backend: PqcBackend
    algorithms: _containers.RepeatedCompositeFieldContainer[PqcAlgorithm]
    self_test: SelfTestSummary
    def __init__(self, available: _Optional[bool] = ..., workers: _Optional[_Union[PqcWorkers, _Mapping]] = ..., backend: _Optional[_Union[PqcBackend, _Mapping]] = ..., algorithms: _Optional[_Iterable[_Union[PqcAlgorithm, _Mapping]]] = ..., self_test: _Optional[_Union[SelfTestSummary, _Mapping]] = ...) -> None: ...

class KeyGenRequest(_message.Message):
    __slots__ = ("name", "algorithm", "purpose")
    NAME_FIELD_NUMBER: _ClassVar[int]
    ALGORITHM_FIELD_NUMBER: _ClassVar[int]
    PURPOSE_FIELD_NUMBER: _ClassVar[int]
    name: str
    algorithm: str
    purpose: str
    def __init__(self, name: _Optional[str] = ..., algorithm: _Optional[str] = ..., purpose: _Optional[str] = ...) -> None: ...

class PqcKeyVersion(_message.Message):
    __slots__ = ("version", "fingerprint", "created_at", "revoked_at", "current")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    FINGERPRINT_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    REVOKED_AT_FIELD_NUMBER: _ClassVar[int]
    CURRENT_FIELD_NUMBER: _ClassVar[int]
    version: int
    fingerprint: str
    created_at: _timestamp_pb2.Timestamp
    revoked_at: _timestamp_pb2.Timestamp
    current: bool
    def __init__(self, version: _Optional[int] = ..., fingerprint: _Optional[str] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., revoked_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., current: _Optional[bool] = ...) -> None: ...

class KeyInfo(_message.Message):
    __slots__ = ("name", "algorithm", "purpose", "oid", "version", "fingerprint", "public_key_bytes", "created_at", "rotated_at", "versions")
    NAME_FIELD_NUMBER: _ClassVar[int]
    ALGORITHM_FIELD_NUMBER: _ClassVar[int]
    PURPOSE_FIELD_NUMBER: _ClassVar[int]
    OID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    FINGERPRINT_FIELD_NUMBER: _ClassVar[int]
    PUBLIC_KEY_BYTES_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    ROTATED_AT_FIELD_NUMBER: _ClassVar[int]
    VERSIONS_FIELD_NUMBER: _ClassVar[int]
    name: str
    algorithm: str
    purpose: str
    oid: str
    version: int
    fingerprint: str
    public_key_bytes: int
    created_at: _timestamp_pb2.Timestamp
    rotated_at: _timestamp_pb2.Timestamp
    versions: _containers.RepeatedCompositeFieldContainer[PqcKeyVersion]
    def __init__(self, name: _Optional[str] = ..., algorithm: _Optional[str] = ..., purpose: _Optional[str] = ..., oid: _Optional[str] = ..., version: _Optional[int] = ..., fingerprint: _Optional[str] = ..., public_key_bytes: _Optional[int] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., rotated_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., versions: _Optional[_Iterable[_Union[PqcKeyVersion, _Mapping]]] = ...) -> None: ...

class AttestRequest(_message.Message):
    __slots__ = ("name", "nonce", "key")
    NAME_FIELD_NUMBER: _ClassVar[int]
    NONCE_FIELD_NUMBER: _ClassVar[int]
    KEY_FIELD_NUMBER: _ClassVar[int]
    name: str
    nonce: str
    key: str
    def __init__(self, name: _Optional[str] = ..., nonce: _Optional[str] = ..., key: _Optional[str] = ...) -> None: ...

class AttestedVm(_message.Message):
    __slots__ = ("name", "uuid")
    NAME_FIELD_NUMBER: _ClassVar[int]
    UUID_FIELD_NUMBER: _ClassVar[int]
    name: str
    uuid: str
    def __init__(self, name: _Optional[str] = ..., uuid: _Optional[str] = ...) -> None: ...

class AttestPlatform(_message.Message):
    __slots__ = ("type",)
    TYPE_FIELD_NUMBER: _ClassVar[int]
    type: str
    def __init__(self, type: _Optional[str] = ...) -> None: ...

class AttestMeasuredDisk(_message.Message):
    __slots__ = ("name", "format", "virtual_size_bytes")
    NAME_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    VIRTUAL_SIZE_BYTES_FIELD_NUMBER: _ClassVar[int]
    name: str
    format: str
    virtual_size_bytes: float
    def __init__(self, name: _Optional[str] = ..., format: _Optional[str] = ..., virtual_size_bytes: _Optional[float] = ...) -> None: ...

class AttestMeasurementComponents(_message.Message):
    __slots__ = ("definition", "kernel", "initrd", "firmware", "disks")
    DEFINITION_FIELD_NUMBER: _ClassVar[int]
    KERNEL_FIELD_NUMBER: _ClassVar[int]
    INITRD_FIELD_NUMBER: _ClassVar[int]
    FIRMWARE_FIELD_NUMBER: _ClassVar[int]
    DISKS_FIELD_NUMBER: _ClassVar[int]
    definition: str
    kernel: _struct_pb2.Value
    initrd: _struct_pb2.Value
    firmware: _struct_pb2.Value
    disks: _containers.RepeatedCompositeFieldContainer[AttestMeasuredDisk]
    def __init__(self, definition: _Optional[str] = ..., kernel: _Optional[_Union[_struct_pb2.Value, _Mapping]] = ..., initrd: _Optional[_Union[_struct_pb2.Value, _Mapping]] = ..., firmware: _Optional[_Union[_struct_pb2.Value, _Mapping]] = ..., disks: _Optional[_Iterable[_Union[AttestMeasuredDisk, _Mapping]]] = ...) -> None: ...

class AttestMeasurement(_message.Message):
    __slots__ = ("algorithm", "value", "components")
    ALGORITHM_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    COMPONENTS_FIELD_NUMBER: _ClassVar[int]
    algorithm: str
    value: str
    components: AttestMeasurementComponents
    def __init__(self, algorithm: _Optional[str] = ..., value: _Optional[str] = ..., components: _Optional[_Union[AttestMeasurementComponents, _Mapping]] = ...) -> None: ...

class AttestHost(_message.Message):
    __slots__ = ("hostname", "kernel", "cpu_model", "qemu_version", "driver", "accelerator", "service_version")
    HOSTNAME_FIELD_NUMBER: _ClassVar[int]
    KERNEL_FIELD_NUMBER: _ClassVar[int]
    CPU_MODEL_FIELD_NUMBER: _ClassVar[int]
    QEMU_VERSION_FIELD_NUMBER: _ClassVar[int]
    DRIVER_FIELD_NUMBER: _ClassVar[int]
    ACCELERATOR_FIELD_NUMBER: _ClassVar[int]
    SERVICE_VERSION_FIELD_NUMBER: _ClassVar[int]
    hostname: str
    kernel: str
    cpu_model: str
    qemu_version: _struct_pb2.Value
    driver: str
    accelerator: str
    service_version: str
    def __init__(self, hostname: _Optional[str] = ..., kernel: _Optional[str] = ..., cpu_model: _Optional[str] = ..., qemu_version: _Optional[_Union[_struct_pb2.Value, _Mapping]] = ..., driver: _Optional[str] = ..., accelerator: _Optional[str] = ..., service_version: _Optional[str] = ...) -> None: ...

class AttestKey(_message.Message):
    __slots__ = ("name", "version", "fingerprint")
    NAME_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    FINGERPRINT_FIELD_NUMBER: _ClassVar[int]
    name: str
    version: int
    fingerprint: str
    def __init__(self, name: _Optional[str] = ..., version: _Optional[int] = ..., fingerprint: _Optional[str] = ...) -> None: ...

class AttestReport(_message.Message):
    __slots__ = ("format", "vm", "platform", "measurement", "nonce", "timestamp", "counter", "host", "key", "algorithm", "signature")
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    VM_FIELD_NUMBER: _ClassVar[int]
    PLATFORM_FIELD_NUMBER: _ClassVar[int]
    MEASUREMENT_FIELD_NUMBER: _ClassVar[int]
    NONCE_FIELD_NUMBER: _ClassVar[int]
    TIMESTAMP_FIELD_NUMBER: _ClassVar[int]
    COUNTER_FIELD_NUMBER: _ClassVar[int]
    HOST_FIELD_NUMBER: _ClassVar[int]
    KEY_FIELD_NUMBER: _ClassVar[int]
    ALGORITHM_FIELD_NUMBER: _ClassVar[int]
    SIGNATURE_FIELD_NUMBER: _ClassVar[int]
    format: str
    vm: AttestedVm
    platform: AttestPlatform
    measurement: AttestMeasurement
    nonce: str
    timestamp: str
    counter: float
    host: AttestHost
    key: AttestKey
    algorithm: str
    signature: str
    def __init__(self, format: _Optional[str] = ..., vm: _Optional[_Union[AttestedVm, _Mapping]] = ..., platform: _Optional[_Union[AttestPlatform, _Mapping]] = ..., measurement: _Optional[_Union[AttestMeasurement, _Mapping]] = ..., nonce: _Optional[str] = ..., timestamp: _Optional[str] = ..., counter: _Optional[float] = ..., host: _Optional[_Union[AttestHost, _Mapping]] = ..., key: _Optional[_Union[AttestKey, _Mapping]] = ..., algorithm: _Optional[str] = ..., signature: _Optional[str] = ...) -> None: ...

class ListKeysRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListKeysResponse(_message.Message):
    __slots__ = ("keys",)
    KEYS_FIELD_NUMBER: _ClassVar[int]
    keys: _containers.RepeatedCompositeFieldContainer[KeyInfo]
    def __init__(self, keys: _Optional[_Iterable[_Union[KeyInfo, _Mapping]]] = ...) -> None: ...

class GetKeyRequest(_message.Message):
    __slots__ = ("name",)
    NAME_FIELD_NUMBER: _ClassVar[int]
    name: str
    def __init__(self, name: _Optional[str] = ...) -> None: ...

class DeleteKeyRequest(_message.Message):
    __slots__ = ("name",)
    NAME_FIELD_NUMBER: _ClassVar[int]
    name: str
    def __init__(self, name: _Optional[str] = ...) -> None: ...

class DeleteKeyResponse(_message.Message):
    __slots__ = ("name", "deleted")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DELETED_FIELD_NUMBER: _ClassVar[int]
    name: str
    deleted: bool
    def __init__(self, name: _Optional[str] = ..., deleted: _Optional[bool] = ...) -> None: ...

class RotateKeyRequest(_message.Message):
    __slots__ = ("name", "revoke_previous")
    NAME_FIELD_NUMBER: _ClassVar[int]
    REVOKE_PREVIOUS_FIELD_NUMBER: _ClassVar[int]
    name: str
    revoke_previous: bool
    def __init__(self, name: _Optional[str] = ..., revoke_previous: _Optional[bool] = ...) -> None: ...

class ExportPublicKeyRequest(_message.Message):
    __slots__ = ("name", "format", "version")
    NAME_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    name: str
    format: str
    version: int
    def __init__(self, name: _Optional[str] = ..., format: _Optional[str] = ..., version: _Optional[int] = ...) -> None: ...

class ExportPublicKeyResponse(_message.Message):
    __slots__ = ("name", "version", "algorithm", "oid", "format", "public_key", "pem")
    NAME_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    ALGORITHM_FIELD_NUMBER: _ClassVar[int]
    OID_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    PUBLIC_KEY_FIELD_NUMBER: _ClassVar[int]
    PEM_FIELD_NUMBER: _ClassVar[int]
    name: str
    version: int
    algorithm: str
    oid: str
    format: str
    public_key: str
    pem: str
    def __init__(self, name: _Optional[str] = ..., version: _Optional[int] = ..., algorithm: _Optional[str] = ..., oid: _Optional[str] = ..., format: _Optional[str] = ..., public_key: _Optional[str] = ..., pem: _Optional[str] = ...) -> None: ...

class RunSelfTestRequest(_message.Message):
    __slots__ = ("algorithms",)
    ALGORITHMS_FIELD_NUMBER: _ClassVar[int]
    algorithms: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, algorithms: _Optional[_Iterable[str]] = ...) -> None: ...

class RunBenchmarkRequest(_message.Message):
    __slots__ = ("algorithms", "iterations", "seconds")
    ALGORITHMS_FIELD_NUMBER: _ClassVar[int]
    ITERATIONS_FIELD_NUMBER: _ClassVar[int]
    SECONDS_FIELD_NUMBER: _ClassVar[int]
    algorithms: _containers.RepeatedScalarFieldContainer[str]
    iterations: int
    seconds: float
    def __init__(self, algorithms: _Optional[_Iterable[str]] = ..., iterations: _Optional[int] = ..., seconds: _Optional[float] = ...) -> None: ...

class VerifyAttestationRequest(_message.Message):
    __slots__ = ("report", "nonce", "expected_measurement", "max_age_seconds")
    REPORT_FIELD_NUMBER: _ClassVar[int]
    NONCE_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_MEASUREMENT_FIELD_NUMBER: _ClassVar[int]
    MAX_AGE_SECONDS_FIELD_NUMBER: _ClassVar[int]
    report: _struct_pb2.Struct
    nonce: str
    expected_measurement: str
    max_age_seconds: int
    def __init__(self, report: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., nonce: _Optional[str] = ..., expected_measurement: _Optional[str] = ..., max_age_seconds: _Optional[int] = ...) -> None: ...

class VerificationCheck(_message.Message):
    __slots__ = ("name", "status", "detail")
    NAME_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    DETAIL_FIELD_NUMBER: _ClassVar[int]
    name: str
    status: str
    detail: str
    def __init__(self, name: _Optional[str] = ..., status: _Optional[str] = ..., detail: _Optional[str] = ...) -> None: ...

class VerifyAttestationResponse(_message.Message):
    __slots__ = ("valid", "checks", "reasons")
    VALID_FIELD_NUMBER: _ClassVar[int]
    CHECKS_FIELD_NUMBER: _ClassVar[int]
    REASONS_FIELD_NUMBER: _ClassVar[int]
    valid: bool
    checks: _containers.RepeatedCompositeFieldContainer[VerificationCheck]
    reasons: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, valid: _Optional[bool] = ..., checks: _Optional[_Iterable[_Union[VerificationCheck, _Mapping]]] = ..., reasons: _Optional[_Iterable[str]] = ...) -> None: ...
