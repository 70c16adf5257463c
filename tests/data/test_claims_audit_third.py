"""The third claims pass (issue 21, part 2): a statement that a record covers only in part lists its claims.

benchmarks/claims_audit_third.yml holds one verdict per statement that was counted checked on a single record
(`whole`, `part`, `none`, `unreadable`). A `part` statement must now list its claims, and each of its `agrees`
records must name the claims it covers: a record without `claims` covers the whole statement, which would
count it checked on the old partial record again. `benchmarks.claims_sample.single_record` is the listing the
pass worked through.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from benchmarks.claims_sample import single_record
from plugins.data import load_repository
from plugins.data.verification import records, statements

AUDIT = Path(__file__).resolve().parents[2] / "benchmarks" / "claims_audit_third.yml"
FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "data"
VERDICTS = ("whole", "part", "none", "unreadable")


@pytest.fixture(scope="module")
def audit() -> dict:
    return yaml.safe_load(AUDIT.read_text(encoding="utf-8"))


def _statement(repo, statement_id: str):
    entity_id, _, of = statement_id.partition("#")
    entity = repo.get(entity_id)
    assert entity is not None, f"{statement_id}: no such entity"
    found = [s for s in statements(entity) if s.of == of]
    assert found, f"{statement_id}: no such statement"
    return entity, found[0]


def test_every_verdict_names_a_statement_and_a_known_verdict(repo, audit):
    for statement_id, entry in audit.items():
        _statement(repo, statement_id)
        assert entry["verdict"] in VERDICTS, statement_id
        if entry["verdict"] != "whole":
            assert entry.get("note"), f"{statement_id}: a {entry['verdict']} verdict says why in a note"


def test_a_statement_covered_in_part_lists_its_claims_and_each_record_names_its_own(repo, audit):
    """A part statement is split (or, where its note says so, rewritten to a pointer): none may still be counted
    checked by a record that covers it all."""
    for statement_id, entry in audit.items():
        if entry["verdict"] != "part":
            continue
        entity, statement = _statement(repo, statement_id)
        if not statement.claims:
            assert "now points" in entry["note"], f"{statement_id}: part, but lists no claims"
            continue
        agrees = [r for _, r in records(entity) if r.get("of") == statement.of and r.get("verdict") == "agrees"]
        assert len(agrees) >= 2 or statement_id.endswith(("animosity#edition_notes.classic",
                                                          "animosity#edition_notes.bb2016")), statement_id
        unnamed = [r["at"] for r in agrees if "claims" not in r]
        assert unnamed == [], f"{statement_id}: a record without claims covers the whole statement again"


def test_the_listing_takes_single_record_statements_without_claims_outside_the_samples():
    repo = load_repository(FIXTURES)
    listed = {statement_id: index for statement_id, index, _ in single_record(repo, frozenset())}
    # pick-up step 1a is checked on exactly one agrees record (checked[1]); step 2 on none (unconfirmed only)
    assert listed.get("sequence:pick-up#steps.1a") == 1
    assert "sequence:pick-up#steps.2" not in listed
    left_out = {statement_id for statement_id, _, _ in
                single_record(repo, frozenset({("sequence:pick-up", "steps.1a")}))}
    assert "sequence:pick-up#steps.1a" not in left_out
    assert len(left_out) == len(listed) - 1
