"""The client against the document the platform serves: an operation without its method here, or
a schema field without its dataclass field, fails."""

from __future__ import annotations

import dataclasses
from typing import Any, Dict, Set

import httpx
import pytest

import verification_platform
from verification_platform import Artifact, Client, Job, LogEntry, Project, ProjectFile, Token, Webhook
from verification_platform.client import API_PREFIX, OPERATIONS

METHODS = {"get", "put", "post", "delete", "patch"}


@pytest.fixture(scope="module")
def document(url: str) -> Dict[str, Any]:
    answer = httpx.get(f"{url}{API_PREFIX}/openapi.json")
    answer.raise_for_status()
    return dict(answer.json())


def served(document: Dict[str, Any]) -> Set[tuple]:
    return {
        (method.upper(), path[len(API_PREFIX) :])
        for path, item in document["paths"].items()
        for method in item
        if method in METHODS and path.startswith(API_PREFIX + "/")
    }


def test_every_operation_has_a_method(document: Dict[str, Any], admin: Client) -> None:
    missing = served(document) - set(OPERATIONS)
    assert not missing, f"operations of /openapi.json without a Python method: {sorted(missing)}"
    for qualname in OPERATIONS.values():
        owner, _, name = qualname.rpartition(".")
        target = admin if owner == "Client" else getattr(admin, owner.lower())
        assert callable(getattr(target, name)), qualname


def test_every_method_is_a_served_operation(document: Dict[str, Any]) -> None:
    unknown = set(OPERATIONS) - served(document)
    assert not unknown, f"Python methods of operations the platform does not serve: {sorted(unknown)}"


def fields(cls: Any) -> Set[str]:
    return {f.name for f in dataclasses.fields(cls) if f.name != "raw" and not f.name.startswith("_")}


def test_dataclasses_have_the_fields_of_their_schemas(document: Dict[str, Any]) -> None:
    schemas = document["components"]["schemas"]
    paths = document["paths"]

    def item_of(path: str, key: str, method: str = "get", status: str = "200") -> Set[str]:
        schema = paths[API_PREFIX + path][method]["responses"][status]["content"]["application/json"][
            "schema"
        ]
        return set(schema["properties"][key]["items"]["properties"])

    assert fields(Project) == set(schemas["Project"]["properties"])
    assert fields(Job) == set(schemas["Job"]["properties"])
    assert fields(LogEntry) == set(schemas["LogEntry"]["properties"])
    assert fields(Webhook) == set(schemas["Webhook"]["properties"])
    assert fields(ProjectFile) == item_of("/projects/{id}/files", "files")
    assert fields(Artifact) == item_of("/jobs/{id}/artifacts", "artifacts")
    created = paths[API_PREFIX + "/tokens"]["post"]["responses"]["201"]["content"]["application/json"][
        "schema"
    ]
    assert fields(Token) == set(created["properties"])


def test_the_package_has_the_api_version(viewer: Client) -> None:
    assert verification_platform.__version__ == viewer.health()["version"]


def test_it_runs_from_the_installed_wheel() -> None:
    # The suite tests the built package, not the source tree beside it.
    assert "site-packages" in verification_platform.__file__
