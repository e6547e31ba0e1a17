"""A submitted run. ``status()`` says where it is, in the service's words (``queued``,
``running``, then one of the final ``completed``, ``failed``, ``cancelled``); ``result()``
waits for it; ``cancel()`` stops it. A local job lives in the engine, a remote one in the REST
service (``rest.py``)."""

from __future__ import annotations

import threading
from abc import ABC, abstractmethod
from typing import Any, Literal, Mapping

from .engine import Engine, Pending
from .errors import JobCancelled, JobTimeout, QcircError
from .result import Result

__all__ = ["Job", "JobStatus", "LocalJob", "FINAL_STATUSES"]

JobStatus = Literal["queued", "running", "completed", "failed", "cancelled"]
FINAL_STATUSES: frozenset[str] = frozenset({"completed", "failed", "cancelled"})


class Job(ABC):
    def __init__(self, job_id: str, backend: str) -> None:
        self._job_id = job_id
        self.backend = backend

    def job_id(self) -> str:
        return self._job_id

    @abstractmethod
    def status(self) -> JobStatus: ...

    @abstractmethod
    def result(self, timeout: float | None = None) -> Result:
        """Waits for the job to end (at most ``timeout`` seconds, else ``JobTimeout``) and returns
        its result; a failed job raises its error, a cancelled one ``JobCancelled``."""

    @abstractmethod
    def cancel(self) -> bool:
        """Stops the job; False when it had already ended."""

    def done(self) -> bool:
        return self.status() in FINAL_STATUSES

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self._job_id} {self.backend} {self.status()}>"


def _timeout(job_id: str, timeout: float | None) -> JobTimeout:
    return JobTimeout("TIMEOUT", f"job {job_id} did not end within {timeout} s", {"id": job_id})


class LocalJob(Job):
    """A run in the local engine. It is ``queued`` until the engine reports its first progress
    (a free worker has started it), ``running`` until the reply."""

    def __init__(self, engine: Engine, params: Mapping[str, Any], backend: str) -> None:
        self._engine = engine
        self._started = threading.Event()
        #: Fraction of the simulation done, as the engine last reported it.
        self.progress = 0.0
        self._pending = engine.submit("run", {**params, "progress": True}, self._on_progress)
        super().__init__(f"local-{self._engine_pid()}-{self._pending.id}", backend)

    def _engine_pid(self) -> int:
        return self._engine.pid or 0

    def _on_progress(self, fraction: float) -> None:
        self.progress = fraction
        self._started.set()

    def status(self) -> JobStatus:
        if self._pending.done.is_set():
            if self._pending.error is None:
                return "completed"
            return "cancelled" if isinstance(self._pending.error, JobCancelled) else "failed"
        return "running" if self._started.is_set() else "queued"

    def result(self, timeout: float | None = None) -> Result:
        if not self._pending.wait(timeout):
            raise _timeout(self._job_id, timeout)
        return Result(self._pending.outcome())

    def cancel(self) -> bool:
        if self._pending.done.is_set():
            return False
        try:
            self._engine.call("cancel", {"id": self._pending.id})
        except QcircError as error:
            if error.code == "JOB_NOT_FOUND":  # it ended meanwhile
                return False
            raise
        self._pending.wait()
        return isinstance(self._pending.error, JobCancelled)
