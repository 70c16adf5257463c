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


# --- Tentacles in the BB2025 Leap ----------------------------------------------------------------

def _steps(steps):
    for step in steps:
        yield step
        yield from _steps(step.get("steps", []))


def test_leap_bb2025_places_tentacles_with_checked_records(repo):
    leap = repo.entities["sequence:leap-bb2025"]
    note = next(n for n in leap.data["notes"] if n["key"] == "tentacles")
    assert "no source places it" not in note["text"]["en"]
    placed = [s for s in _steps(leap.data["steps"]) if "[[skill:tentacles]]" in s["text"]["en"]]
    assert placed, "a step of the Leap sequence resolves Tentacles"
    key = placed[0]["key"]
    records = _records(leap, f"steps.{key}")
    assert any(r["source"] == "jervis-engine" and r["at"]["path"] == "website/bb2025/bb2025-base-rules.md"
               and r["at"].get("commit") for r in records)
    assert any(r["source"] == "fumbbl-ffb" and "bb2025" in r["at"]["path"] and r["at"].get("commit") for r in records)


# --- Does a BB2025 thrown-in ball bounce? ---------------------------------------------------------

def test_throw_in_bb2025_says_the_ball_bounces_with_records(repo):
    term = repo.entities["term:throw-in"]
    note = term.data["edition_notes"]["bb2025"]
    assert "bounces" in note["en"] and "rebondit" in note["fr"] and "バウンド" in note["ja"]
    records = _records(term, "edition_notes.bb2025")
    assert any("BOUNCING BALLS" in r["at"].get("symbol", "") for r in records)
    assert any(r["source"] == "jervis-engine" and "bb2025-base-rules.md" in r["at"].get("path", "") for r in records)
    assert any(r["source"] == "fumbbl-ffb" and "bb2025" in r["at"]["path"] and r["at"].get("commit") for r in records)


# --- The NAF positions on PA 1+ and on Lone Fouler's foul assists ---------------------------------

def _position(ruling, body):
    return next((p for p in ruling.data["positions"] if p["body"] == body), None)


def test_pa_one_plus_ruling_shows_the_naf_position(repo):
    ruling = repo.entities["ruling:pa-one-plus-modified-one"]
    naf = _position(ruling, "naf")
    assert naf is not None and naf["reading"] == _position(ruling, "fumbbl")["reading"]
    assert ruling.data["status"] == "disputed"
    assert any("bb2025-base-rules.md" in r["at"].get("path", "") for r in _records(ruling, "positions.naf"))


def test_lone_fouler_assists_ruling_shows_the_naf_position_and_is_disputed(repo):
    ruling = repo.entities["ruling:lone-fouler-offensive-assists"]
    naf = _position(ruling, "naf")
    assert naf is not None
    assert naf["reading"] != _position(ruling, "designers-commentary")["reading"]
    assert ruling.data["status"] == "disputed"
    assert any("bb2025-base-rules.md" in r["at"].get("path", "") for r in _records(ruling, "positions.naf"))
