"""The coverage manifests (data/coverage/<edition>.yml) against the real data: every item without a flag has
its entry, no item flagged pending has one already (a stale flag), and every expected id is well formed."""
from __future__ import annotations

import copy

import pytest

from plugins.data.coverage import ENTRY_KIND, counts, id_problems, manifests, statuses
from plugins.data.model import Entity
from plugins.data.schema import ENTRY_ID

EDITIONS = ("classic", "bb2020", "bb2025")


def _where(status) -> str:
    item = status.item
    return f"{status.manifest.file}: items[{status.index}] {item['key']} ({item['entry']})"


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_edition_has_a_manifest(repo, edition):
    assert f"coverage:{edition}" in repo, f"data/coverage/{edition}.yml is missing"


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_item_in_scope_and_not_pending_has_its_entry(repo, edition):
    missing = [_where(s) for s in statuses(repo, repo[f"coverage:{edition}"]) if s.state == "missing"]
    assert not missing, "no entry (write it, or flag the item `pending: true`):\n" + "\n".join(missing)


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_item_is_flagged_pending_once_its_entry_exists(repo, edition):
    stale = [_where(s) for s in statuses(repo, repo[f"coverage:{edition}"]) if s.state == "stale"]
    assert not stale, "the entry exists: drop `pending: true`:\n" + "\n".join(stale)


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_expected_id_is_well_formed(repo, edition):
    manifest = repo[f"coverage:{edition}"]
    editions = {e.slug for e in repo.of_kind("edition")}
    bad = []
    for i, item in enumerate(manifest["items"]):
        entry = item["entry"]
        problems = [] if ENTRY_ID.pattern.match(entry) else ["not kind:slug"]
        problems += id_problems(item, edition, editions)
        kind, _, slug = entry.partition(":")
        if kind in ("sequence", "table") and not slug.endswith(f"-{edition}"):
            problems.append(f"a {kind} of this manifest ends with -{edition}")
        bad += [f"items[{i}] {entry}: {p}" for p in problems]
    assert not bad, "\n".join(bad)


def test_the_states_are_told_apart():
    """A missing entry, a stale flag, a covered item and an item out of scope, on a made-up manifest."""
    from plugins.data.model import Repository
    from pathlib import Path
    repo = Repository(root=Path("."))
    repo.entities["skill:block"] = Entity("skill", "block", "x", {"editions": ["bb2020"]})
    repo.entities["skill:dodge"] = Entity("skill", "dodge", "x", {"editions": ["classic"]})
    items = [{"key": "a", "kind": "skill", "entry": "skill:block"},
             {"key": "b", "kind": "skill", "entry": "skill:block", "pending": True},
             {"key": "c", "kind": "skill", "entry": "skill:dodge"},
             {"key": "d", "kind": "skill", "entry": "skill:dodge", "pending": True},
             {"key": "e", "kind": "trait", "entry": "skill:nope", "out_of_scope": {"en": "why"}}]
    manifest = Entity("coverage", "bb2020", "x", {"editions": ["bb2020"], "items": copy.deepcopy(items)})
    assert [s.state for s in statuses(repo, manifest)] == ["covered", "stale", "missing", "pending", "out-of-scope"]
    figures = counts(statuses(repo, manifest))
    assert figures["all"] == {"covered": 2, "pending": 2, "out-of-scope": 1}


def test_ids_name_the_kind_the_item_expects():
    editions = {"classic", "bb2020", "bb2025"}
    assert id_problems({"kind": "table", "entry": "sequence:kick-off-bb2020"}, "bb2020", editions)
    assert id_problems({"kind": "action", "entry": "sequence:move-action-bb2025"}, "bb2020", editions)
    assert not id_problems({"kind": "official-question", "entry": "ruling:anything"}, "bb2020", editions)
    assert set(ENTRY_KIND) == {"skill", "trait", "star-rule", "action", "phase", "table", "official-question"}


def test_manifests_come_oldest_edition_first(repo):
    assert [m.slug for m in manifests(repo)] == list(EDITIONS)


BAD_MANIFEST = """\
title: {en: Coverage, fr: Couverture, ja: 網羅状況}
summary: {en: Test., fr: Test., ja: テスト。}
editions: [classic]
sources: [{source: crp}]
items:
  - key: move
    kind: action
    entry: "table:move-action-classic"
    label: Move
    exists_in: [{source: crp, at: {page: 1}}]
    pending: true
    out_of_scope: {en: Why., fr: Pourquoi., ja: なぜ。}
  - key: star
    kind: star-rule
    entry: "star-rule:blind-rage"
    label: Blind Rage
    exists_in: [{source: crp, at: {page: 1}}]
"""


def test_the_loader_reports_a_bad_manifest_by_file_line_and_field(tmp_path):
    """Problems of a manifest come as `file:line: field: message`, like every other kind's."""
    import shutil
    from pathlib import Path
    from plugins.data import load_repository
    from plugins.data.model import DataError
    fixtures = Path(__file__).resolve().parent.parent / "fixtures" / "data"
    data = tmp_path / "data"
    shutil.copytree(fixtures, data)
    (data / "coverage").mkdir(exist_ok=True)
    (data / "coverage" / "classic.yml").write_text(BAD_MANIFEST, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_repository(data)
    text = "\n".join(str(p) for p in caught.value.problems)
    assert "coverage/classic.yml:8: items[0].entry: a action item expects a sequence: entry" in text
    assert "coverage/classic.yml:6: items[0]: an item is either pending or out of scope" in text
    assert "coverage/classic.yml:13: items[1]: a star-rule item names its star(s)" in text
