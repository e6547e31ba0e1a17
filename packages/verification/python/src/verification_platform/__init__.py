"""Python client of the verification platform: projects, jobs and their live stream, results,
reports, webhooks and tokens, over the platform's REST and WebSocket API (``/api/v1``).

    from verification_platform import Client

    with Client("http://127.0.0.1:8080", token) as client:
        project = client.projects.create("counter", top_module="counter", target_pdk="sky130A")
        client.projects.upload(project.id, "examples/counter")
        job = client.jobs.submit(project.id, stages=["lint"]).wait(on_log=print)
"""

from ._version import __version__
from .client import DEFAULT_TIMEOUT, Client
from .errors import (
    Conflict,
    Forbidden,
    InternalError,
    NotFound,
    PayloadTooLarge,
    PlatformError,
    PlatformUnreachable,
    RateLimited,
    ServiceUnavailable,
    Timeout,
    ToolError,
    Unauthorized,
    ValidationError,
)
from .models import (
    FINISHED,
    Artifact,
    Job,
    JobComplete,
    LogEntry,
    LogMessage,
    OtherMessage,
    Page,
    ProgressMessage,
    Project,
    ProjectFile,
    StageComplete,
    StreamMessage,
    Token,
    Upload,
    Webhook,
)

__all__ = [
    "__version__",
    "Client",
    "DEFAULT_TIMEOUT",
    "PlatformError",
    "ValidationError",
    "Unauthorized",
    "Forbidden",
    "NotFound",
    "Conflict",
    "PayloadTooLarge",
    "ToolError",
    "RateLimited",
    "InternalError",
    "ServiceUnavailable",
    "PlatformUnreachable",
    "Timeout",
    "FINISHED",
    "Project",
    "ProjectFile",
    "Upload",
    "Job",
    "LogEntry",
    "Artifact",
    "Webhook",
    "Token",
    "Page",
    "StreamMessage",
    "LogMessage",
    "ProgressMessage",
    "StageComplete",
    "JobComplete",
    "OtherMessage",
]
