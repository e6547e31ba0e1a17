"""The client: one ``httpx.Client`` to the platform's ``/api/v1``, and a resource object per path root.

Every method is one operation of the platform's OpenAPI document, declared with ``@operation``
beside it; the tests check that each operation the platform serves has its method here. A refused
request raises the :mod:`errors` class of its status; a connection that fails raises
``PlatformUnreachable`` and one that outlasts the time-out ``Timeout``.
"""

from __future__ import annotations

import json
import os
import time
from contextlib import contextmanager
from pathlib import Path
from typing import (
    Any,
    Callable,
    Dict,
    Iterable,
    Iterator,
    List,
    Mapping,
    Optional,
    Sequence,
    Tuple,
    TypeVar,
    Union,
    overload,
)
from urllib.parse import quote

import httpx
from websockets.exceptions import ConnectionClosedOK, InvalidStatus, WebSocketException
from websockets.sync.client import connect

from ._version import __version__
from .errors import PlatformUnreachable, Timeout, error_from_answer
from .models import (
    Artifact,
    Job,
    JobComplete,
    LogEntry,
    LogMessage,
    OpenedSession,
    Page,
    ProgressMessage,
    Project,
    ProjectFile,
    StageComplete,
    StreamMessage,
    Token,
    Upload,
    Webhook,
    build,
    stream_message,
)

__all__ = ["Client", "OPERATIONS", "DEFAULT_TIMEOUT"]

#: Seconds a request may take (connecting, or between two reads of the answer) unless told otherwise.
DEFAULT_TIMEOUT = 30.0
API_PREFIX = "/api/v1"

PathLike = Union[str, "os.PathLike[str]"]
F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")

#: (method, path below /api/v1) of each operation → the method that calls it.
OPERATIONS: Dict[Tuple[str, str], str] = {}


def operation(method: str, path: str) -> Callable[[F], F]:
    """Declares the OpenAPI operation a method calls."""

    def register(fn: F) -> F:
        OPERATIONS[(method, path)] = fn.__qualname__
        return fn

    return register


def _segment(value: str) -> str:
    return quote(value, safe="")


def _present(**fields: Any) -> Dict[str, Any]:
    """The fields that have a value: the others are left to the platform's defaults."""
    return {k: v for k, v in fields.items() if v is not None}


def _page(answer: Mapping[str, Any], key: str, item: Callable[[Any], T]) -> Page[T]:
    return Page([item(each) for each in answer[key]], answer["total"], answer["page"], answer["per_page"])


def _query(**params: Any) -> Dict[str, Any]:
    return {k: (str(v).lower() if isinstance(v, bool) else v) for k, v in _present(**params).items()}


class _Http:
    def __init__(self, url: str, token: Optional[str], timeout: float) -> None:
        base = url.rstrip("/")
        self.base = base if base.endswith(API_PREFIX) else base + API_PREFIX
        self.timeout = timeout
        self.user_agent = f"verification-platform-python/{__version__}"
        self.auth = {"Authorization": f"Bearer {token}"} if token else {}
        self.client = httpx.Client(
            base_url=self.base, headers={"User-Agent": self.user_agent, **self.auth}, timeout=timeout
        )

    def request(
        self,
        method: str,
        path: str,
        *,
        json_body: Any = None,
        params: Optional[Mapping[str, Any]] = None,
        files: Optional[List[Tuple[str, Tuple[str, bytes, str]]]] = None,
    ) -> httpx.Response:
        with self.translated(method, path):
            response = self.client.request(method, path, json=json_body, params=params, files=files)
        if response.status_code >= 400:
            raise error_from_answer(response.status_code, response.headers, response.content)
        return response

    def json(self, method: str, path: str, **kwargs: Any) -> Any:
        return self.request(method, path, **kwargs).json()

    @contextmanager
    def stream(
        self,
        method: str,
        path: str,
        *,
        json_body: Any = None,
        params: Optional[Mapping[str, Any]] = None,
        timeout: Union[httpx.Timeout, float, None] = None,
    ) -> Iterator[httpx.Response]:
        """The answer before its body is read, for downloads and followed logs."""
        with self.translated(method, path):
            answer = self.client.stream(
                method,
                path,
                json=json_body,
                params=params,
                timeout=self.timeout if timeout is None else timeout,
            )
            with answer as response:
                if response.status_code >= 400:
                    raise error_from_answer(response.status_code, response.headers, response.read())
                yield response

    @contextmanager
    def translated(self, method: str, path: str) -> Iterator[None]:
        """httpx's transport errors as the client's own, where they enter."""
        try:
            yield
        except httpx.TimeoutException as error:
            raise Timeout(f"{method} {self.base}{path}: no answer within {self.timeout:g} s") from error
        except httpx.TransportError as error:
            raise PlatformUnreachable(
                f"{method} {self.base}{path}: {error or type(error).__name__}"
            ) from error


