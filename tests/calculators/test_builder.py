"""The roll-by-roll form's notation (calculators/builder.py), on the real rules data, checked by hand.

Issue 11, defect 2: "My AG 3 player dodges and then picks up the ball, with a team re-roll: what are my
chances?" had no form. The numbers below are worked out by hand from the rules, not from the resolver.
"""
from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from calculators.api import handle
from calculators.builder import menu, needed_face, row_token, write_chain
from calculators.errors import CalcError
from calculators.rules import RuleBook

EDITIONS = ("classic", "bb2020", "bb2025")


@pytest.fixture(scope="module")
def book(rulebook):
    return RuleBook.from_dict(rulebook)


DODGE_THEN_PICK_UP = [{"action": "dodge", "value": 3, "counts": {"tackle_zones": 1}}, {"action": "pick-up", "value": 3}]


@pytest.mark.parametrize("edition", EDITIONS)
def test_ag3_dodge_into_one_tackle_zone_then_pick_up_with_one_team_re_roll(book, rulebook, edition):
    # Classic: AG 3 needs 4+ (7 - 3); a dodge is +1 and one tackle zone -1, so 4+; a pick-up +1, so 3+.
    # BB2020 and BB2025: AG 3+; the dodge into one marker is -1, so 4+; a pick-up in the open 3+.
    notation = write_chain(book, edition, DODGE_THEN_PICK_UP, team_rerolls=1)
    assert notation == "D4,P3;tr=1"
    # One team re-roll, used on whichever roll fails first: p1 p2 (1 + (1 - p1) + (1 - p2)).
    p1, p2 = Fraction(1, 2), Fraction(2, 3)
    by_hand = p1 * p2 * (1 + (1 - p1) + (1 - p2))
    assert by_hand == Fraction(11, 18)
    result = handle({"kind": "chain", "chain": notation, "edition": edition}, rulebook)["result"]
    assert Fraction(result["success"]["exact"]) == by_hand


@pytest.mark.parametrize("edition", EDITIONS)
def test_rush_in_a_blizzard_needs_3_and_sure_feet_marks_it(book, rulebook, edition):
    # the row is written without the weather; the chain's weather field moves it (calculators/weather.py)
    notation = write_chain(book, edition, [{"action": "rush", "skill": True}])
    assert notation == "R2f"
    result = handle({"kind": "chain", "chain": notation, "edition": edition, "weather": "blizzard"}, rulebook)
    assert result["result"]["steps"][0]["target"] == 3 and Fraction(result["result"]["success"]["exact"]) == Fraction(8, 9)


def test_pouring_rain_and_classic_pick_up_bonus(book, rulebook):
    # classic AG 3: 4+, +1 pick-up, -1 tackle zone: 4+, and -1 Pouring Rain: 5+; BB2020 AG 3+: -1, 4+, then 5+
    row = {"action": "pick-up", "value": 3, "counts": {"tackle_zones": 1}}
    for edition in ("classic", "bb2020"):
        assert row_token(book, edition, row) == "P4"
        result = handle({"kind": "chain", "chain": "P4", "edition": edition, "weather": "pouring-rain"}, rulebook)
        assert result["result"]["steps"][0]["target"] == 5


def test_the_roll_form_offers_no_weather_the_chain_has_its_own_field(book):
    # one weather for the whole chain: a row may not carry one as well (it would be counted twice)
    for edition in EDITIONS:
        assert all(g["name"] != "weather" for roll in menu(book, edition) for g in roll["groups"]), edition
    with pytest.raises(CalcError) as e:
        row_token(book, "bb2020", {"action": "rush", "choices": {"weather": "blizzard"}})
    assert e.value.field == "row.choices.weather"


def test_a_catch_starts_the_receiver_with_flags_on_the_mover_only(book):
    rows = [{"action": "dodge", "value": 3, "skill": True}, {"action": "pass", "value": 3, "choices": {"range": "short"}},
            {"action": "catch", "value": 3, "choices": {"delivery": "accurate"}, "skill": True}]
    # BB2020: dodge 3+, short pass PA 3+ -1 = 4+, accurate catch 3+ (no bonus)
    assert write_chain(book, "bb2020", rows, 2, pro=True, loner=4) == "[pro,loner=4]D3d,T4/C3c;tr=2"
    # classic AG 3: dodge 4 - 1 = 3+, short pass 4+, accurate catch 4 - 1 = 3+
    assert write_chain(book, "classic", rows) == "D3d,T4/C3c"


def test_leap_jump_and_team_mate_throw_have_their_letters(book):
    # issue 9: classic's Leap roll and BB2020+'s Jump are the chain's V, a team-mate's throw W (no skill mark)
    assert row_token(book, "classic", {"action": "leap", "value": 3}) == "V4"
    assert row_token(book, "bb2025", {"action": "jump", "value": 3, "counts": {"tackle_zones": 2}}) == "V5"
    assert row_token(book, "bb2020", {"action": "throw-team-mate", "value": 3, "skill": True}) == "W3"


def test_errors_name_the_row_and_field(book):
    with pytest.raises(CalcError) as e:
        write_chain(book, "classic", [{"action": "dodge", "value": 3}, {"action": "jump", "value": 3}])
    assert e.value.field == "rows[1].action"
    with pytest.raises(CalcError) as e:
        write_chain(book, "bb2020", [])
    assert e.value.field == "rows"


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_page_table_of_faces_agrees_with_python_for_every_choice(book, edition):
    """roll-form.js adds the modifiers and looks the face up in menu()'s table, then appends the roll's suffix (``!``
    when nothing may re-roll it): it must give row_token's token."""
    for roll in menu(book, edition):
        groups = [[(g["name"], o["key"], o["value"]) for o in g["options"]] for g in roll["groups"]]
        for value in roll["values"] or [None]:
            for picked in itertools.product(*groups):
                for n in range(4):
                    counts = {c["name"]: n for c in roll["counts"]}
                    total = roll["always"] + sum(v for _, _, v in picked) + sum(c["value"] * n for c in roll["counts"])
                    low = roll["totals"][0]
                    face = roll["faces"]["-" if value is None else str(value)][max(low, total) - low]
                    row = {"action": roll["action"], "value": value, "counts": counts,
                           "choices": {g: k for g, k, _ in picked}}
                    assert f"{roll['letter']}{face}{roll['suffix']}" == row_token(book, edition, row), (roll["action"], row)
                    assert face == needed_face(book, edition, roll["action"], value, total)


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_form_offers_every_roll_a_player_makes(book, edition):
    actions = {r["action"] for r in menu(book, edition)}
    assert {"dodge", "rush", "pick-up", "pass", "catch", "hand-off"} <= actions
    assert ("leap" if edition == "classic" else "jump") in actions
    assert "interception" not in actions  # the opponent's roll
