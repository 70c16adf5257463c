"""A statement that makes several claims counts as checked only when its `agrees` records cover every one.

The fixture sequence `pick-up` (tests/fixtures/data) gets a `claims:` list for step 1a and records that
cover part of it; mistakes are reported as file:line: field: message (issue 21, part 2).
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from plugins.data import DataError, load_repository
from plugins.data.verification import statuses

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
STEP_1A = "  - {of: steps.1a, edition: classic, verdict: agrees, source: crp, at: {page: 4, section: \"Fixture\"}}\n"


def _data(tmp_path: Path, records: str, claims: str = "claims:\n  - {of: steps.1a, keys: [roll, re-roll]}\n") -> Path:
    data = tmp_path / "data"
    shutil.copytree(FIXTURES / "data", data)
    sequence = data / "sequences" / "pick-up.yml"
    text = sequence.read_text(encoding="utf-8")
    assert STEP_1A in text
    sequence.write_text(text.replace(STEP_1A, records) + claims, encoding="utf-8")
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
    data = _data(tmp_path, _record(""), claims="claims:\n  - {of: steps.9, keys: [roll, re-roll]}\n")
    problems = _problems(data)
    assert len(problems) == 1 and problems[0].startswith(
        "sequences/pick-up.yml:22: claims[0].of: sequence:pick-up has no statement 'steps.9'")
