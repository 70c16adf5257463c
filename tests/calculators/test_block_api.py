"""Block: the `block` request kind of the JSON door (strengths or dice, Dauntless, errors, the form's fields)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from block_cases import NONE, exact, fs

from calculators.api import handle
from calculators.block import Block, resolve_block, strength_dice
from calculators.errors import CalcError


def test_block_kind_from_strength():
    r = handle({"kind": "block", "attacker_st": 3, "attacker_assists": 1, "defender_st": 3, "attacker_block": True})
    assert r["ok"], r
    res = r["result"]
    assert (res["dice"], res["chooser"], res["strength"]) == (2, "attacker", {"attacker": 4, "defender": 3})
    assert exact(res["totals"])["defender_knocked_down"] == F(3, 4)
    assert sum(exact(res["outcomes"]).values()) == 1
    r = handle({"kind": "block", "attacker_st": 2, "defender_st": 5})
    assert (r["result"]["dice"], r["result"]["chooser"]) == (3, "defender")


def test_block_kind_explicit_dice():
    r = handle({"kind": "block", "dice": -2, "edition": "bb2020", "attacker_brawler": True, "team_rerolls": 1})
    assert r["ok"], r
    assert r["result"]["strength"] is None and r["result"]["chooser"] == "defender"
    want = resolve_block(Block("bb2020", -2, False, fs("brawler"), NONE, 1))
    assert exact(r["result"]["outcomes"]) == want


@pytest.mark.parametrize("req, field, allowed", [
    ({"kind": "block", "attacker_st": 11}, "attacker_st", [1, 10]),
    ({"kind": "block", "defender_assists": -1}, "defender_assists", [0, 8]),
    ({"kind": "block", "dice": 4}, "dice", [1, 2, 3, -2, -3]),
    ({"kind": "block", "dice": 0}, "dice", [1, 2, 3, -2, -3]),
    ({"kind": "block", "dice": 2, "defender_st": 4}, "defender_st", None),
    ({"kind": "block", "attacker_brawler": True}, "attacker_brawler", None),  # classic has no Brawler
    ({"kind": "block", "goal": "win"}, "goal", ["knock_down", "safe"]),
    ({"kind": "block", "team_rerolls": 9}, "team_rerolls", [0, 8]),
    ({"kind": "block", "defender_tackle": True}, "defender_tackle", None),
    ({"kind": "block", "dice": 2, "attacker_dauntless": True}, "attacker_dauntless", [False]),
    ({"kind": "block", "dice": -2, "blitz": True, "attacker_horns": True}, "attacker_horns", [False]),
    ({"kind": "block", "attacker_dauntless": "yes"}, "attacker_dauntless", [True, False]),
    ({"kind": "block", "defender_stand_firm": 1}, "defender_stand_firm", [True, False]),
    ({"kind": "block", "defender_fend": None, "defender_horns": True}, "defender_horns", None),
])
def test_block_kind_errors(req, field, allowed):
    r = handle(req)
    assert r["ok"] is False and r["error"]["field"] == field, r
    if allowed is not None:
        assert r["error"]["allowed"] == allowed


def test_block_kind_dauntless_result():
    # ST 3 against ST 4 with Dauntless: two dice for the defender, or one die on a 2+ (5/6)
    r = handle({"kind": "block", "attacker_st": 3, "defender_st": 4, "attacker_dauntless": True,
                "defender_stand_firm": True})
    res = r["result"]
    assert (res["dice"], res["chooser"], res["strength"]) == (2, "defender", {"attacker": 3, "defender": 4})
    roll = res["dauntless"]
    assert (roll["needed"], F(roll["single"]["exact"]), roll["dice"], roll["chooser"], roll["strength"]) == (
        "2+", F(5, 6), 1, "attacker", {"attacker": 4, "defender": 4})
    assert exact(res["totals"])["defender_knocked_down"] == F(11, 24)
    assert res["push_effect"] == "stand_firm"
    # no roll: the field is null; an impossible roll reads "impossible"
    assert handle({"kind": "block", "attacker_st": 4, "defender_st": 4, "attacker_dauntless": True})["result"]["dauntless"] is None
    far = handle({"kind": "block", "attacker_st": 1, "defender_st": 8, "attacker_dauntless": True})["result"]["dauntless"]
    assert far["needed"] == "impossible" and F(far["single"]["exact"]) == 0


def test_block_form_lists_the_new_fields():
    fields = [f["name"] for f in handle({"kind": "form", "for": "block", "edition": "bb2025"})["result"]["fields"]]
    for name in ("attacker_dauntless", "attacker_horns", "defender_stand_firm", "defender_fend", "attacker_brawler"):
        assert name in fields
    assert fields.index("attacker_dauntless") < fields.index("attacker_horns") < fields.index("defender_block")


def test_block_validation_of_dauntless_fields():
    for bad in ({"dauntless_needed": 1, "dauntless_dice": 1}, {"dauntless_needed": 8, "dauntless_dice": 1},
                {"dauntless_needed": 3, "dauntless_dice": 0}, {"dauntless_needed": 3}, {"dauntless_dice": 2}):
        with pytest.raises(CalcError) as e:
            resolve_block(Block(**bad))
        assert e.value.field in ("dauntless_needed", "dauntless_dice")
    with pytest.raises(CalcError) as e:
        strength_dice("bb2020", 0, 3)
    assert e.value.field == "attacker_st"


def test_frenzy_dice_needs_frenzy_and_no_dauntless():
    for req in ({"dice": 2, "frenzy_dice": 1}, {"dice": 2, "attacker_frenzy": True, "frenzy_dice": 4},
                {"attacker_st": 3, "defender_st": 4, "attacker_dauntless": True, "attacker_frenzy": True,
                 "frenzy_dice": 1}):
        r = handle({"kind": "block", "edition": "bb2025", **req})
        assert not r["ok"] and r["error"]["field"] in ("frenzy_dice", "second_dice"), r
