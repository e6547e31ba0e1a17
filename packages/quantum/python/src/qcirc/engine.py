"""The local engine: the TypeScript engine (``qcirc engine``) as a child process of this one,
speaking the JSON-lines protocol of the README ("Engine protocol") on its standard input and
output. One engine per Python process, started on first use with an argument array, kept warm
across runs, shared by every thread, started again if it died, and closed at exit.

Node.js 20 or later is the one requirement: ``QCIRC_NODE`` names the ``node`` to use (default:
``node`` on ``PATH``). The engine is the bundle shipped in the wheel (``qcirc/_engine/``); in a
checkout of the repository without one, the package's own ``bin/qcirc.js`` (after ``tsc -b``).
"""

from __future__ import annotations

import atexit
import itertools
import json
import os
import re
import shutil
import subprocess
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Callable, Mapping

from .errors import EngineError, EngineUnavailable, QcircError, error_from_payload

__all__ = ["PROTOCOL", "MIN_NODE_MAJOR", "Engine", "Pending", "get_engine", "engine_command"]

#: The protocol number this library speaks; an engine announcing another is refused.
PROTOCOL = 1
MIN_NODE_MAJOR = 20
#: Seconds the engine has to say hello once started.
START_TIMEOUT = 30.0

_PACKAGE = Path(__file__).resolve().parent
_BUNDLE = _PACKAGE / "_engine" / "engine.js"
# src/qcirc -> python/src -> python -> packages/quantum
_CHECKOUT_BIN = _PACKAGE.parents[2] / "bin" / "qcirc.js"


def _node() -> str:
    configured = os.environ.get("QCIRC_NODE")
    node = configured or shutil.which("node")
    if node is None:
        raise EngineUnavailable(
            "ENGINE_UNAVAILABLE",
            f"Node.js {MIN_NODE_MAJOR} or later is needed to run circuits locally and 'node' is not on PATH: "
            "install it, set QCIRC_NODE to a node executable, or use a REST service (QCIRC_URL)",
            {"reason": "node_missing"},
        )
    try:
        out = subprocess.run([node, "--version"], capture_output=True, text=True, timeout=30, check=True).stdout
    except (OSError, subprocess.SubprocessError) as error:
        raise EngineUnavailable(
            "ENGINE_UNAVAILABLE", f"cannot run {node} --version: {error}", {"node": node, "reason": "node_broken"}
        ) from error
    match = re.match(r"v(\d+)\.", out.strip())
    if match is None or int(match.group(1)) < MIN_NODE_MAJOR:
        raise EngineUnavailable(
            "ENGINE_UNAVAILABLE",
            f"{node} is Node.js {out.strip() or 'of unknown version'}; the engine needs {MIN_NODE_MAJOR} or later "
            "(set QCIRC_NODE to a newer node)",
            {"node": node, "version": out.strip(), "reason": "node_too_old"},
        )
    return node


def engine_command() -> list[str]:
    """The argument array that starts the engine: ``node`` and the bundle (or the checkout's bin)."""
    node = _node()
    if _BUNDLE.is_file():
        return [node, str(_BUNDLE)]
    if _CHECKOUT_BIN.is_file():
        return [node, str(_CHECKOUT_BIN), "engine"]
    raise EngineUnavailable(
        "ENGINE_UNAVAILABLE",
        f"the engine bundle {_BUNDLE} is missing: reinstall qcirc",
        {"reason": "bundle_missing"},
    )


@dataclass
class Pending:
    """One request in flight: its reply arrives on the engine's reader thread."""

    id: int
    on_progress: Callable[[float], None] | None = None
    done: threading.Event = field(default_factory=threading.Event)
    result: Any = None
    error: QcircError | None = None
    progress: float | None = None

    def wait(self, timeout: float | None = None) -> bool:
        return self.done.wait(timeout)

    def outcome(self) -> Any:
        """The result; raises the error reply as its exception. Call once ``done`` is set."""
        if self.error is not None:
            raise self.error
        return self.result


