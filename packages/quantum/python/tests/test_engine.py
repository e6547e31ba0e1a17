"""The local engine: the protocol handshake, a warm process shared by every run and thread,
restarted when it dies, and a clear EngineUnavailable when Node.js is missing or too old."""

from __future__ import annotations

import os
import signal
import stat
import sys
import threading
import time
from pathlib import Path

import pytest

from qcirc import Circuit, EngineUnavailable, get_backend
from qcirc.engine import PROTOCOL, Engine, engine_command


def bell() -> Circuit:
    return Circuit(2).h(0).cx(0, 1).measure_all()


def test_the_engine_says_its_protocol_and_version(engine: Engine) -> None:
    assert engine.hello["protocol"] == PROTOCOL
    assert engine.hello["version"] == "0.2.0"
    assert set(engine.hello["methods"]) >= {"run", "estimate", "cancel", "import_qasm", "export_qasm", "backends"}


def test_runs_share_one_warm_engine_across_threads(engine: Engine) -> None:
    pid = engine.pid
    backend = get_backend("local_simulator")
    results: dict[int, dict[str, int]] = {}

    def run(seed: int) -> None:
        results[seed] = backend.run(bell(), shots=100, seed=seed, noise={"loss": 0}).result().get_counts()

    threads = [threading.Thread(target=run, args=(seed,)) for seed in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == list(range(6))
    assert all(set(counts) <= {"00", "11"} and sum(counts.values()) == 100 for counts in results.values())
    assert engine.pid == pid


def test_a_dead_engine_is_started_again(engine: Engine) -> None:
    pid = engine.pid
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 5
    while engine.pid == pid and time.monotonic() < deadline:
        time.sleep(0.01)
    counts = get_backend("local_simulator").run(bell(), shots=10, seed=1).result().get_counts()
    assert sum(counts.values()) == 10
    assert engine.pid not in (None, pid)


def fake_node(tmp_path: Path, version: str) -> str:
    script = tmp_path / "node"
    script.write_text(f"#!/bin/sh\necho {version}\n")
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return str(script)


def test_node_missing_or_too_old_is_engine_unavailable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QCIRC_NODE", fake_node(tmp_path, "v18.19.0"))
    with pytest.raises(EngineUnavailable, match="needs 20 or later") as too_old:
        engine_command()
    assert too_old.value.code == "ENGINE_UNAVAILABLE"
    assert too_old.value.details["reason"] == "node_too_old"

    monkeypatch.setenv("QCIRC_NODE", str(tmp_path / "absent"))
    with pytest.raises(EngineUnavailable) as missing:
        engine_command()
    assert missing.value.details["reason"] == "node_broken"

    monkeypatch.delenv("QCIRC_NODE")
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    with pytest.raises(EngineUnavailable, match="QCIRC_NODE") as no_path:
        engine_command()
    assert no_path.value.details["reason"] == "node_missing"


def test_an_engine_speaking_another_protocol_is_refused() -> None:
    other = Engine([sys.executable, "-c", 'print(\'{"protocol": 2, "version": "9.9.9"}\', flush=True)'])
    with pytest.raises(EngineUnavailable, match="protocol 1"):
        other.call("backends", {})
