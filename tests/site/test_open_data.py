"""The open data: every entity as JSON under api/v1/, valid against the schema generated for its kind."""
from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config

from plugins.data import load_repository
from plugins.data.export import open_data_files

FIXTURE_SITE = Path(__file__).resolve().parent.parent / "fixtures" / "site"


def _validate_all(files: dict):
    schemas = {name.split("/")[1].removesuffix(".schema.json"): doc for name, doc in files.items()
               if name.startswith("schema/")}
    checked = 0
    for name, doc in files.items():
        if name.startswith("schema/") or name.endswith("index.json") or name == "rules.json":
            continue
        jsonschema.Draft202012Validator(schemas[doc["entity"]]).validate(doc)
        checked += 1
    return checked


def test_real_data_validates_against_its_schemas(repo):
    files = open_data_files(repo)
    assert _validate_all(files) == len(repo.entities)


def test_schema_rejects_a_missing_translation(repo):
    files = open_data_files(repo)
    skill = next(doc for name, doc in files.items() if name.startswith("skills/") and not name.endswith("index.json"))
    broken = json.loads(json.dumps(skill))
    del broken["name"]["ja"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft202012Validator(files["schema/skill.schema.json"]).validate(broken)


def test_published_files_are_written_by_the_build(tmp_path):
    build(load_config(config_file=str(FIXTURE_SITE / "mkdocs.yml"), site_dir=str(tmp_path), strict=True))
    api = tmp_path / "api" / "v1"
    index = json.loads((api / "skills" / "index.json").read_text(encoding="utf-8"))
    assert index["items"][0]["id"] == "skill:sure-hands"
    doc = json.loads((api / "skills" / "sure-hands.json").read_text(encoding="utf-8"))
    assert doc["name"]["fr"] == "Prise sûre"
    on_disk = {p.relative_to(api).as_posix(): json.loads(p.read_text(encoding="utf-8")) for p in api.rglob("*.json")}
    fixture = load_repository(FIXTURE_SITE.parent / "data")
    assert _validate_all(on_disk) == len(fixture.entities)