def _save(chunks: Iterable[bytes], dest: Optional[PathLike]) -> Union[bytes, Path]:
    if dest is None:
        return b"".join(chunks)
    path = Path(dest)
    with open(path, "wb") as out:
        for chunk in chunks:
            out.write(chunk)
    return path


def _download(
    http: _Http, method: str, path: str, dest: Optional[PathLike], json_body: Any = None
) -> Union[bytes, Path]:
    with http.stream(method, path, json_body=json_body) as response:
        return _save(response.iter_bytes(), dest)


def _upload_parts(paths: Union[PathLike, Sequence[PathLike]]) -> List[Tuple[str, Path]]:
    """(name in the project, file) of each file: a folder's by their path inside it, a file by its name."""
    items = [paths] if isinstance(paths, (str, os.PathLike)) else list(paths)
    parts: List[Tuple[str, Path]] = []
    for item in items:
        root = Path(item)
        if root.is_dir():
            for file in sorted(root.rglob("*")):
                relative = file.relative_to(root)
                # Version control's own files are never design files.
                if file.is_file() and ".git" not in relative.parts:
                    parts.append((relative.as_posix(), file))
        elif root.is_file():
            parts.append((root.name, root))
        else:
            raise FileNotFoundError(f"no such file or folder: {root}")
    return parts


class _Resource:
    def __init__(self, http: _Http, client: Client) -> None:
        self._http = http
        # Jobs come back bound to the client, for job.wait() and the others.
        self._client = client


