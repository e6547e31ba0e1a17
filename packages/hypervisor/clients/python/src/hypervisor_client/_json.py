"""REST JSON (proto3 JSON with the proto field names) read into generated messages.

`json_format.ParseDict` is protobuf's reference reader, and slow: pure Python reflection field by
field, about 0.3 ms for a VM here, as much as the HTTP round trip. The common shapes (scalars,
nested messages, lists, string maps, Timestamps, Structs) are turned into constructor arguments
instead, which the C extension reads in a few microseconds; anything else (a Value, bytes, a
field the message lacks, a value of the wrong type) goes to `ParseDict`, whose strict answer or
error is then the one given. Either way a field the message lacks is an error, never dropped.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any, TypeVar

from google.protobuf import json_format, timestamp_pb2
from google.protobuf.message import Message

M = TypeVar("M", bound=Message)
_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
_SECOND = timedelta(seconds=1)


class _Unhandled(Exception):
    """A shape the fast path leaves to ParseDict."""


def parse(data: Any, cls: type[M]) -> M:
    try:
        return cls(**_arguments(data, cls.DESCRIPTOR))
    except (_Unhandled, TypeError, ValueError, KeyError, AttributeError):
        return json_format.ParseDict(data, cls(), ignore_unknown_fields=False)


def _timestamp(value: str) -> timestamp_pb2.Timestamp:
    # datetime reads RFC 3339 ten times faster than Timestamp.FromJsonString, to the microsecond.
    _, _, fraction = value.partition(".")
    if len(fraction) - len(fraction.lstrip("0123456789")) > 6:
        raise _Unhandled  # nanoseconds
    moment = datetime.fromisoformat(value)  # ValueError: not RFC 3339, ParseDict says why
    if moment.tzinfo is None:
        raise _Unhandled
    # Whole seconds since the epoch, floored, in integer arithmetic (a quarter of timegm's time).
    return timestamp_pb2.Timestamp(seconds=(moment - _EPOCH) // _SECOND, nanos=moment.microsecond * 1000)


def _arguments(data: dict[str, Any], descriptor: Any) -> dict[str, Any]:
    fields = descriptor.fields_by_name
    arguments: dict[str, Any] = {}
    for key, value in data.items():
        field = fields[key]
        message = field.message_type
        if value is None:
            if message is not None and message.full_name == "google.protobuf.Value":
                raise _Unhandled  # a JSON null held as a Value
            continue  # null: the field is unset, as ParseDict reads it
        if message is None:
            if field.type == field.TYPE_BYTES or field.enum_type is not None:
                raise _Unhandled
            arguments[key] = value
        elif message.GetOptions().map_entry:
            if message.fields_by_name["value"].message_type is not None:
                raise _Unhandled
            arguments[key] = value
        elif message.full_name == "google.protobuf.Timestamp":
            arguments[key] = [_timestamp(v) for v in value] if field.is_repeated else _timestamp(value)
        elif message.full_name == "google.protobuf.Struct":
            if not isinstance(value, dict):
                raise _Unhandled
            arguments[key] = value
        elif message.full_name.startswith("google.protobuf."):
            raise _Unhandled
        elif field.is_repeated:
            arguments[key] = [_arguments(item, message) for item in value]
        else:
            arguments[key] = _arguments(value, message)
    return arguments
