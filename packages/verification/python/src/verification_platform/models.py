"""Typed views of the platform's main resources and of the job stream's messages.

Each dataclass has the fields of its schema in the platform's OpenAPI document (the tests compare
them), with times as timezone-aware ``datetime``; ``raw`` keeps the JSON as answered, so a field
added by a newer platform is still at hand. Deep results (results, coverage, a stage's details)
stay plain dicts.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from datetime import datetime
from typing import (
    TYPE_CHECKING,
    Any,
    Callable,
    Dict,
    Generic,
    Iterator,
    List,
    Mapping,
    Optional,
    TypeVar,
    Union,
)

if TYPE_CHECKING:
    from .client import Client

__all__ = [
    "Project",
    "ProjectFile",
    "Upload",
    "Job",
    "LogEntry",
    "Artifact",
    "Webhook",
    "Token",
    "OpenedSession",
    "Page",
    "LogMessage",
    "ProgressMessage",
    "StageComplete",
    "JobComplete",
    "OtherMessage",
    "StreamMessage",
    "FINISHED",
]

#: The statuses a job ends in.
FINISHED = frozenset({"passed", "failed", "cancelled"})

_TIMES = frozenset(
    {"created_at", "updated_at", "submitted_at", "started_at", "finished_at", "timestamp", "modified_at"}
    | {"last_used_at", "expires_at"}
)

T = TypeVar("T")


def parse_time(value: str) -> datetime:
    # Python 3.9 and 3.10 read no trailing "Z".
    return datetime.fromisoformat(value[:-1] + "+00:00" if value.endswith("Z") else value)


def build(cls: Callable[..., T], data: Mapping[str, Any], **extra: Any) -> T:
    """An instance of the dataclass ``cls`` from the JSON object ``data``; absent fields are None."""
    values: Dict[str, Any] = {}
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        if f.name == "raw" or f.name.startswith("_"):
            continue
        value = data.get(f.name)
        values[f.name] = parse_time(value) if f.name in _TIMES and isinstance(value, str) else value
    return cls(**values, raw=dict(data), **extra)


@dataclass(frozen=True)
class Project:
    id: str
    name: str
    top_module: str
    target_pdk: str
    description: str
    status: str
    created_at: datetime
    updated_at: datetime
    url: str
    raw: Dict[str, Any] = field(repr=False, compare=False)


@dataclass(frozen=True)
class ProjectFile:
    path: str
    size: int
    modified_at: datetime
    raw: Dict[str, Any] = field(repr=False, compare=False)


@dataclass(frozen=True)
class Upload:
    uploaded: int
    project_id: str
    files: List[str]
    raw: Dict[str, Any] = field(repr=False, compare=False)


@dataclass(frozen=True)
class LogEntry:
    timestamp: datetime
    stage: str
    level: str
    message: str
    raw: Dict[str, Any] = field(repr=False, compare=False)


@dataclass(frozen=True)
class Artifact:
    name: str
    stage: str
    content_type: str
    size: int
    created_at: datetime
    url: str
    raw: Dict[str, Any] = field(repr=False, compare=False)


@dataclass(frozen=True)
class Webhook:
    webhook_id: str
    url: str
    events: List[str]
    project_id: Optional[str]
    active: bool
    disabled_reason: Optional[str]
    created_at: datetime
    updated_at: datetime
    raw: Dict[str, Any] = field(repr=False, compare=False)


@dataclass(frozen=True)
class Token:
    name: str
    role: Optional[str]
    created_at: datetime
    last_used_at: Optional[datetime]
    expires_at: Optional[datetime]
    #: The secret, in the answer to its creation only.
    token: Optional[str]
    raw: Dict[str, Any] = field(repr=False, compare=False)


@dataclass(frozen=True)
class OpenedSession:
    """A web session opened with a token (``client.session.open``)."""

    #: The answer of ``POST /session``: name, role, expires_at, csrf_token, limits.
    session: Dict[str, Any]
    #: ``vp_session=...``, to send as the ``Cookie`` header (or give to a browser).
    cookie: str = field(repr=False)


@dataclass(frozen=True)
class Page(Generic[T]):
    """One page of a list, and how many items the list has on all pages."""

    items: List[T]
    total: int
    page: int
    per_page: int


# The WebSocket stream's messages (GET /jobs/{id}/stream), one class per `type`.


#: A log line of the stream: the same fields as one of ``GET /jobs/{id}/logs``.
LogMessage = LogEntry


@dataclass(frozen=True)
class ProgressMessage:
    stage: str
    tests_complete: int
    tests_total: int
    raw: Dict[str, Any] = field(repr=False, compare=False)


@dataclass(frozen=True)
class StageComplete:
    stage: str
    status: str
    duration: Optional[str]
    reason: Optional[str]
    raw: Dict[str, Any] = field(repr=False, compare=False)


@dataclass(frozen=True)
class JobComplete:
    """The last message: the job's final status, and its error when it did not pass."""

    status: str
    error: Optional[Dict[str, Any]]
    raw: Dict[str, Any] = field(repr=False, compare=False)