class Projects(_Resource):
    @operation("POST", "/projects")
    def create(self, name: str, top_module: str, target_pdk: str, description: str = "") -> Project:
        body = {"name": name, "top_module": top_module, "target_pdk": target_pdk, "description": description}
        return build(Project, self._http.json("POST", "/projects", json_body=body))

    @operation("GET", "/projects")
    def list(
        self,
        page: Optional[int] = None,
        per_page: Optional[int] = None,
        status: Optional[str] = None,
        sort: Optional[str] = None,
    ) -> Page[Project]:
        answer = self._http.json(
            "GET", "/projects", params=_query(page=page, per_page=per_page, status=status, sort=sort)
        )
        return _page(answer, "projects", lambda p: build(Project, p))

    @operation("GET", "/projects/{id}")
    def get(self, project_id: str) -> Project:
        return build(Project, self._http.json("GET", f"/projects/{_segment(project_id)}"))

    @operation("PUT", "/projects/{id}")
    def update(
        self,
        project_id: str,
        *,
        name: Optional[str] = None,
        top_module: Optional[str] = None,
        target_pdk: Optional[str] = None,
        description: Optional[str] = None,
    ) -> Project:
        """Changes the fields given; PUT replaces them all, so the others are sent as they are now."""
        now = self.get(project_id)
        body = {
            "name": now.name if name is None else name,
            "top_module": now.top_module if top_module is None else top_module,
            "target_pdk": now.target_pdk if target_pdk is None else target_pdk,
            "description": now.description if description is None else description,
        }
        return build(Project, self._http.json("PUT", f"/projects/{_segment(project_id)}", json_body=body))

    @operation("DELETE", "/projects/{id}")
    def delete(self, project_id: str, force: bool = False) -> None:
        """Deletes the project; ``force`` cancels its active jobs first (otherwise they are a 409)."""
        self._http.request("DELETE", f"/projects/{_segment(project_id)}", params=_query(force=force or None))

    @operation("GET", "/projects/{id}/files")
    def files(self, project_id: str) -> List[ProjectFile]:
        answer = self._http.json("GET", f"/projects/{_segment(project_id)}/files")
        return [build(ProjectFile, f) for f in answer["files"]]

    @overload
    def read_file(self, project_id: str, path: str) -> bytes: ...

    @overload
    def read_file(self, project_id: str, path: str, dest: PathLike) -> Path: ...

    @operation("GET", "/projects/{id}/files/{*}")
    def read_file(self, project_id: str, path: str, dest: Optional[PathLike] = None) -> Union[bytes, Path]:
        """The file's bytes, or, with ``dest``, the path they were written to (streamed to disk)."""
        return _download(
            self._http, "GET", f"/projects/{_segment(project_id)}/files/{quote(path, safe='/')}", dest
        )

    @operation("DELETE", "/projects/{id}/files/{*}")
    def delete_file(self, project_id: str, path: str) -> None:
        self._http.request("DELETE", f"/projects/{_segment(project_id)}/files/{quote(path, safe='/')}")

    @operation("POST", "/projects/{id}/upload")
    def upload(self, project_id: str, paths: Union[PathLike, Sequence[PathLike]]) -> Upload:
        """Uploads files and folders in one request. A folder's files keep their path inside it
        (``rtl/counter.sv``), without its ``.git``; a file is stored under its name. The platform
        refuses more than 10,000 files or 100 MiB (its default) in one request."""
        parts = _upload_parts(paths)
        files = [("files[]", (name, file.read_bytes(), "application/octet-stream")) for name, file in parts]
        return build(Upload, self._http.json("POST", f"/projects/{_segment(project_id)}/upload", files=files))


