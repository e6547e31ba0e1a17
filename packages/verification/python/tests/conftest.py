"""The suite runs against a real platform with authentication on, named by the environment:
VP_TEST_URL (its base URL), VP_TEST_ADMIN_TOKEN, VP_TEST_DEVELOPER_TOKEN, VP_TEST_VIEWER_TOKEN
(a token of each role) and VP_TEST_EXAMPLES (packages/verification/examples). The platform runs
one job at a time, takes uploads of 1 MiB at most and 20 job submissions per project and hour, and
allows webhooks to private addresses (``--workers 1 --upload-max-bytes 1048576
--job-submissions-per-hour 20``, ``PLATFORM_WEBHOOK_ALLOW_PRIVATE=true``): the tests count on it."""

from __future__ import annotations

import os
import uuid
from pathlib import Path
from typing import Iterator

import pytest

from verification_platform import Client, Job, Project


def _env(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        raise pytest.UsageError(f"{name} is not set: the suite needs a running platform (see conftest.py)")
    return value


@pytest.fixture(scope="session")
def url() -> str:
    return _env("VP_TEST_URL")


@pytest.fixture(scope="session")
def examples() -> Path:
    return Path(_env("VP_TEST_EXAMPLES"))


@pytest.fixture(scope="session")
def admin(url: str) -> Iterator[Client]:
    with Client(url, _env("VP_TEST_ADMIN_TOKEN")) as client:
        yield client


@pytest.fixture(scope="session")
def developer(url: str) -> Iterator[Client]:
    with Client(url, _env("VP_TEST_DEVELOPER_TOKEN")) as client:
        yield client


@pytest.fixture(scope="session")
def viewer(url: str) -> Iterator[Client]:
    with Client(url, _env("VP_TEST_VIEWER_TOKEN")) as client:
        yield client


def unique(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


@pytest.fixture(scope="session")
def counter(developer: Client, examples: Path) -> Project:
    """The counter example, uploaded as a folder."""
    project = developer.projects.create(unique("counter"), top_module="counter", target_pdk="sky130A")
    developer.projects.upload(project.id, examples / "counter")
    return project


@pytest.fixture(scope="session")
def lint_job(developer: Client, counter: Project) -> Job:
    """A lint job of the counter, waited for."""
    return developer.jobs.submit(counter.id, stages=["lint"]).wait(timeout=120)
