"""A statement that makes several claims counts as checked only when its `agrees` records cover every one.

The fixture sequence `pick-up` (tests/fixtures/data) gets a `claims:` list for step 1a and records that
cover part of it; mistakes are reported as file:line: field: message (issue 21, part 2).
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from plugins.data import DataError, load_repository
from plugins.data.verification import statements, statuses

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
STEP_1A = "  - {of: steps.1a, edition: classic, verdict: agrees, source: crp, at: {page: 4, section: \"Fixture\"}}\n"


def _claims(of: str = "steps.1a", labels: dict | None = None) -> str:
    """A `claims:` list for `of` with the claims roll and re-roll, each labelled (`labels` replaces a label:
    {key: its flow mapping text})."""
    given = {"roll": "{en: the roll, fr: le jet, ja: ロール}", "re-roll": "{en: the re-roll, fr: la relance, ja: リロール}",
             **(labels or {})}
    keys = "".join(f"      - {{key: {key}, label: {label}}}\n" for key, label in given.items())
    return f"claims:\n  - of: {of}\n    keys:\n{keys}"


def _data(tmp_path: Path, records: str, claims: str | None = None) -> Path:
    data = tmp_path / "data"
    shutil.copytree(FIXTURES / "data", data)
    sequence = data / "sequences" / "pick-up.yml"
    text = sequence.read_text(encoding="utf-8")
    assert STEP_1A in text
    sequence.write_text(text.replace(STEP_1A, records) + (_claims() if claims is None else claims),
                        encoding="utf-8")
    return data


def _status(data: Path, of: str = "steps.1a"):
    found = [s for s in statuses(load_repository(data)) if s.statement.id == f"sequence:pick-up#{of}"]
    assert len(found) == 1
    return found[0]


def _record(claims: str) -> str:
    return ("  - {of: steps.1a, edition: classic, verdict: agrees, source: crp, at: {page: 4}"
            + (f", claims: [{claims}]" if claims else "") + "}\n")


def test_a_record_covering_one_claim_leaves_the_statement_partly_unconfirmed(tmp_path):
    status = _status(_data(tmp_path, _record("roll")))
    assert status.statement.claims == ("roll", "re-roll")
    assert not status.checked and status.partly and status.missing == ("re-roll",)


def test_records_that_together_cover_every_claim_check_the_statement(tmp_path):
    status = _status(_data(tmp_path, _record("roll") + _record("re-roll")))
    assert status.checked and not status.partly and status.missing == ()


def test_a_record_without_claims_covers_the_whole_statement(tmp_path):
    status = _status(_data(tmp_path, _record("")))
    assert status.checked and status.missing == ()


def test_a_differs_record_does_not_cover_a_claim(tmp_path):
    differs = ("  - {of: steps.1a, edition: classic, verdict: differs, source: crp, at: {page: 4}, "
               "claims: [re-roll], note: {en: Other., fr: Autre., ja: 別。}}\n")
    status = _status(_data(tmp_path, _record("roll") + differs))
    assert status.missing == ("re-roll",) and not status.checked


def _problems(data: Path) -> list[str]:
    with pytest.raises(DataError) as caught:
        load_repository(data)
    return [str(p).replace(f"{data}/", "") for p in caught.value.problems]


def test_a_record_claim_the_statement_does_not_list_is_refused_with_file_line_field(tmp_path):
    data = _data(tmp_path, _record("roll, turnover"))
    assert _problems(data) == [
        "sequences/pick-up.yml:15: checked[1].claims[1]: steps.1a does not list the claim 'turnover' "
        "(its claims: roll, re-roll)"]


def test_a_record_claim_on_a_statement_without_claims_is_refused(tmp_path):
    data = _data(tmp_path, _record("roll"), claims="")
    assert _problems(data) == [
        "sequences/pick-up.yml:15: checked[1].claims[0]: steps.1a does not list the claim 'roll' (its claims: none)"]


def test_claims_of_an_unknown_statement_are_refused(tmp_path):
    data = _data(tmp_path, _record(""), claims=_claims("steps.9"))
    problems = _problems(data)
    assert len(problems) == 1 and problems[0].startswith(
        "sequences/pick-up.yml:22: claims[0].of: sequence:pick-up has no statement 'steps.9'")


# --------------------------------------------------------------------------- labels (issue 21)

def test_a_statement_lists_each_claim_with_its_label_in_every_language(tmp_path):
    status = _status(_data(tmp_path, _record("roll")))
    assert status.statement.claim_labels == {"roll": {"en": "the roll", "fr": "le jet", "ja": "ロール"},
                                             "re-roll": {"en": "the re-roll", "fr": "la relance", "ja": "リロール"}}
    assert [status.statement.claim_labels[key]["ja"] for key in status.missing] == ["リロール"]


@pytest.mark.parametrize("label, field, message", [
    ("{en: the re-roll, fr: la relance}", "claims[0].keys[1].label.ja", "the ja text is required"),
    ("{en: the re-roll, ja: リロール}", "claims[0].keys[1].label.fr", "the fr text is required"),
    ("{fr: la relance, ja: リロール}", "claims[0].keys[1].label.en", "the English text is required")])
def test_a_claim_label_missing_a_language_is_refused_with_file_line_field(tmp_path, label, field, message):
    data = _data(tmp_path, _record("roll"), claims=_claims(labels={"re-roll": label}))
    assert _problems(data) == [f"sequences/pick-up.yml:25: {field}: {message}"]


def test_a_claim_without_a_label_is_refused_with_file_line_field(tmp_path):
    keys = "      - {key: roll, label: {en: the roll, fr: le jet, ja: ロール}}\n      - {key: re-roll}\n"
    data = _data(tmp_path, _record("roll"), claims=f"claims:\n  - of: steps.1a\n    keys:\n{keys}")
    assert _problems(data) == ["sequences/pick-up.yml:25: claims[0].keys[1].label: required field is missing"]


def test_every_claim_of_the_real_data_has_its_label_in_english_french_and_japanese(repo):
    labelled = [s for e in repo.entities.values() for s in statements(e) if s.claims]
    assert len(labelled) >= 13  # the statements that issue 21 split into claims
    for statement in labelled:
        for key in statement.claims:
            label = statement.claim_labels.get(key) or {}
            for lang in ("en", "fr", "ja"):
                assert str(label.get(lang) or "").strip(), f"{statement.id}: claim {key!r} has no {lang} label"
                assert label[lang] != key, f"{statement.id}: the {lang} label of {key!r} is its key"
