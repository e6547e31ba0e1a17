"""Backends by name: ``get_backend("local_simulator")`` runs on the local engine (a warm child
process, ``engine.py``), or on a REST service when ``url=`` or ``QCIRC_URL`` is given. Either way
``run`` takes the same arguments, returns a ``Job`` and gives the same ``Result``."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping, Union

from .engine import get_engine
from .errors import BackendNotFound, QcircError
from .job import Job, LocalJob
from .rest import RestClient, RestJob

if TYPE_CHECKING:
    from .circuit import Circuit

__all__ = ["Backend", "NoiseModel", "get_backend", "list_backends", "DEFAULT_SHOTS"]

DEFAULT_SHOTS = 1024


@dataclass(frozen=True)
class NoiseModel:
    """The simulator's noise model (README "The noise model"): ``loss`` is the heralded-erasure
    probability per live qubit per cycle (default 0.005; 0 runs the ideal circuit), ``pauli`` the
    silent Pauli error probability, ``erasure_fraction`` the share of losses that are heralded.
    A field left None takes the service's default."""

    loss: float | None = None
    pauli: float | None = None
    erasure_fraction: float | None = None

    def to_json(self) -> dict[str, float]:
        return {key: value for key, value in vars(self).items() if value is not None}


Program = Union["Circuit", str, Mapping[str, Any]]
Noise = Union[NoiseModel, Mapping[str, float], None]


def _program(circuit: Program) -> dict[str, Any]:
    """A circuit, OpenQASM text or a JSON-form dict as the request's program."""
    if isinstance(circuit, str):
        return {"qasm": circuit}
    if isinstance(circuit, Mapping):
        return {"circuit": dict(circuit)}
    return {"circuit": circuit.to_json()}


def _noise(noise: Noise) -> dict[str, float] | None:
    if noise is None:
        return None
    return noise.to_json() if isinstance(noise, NoiseModel) else dict(noise)


def _url(url: str | None) -> str | None:
    return url if url is not None else (os.environ.get("QCIRC_URL") or None)


class Backend:
    """A backend of the local engine (``url`` None) or of the REST service at ``url``."""

    def __init__(self, name: str, url: str | None = None) -> None:
        self.name = name
        self.url = url
        self._client = None if url is None else RestClient(url)

    def _params(
        self,
        circuit: Program,
        shots: int,
        seed: int | None,
        noise: Noise,
        inputs: Mapping[str, float | bool] | None,
    ) -> dict[str, Any]:
        params: dict[str, Any] = {**_program(circuit), "backend": self.name, "shots": shots}
        if seed is not None:
            params["seed"] = seed
        if (model := _noise(noise)) is not None:
            params["noise"] = model
        if inputs:
            params["inputs"] = dict(inputs)
        return params

    def run(
        self,
        circuit: Program,
        shots: int = DEFAULT_SHOTS,
        *,
        seed: int | None = None,
        noise: Noise = None,
        memory: bool = False,
        parameters: Mapping[str, float] | None = None,
        inputs: Mapping[str, float | bool] | None = None,
        fusion: Mapping[str, Any] | None = None,
        threads: int | None = None,
    ) -> Job:
        """Submits ``circuit`` (a ``Circuit``, OpenQASM text or the JSON form) and returns its job
        at once. ``parameters`` bind free circuit parameters, ``inputs`` OpenQASM ``input``s;
        ``fusion`` (``enabled``, ``max_qubits``, ``threshold``) and ``threads`` tune the local engine."""
        params = self._params(circuit, shots, seed, noise, inputs)
        if memory:
            params["memory"] = True
        if self._client is not None:
            if fusion is not None or threads is not None:
                raise QcircError(
                    "INVALID_RUN_OPTIONS",
                    "fusion and threads are settings of the local engine; a REST service sets its own",
                    {"field": "fusion" if fusion is not None else "threads"},
                )
            if parameters:
                # The REST API binds free parameters through the numeric inputs.
                params["inputs"] = {**params.get("inputs", {}), **parameters}
            return RestJob(self._client, self._client.request("POST", "/jobs", params))
        if parameters:
            params["parameters"] = dict(parameters)
        if fusion is not None:
            params["fusion"] = dict(fusion)
        if threads is not None:
            params["threads"] = threads
        return LocalJob(get_engine(), params, self.name)

    def estimate(
        self,
        circuit: Program,
        shots: int = DEFAULT_SHOTS,
        *,
        noise: Noise = None,
        parameters: Mapping[str, float] | None = None,
        inputs: Mapping[str, float | bool] | None = None,
    ) -> dict[str, Any]:
        """The resource estimates of a run without running it (the ``estimates`` of a result)."""
        params = self._params(circuit, shots, None, noise, inputs)
        if self._client is not None:
            if parameters:
                params["inputs"] = {**params.get("inputs", {}), **parameters}
            return dict(self._client.request("POST", "/estimates", params))
        if parameters:
            params["parameters"] = dict(parameters)
        return dict(get_engine().call("estimate", params))

    def status(self) -> dict[str, Any]:
        """This backend's entry of ``list_backends``: status, ``max_qubits``, target, memory budget."""
        for entry in list_backends(self.url):
            if entry["name"] == self.name:
                return entry
        raise BackendNotFound("BACKEND_NOT_FOUND", f"no backend named '{self.name}'", {"name": self.name})

    def __repr__(self) -> str:
        where = "local engine" if self.url is None else self.url
        return f"<Backend {self.name} on {where}>"


def list_backends(url: str | None = None) -> list[dict[str, Any]]:
    """Every backend, as ``GET /backends`` lists them (locally: the engine's ``backends``)."""
    url = _url(url)
    if url is not None:
        listing = RestClient(url).request("GET", "/backends")
    else:
        listing = get_engine().call("backends", {})
    return [dict(entry) for entry in listing["backends"]]


def get_backend(name: str = "local_simulator", url: str | None = None) -> Backend:
    """The backend ``name``, local or at ``url`` (default ``QCIRC_URL``); ``BackendNotFound``
    with the known names for any other."""
    url = _url(url)
    known = [entry["name"] for entry in list_backends(url)]
    if name not in known:
        raise BackendNotFound(
            "BACKEND_NOT_FOUND", f"no backend named '{name}' (known: {', '.join(known)})", {"name": name, "known": known}
        )
    return Backend(name, url)
