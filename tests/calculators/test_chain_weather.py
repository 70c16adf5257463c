"""Weather in a chain of rolls (issue 9: "a rush in a blizzard, a catch in pouring rain"), on the real rules data.

The chain's die faces are written without the weather; the request's ``weather`` field applies each roll's
weather modifier from ``data/rolls``. The values below are worked out by hand: a 2+ Rush in a Blizzard needs
3+ (4/6), a 3+ catch in Pouring Rain 4+ (3/6); a dodge and a landing never change.
"""
from __future__ import annotations

from fractions import Fraction as F

import pytest

from calculators.api import handle
from calculators.chain import APPEAL_KINDS, D6_KINDS, KIND_EDITIONS
from calculators.errors import CalcError
from calculators.notation import LETTERS, parse_chain
from calculators.rules import RuleBook
from calculators.weather import NO_WEATHER, apply_weather, weather_keys, weather_modifiers

EDITIONS = ("classic", "bb2016", "bb2020", "bb2025")


@pytest.fixture(scope="module")
def book(rulebook):
    return RuleBook.from_dict(rulebook)


def chain(rulebook, text, edition, weather=None):
    request = {"kind": "chain", "chain": text, "edition": edition}
    if weather is not None:
        request["weather"] = weather
    response = handle(request, rulebook)
    assert response["ok"], response
    return response["result"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_each_edition_offers_the_three_weathers_that_change_a_roll(book, edition):
    assert weather_keys(book, edition)[0] == NO_WEATHER
    assert set(weather_keys(book, edition)) == {NO_WEATHER, "blizzard", "pouring-rain", "very-sunny"}


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_rush_in_a_blizzard_and_a_catch_in_pouring_rain(rulebook, edition):
    assert F(chain(rulebook, "R2", edition, "blizzard")["success"]["exact"]) == F(4, 6)
    assert F(chain(rulebook, "R2", edition, "pouring-rain")["success"]["exact"]) == F(5, 6)
    assert F(chain(rulebook, "C3", edition, "pouring-rain")["success"]["exact"]) == F(3, 6)
    assert F(chain(rulebook, "T3", edition, "very-sunny")["success"]["exact"]) == F(3, 6)
    assert F(chain(rulebook, "P3", edition, "pouring-rain")["success"]["exact"]) == F(3, 6)
    # the opponent's interception gets harder in the rain: we go on more often
    assert F(chain(rulebook, "I5", edition, "pouring-rain")["success"]["exact"]) == F(5, 6)
    # no weather touches a dodge, a landing, a block or a plain test
    for text in ("D3", "L4", "N4", "B2b"):
        for weather in weather_keys(RuleBook.from_dict(rulebook), edition):
            assert chain(rulebook, text, edition, weather)["success"] == chain(rulebook, text, edition)["success"]


def test_the_natural_six_and_one_bound_the_face_needed(rulebook):
    # a 6+ catch stays a 6+ in the rain (a natural 6 catches); the face never goes past 6
    result = chain(rulebook, "C6", "bb2020", "pouring-rain")
    assert F(result["success"]["exact"]) == F(1, 6) and result["steps"][0]["target"] == 6


def test_the_result_names_the_weather_and_keeps_the_notation_as_written(rulebook):
    result = chain(rulebook, "D3,R2,R2;tr=1", "bb2020", "blizzard")
    assert result["weather"] == "blizzard" and result["notation"] == "D3,R2,R2;tr=1"
    assert [s["target"] for s in result["steps"]] == [3, 3, 3]
    assert [s.get("weather_modifier") for s in result["steps"]] == [None, -1, -1]
    # by hand: 4/6 × 4/6 × 4/6 with one team re-roll over three rolls
    plain = chain(rulebook, "D3,R3,R3;tr=1", "bb2020")
    assert result["success"] == plain["success"] and result["by_team_rerolls"] == plain["by_team_rerolls"]
    assert chain(rulebook, "D3", "bb2020")["weather"] == NO_WEATHER
    # the rolls as computed are named when the weather moved one, and only then
    assert result["weathered"] == "D3,R3,R3;tr=1"
    assert "weathered" not in chain(rulebook, "D3,C3", "bb2020", "blizzard")


def test_a_weather_outside_the_choices_names_the_field_and_the_choices(rulebook):
    response = handle({"kind": "chain", "chain": "R2", "edition": "classic", "weather": "sandstorm"}, rulebook)
    assert not response["ok"] and response["error"]["field"] == "weather"
    assert NO_WEATHER in response["error"]["allowed"] and "blizzard" in response["error"]["allowed"]
    # without the rules data only the weather that changes nothing is known
    response = handle({"kind": "chain", "chain": "R2", "weather": "blizzard"})
    assert not response["ok"] and response["error"]["field"] == "weather"
    assert handle({"kind": "chain", "chain": "R2", "weather": NO_WEATHER})["ok"]


def test_apply_weather_refuses_an_unknown_weather_and_leaves_a_calm_chain_alone(book):
    parsed = parse_chain("R2,C3", "bb2025").chain
    assert apply_weather(parsed, book, NO_WEATHER) is parsed
    with pytest.raises(CalcError) as err:
        apply_weather(parsed, book, "fog")
    assert err.value.field == "weather"


def test_the_weather_reaches_every_branch(rulebook):
    # Blizzard: the Rush inside a Dauntless branch and in the alternatives moves too; Very Sunny moves a pass's
    # inaccurate band with its face (a 4+ pass inaccurate on 2-3 becomes 5+, inaccurate on 3-4)
    result = chain(rulebook, "U4{R2|R2},(1/2:R2|1/2:D3)", "bb2020", "blizzard")
    dauntless, alternatives = result["steps"]
    assert [b[0]["target"] for b in (dauntless["success"], dauntless["failure"])] == [3, 3]
    assert [o["steps"][0]["target"] for o in alternatives["options"]] == [3, 3]
    assert alternatives["options"][1]["steps"][0].get("weather_modifier") is None  # a dodge: no weather
    sunny = chain(rulebook, "T4~2{C3}", "bb2025", "very-sunny")["steps"][0]
    assert (sunny["target"], sunny["partial"], sunny["weather_modifier"]) == (5, 3, -1)
    assert sunny["branch"][0]["target"] == 3  # the catch is Pouring Rain's, not Very Sunny's
    # a band the natural 6 leaves empty is gone with its branch: 6+ pass inaccurate on 5 -> 6+, fumbled on 1-5
    capped = chain(rulebook, "T6~5{C3}", "bb2025", "very-sunny")["steps"][0]
    assert capped["target"] == 6 and "partial" not in capped and F(capped["single"]["exact"]) == F(1, 6)


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_weather_modifier_of_a_chain_roll_comes_from_the_data(book, edition):
    # brute force over every D6 kind and weather: the step moves by exactly the data's value, bounded to 2..6
    for kind in D6_KINDS:
        if edition not in KIND_EDITIONS.get(kind, (edition,)):
            continue  # a roll this edition does not have (the chain refuses it)
        spec = book.roll_of(kind, edition)
        values = {m.key: m.value for m in spec.groups().get("weather", ())} if spec else {}
        letter = {k: letter for letter, k in LETTERS.items()}[kind]
        at = 1 if kind in APPEAL_KINDS else 0  # a Bribe (2+ only) or Argue the Call follows a foul
        for target in (2,) if kind == "bribe" else range(2, 7):
            parsed = parse_chain(("F9," if at else "") + f"{letter}{target}", edition).chain
            for weather in weather_keys(book, edition):
                moved = apply_weather(parsed, book, weather)
                value = values.get(weather, 0)
                assert weather_modifiers(book, edition, weather).get(kind, 0) == value
                assert moved.steps[at].target == min(6, max(2, target - value)), (kind, target, weather)