class Engine:
    """One engine child process and its requests. Thread-safe; see the module's notes."""

    def __init__(self, command: list[str] | None = None) -> None:
        self._command = command
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self._process: subprocess.Popen[bytes] | None = None
        self._pending: dict[int, Pending] = {}
        self.hello: Mapping[str, Any] = {}

    def _ensure(self) -> subprocess.Popen[bytes]:
        # Called with the lock held.
        if self._process is not None and self._process.poll() is None:
            return self._process
        command = self._command or engine_command()
        try:
            process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        except OSError as error:
            raise EngineUnavailable(
                "ENGINE_UNAVAILABLE", f"cannot start the engine ({command[0]}): {error}", {"reason": "spawn_failed"}
            ) from error
        assert process.stdout is not None
        hello = self._read_hello(process, process.stdout)
        self.hello = hello
        self._process = process
        threading.Thread(target=self._read, args=(process, process.stdout), name="qcirc-engine", daemon=True).start()
        return process

    @staticmethod
    def _read_hello(process: subprocess.Popen[bytes], stdout: IO[bytes]) -> Mapping[str, Any]:
        box: list[bytes] = []
        reader = threading.Thread(target=lambda: box.append(stdout.readline()), daemon=True)
        reader.start()
        reader.join(START_TIMEOUT)
        line = box[0] if box else b""
        try:
            hello = json.loads(line)
        except ValueError:
            hello = None
        if not isinstance(hello, dict) or hello.get("protocol") != PROTOCOL:
            process.kill()
            raise EngineUnavailable(
                "ENGINE_UNAVAILABLE",
                f"the engine did not start speaking protocol {PROTOCOL}: its first line was {line[:200]!r}",
                {"reason": "protocol", "expected": PROTOCOL},
            )
        return hello

    def _read(self, process: subprocess.Popen[bytes], stdout: IO[bytes]) -> None:
        for raw in stdout:
            try:
                message = json.loads(raw)
            except ValueError:
                continue
            if not isinstance(message, dict):
                continue
            with self._lock:
                pending = self._pending.get(message.get("id"))  # type: ignore[arg-type]
                if pending is None:
                    continue
                if "progress" in message:
                    pending.progress = float(message["progress"])
                else:
                    del self._pending[pending.id]
            if "progress" in message:
                if pending.on_progress is not None:
                    pending.on_progress(pending.progress or 0.0)
                continue
            if "error" in message:
                pending.error = error_from_payload(message["error"])
            else:
                pending.result = message.get("result")
            pending.done.set()
        # The engine ended: every open request fails; the next one starts a new engine.
        code = process.wait()
        with self._lock:
            orphans = list(self._pending.values())
            self._pending.clear()
        for pending in orphans:
            pending.error = EngineError(
                "ENGINE_FAILED", f"the engine process ended (exit code {code}) before answering", {"exit_code": code}
            )
            pending.done.set()

    def submit(
        self, method: str, params: Mapping[str, Any], on_progress: Callable[[float], None] | None = None
    ) -> Pending:
        """Sends a request and returns at once; its reply completes the returned ``Pending``."""
        with self._lock:
            process = self._ensure()
            pending = Pending(next(self._ids), on_progress)
            self._pending[pending.id] = pending
            line = json.dumps({"id": pending.id, "method": method, "params": params}, separators=(",", ":"))
            try:
                assert process.stdin is not None
                process.stdin.write(line.encode() + b"\n")
                process.stdin.flush()
            except OSError as error:
                del self._pending[pending.id]
                raise EngineError("ENGINE_FAILED", f"cannot write to the engine: {error}", {}) from error
        return pending

    def call(self, method: str, params: Mapping[str, Any], timeout: float | None = None) -> Any:
        """Sends a request and waits for its result (raising its error)."""
        pending = self.submit(method, params)
        if not pending.wait(timeout):
            raise EngineError("ENGINE_FAILED", f"the engine did not answer {method} within {timeout} s", {})
        return pending.outcome()

    @property
    def pid(self) -> int | None:
        process = self._process
        return process.pid if process is not None and process.poll() is None else None

    def close(self, timeout: float = 10.0) -> None:
        """Ends the engine: closing its input ends it once the runs in flight are answered."""
        with self._lock:
            process, self._process = self._process, None
        if process is None:
            return
        try:
            if process.stdin is not None:
                process.stdin.close()
            process.wait(timeout)
        except (OSError, subprocess.TimeoutExpired):
            process.kill()
            process.wait()


_engine: Engine | None = None
_engine_lock = threading.Lock()


def get_engine() -> Engine:
    """This process's engine (started on its first request, closed at exit)."""
    global _engine
    with _engine_lock:
        if _engine is None:
            _engine = Engine()
            # Runs still in flight at exit are not waited for long: nobody is left to read them.
            atexit.register(_engine.close, 2.0)
        return _engine
