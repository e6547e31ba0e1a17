"""The README's examples, run as a user runs them (a new process, the installed library),
against host A; and the benchmark entry."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from .conftest import env, make_client, unique

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def _run(script: str, *args: str) -> str:
    result = subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_examples_create_list_attest_follow() -> None:
    name = unique("example")
    out = _run("create_and_start.py", name)
    assert f"{name}: RUNNING" in out
    for flags in ((), ("--grpc",)):
        listed = {line.split()[0]: line.split()[1] for line in _run("list_vms.py", *flags).splitlines()}
        assert listed[name] == "RUNNING"
    report = _run("attest.py", name)
    assert report.rstrip().endswith("valid") and "signature        passed" in report
    events = _run("follow_events.py", "--vm", name, "--after", "0", "--count", "2").splitlines()
    assert [line.split()[1] for line in events] == ["vm.created", "vm.state_changed"]


def test_benchmark_entry() -> None:
    with make_client("rest") as client:
        vm = client.list_vms().vms[0].name
    for transport in ("rest", "grpc"):
        for mode in ("library", "raw"):
            result = subprocess.run(
                [sys.executable, "-m", "hypervisor_client.bench", "--rest-url", env("HV_REST_URL"),
                 "--grpc-addr", env("HV_GRPC_ADDR"), "--token", env("HV_TOKEN"), "--vm", vm,
                 "--seconds", "0.2", "--transport", transport, "--mode", mode],
                capture_output=True, text=True, timeout=60, check=True,
            )  # fmt: skip
            line = json.loads(result.stdout)
            assert line["calls"] > 0 and line["seconds"] >= 0.2
