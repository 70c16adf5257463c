"""Fixes of what reviewers found wrong or thin (issue 19, item 3), each read from the real data.

Each test failed before its fix: it pins the corrected statement and the record that proves it.
"""
from __future__ import annotations

import re


def _records(entity, of, source=None):
    return [c for c in entity.data.get("checked", [])
            if c["of"] == of and c["verdict"] == "agrees" and (source is None or c["source"] == source)]


# --- Catch and the BB2020 Deflection -------------------------------------------------------------

def test_catch_no_longer_says_it_never_helps_an_interception_in_bb2020(repo):
    catch = repo.entities["skill:catch"]
    # The summary speaks for BB2020 unless BB2020 has a note of its own: it must not deny interceptions.
    assert "bb2020" in catch.data["edition_notes"]
    for lang in ("en", "fr", "ja"):
        assert not re.search(r"does not help with interceptions|ni pour\s+intercepter|インターセプトやピックアップには使えません",
                             catch.data["summary"][lang])
    note = catch.data["edition_notes"]["bb2020"]["en"]
    assert "Deflect" in note and "Interception" in note and "re-roll" in note


def test_catch_bb2020_note_cites_ffb_bb2020_catch_handling(repo):
    catch = repo.entities["skill:catch"]
    ffb = _records(catch, "edition_notes.bb2020", "fumbbl-ffb")
    assert any(r["at"]["repo"] == "christerk/ffb" and "/bb2020/" in r["at"]["path"]
               and "StepCatchScatterThrowIn" in r["at"]["path"] and r["at"].get("commit") for r in ffb)
    assert _records(catch, "edition_notes.bb2020", "bbbase")


def test_catch_bb2025_note_keeps_interception_out_with_a_record(repo):
    catch = repo.entities["skill:catch"]
    assert "bb2025" in catch.data["edition_notes"]
    assert _records(catch, "edition_notes.bb2025", "fumbbl-ffb")
    assert _records(catch, "edition_notes.bb2025", "bbbase")
