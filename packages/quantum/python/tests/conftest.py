"""Shared fixtures: one warm local engine for the session, and a REST service to run against.

The REST service is the one at ``QCIRC_TEST_URL`` when set (the vitest runner starts one);
otherwise, in a checkout, ``qcirc serve --port 0`` is started here for the session.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Iterator

import pytest

from qcirc.engine import Engine, get_engine

CHECKOUT_BIN = Path(__file__).resolve().parents[2] / "bin" / "qcirc.js"


@pytest.fixture(scope="session")
def engine() -> Engine:
    """The process's engine, started once: every local run of the session shares it."""
    warm = get_engine()
    warm.call("backends", {})
    return warm


@pytest.fixture(scope="session")
def rest_url() -> Iterator[str]:
    url = os.environ.get("QCIRC_TEST_URL")
    if url:
        yield url
        return
    node = shutil.which("node")
    if node is None or not CHECKOUT_BIN.is_file():
        pytest.skip("no REST service: set QCIRC_TEST_URL or run from a built checkout")
    with tempfile.TemporaryDirectory(prefix="qcirc-rest-") as data:
        process = subprocess.Popen(
            [node, str(CHECKOUT_BIN), "serve", "--port", "0", "--data-dir", data],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        try:
            assert process.stdout is not None
            for line in process.stdout:
                try:
                    entry = json.loads(line)
                except ValueError:
                    continue
                if str(entry.get("msg", "")).endswith("listening") and str(entry.get("url", "")).startswith("http"):
                    url = str(entry["url"])
                    break
            else:
                pytest.fail(f"qcirc serve ended before listening (exit {process.wait()})")
            yield url
        finally:
            process.kill()
            process.wait()
