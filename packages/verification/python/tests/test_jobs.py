"""Jobs on the examples' lint stage (Verilator, well under a second each), on a platform that runs
one job at a time."""

from __future__ import annotations

from pathlib import Path
from typing import List

import pytest
from conftest import unique

from verification_platform import (
    Client,
    Conflict,
    Forbidden,
    Job,
    JobComplete,
    LogMessage,
    NotFound,
    Project,
    StageComplete,
)


def test_submit_and_wait_with_live_logs(developer: Client, counter: Project) -> None:
    # Behind a job that runs first, this one is still queued when its stream opens: every line it
    # logs reaches on_log live, while the job has not ended.
    ahead = developer.jobs.submit(counter.id, stages=["lint"])
    job = developer.jobs.submit(counter.id, stages=["lint"])
    assert (job.status, job.stages, job.project_id) == ("queued", ["lint"], counter.id)
    lines: List[LogMessage] = []
    status_at_first_line: List[str] = []
    stages: List[StageComplete] = []

    def on_log(line: LogMessage) -> None:
        if not lines:
            status_at_first_line.append(developer.jobs.get(job.job_id).status)
        lines.append(line)

    finished = job.wait(on_log=on_log, on_stage=stages.append, timeout=120)
    assert finished.status == "passed" and finished.finished and finished.finished_at is not None
    assert status_at_first_line[0] in ("queued", "running")
    assert any(line.stage == "lint" for line in lines)
    assert [(s.stage, s.status) for s in stages] == [("lint", "passed")]
    assert ahead.wait(timeout=120).status == "passed"


def test_the_stream_iterator(developer: Client, lint_job: Job) -> None:
    messages = list(developer.jobs.stream(lint_job.job_id, timeout=60))
    assert isinstance(messages[-1], JobComplete) and messages[-1].status == "passed"
    assert any(isinstance(m, LogMessage) and m.stage == "lint" for m in messages)
    assert [m.status for m in messages if isinstance(m, StageComplete)] == ["passed"]
    assert messages == list(lint_job.stream(timeout=60))


def test_results_logs_and_stage_results(viewer: Client, lint_job: Job) -> None:
    results = lint_job.results()
    assert results["overall_status"] == "passed"
    assert results["stages"]["lint"]["status"] == "passed" and results["stages"]["lint"]["errors"] == 0
    logs = viewer.jobs.logs(lint_job.job_id)
    assert logs and {entry.stage for entry in logs} >= {"lint"}
    assert [e.stage for e in viewer.jobs.logs(lint_job.job_id, stage="lint")] == ["lint"] * len(
        [e for e in logs if e.stage == "lint"]
    )
    assert viewer.jobs.logs(lint_job.job_id, tail=1) == logs[-1:]
    assert list(viewer.jobs.follow_logs(lint_job.job_id)) == logs
    lint = viewer.jobs.stage_results(lint_job.job_id, "lint")
    assert (lint["stage"], lint["status"]) == ("lint", "passed") and "details" in lint


def test_list_get_and_refresh(viewer: Client, counter: Project, lint_job: Job) -> None:
    page = viewer.jobs.list(counter.id, status="passed")
    assert lint_job.job_id in [j.job_id for j in page.items] and page.total >= 1
    assert lint_job.refresh() == viewer.jobs.get(lint_job.job_id)
    assert lint_job.progress is not None and lint_job.progress["lint"]["status"] == "passed"


def test_a_lint_job_has_no_coverage(viewer: Client, lint_job: Job) -> None:
    with pytest.raises(NotFound):
        viewer.jobs.coverage(lint_job.job_id)


def test_artifacts_and_reports(viewer: Client, developer: Client, lint_job: Job, tmp_path: Path) -> None:
    artifacts = viewer.jobs.artifacts(lint_job.job_id)
    assert artifacts, "the lint stage keeps its log"
    first = artifacts[0]
    content = viewer.jobs.artifact(lint_job.job_id, first.name)
    assert isinstance(content, bytes) and len(content) == first.size
    saved = viewer.jobs.artifact(lint_job.job_id, first.name, dest=tmp_path / first.name)
    assert saved.read_bytes() == content
    with pytest.raises(NotFound):
        viewer.jobs.artifact(lint_job.job_id, "no-such-artifact")

    # Reports are made for the asking: a developer's right.
    with pytest.raises(Forbidden):
        viewer.jobs.report(lint_job.job_id)
    html = developer.jobs.report(lint_job.job_id)
    assert html.lstrip().lower().startswith(b"<!doctype html")
    junit = developer.jobs.report(lint_job.job_id, format="junit", dest=tmp_path / "report.xml")
    assert b"<testsuite" in junit.read_bytes()


def test_a_failed_job_is_answered_not_raised(developer: Client, examples: Path) -> None:
    project = developer.projects.create(unique("warnings"), top_module="byte_checksum", target_pdk="sky130A")
    developer.projects.upload(project.id, examples / "lint-warnings")
    job = developer.jobs.submit(
        project.id, stages=["lint"], config_overrides={"lint.warnings_as_errors": True}
    )
    finished = job.wait(timeout=120)
    assert finished.status == "failed"
    assert finished.error is not None and finished.error["stage"] == "lint"
    assert finished.results()["stages"]["lint"]["warnings"] == 7


def test_cancel(developer: Client, counter: Project) -> None:
    ahead = developer.jobs.submit(counter.id, stages=["lint"])
    queued = developer.jobs.submit(counter.id, stages=["lint"])
    cancelled = queued.cancel()
    assert cancelled.status == "cancelled" and cancelled.job_id == queued.job_id
    with pytest.raises(Conflict):
        developer.jobs.cancel(queued.job_id)
    assert queued.wait(timeout=60).status == "cancelled"
    ahead.wait(timeout=120)
