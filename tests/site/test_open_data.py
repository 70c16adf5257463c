"""The open data: every entity as JSON under api/v1/, valid against the schema generated for its kind."""
from __future__ import annotations

import json
import posixpath
from pathlib import Path

import jsonschema
import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config

from plugins.data import load_repository
from plugins.data.export import open_data_files, rules_export, verification_export
from plugins.data.model import FOLDER_BY_KIND

FIXTURE_SITE = Path(__file__).resolve().parent.parent / "fixtures" / "site"
README = Path(__file__).resolve().parents[2] / "README.md"


def _validate_all(files: dict):
    schemas = {name.split("/")[1].removesuffix(".schema.json"): doc for name, doc in files.items()
               if name.startswith("schema/")}
    checked = 0
    for name, doc in files.items():
        if name.startswith("schema/") or name.endswith("index.json") or name in ("rules.json", "verification.json"):
            continue
        jsonschema.Draft202012Validator(schemas[doc["entity"]]).validate(doc)
        checked += 1
    return checked


def _link(base: str, url: str) -> str:
    """The path under api/v1/ of `url`, relative to the document at `base` (also under api/v1/)."""
    assert not url.startswith(("/", "http:", "https:")) and "\\" not in url, url
    path = posixpath.normpath(posixpath.join(posixpath.dirname(base), url))
    assert not path.startswith(".."), (base, url)
    return path


def _follow_links(files: dict) -> int:
    """Walk the published API from index.json as an engine would: every kind's index and schema, every
    item through its kind index, validated against the schema that index links to; returns how many."""
    top = files["index.json"]
    assert set(top["kinds"]) == set(top["schemas"]) == set(FOLDER_BY_KIND)
    rules = _link("index.json", top["rules"])
    checked = 0
    for kind in FOLDER_BY_KIND:
        index_path = _link("index.json", top["kinds"][kind])
        index = files[index_path]
        assert index["entity"] == kind and index["count"] == len(index["items"])
        schema_path = _link(index_path, index["schema"])
        assert schema_path == _link("index.json", top["schemas"][kind])
        assert _link(index_path, index["rules"]) == rules and _link(index_path, index["api"]) == "index.json"
        schema = files[schema_path]
        jsonschema.Draft202012Validator.check_schema(schema)
        for item in index["items"]:
            doc = files[_link(index_path, item["url"])]
            jsonschema.Draft202012Validator(schema).validate(doc)
            assert doc["id"] == item["id"]
            checked += 1
    return checked


def test_the_api_index_links_every_kind_index_schema_and_the_rules(repo):
    files = open_data_files(repo)
    assert _follow_links(files) == len(repo.entities)
    assert files[_link("index.json", files["index.json"]["rules"])] == rules_export(repo)


def test_a_broken_link_is_caught(repo):
    """The walk above can fail: a kind index pointing to another kind's schema is reported."""
    files = json.loads(json.dumps(open_data_files(repo)))
    files["skills/index.json"]["schema"] = "../schema/term.schema.json"
    with pytest.raises(AssertionError):
        _follow_links(files)


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
    assert _follow_links(on_disk) == len(fixture.entities)
    assert on_disk["rules.json"] == rules_export(fixture)
    assert on_disk[on_disk["index.json"]["verification"]] == verification_export(fixture)


def _texts(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from _texts(item)


def test_the_readme_pattern_for_references_reads_them_as_the_build_does(repo):
    """README's open-data section gives engines a pattern for [[kind:slug#anchor|text]]: on every text of
    the published data it finds what the build's own parser (plugins/data/text.py) finds."""
    import re

    from plugins.data.text import REF

    pattern = re.search(r"Find them with `([^`]+)`", README.read_text(encoding="utf-8")).group(1)
    readme = re.compile(pattern)
    found = 0
    for name, doc in open_data_files(repo).items():
        for text in _texts(doc):
            ours = [(m["kind"], m["slug"], m["anchor"], m["text"]) for m in REF.finditer(text)]
            assert [m.groups() for m in readme.finditer(text)] == ours, (name, text)
            found += len(ours)
    assert found > 100
    assert readme.fullmatch("[[sequence:pass-action-classic#step-5d|la passe]]").groups() == (
        "sequence", "pass-action-classic", "step-5d", "la passe")


def test_the_built_verification_json_gives_each_claim_its_labels_and_coverage(site, repo):
    """The built site's api/v1/verification.json: each claim of a statement with its key, its label in en, fr
    and ja as the data gives it, and per edition column whether an `agrees` record of that column covers it
    (a record without `claims` covers every claim), worked out here from the records the file publishes."""
    from plugins.data.verification import claims_listed, column_of

    doc = json.loads((site.dir / "api" / "v1" / "verification.json").read_text(encoding="utf-8"))
    with_claims = [s for s in doc["statements"] if s["claims"]]
    assert len(with_claims) >= 13
    for statement in with_claims:
        listed = claims_listed(repo[statement["entity"]])[statement["of"]]
        assert [c["key"] for c in statement["claims"]] == list(listed), statement["id"]
        for claim in statement["claims"]:
            assert claim["label"] == listed[claim["key"]], statement["id"]
            assert all(claim["label"].get(lang, "").strip() for lang in ("en", "fr", "ja")), statement["id"]
            assert set(claim["covered"]) == set(statement["status"]), statement["id"]
            for column, covered in claim["covered"].items():
                agrees = [r for r in statement["records"] if r["verdict"] == "agrees"
                          and column_of(repo, r["edition"]) == column]
                expected = any("claims" not in r or claim["key"] in r["claims"] for r in agrees)
                assert covered is expected, (statement["id"], claim["key"], column)
        for column, state in statement["status"].items():
            assert (state == "checked") == all(c["covered"][column] for c in statement["claims"]), statement["id"]
