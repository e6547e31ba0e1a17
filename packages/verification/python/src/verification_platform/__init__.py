"""Python client of the verification platform: projects, jobs and their live stream, results,
reports, webhooks and tokens, over the platform's REST and WebSocket API (``/api/v1``).

    from verification_platform import Client

    with Client("http://127.0.0.1:8080", token) as client:
        project = client.projects.create("counter", top_module="counter", target_pdk="sky130A")
        client.projects.upload(project.id, "examples/counter")
        job = client.jobs.submit(project.id, stages=["lint"]).wait(on_log=print)
"""

from . import errors, models
from ._version import __version__
from .client import DEFAULT_TIMEOUT, Client
from .errors import *  # noqa: F403 (the package's names are those of its modules)
from .models import *  # noqa: F403

__all__ = ["__version__", "Client", "DEFAULT_TIMEOUT"]
__all__ += errors.__all__
__all__ += models.__all__
