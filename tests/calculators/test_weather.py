"""Weather on the passing rolls, on the real rules data (issue 11, defect 2).

Very Sunny takes 1 off every pass roll (classic) or Passing Ability test (BB2020, BB2025), a team-mate
throw included; Pouring Rain takes 1 off every catch, a hand-off's included, and every interception
attempt; no weather touches a landing. Before this, only the pick-up and the rush carried their weather,
so neither the roll-by-roll form nor the calculators could apply it to a pass. The numbers below are
worked out by hand from the rules, not from the resolver.
"""
from __future__ import annotations

from fractions import Fraction as F

import pytest

from calculators.api import handle
from calculators.builder import row_token
from calculators.rules import RuleBook

EDITIONS = ("classic", "bb2020", "bb2025")
#: roll -> the weather option besides "other-weather" (0), and its value
WEATHER = {"pass": ("very-sunny", -1), "throw-team-mate": ("very-sunny", -1), "catch": ("pouring-rain", -1),
           "hand-off": ("pouring-rain", -1), "pick-up": ("pouring-rain", -1), "rush": ("blizzard", -1)}


@pytest.fixture(scope="module")
def book(rulebook):
    return RuleBook.from_dict(rulebook)


def exact(d):
    return {k: F(v["exact"]) for k, v in d.items()}


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_data_gives_each_roll_the_weather_that_changes_it(book, edition):
    for action, (key, value) in WEATHER.items():
        groups = book.roll_of(action, edition).groups()
        assert [(m.key, m.value) for m in groups.get("weather", ())] == [("other-weather", 0), (key, value)], (edition, action)
    assert "weather" not in book.roll_of("landing", edition).groups()  # no weather in any landing rule


@pytest.mark.parametrize("edition, characteristic", [("classic", "ag"), ("bb2020", "pa"), ("bb2025", "pa")])
def test_a_short_pass_in_very_sunny_weather_needs_one_more(book, rulebook, edition, characteristic):
    # Classic AG 3: 4+ on the AG table, a Short pass 0: 4+, so 5+ in Very Sunny weather.
    # BB2020 and BB2025 PA 3+: a Short pass -1, so 4+, and 5+ in Very Sunny weather.
    row = {"action": "pass", "value": 3, "choices": {"range": "short"}}
    assert row_token(book, edition, row) == "T4"
    # the roll-by-roll form writes T4; the chain's weather field makes it 5+
    chain = handle({"kind": "chain", "chain": "T4", "edition": edition, "weather": "very-sunny"}, rulebook)["result"]
    assert chain["steps"][0]["target"] == 5
    base = {"kind": "agility", "edition": edition, "action": "pass", characteristic: 3, "range": "short"}
    fine = handle({**base, "weather": "other-weather"}, rulebook)["result"]
    sunny = handle({**base, "weather": "very-sunny"}, rulebook)["result"]
    assert handle(base, rulebook)["result"] == fine  # the weather that changes nothing, unless told
    assert (fine["needed"], sunny["needed"]) == (4, 5)
    assert sunny["modifier_total"] == fine["modifier_total"] - 1
    assert {"key": "very-sunny", "value": -1} in sunny["modifiers"]
    got = exact(sunny["without_reroll"])
    assert got["success"] == F(1, 3)  # a 5 or a 6
    # What a 2, 3 or 4 does with the total 1 lower: classic, a total of 1 or less fumbles (the 2); BB2020, a
    # total of 1 or less on a die that is not a 1 is wildly inaccurate (the 2 and the 3); BB2025 as on
    # FUMBBL (the default reading), a total of 1 or less fumbles (the 2 and the 3).
    expected = {"classic": {"success": F(1, 3), "failure": F(1, 3), "fumble": F(1, 3)},
                "bb2020": {"success": F(1, 3), "failure": F(1, 6), "wildly_inaccurate": F(1, 3), "fumble": F(1, 6)},
                "bb2025": {"success": F(1, 3), "failure": F(1, 6), "fumble": F(1, 2)}}[edition]
    assert got == expected


@pytest.mark.parametrize("edition, characteristic", [("classic", "ag"), ("bb2020", "pa"), ("bb2025", "pa")])
def test_the_pass_action_has_one_weather_for_the_thrower_the_receiver_and_the_interceptor(rulebook, edition,
                                                                                            characteristic):
    fields = handle({"kind": "form", "for": "pass", "edition": edition}, rulebook)["result"]["fields"]
    weather = [f for f in fields if "weather" in f["name"]]
    assert [(f["name"], f["choices"], f["default"]) for f in weather] == [
        ("weather", ["other-weather", "very-sunny", "pouring-rain"], "other-weather")]
    base = {"kind": "pass", "edition": edition, characteristic: 3, "range": "short", "receiver_ag": 3,
            "interceptor_ag": 3}
    plain, sunny, rain = (handle({**base, **w}, rulebook)["result"]
                          for w in ({}, {"weather": "very-sunny"}, {"weather": "pouring-rain"}))
    assert plain == handle({**base, "weather": "other-weather"}, rulebook)["result"]  # the default
    # Very Sunny: only the thrower's roll (4+ -> 5+); Pouring Rain: the catch and the interception, not the pass.
    assert (plain["pass_needed"], sunny["pass_needed"], rain["pass_needed"]) == ("4+", "5+", "4+")
    assert (plain["catch_needed"], sunny["catch_needed"], rain["catch_needed"]) == (3, 3, 4)
    assert sunny["intercept_needed"] == plain["intercept_needed"]
    # Classic AG 3 interceptor: 4+, -2: 6, and still 6 in the rain (a natural 6). BB2020 and BB2025 AG 3+
    # against an inaccurate pass, -2: 5+, and 6 in the rain.
    quality = "any" if edition == "classic" else "inaccurate"
    dry, wet = (6, 6) if edition == "classic" else (5, 6)
    assert (plain["intercept_needed"][quality], rain["intercept_needed"][quality]) == (dry, wet)
    # The pass is completed when it is neither fumbled nor intercepted nor dropped: with the interceptor's
    # 6 at worst (1/6 either way), Very Sunny makes the thrower's 4+ a 5+, Pouring Rain the catcher's 3+ a 4+.
    assert F(sunny["totals"]["completion"]["exact"]) < F(plain["totals"]["completion"]["exact"])
    assert F(rain["totals"]["completion"]["exact"]) < F(plain["totals"]["completion"]["exact"])


def test_pouring_rain_in_a_bb2020_pass_also_weighs_on_catching_the_deflection(rulebook):
    # Quick pass, PA 3+: a 1 fumbles (1/6), a 2 is inaccurate (1/6), 3 to 6 accurate (2/3). An AG 3+ opponent
    # deflects an accurate pass on a 6 (-3) and an inaccurate one on 5+ (-2), only on a 6 in Pouring Rain;
    # the Deflection becomes an Interception with a catch at -1, 4+, and 5+ in Pouring Rain.
    base = {"kind": "pass", "edition": "bb2020", "pa": 3, "range": "quick", "receiver_ag": 3, "interceptor_ag": 3}
    dry = exact(handle(base, rulebook)["result"]["outcomes"])
    wet = exact(handle({**base, "weather": "pouring-rain"}, rulebook)["result"]["outcomes"])
    assert dry["intercepted"] == (F(2, 3) * F(1, 6) + F(1, 6) * F(1, 3)) * F(1, 2) == F(1, 12)
    assert wet["intercepted"] == (F(2, 3) * F(1, 6) + F(1, 6) * F(1, 6)) * F(1, 3) == F(5, 108)
