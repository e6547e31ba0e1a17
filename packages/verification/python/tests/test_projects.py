from __future__ import annotations

from datetime import timezone
from pathlib import Path

import pytest
from conftest import unique

from verification_platform import Client, Conflict, NotFound, Project


def test_create_get_list_update_delete(developer: Client) -> None:
    name = unique("crud")
    project = developer.projects.create(name, top_module="top", target_pdk="sky130A", description="first")
    assert isinstance(project, Project)
    assert (project.name, project.top_module, project.status) == (name, "top", "created")
    assert project.id.startswith("prj_") and project.url == f"/api/v1/projects/{project.id}"
    assert project.created_at.tzinfo == timezone.utc
    assert developer.projects.get(project.id) == project

    page = developer.projects.list(per_page=100, sort="-created_at")
    assert page.total >= 1 and page.per_page == 100
    assert project.id in [p.id for p in page.items]

    updated = developer.projects.update(project.id, description="second")
    assert (updated.description, updated.name, updated.top_module) == ("second", name, "top")

    developer.projects.delete(project.id)
    with pytest.raises(NotFound):
        developer.projects.get(project.id)


def test_a_taken_name_is_a_conflict(developer: Client, counter: Project) -> None:
    with pytest.raises(Conflict) as refused:
        developer.projects.create(counter.name, top_module="counter", target_pdk="sky130A")
    assert (refused.value.status, refused.value.code) == (409, "CONFLICT")


def test_upload_a_folder_and_files(developer: Client, examples: Path, tmp_path: Path) -> None:
    project = developer.projects.create(unique("upload"), top_module="counter", target_pdk="sky130A")
    folder = examples / "counter"
    uploaded = developer.projects.upload(project.id, folder)
    expected = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
    assert uploaded.uploaded == len(expected) and sorted(uploaded.files) == expected

    extra = tmp_path / "notes.txt"
    extra.write_text("hello\n")
    assert developer.projects.upload(project.id, [extra]).files == ["notes.txt"]

    files = {f.path: f for f in developer.projects.files(project.id)}
    assert sorted(files) == sorted(expected + ["notes.txt"])
    assert files["rtl/counter.sv"].size == (folder / "rtl" / "counter.sv").stat().st_size
    source = (folder / "rtl" / "counter.sv").read_bytes()
    assert developer.projects.read_file(project.id, "rtl/counter.sv") == source
    assert developer.projects.read_file(project.id, "notes.txt", tmp_path / "copy.txt") == tmp_path / "copy.txt"
    assert (tmp_path / "copy.txt").read_text() == "hello\n"

    developer.projects.delete_file(project.id, "rtl/counter.sv")
    assert "rtl/counter.sv" not in [f.path for f in developer.projects.files(project.id)]
    with pytest.raises(NotFound):
        developer.projects.delete_file(project.id, "rtl/counter.sv")
    developer.projects.delete(project.id)


def test_upload_of_a_missing_path_fails_before_sending(
    developer: Client, counter: Project, tmp_path: Path
) -> None:
    with pytest.raises(FileNotFoundError):
        developer.projects.upload(counter.id, tmp_path / "absent")
