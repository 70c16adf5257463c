"""The form kind: every request kind's fields, derived from the validation code (describe mode of the Reader).

The check that matters: a request built from a form's defaults (and sample values for
the required fields) is accepted, and every field named outside a form is rejected, so
the form and the validation cannot drift apart.
"""

from __future__ import annotations

import pytest

from calculators.api import KINDS, handle

SAMPLE = {"bool": True}
TEXT = {"chain": "D3,R2", "dave": "D:D3,2D2;C3", "d8": "3"}
SQUARES = {"target": [14, 3], "thrower": [10, 7], "landing": [15, 3], "square": [14, 0]}  # a throw-in is from an edge


def sample_value(f):
    if f["type"] == "int":
        return f["min"]
    if f["type"] == "choice":
        return f["choices"][-1] if f["default"] is None else f["default"]
    if f["type"] == "text":
        return TEXT[f["name"]]
    if f["type"] == "square":
        return SQUARES[f["name"]]
    return SAMPLE[f["type"]]


def form(rules, **given):
    r = handle({"kind": "form", **given}, rules)
    assert r["ok"], r
    return r["result"]["fields"]


FOR_EACH = [
    ("agility", {"action": "pass"}),
    ("agility", {"action": "catch"}),
    ("test", {}),
    ("chain", {}),
    ("chain", {"edition": "bb2025"}),
    ("dave", {}),
    ("pass", {}),
    ("armour", {"edition": "bb2025"}),
    ("foul", {}),
    ("kick", {}),
    ("fields", {"action": "pass"}),
    ("dice-total", {}),
    ("block", {}),
    ("block", {"edition": "bb2020"}),
    ("range", {"edition": "bb2020"}),
    ("throw-in", {}),
    ("casualty", {}),
    ("casualty", {"edition": "bb2020"}),
    ("scatter", {}),
    ("deviate", {"edition": "bb2025"}),
    ("ball-path", {"move": "deviate", "edition": "bb2025", "kick": True}),
    ("ball-path", {"move": "bounce", "context": "kick-off"}),
    ("prayers", {"edition": "bb2020"}),
    ("prayers", {"edition": "bb2025"}),
]


def test_every_kind_is_covered():
    assert {k for k, _ in FOR_EACH} == set(KINDS) - {"form"}  # a form of the form itself is refused


@pytest.mark.parametrize("kind, given", FOR_EACH, ids=lambda x: str(x))
def test_form_fields_are_well_formed(classic_rules, rulebook, kind, given):
    if kind == "prayers":  # its fields follow the data's prayers table (the fixture has none)
        classic_rules = rulebook
    fields = form(classic_rules, **{"for": kind, **given})
    names = [f["name"] for f in fields]
    assert len(names) == len(set(names)) and names
    for f in fields:
        assert f["type"] in ("int", "bool", "choice", "text", "square"), f
        assert isinstance(f["required"], bool)
        if f["type"] == "int":
            assert f["min"] <= f["max"] and f["allowed"] == [f["min"], f["max"]]
            assert f["default"] is None or f["min"] <= f["default"] <= f["max"]
        if f["type"] == "choice":
            assert f["default"] is None or f["default"] in f["choices"]
        if f["required"]:
            assert f["default"] is None


@pytest.mark.parametrize("kind, given", [fg for fg in FOR_EACH if fg[0] not in ("form", "fields")], ids=lambda x: str(x))
def test_request_from_the_form_is_accepted(classic_rules, rulebook, kind, given):
    if kind in ("casualty", "armour", "foul", "prayers"):  # read the data's casualty and injury tables (Stunty, Thick Skull):
        classic_rules = rulebook                # the real export (the fixture has none)
    fields = form(classic_rules, **{"for": kind, **given})
    req = {"kind": kind, **given}
    for f in fields:
        if f["name"] not in req and f["name"] != "map":
            req[f["name"]] = sample_value(f)
    if kind == "block":  # dice replaces the strengths: drop it to use them
        req.pop("dice")
    if kind == "kick":
        req["receiving"] = "right"
    r = handle(req, classic_rules)
    assert r["ok"], (req, r)
    # one field more than the form lists is refused, naming it
    bad = handle({**req, "not_a_field": 1}, classic_rules)
    assert bad["error"]["field"] == "not_a_field"


def test_form_reflects_the_edition():
    names = lambda **g: [f["name"] for f in form(None, **g)]  # noqa: E731
    assert "attacker_brawler" not in names(**{"for": "block"})
    assert "attacker_brawler" in names(**{"for": "block", "edition": "bb2025"})
    assert "landing" not in names(**{"for": "range"}) and "landing" in names(**{"for": "range", "edition": "bb2020"})
    # with map true the range and kick forms no longer ask for a target
    assert "target" not in names(**{"for": "kick", "map": True})


def test_form_of_agility_uses_the_rules(classic_rules, modern_rules):
    fields = form(classic_rules, **{"for": "agility", "action": "pass"})
    by = {f["name"]: f for f in fields}
    assert by["ag"] == {"name": "ag", "type": "int", "min": 1, "max": 6, "allowed": [1, 6], "required": True,
                        "default": None}
    assert by["range"]["choices"] == ["quick", "short", "long", "long-bomb"] and by["range"]["required"]
    assert by["tackle_zones"]["default"] == 0 and not by["tackle_zones"]["required"]
    modern = {f["name"] for f in form(modern_rules, **{"for": "agility", "edition": "bb2020", "action": "pass"})}
    assert {"pa", "range", "markers"} <= modern and "ag" not in modern


def test_form_of_pass_lists_optional_players(classic_rules):
    by = {f["name"]: f for f in form(classic_rules, **{"for": "pass"})}
    assert not by["receiver_ag"]["required"] and not by["interceptor_ag"]["required"]
    assert "receiver_tackle_zones" in by and "interceptor_tackle_zones" in by
    assert by["ag"]["required"] and by["range"]["required"]


def test_form_errors(classic_rules):
    r = handle({"kind": "form"})
    assert r["error"]["field"] == "for" and "block" in r["error"]["allowed"]
    assert handle({"kind": "form", "for": "block", "edition": "lrb9"})["error"]["field"] == "edition"
    assert handle({"kind": "form", "for": "block", "colour": "red"})["error"]["field"] == "colour"
    assert handle({"kind": "form", "for": "agility", "action": "pass"})["error"]["field"] == "rules"
    assert handle({"kind": "form", "for": "agility", "action": "jump"}, classic_rules)["error"]["field"] == "action"


def test_the_form_of_the_form_is_refused():
    # issue 12, defect 6: {"for": "form"} accepted any field and echoed it, NaN included
    for extra in ({}, {"x": 1}, {"x": float("nan")}):
        r = handle({"kind": "form", "for": "form", **extra})
        assert r["error"]["field"] == "for" and "form" not in r["error"]["allowed"], r


def test_fields_kind_is_the_agility_form(classic_rules):
    r = handle({"kind": "fields", "action": "pass"}, classic_rules)
    via_form = form(classic_rules, **{"for": "agility", "action": "pass"})
    assert r["result"]["fields"] == [f for f in via_form if f["name"] not in ("edition", "action")]