class Jobs(_Resource):
    def _job(self, data: Mapping[str, Any]) -> Job:
        return build(Job, data, _client=self._client)

    @operation("POST", "/projects/{id}/jobs")
    def submit(
        self,
        project_id: str,
        stages: Optional[Sequence[str]] = None,
        config_overrides: Optional[Mapping[str, Union[bool, int, float, str]]] = None,
    ) -> Job:
        """Queues a job of ``stages`` (all of them by default), with ``config_overrides`` such as
        ``{"simulation.seed": 7}`` over the project's verify.json."""
        body = _present(
            stages=None if stages is None else list(stages),
            config_overrides=None if config_overrides is None else dict(config_overrides),
        )
        return self._job(self._http.json("POST", f"/projects/{_segment(project_id)}/jobs", json_body=body))

    @operation("GET", "/projects/{id}/jobs")
    def list(
        self,
        project_id: str,
        status: Optional[str] = None,
        page: Optional[int] = None,
        per_page: Optional[int] = None,
    ) -> Page[Job]:
        """The project's jobs, newest first."""
        answer = self._http.json(
            "GET",
            f"/projects/{_segment(project_id)}/jobs",
            params=_query(status=status, page=page, per_page=per_page),
        )
        return _page(answer, "jobs", self._job)

    @operation("GET", "/jobs/{id}")
    def get(self, job_id: str) -> Job:
        return self._job(self._http.json("GET", f"/jobs/{_segment(job_id)}"))

    @operation("POST", "/jobs/{id}/cancel")
    def cancel(self, job_id: str) -> Job:
        return self._job(self._http.json("POST", f"/jobs/{_segment(job_id)}/cancel"))

    @operation("GET", "/jobs/{id}/logs")
    def logs(self, job_id: str, stage: Optional[str] = None, tail: Optional[int] = None) -> List[LogEntry]:
        answer = self._http.json(
            "GET", f"/jobs/{_segment(job_id)}/logs", params=_query(stage=stage, tail=tail)
        )
        return [build(LogEntry, entry) for entry in answer["logs"]]

    def follow_logs(self, job_id: str, stage: Optional[str] = None) -> Iterator[LogEntry]:
        """The log lines so far, then new ones as they come, until the job ends (``follow=true``)."""
        path = f"/jobs/{_segment(job_id)}/logs"
        # A stage may print nothing for minutes: only connecting is bounded.
        timeout = httpx.Timeout(self._http.timeout, read=None)
        with self._http.stream(
            "GET", path, params=_query(stage=stage, follow=True), timeout=timeout
        ) as response:
            for line in response.iter_lines():
                if line.strip():
                    yield build(LogEntry, json.loads(line))

    @operation("GET", "/jobs/{id}/results")
    def results(self, job_id: str) -> Dict[str, Any]:
        """``overall_status`` and each stage's counts (a dict, as the API documents it)."""
        result: Dict[str, Any] = self._http.json("GET", f"/jobs/{_segment(job_id)}/results")
        return result

    @operation("GET", "/jobs/{id}/results/{stage}")
    def stage_results(self, job_id: str, stage: str) -> Dict[str, Any]:
        """One stage's results in full, with its ``details`` (every message, test or property)."""
        result: Dict[str, Any] = self._http.json("GET", f"/jobs/{_segment(job_id)}/results/{_segment(stage)}")
        return result

    @operation("GET", "/jobs/{id}/results/coverage")
    def coverage(self, job_id: str) -> Dict[str, Any]:
        """Line, toggle and FSM coverage, per file and per point; NotFound without a finished simulation."""
        result: Dict[str, Any] = self._http.json("GET", f"/jobs/{_segment(job_id)}/results/coverage")
        return result

    @operation("GET", "/jobs/{id}/artifacts")
    def artifacts(self, job_id: str) -> List[Artifact]:
        answer = self._http.json("GET", f"/jobs/{_segment(job_id)}/artifacts")
        return [build(Artifact, a) for a in answer["artifacts"]]

    @overload
    def artifact(self, job_id: str, name: str) -> bytes: ...

    @overload
    def artifact(self, job_id: str, name: str, dest: PathLike) -> Path: ...

    @operation("GET", "/jobs/{id}/artifacts/{name}")
    def artifact(self, job_id: str, name: str, dest: Optional[PathLike] = None) -> Union[bytes, Path]:
        """The artifact's bytes, or, with ``dest``, the path it was written to (streamed to disk)."""
        return _download(self._http, "GET", f"/jobs/{_segment(job_id)}/artifacts/{_segment(name)}", dest)

    @overload
    def report(
        self,
        job_id: str,
        format: str = ...,
        include: Optional[Sequence[str]] = ...,
        template: Optional[str] = ...,
        dest: None = ...,
    ) -> bytes: ...

    @overload
    def report(
        self,
        job_id: str,
        format: str = ...,
        include: Optional[Sequence[str]] = ...,
        template: Optional[str] = ...,
        *,
        dest: PathLike,
    ) -> Path: ...

    @operation("POST", "/jobs/{id}/reports")
    def report(
        self,
        job_id: str,
        format: str = "html",
        include: Optional[Sequence[str]] = None,
        template: Optional[str] = None,
        dest: Optional[PathLike] = None,
    ) -> Union[bytes, Path]:
        """A report (``html``, ``json``, ``junit`` or ``markdown``): its bytes, or the path of ``dest``."""
        body = _present(format=format, include=None if include is None else list(include), template=template)
        return _download(self._http, "POST", f"/jobs/{_segment(job_id)}/reports", dest, json_body=body)

    @operation("GET", "/jobs/{id}/stream")
    def stream(self, job_id: str, timeout: Optional[float] = None) -> Iterator[StreamMessage]:
        """The job's messages over the WebSocket: its history first, then live ones, ending with
        ``JobComplete``. ``timeout`` bounds the whole stream (``Timeout`` when it passes)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        url = "ws" + self._http.base[len("http") :] + f"/jobs/{_segment(job_id)}/stream"
        what = f"GET {url}"
        try:
            socket = connect(
                url,
                additional_headers=self._http.auth,
                user_agent_header=self._http.user_agent,
                open_timeout=self._http.timeout,
            )
        except InvalidStatus as refused:
            answer = refused.response
            raise error_from_answer(
                answer.status_code, answer.headers, bytes(answer.body or b"")
            ) from refused
        except TimeoutError as error:
            raise Timeout(f"{what}: no answer within {self._http.timeout:g} s") from error
        except (OSError, WebSocketException) as error:
            raise PlatformUnreachable(f"{what}: {error}") from error
        with socket:
            while True:
                remaining = None if deadline is None else max(0.0, deadline - time.monotonic())
                try:
                    text = socket.recv(timeout=remaining)
                except ConnectionClosedOK:
                    return
                except TimeoutError as error:
                    raise Timeout(f"{what}: the job did not end within {timeout:g} s") from error
                except (OSError, WebSocketException) as error:
                    raise PlatformUnreachable(f"{what}: the stream broke off: {error}") from error
                yield stream_message(json.loads(text))

    def wait(
        self,
        job_id: str,
        on_log: Optional[Callable[[LogMessage], None]] = None,
        on_progress: Optional[Callable[[ProgressMessage], None]] = None,
        on_stage: Optional[Callable[[StageComplete], None]] = None,
        timeout: Optional[float] = None,
    ) -> Job:
        """Follows the job's stream until it ends, calling back on each log line, progress and
        stage end as they come; answers the finished job. ``Timeout`` if it has not ended in time."""
        for message in self.stream(job_id, timeout=timeout):
            if isinstance(message, LogMessage) and on_log is not None:
                on_log(message)
            elif isinstance(message, ProgressMessage) and on_progress is not None:
                on_progress(message)
            elif isinstance(message, StageComplete) and on_stage is not None:
                on_stage(message)
            elif isinstance(message, JobComplete):
                break
        job = self.get(job_id)
        if not job.finished:
            # The platform closed the stream without the end (it was shutting down).
            raise PlatformUnreachable(f"the stream of {job_id} closed while the job was {job.status}")
        return job


class Webhooks(_Resource):
    @operation("POST", "/webhooks")
    def create(
        self, url: str, events: Sequence[str], secret: str, project_id: Optional[str] = None
    ) -> Webhook:
        body = _present(url=url, events=list(events), secret=secret, project_id=project_id)
        return build(Webhook, self._http.json("POST", "/webhooks", json_body=body))

    @operation("GET", "/webhooks")
    def list(self) -> List[Webhook]:
        return [build(Webhook, w) for w in self._http.json("GET", "/webhooks")["webhooks"]]

    @operation("GET", "/webhooks/{id}")
    def get(self, webhook_id: str) -> Webhook:
        return build(Webhook, self._http.json("GET", f"/webhooks/{_segment(webhook_id)}"))

    @operation("PATCH", "/webhooks/{id}")
    def update(self, webhook_id: str, **changes: Any) -> Webhook:
        """Changes the fields given: ``url``, ``events``, ``secret``, ``project_id``, ``active``."""
        return build(
            Webhook, self._http.json("PATCH", f"/webhooks/{_segment(webhook_id)}", json_body=changes)
        )

    @operation("DELETE", "/webhooks/{id}")
    def delete(self, webhook_id: str) -> None:
        self._http.request("DELETE", f"/webhooks/{_segment(webhook_id)}")

    @operation("POST", "/webhooks/{id}/ping")
    def ping(self, webhook_id: str) -> Dict[str, Any]:
        """Queues a ``ping`` delivery; answers it (``delivery_id``, ``state``, ``attempts``)."""
        delivery: Dict[str, Any] = self._http.json("POST", f"/webhooks/{_segment(webhook_id)}/ping")
        return delivery

    @operation("GET", "/webhooks/{id}/deliveries")
    def deliveries(
        self, webhook_id: str, page: Optional[int] = None, per_page: Optional[int] = None
    ) -> Page[Dict[str, Any]]:
        answer = self._http.json(
            "GET", f"/webhooks/{_segment(webhook_id)}/deliveries", params=_query(page=page, per_page=per_page)
        )
        return _page(answer, "deliveries", dict)

    @operation("POST", "/webhooks/{id}/deliveries/{delivery_id}/redeliver")
    def redeliver(self, webhook_id: str, delivery_id: str) -> Dict[str, Any]:
        delivery: Dict[str, Any] = self._http.json(
            "POST", f"/webhooks/{_segment(webhook_id)}/deliveries/{_segment(delivery_id)}/redeliver"
        )
        return delivery


class Tokens(_Resource):
    @operation("POST", "/tokens")
    def create(self, name: str, role: str, expires_in_days: Optional[int] = None) -> Token:
        """A token of ``role`` (viewer, developer, admin); its secret is in ``.token``, this once."""
        body = _present(name=name, role=role, expires_in_days=expires_in_days)
        return build(Token, self._http.json("POST", "/tokens", json_body=body))

    @operation("GET", "/tokens")
    def list(self) -> List[Token]:
        return [build(Token, t) for t in self._http.json("GET", "/tokens")["tokens"]]

    @operation("DELETE", "/tokens/{name}")
    def revoke(self, name: str) -> None:
        self._http.request("DELETE", f"/tokens/{_segment(name)}")


class Session(_Resource):
    """Who the client's credential is, and the web application's sign-in done from code (a browser
    test, say, that gives the browser the cookie instead of typing the token)."""

    @operation("GET", "/session")
    def get(self) -> Dict[str, Any]:
        """The caller as the platform sees it: name, role, expiry (``auth_enabled`` false without auth)."""
        result: Dict[str, Any] = self._http.json("GET", "/session")
        return result

    @operation("POST", "/session")
    def open(self, token: str) -> OpenedSession:
        """Exchanges ``token`` for a session: its view, and the ``Cookie`` value that carries it."""
        answer = self._http.request("POST", "/session", json_body={"token": token})
        cookie = answer.headers.get("set-cookie", "").split(";")[0]
        # The caller holds the session; the client's own requests keep their own credential.
        self._http.client.cookies.clear()
        return OpenedSession(session=answer.json(), cookie=cookie)

    @operation("DELETE", "/session")
    def close(self, opened: OpenedSession) -> None:
        """Ends the session ``opened`` names (a change made with the cookie: it carries the CSRF token)."""
        headers = {"Cookie": opened.cookie, "X-CSRF-Token": opened.session.get("csrf_token") or ""}
        with self._http.translated("DELETE", "/session"):
            # Only the session's cookie: the client's own token would be the credential otherwise.
            answer = httpx.delete(
                f"{self._http.base}/session",
                headers={"User-Agent": self._http.user_agent, **headers},
                timeout=self._http.timeout,
            )
        if answer.status_code >= 400:
            raise error_from_answer(answer.status_code, answer.headers, answer.content)


class Client:
    """A client of the platform at ``url`` (its base, such as ``http://127.0.0.1:8080``).

    ``url`` and ``token`` default to ``VERIFY_URL`` and ``VERIFY_TOKEN``, as for ``verifyctl``;
    ``timeout`` is the seconds a request may wait to connect or between reads. Use it as a
    context manager, or call ``close()``.
    """

    def __init__(
        self, url: Optional[str] = None, token: Optional[str] = None, timeout: float = DEFAULT_TIMEOUT
    ) -> None:
        url = url or os.environ.get("VERIFY_URL")
        if not url:
            raise ValueError("no platform URL: pass url= or set VERIFY_URL")
        self._http = _Http(url, token if token is not None else os.environ.get("VERIFY_TOKEN"), timeout)
        self.url = self._http.base
        self.projects = Projects(self._http, self)
        self.jobs = Jobs(self._http, self)
        self.webhooks = Webhooks(self._http, self)
        self.tokens = Tokens(self._http, self)
        self.session = Session(self._http, self)

    @operation("GET", "/health")
    def health(self) -> Dict[str, Any]:
        """The platform's status, version, queue, workers and tools (needs no token)."""
        result: Dict[str, Any] = self._http.json("GET", "/health")
        return result

    def close(self) -> None:
        self._http.client.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