@dataclass(frozen=True)
class OtherMessage:
    """A message of a type this client does not know (from a newer platform)."""

    type: str
    raw: Dict[str, Any] = field(repr=False, compare=False)


StreamMessage = Union[LogMessage, ProgressMessage, StageComplete, JobComplete, OtherMessage]

_MESSAGES: Dict[str, Callable[..., Any]] = {
    "log": LogEntry,
    "progress": ProgressMessage,
    "stage_complete": StageComplete,
    "job_complete": JobComplete,
}


def stream_message(data: Mapping[str, Any]) -> StreamMessage:
    cls = _MESSAGES.get(str(data.get("type")))
    if cls is None:
        return OtherMessage(type=str(data.get("type")), raw=dict(data))
    message: StreamMessage = build(cls, data)
    return message


@dataclass(frozen=True)
class Job:
    """A verification job as last read; ``wait()`` and ``refresh()`` answer a newer copy."""

    job_id: str
    project_id: str
    status: str
    stages: List[str]
    submitted_at: datetime
    estimated_duration: str
    #: Per stage: ``status``, and ``duration`` once ended or ``progress`` (``"2/4"``) while running.
    progress: Optional[Dict[str, Dict[str, Any]]]
    url: str
    started_at: Optional[datetime]
    finished_at: Optional[datetime]
    duration: Optional[str]
    #: The first failure: ``stage``, ``code`` (VERIFICATION_FAILED, TIMEOUT, TOOL_ERROR, ...), ``message``.
    error: Optional[Dict[str, Any]]
    raw: Dict[str, Any] = field(repr=False, compare=False)
    _client: Client = field(repr=False, compare=False)

    @property
    def finished(self) -> bool:
        return self.status in FINISHED

    def refresh(self) -> Job:
        return self._client.jobs.get(self.job_id)

    def cancel(self) -> Job:
        return self._client.jobs.cancel(self.job_id)

    def results(self) -> Dict[str, Any]:
        return self._client.jobs.results(self.job_id)

    def logs(self, stage: Optional[str] = None, tail: Optional[int] = None) -> List[LogEntry]:
        return self._client.jobs.logs(self.job_id, stage=stage, tail=tail)

    def stream(self, timeout: Optional[float] = None) -> Iterator[StreamMessage]:
        return self._client.jobs.stream(self.job_id, timeout=timeout)

    def wait(
        self,
        on_log: Optional[Callable[[LogMessage], None]] = None,
        on_progress: Optional[Callable[[ProgressMessage], None]] = None,
        on_stage: Optional[Callable[[StageComplete], None]] = None,
        timeout: Optional[float] = None,
    ) -> Job:
        return self._client.jobs.wait(
            self.job_id, on_log=on_log, on_progress=on_progress, on_stage=on_stage, timeout=timeout
        )
