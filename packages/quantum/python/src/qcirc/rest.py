"""A REST service as a backend (``get_backend(name, url=...)`` or ``QCIRC_URL``): the job API of
the service's README, over ``urllib`` from the standard library. A job is submitted with
``POST /jobs``, followed with ``GET /jobs/{id}`` and read with ``GET /jobs/{id}/result``; errors
are the service's envelope ``{"error": {"code", "message", "details"}}`` raised as exceptions."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from typing import Any, Mapping, cast

from .errors import JobCancelled, QcircError, error_from_payload
from .job import FINAL_STATUSES, Job, JobStatus, _timeout
from .result import Result

__all__ = ["RestClient", "RestJob"]

#: Seconds a single HTTP request may take.
REQUEST_TIMEOUT = 60.0
#: Polling starts fast (short jobs are the common case) and backs off to this interval.
MAX_POLL_SECONDS = 0.5


class RestClient:
    def __init__(self, url: str) -> None:
        self.url = url.rstrip("/")

    def request(self, method: str, path: str, body: Mapping[str, Any] | None = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            f"{self.url}{path}",
            data=data,
            method=method,
            headers={"content-type": "application/json", "accept": "application/json"} if data else {},
        )
        try:
            with urllib.request.urlopen(request, timeout=REQUEST_TIMEOUT) as response:
                text = response.read()
        except urllib.error.HTTPError as error:
            raise self._error(error) from None
        except (urllib.error.URLError, OSError) as error:
            raise QcircError(
                "SERVICE_UNREACHABLE", f"cannot reach the service at {self.url}: {error}", {"url": self.url}
            ) from error
        return json.loads(text) if text else None

    @staticmethod
    def _error(error: urllib.error.HTTPError) -> QcircError:
        try:
            envelope = json.loads(error.read())
            return error_from_payload(envelope["error"])
        except (ValueError, KeyError, TypeError):
            return QcircError("HTTP_ERROR", f"HTTP {error.code} {error.reason}", {"status": error.code})


class RestJob(Job):
    """A job of a REST service; ``status()`` asks the service each time."""

    def __init__(self, client: RestClient, job: Mapping[str, Any]) -> None:
        super().__init__(str(job["id"]), str(job["backend"]))
        self._client = client
        self._job = dict(job)

    def _refresh(self) -> Mapping[str, Any]:
        if self._job["status"] not in FINAL_STATUSES:
            self._job = self._client.request("GET", f"/jobs/{self._job_id}")
        return self._job

    def status(self) -> JobStatus:
        return cast(JobStatus, self._refresh()["status"])

    def result(self, timeout: float | None = None) -> Result:
        deadline = None if timeout is None else time.monotonic() + timeout
        interval = 0.01
        while (job := self._refresh())["status"] not in FINAL_STATUSES:
            if deadline is not None and time.monotonic() >= deadline:
                raise _timeout(self._job_id, timeout)
            time.sleep(interval if deadline is None else max(0.0, min(interval, deadline - time.monotonic())))
            interval = min(interval * 2, MAX_POLL_SECONDS)
        if job["status"] == "cancelled":
            raise JobCancelled("JOB_CANCELLED", f"job '{self._job_id}' was cancelled", {"id": self._job_id})
        if job["status"] == "failed":
            raise error_from_payload(job.get("error") or {"code": "INTERNAL", "message": "the job failed"})
        return Result(self._client.request("GET", f"/jobs/{self._job_id}/result"))

    def cancel(self) -> bool:
        try:
            self._job = self._client.request("POST", f"/jobs/{self._job_id}/cancel")
        except QcircError as error:
            if error.code == "JOB_NOT_CANCELLABLE":
                return False
            raise
        return True
