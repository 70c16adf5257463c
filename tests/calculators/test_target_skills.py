"""Issue 9: skills that only change a roll's target (the rolls' ``skill`` modifiers in data/rolls/), on the
single-roll calculators (``agility``, ``pass``), per edition, with exact values."""

from __future__ import annotations

import copy
from fractions import Fraction as F

import pytest

from calculators.api import handle
from calculators.errors import CalcError
from calculators.rolls import test_from_rules
from calculators.rules import RuleBook


def agility(rules, **fields):
    out = handle({"kind": "agility", **fields}, rules)
    assert out["ok"], out
    return out["result"]


def applied(result):
    return {m["key"]: m["value"] for m in result["modifiers"]}


def test_accurate_and_cannoneer_by_range_in_bb2020_and_bb2025(rulebook):
    for edition in ("bb2020", "bb2025"):
        # PA 3+ short (-1): 4+; Accurate +1 on a Quick or Short pass: 3+, an accurate pass 4/6
        base = agility(rulebook, edition=edition, action="pass", pa=3, range="short")
        r = agility(rulebook, edition=edition, action="pass", pa=3, range="short", accurate=True)
        assert (base["needed"], r["needed"]) == (4, 3)
        assert r["probabilities"]["success"]["exact"] == str(F(2, 3)) and applied(r)["accurate"] == 1
        # not on a Long pass, where Cannoneer is
        assert agility(rulebook, edition=edition, action="pass", pa=3, range="long", accurate=True)["needed"] == 5
        assert agility(rulebook, edition=edition, action="pass", pa=3, range="long", cannoneer=True)["needed"] == 4
        assert agility(rulebook, edition=edition, action="pass", pa=3, range="quick", cannoneer=True)["needed"] == 3


def test_classic_accurate_on_any_pass_and_strong_arm_beyond_quick(rulebook):
    # classic AG 3: 4+; Quick +1 -> 3+, Accurate 2+; Strong Arm does nothing on a Quick pass
    assert agility(rulebook, edition="classic", action="pass", ag=3, range="quick", accurate=True)["needed"] == 2
    assert agility(rulebook, edition="classic", action="pass", ag=3, range="quick", strong_arm=True)["needed"] == 3
    # Long -1 -> 5+; Strong Arm and Accurate -> 3+
    r = agility(rulebook, edition="classic", action="pass", ag=3, range="long", strong_arm=True, accurate=True)
    assert r["needed"] == 3 and applied(r) == {"long": -1, "other-weather": 0, "accurate": 1, "strong-arm": 1}
    # Cannoneer is not a classic skill: not a field of the classic pass
    bad = handle({"kind": "agility", "edition": "classic", "action": "pass", "ag": 3, "range": "long",
                  "cannoneer": True}, rulebook)
    assert not bad["ok"] and bad["error"]["field"] == "cannoneer"


def test_nerves_of_steel_cancels_the_marking_modifier(rulebook):
    # BB2025 PA 3+ quick with two markers: 5+; Nerves of Steel: 3+, listed at 0, the markers gone
    r = agility(rulebook, edition="bb2025", action="pass", pa=3, range="quick", tackle_zones=2)
    assert r["needed"] == 5
    r = agility(rulebook, edition="bb2025", action="pass", pa=3, range="quick", tackle_zones=2, nerves_of_steel=True)
    assert r["needed"] == 3 and "tackle-zone" not in applied(r) and applied(r)["nerves-of-steel"] == 0
    # a BB2025 catch (AG 3+, accurate 0) with three markers and Extra Arms: 3 + 3 - 1 = 5+; with Nerves too, 2+
    r = agility(rulebook, edition="bb2025", action="catch", ag=3, delivery="accurate", tackle_zones=3,
                extra_arms=True)
    assert r["needed"] == 5
    r = agility(rulebook, edition="bb2025", action="catch", ag=3, delivery="accurate", tackle_zones=3,
                extra_arms=True, nerves_of_steel=True)
    assert r["needed"] == 2 and r["probabilities"]["success"]["exact"] == str(F(5, 6))


def test_big_hand_and_extra_arms_on_a_pick_up(rulebook):
    # BB2025 AG 3+, two markers and Pouring Rain: 6+; Big Hand ignores both: 3+; Extra Arms too: 2+
    args = dict(edition="bb2025", action="pick-up", ag=3, tackle_zones=2, weather="pouring-rain")
    assert agility(rulebook, **args)["needed"] == 6
    assert agility(rulebook, **args, big_hand=True)["needed"] == 3
    assert agility(rulebook, **args, big_hand=True, extra_arms=True)["needed"] == 2
    # classic AG 3: 4+ with the pick-up's +1 = 3+; a tackle zone 4+; Big Hand 3+
    assert agility(rulebook, edition="classic", action="pick-up", ag=3, tackle_zones=1)["needed"] == 4
    assert agility(rulebook, edition="classic", action="pick-up", ag=3, tackle_zones=1, big_hand=True)["needed"] == 3


