"""Wheel build hook: bundles the engine (``packages/quantum/scripts/bundle-engine.mjs``, esbuild
over the TypeScript sources) into the wheel as ``qcirc/_engine/``. Building needs Node.js and
the repository's ``npm ci``; installing and using the wheel needs only Node.js 20+."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "bundle-engine.mjs"


class EngineBundleHook(BuildHookInterface):  # type: ignore[misc]
    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        node = os.environ.get("QCIRC_NODE") or shutil.which("node")
        if node is None or not SCRIPT.is_file():
            raise RuntimeError(f"building the wheel needs Node.js and {SCRIPT} (a checkout of the repository)")
        self._out = tempfile.mkdtemp(prefix="qcirc-engine-")
        subprocess.run([node, str(SCRIPT), self._out], check=True)
        build_data["force_include"][self._out] = "qcirc/_engine"

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        shutil.rmtree(self._out, ignore_errors=True)
