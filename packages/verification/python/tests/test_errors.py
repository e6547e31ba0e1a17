"""Each typed error from a real answer of the platform, or from no answer at all."""

from __future__ import annotations

import os
import socket
from pathlib import Path
from typing import Iterator

import pytest
from conftest import unique

from verification_platform import (
    Client,
    Forbidden,
    NotFound,
    PayloadTooLarge,
    PlatformError,
    PlatformUnreachable,
    Project,
    RateLimited,
    Timeout,
    Unauthorized,
    ValidationError,
)


def test_not_found(viewer: Client) -> None:
    with pytest.raises(NotFound) as refused:
        viewer.projects.get("prj_0000000000000000")
    error = refused.value
    assert (error.status, error.code) == (404, "NOT_FOUND")
    assert isinstance(error, PlatformError) and error.message and error.request_id


def test_a_viewer_may_not_submit(viewer: Client, counter: Project) -> None:
    with pytest.raises(Forbidden) as refused:
        viewer.jobs.submit(counter.id, stages=["lint"])
    error = refused.value
    assert (error.status, error.code) == (403, "FORBIDDEN")
    assert error.details["role"] == "viewer" and error.details["required_role"] == "developer"


def test_a_bad_token_is_unauthorized(url: str) -> None:
    with Client(url, "vpt_not-a-token") as client:
        with pytest.raises(Unauthorized) as refused:
            client.projects.list()
        assert (refused.value.status, refused.value.code) == (401, "UNAUTHORIZED")
        # The WebSocket is refused in its handshake, with the same error.
        with pytest.raises(Unauthorized):
            next(client.jobs.stream("job_0000000000000000"))


def test_a_bad_field_is_a_validation_error_naming_it(developer: Client) -> None:
    with pytest.raises(ValidationError) as refused:
        developer.projects.create("bad-pdk", top_module="top", target_pdk="not a pdk!")
    error = refused.value
    assert (error.status, error.code) == (400, "VALIDATION_ERROR")
    assert error.field is not None and "target_pdk" in error.field


def test_an_unknown_stage_is_a_validation_error(developer: Client, counter: Project) -> None:
    with pytest.raises(ValidationError) as refused:
        developer.jobs.submit(counter.id, stages=["synthesis"])
    assert refused.value.field is not None and "stages" in refused.value.field


def test_an_upload_beyond_the_limit_is_refused(developer: Client, counter: Project, tmp_path: Path) -> None:
    big = tmp_path / "big.bin"
    big.write_bytes(b"\0" * (1024 * 1024 + 1))
    with pytest.raises(PayloadTooLarge) as refused:
        developer.projects.upload(counter.id, big)
    assert (refused.value.status, refused.value.code) == (413, "PAYLOAD_TOO_LARGE")
    assert "big.bin" not in [f.path for f in developer.projects.files(counter.id)]


def test_submissions_beyond_the_hourly_quota_are_rate_limited(developer: Client) -> None:
    project = developer.projects.create(unique("quota"), top_module="top", target_pdk="sky130A")
    # Refused submissions count too: these use the project's 20 without running anything.
    for _ in range(20):
        with pytest.raises(ValidationError):
            developer.jobs.submit(project.id, stages=["synthesis"])
    with pytest.raises(RateLimited) as limited:
        developer.jobs.submit(project.id, stages=["lint"])
    error = limited.value
    assert (error.status, error.code, error.details["window"]) == (429, "RATE_LIMITED", "1 hour")
    assert error.retry_after is not None and 0 < error.retry_after <= 3600
    developer.projects.delete(project.id)


@pytest.fixture
def closed_port() -> int:
    """A port nothing listens on: bound, then released."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    return port


def test_no_platform_is_unreachable(closed_port: int) -> None:
    with Client(f"http://127.0.0.1:{closed_port}", "vpt_x") as client:
        with pytest.raises(PlatformUnreachable) as failed:
            client.health()
        assert (failed.value.status, failed.value.code) == (0, "UNREACHABLE")
        with pytest.raises(PlatformUnreachable):
            next(client.jobs.stream("job_0000000000000000"))


@pytest.fixture
def silent_server() -> Iterator[int]:
    """A server that accepts connections and never answers: a hung platform."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen(8)
        yield s.getsockname()[1]


def test_no_answer_in_time_is_a_timeout(silent_server: int) -> None:
    with Client(f"http://127.0.0.1:{silent_server}", "vpt_x", timeout=0.3) as client:
        with pytest.raises(Timeout) as failed:
            client.projects.list()
        assert (failed.value.status, failed.value.code) == (0, "TIMEOUT")
        assert "0.3 s" in failed.value.message


def test_url_and_token_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, url: str, counter: Project
) -> None:
    monkeypatch.setenv("VERIFY_URL", url + "/api/v1")
    monkeypatch.setenv("VERIFY_TOKEN", os.environ["VP_TEST_VIEWER_TOKEN"])
    with Client() as client:
        assert client.url == url + "/api/v1"
        assert client.projects.get(counter.id).id == counter.id
        with pytest.raises(Forbidden):
            client.projects.delete(counter.id)
    monkeypatch.delenv("VERIFY_URL")
    with pytest.raises(ValueError, match="VERIFY_URL"):
        Client()