def test_very_long_legs_per_edition(rulebook):
    # classic Leap AG 3: 4+, Very Long Legs +1: 3+
    assert agility(rulebook, edition="classic", action="leap", ag=3, very_long_legs=True)["needed"] == 3
    # BB2025 Jump AG 3+ with one marker: 4+, +1: 3+
    assert agility(rulebook, edition="bb2025", action="jump", ag=3, tackle_zones=1, very_long_legs=True)["needed"] == 3
    # BB2020 Very Long Legs and Leap lessen the Jump's penalty by 1 each, to no less than -1: AG 3+ with three
    # markers 6+; one of them 5+; both 4+; with one marker (-1) nothing changes
    args = dict(edition="bb2020", action="jump", ag=3, tackle_zones=3)
    assert agility(rulebook, **args)["needed"] == 6
    assert agility(rulebook, **args, very_long_legs=True)["needed"] == 5
    r = agility(rulebook, **args, very_long_legs=True, leap=True)
    assert r["needed"] == 4 and applied(r) == {"tackle-zone": -3, "leap": 1, "very-long-legs": 1}
    r = agility(rulebook, edition="bb2020", action="jump", ag=3, tackle_zones=2, very_long_legs=True, leap=True)
    assert r["needed"] == 4 and applied(r) == {"tackle-zone": -2, "leap": 1, "very-long-legs": 0}
    assert agility(rulebook, edition="bb2020", action="jump", ag=3, tackle_zones=1, leap=True)["needed"] == 4
    # BB2025: Very Long Legs a plain +1, Leap (when leaping) the same easing: two markers 5+, both 3+
    r = agility(rulebook, edition="bb2025", action="jump", ag=3, tackle_zones=2, very_long_legs=True, leap=True)
    assert r["needed"] == 3
    # interceptions: BB2020 AG 3+, an accurate pass -3, marked -1: only a 6; +2 and Nerves of Steel: 4+
    args = dict(edition="bb2020", action="interception", ag=3, delivery="accurate", marked="yes")
    assert agility(rulebook, **args)["needed_label"] == "6+ (natural 6 only)"
    assert agility(rulebook, **args, very_long_legs=True, nerves_of_steel=True)["needed"] == 4
    # classic AG 3 (4+), interception -2: 6+; Very Long Legs and Extra Arms: 4+
    r = agility(rulebook, edition="classic", action="interception", ag=3, very_long_legs=True, extra_arms=True)
    assert r["needed"] == 4


def test_strong_arm_on_a_team_mate_throw(rulebook):
    for edition in ("bb2020", "bb2025"):
        # PA 3+ short throw (-1): 4+; Strong Arm: 3+
        assert agility(rulebook, edition=edition, action="throw-team-mate", pa=3, range="short",
                       strong_arm=True)["needed"] == 3


def test_the_pass_request_reads_each_players_skills(rulebook):
    out = handle({"kind": "pass", "edition": "bb2025", "pa": 3, "range": "long", "thrower_cannoneer": True,
                  "receiver_ag": 3, "receiver_extra_arms": True, "interceptor_ag": 3,
                  "interceptor_very_long_legs": True}, rulebook)
    assert out["ok"], out
    r = out["result"]
    # PA 3+ long -2 +1: 4+; the catch AG 3+ +1: 2+; the interceptor AG 3+ at -3 / -2, +2: 4+ / 3+
    assert (r["pass_needed"], r["catch_needed"], r["intercept_needed"]) == ("4+", 2, {"accurate": 4, "inaccurate": 3})
    form = handle({"kind": "form", "for": "pass", "edition": "bb2025"}, rulebook)["result"]["fields"]
    names = [f["name"] for f in form]
    assert {"thrower_accurate", "thrower_cannoneer", "thrower_nerves_of_steel", "receiver_extra_arms",
            "receiver_nerves_of_steel", "interceptor_extra_arms", "interceptor_very_long_legs"} <= set(names)


def test_the_agility_form_lists_the_skills_of_that_roll(rulebook):
    fields = handle({"kind": "form", "for": "agility", "edition": "bb2020", "action": "pass"}, rulebook)
    names = [f["name"] for f in fields["result"]["fields"]]
    assert names[-4:] == ["accurate", "cannoneer", "nerves_of_steel", "reroll"]
    classic = handle({"kind": "form", "for": "agility", "edition": "classic", "action": "pass"}, rulebook)
    assert [f["name"] for f in classic["result"]["fields"]][-4:] == ["accurate", "strong_arm", "nerves_of_steel",
                                                                   "reroll"]


def test_a_skill_the_roll_has_no_modifier_for_is_refused(rulebook):
    book = RuleBook.from_dict(rulebook)
    with pytest.raises(CalcError) as e:
        test_from_rules(book, "catch-bb2025", 3, {"delivery": "accurate"}, {}, "bb2025", skills={"accurate"})
    assert e.value.field == "skills" and "extra-arms" in e.value.allowed


def test_rules_refuse_a_skill_modifier_naming_an_unknown_key(rulebook):
    broken = copy.deepcopy(rulebook)
    mods = broken["rolls"]["pass-bb2025"]["modifiers"]
    next(m for m in mods if m["key"] == "accurate")["only"] = ["quik"]
    with pytest.raises(CalcError) as e:
        RuleBook.from_dict(broken)
    assert e.value.field.endswith(".only")
