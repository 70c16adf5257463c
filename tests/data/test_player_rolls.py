"""Every roll a player makes is a roll in data/rolls/ for each edition, with each statement checked (issue 11).

Before issue 11, only the passing rolls (pass, catch, interception, hand-off, throw team-mate, landing)
were data: the dodge, the rush, the pick-up and the jump (classic: Leap) were not, in any edition.
"""
from __future__ import annotations

import pytest


MOVEMENT = {"classic": ("dodge", "rush", "pick-up", "leap"), "bb2020": ("dodge", "rush", "pick-up", "jump"),
            "bb2025": ("dodge", "rush", "pick-up", "jump")}


@pytest.mark.parametrize("edition", MOVEMENT)
def test_each_movement_roll_exists_and_every_statement_is_checked(repo, edition):
    for action in MOVEMENT[edition]:
        roll = repo.get(f"roll:{action}-{edition}")
        assert roll is not None, f"no roll {action}-{edition}"
        checked = {(c["of"], c["edition"]) for c in roll.get("checked") or [] if c["verdict"] == "agrees"}
        for of in ["rules"] + [f"modifiers.{m['key']}" for m in roll["modifiers"]]:
            assert (of, edition) in checked, f"{roll.id}: {of} has no agreeing record for {edition}"


@pytest.mark.parametrize("edition, group, key, value", [
    ("classic", "weather", "blizzard", -1), ("bb2020", "weather", "blizzard", -1), ("bb2025", "weather", "blizzard", -1)])
def test_rush_is_a_fixed_2_plus_with_blizzard(repo, edition, group, key, value):
    roll = repo[f"roll:rush-{edition}"]
    assert roll["target_number"] == 2
    assert any(m["key"] == key and m["group"] == group and m["value"] == value for m in roll["modifiers"])


@pytest.mark.parametrize("edition", MOVEMENT)
def test_pick_up_has_pouring_rain(repo, edition):
    mods = {m["key"]: m["value"] for m in repo[f"roll:pick-up-{edition}"]["modifiers"]}
    assert mods["pouring-rain"] == -1
    assert mods.get("pick-up", 0) == (1 if edition == "classic" else 0)


#: the passing rolls and the weather that changes each (issue 11): Very Sunny a pass or a team-mate throw,
#: Pouring Rain a catch (a hand-off's included) and an interception; no weather changes a landing
PASSING_WEATHER = {"pass": "very-sunny", "throw-team-mate": "very-sunny", "catch": "pouring-rain",
                   "hand-off": "pouring-rain", "interception": "pouring-rain"}


@pytest.mark.parametrize("edition", MOVEMENT)
def test_each_passing_roll_carries_its_weather_and_every_weather_modifier_is_checked(repo, edition):
    for action, key in PASSING_WEATHER.items():
        roll = repo[f"roll:{action}-{edition}"]
        weather = [(m["key"], m["value"]) for m in roll["modifiers"] if m.get("group") == "weather"]
        assert weather == [("other-weather", 0), (key, -1)], roll.id
        checked = {c["of"] for c in roll.get("checked") or [] if c["verdict"] == "agrees" and c["edition"] == edition}
        assert {"modifiers.other-weather", f"modifiers.{key}"} <= checked, roll.id
    assert not [m for m in repo[f"roll:landing-{edition}"]["modifiers"] if m.get("group") == "weather"]
