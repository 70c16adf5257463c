"""Disputed readings in the calculators: each calculator whose number depends on a disputed ruling lets the
reader pick the reading, names it in the result, and its readings are the ruling's positions.

The PA 1+ reading (``data/rulings/pa-one-plus-modified-one.yml``): the BB2025 rulebook makes a pass roll
that comes to 1 after modifiers a fumble; FUMBBL (``mechanics/bb2025/PassMechanic``) first asks whether the
result reaches the PA.  Brute force below: one D6, six faces, counted by hand from each reading's rule.

Classic Claw with Mighty Blow (``data/rulings/claws-mighty-blow-stacking.yml``): the LRB6 text counts the 8
after modifiers; FUMBBL (``InjuryTypeBlock``, option ``clawDoesNotStack``) and botbowl on the dice alone.
Brute force: the 36 pairs of dice.

A BB2025 pass total of 0 or less (``data/rulings/pass-total-below-one-bb2025.yml``): FUMBBL fumbles it, the
rulebook as written makes it an inaccurate pass.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from calculators.api import handle
from calculators.armour import CLAWS_READINGS
from calculators.rerolls import LONER_READINGS
from calculators.rolls import BELOW_ONE_READINGS, PASS_READINGS, D6Test

RANGE_MODIFIER = {"quick": 0, "short": -1, "long": -2, "long-bomb": -3}


def _faces(pa: int, modifier: int, reading: str, below_one: str = "fumbbl") -> dict[str, Fraction]:
    """The BB2025 pass outcome of each face under `reading` (PA 1+) and `below_one` (a total of 0 or less),
    written out from the rules of each position."""
    out = {"success": Fraction(0), "failure": Fraction(0), "fumble": Fraction(0)}
    for face in range(1, 7):
        result = face + modifier
        if face == 1:
            o = "fumble"
        elif face == 6:
            o = "success"
        elif reading == "fumbbl" and result >= pa:
            o = "success"
        elif result == 1 or (result < 1 and below_one == "fumbbl"):
            o = "fumble"
        else:
            o = "success" if result >= pa else "failure"
        out[o] += Fraction(1, 6)
    return out


@pytest.mark.parametrize("reading", PASS_READINGS)
@pytest.mark.parametrize("pa", range(1, 7))
@pytest.mark.parametrize("band", RANGE_MODIFIER)
@pytest.mark.parametrize("markers", [0, 1, 2])
def test_bb2025_pass_roll_matches_brute_force_under_each_reading(rulebook, reading, pa, band, markers):
    out = handle({"kind": "agility", "edition": "bb2025", "action": "pass", "pa": pa, "range": band,
                  "tackle_zones": markers, "pass_reading": reading}, rulebook)
    assert out["ok"], out
    got = {k: Fraction(v["exact"]) for k, v in out["result"]["without_reroll"].items()}
    assert got == _faces(pa, RANGE_MODIFIER[band] - markers, reading)
    assert out["result"]["pass_reading"] == reading


@pytest.mark.parametrize("below_one", BELOW_ONE_READINGS)
@pytest.mark.parametrize("reading", PASS_READINGS)
@pytest.mark.parametrize("pa", [1, 3, 5])
@pytest.mark.parametrize("band", RANGE_MODIFIER)
@pytest.mark.parametrize("markers", [0, 2, 4])
def test_bb2025_pass_total_below_one_matches_brute_force_under_each_reading(rulebook, below_one, reading, pa, band,
                                                                             markers):
    out = handle({"kind": "agility", "edition": "bb2025", "action": "pass", "pa": pa, "range": band,
                  "tackle_zones": markers, "pass_reading": reading, "below_one_reading": below_one}, rulebook)
    assert out["ok"], out
    got = {k: Fraction(v["exact"]) for k, v in out["result"]["without_reroll"].items()}
    assert got == _faces(pa, RANGE_MODIFIER[band] - markers, reading, below_one)
    assert out["result"]["below_one_reading"] == below_one


def test_exact_values_for_a_marked_long_bomb_below_one(rulebook):
    """PA 4+, Long Bomb (−3) and one marker (−1): faces 2, 3 and 4 make −2, −1 and 0."""
    def outcomes(below_one):
        out = handle({"kind": "pass", "edition": "bb2025", "pa": 4, "range": "long-bomb", "thrower_tackle_zones": 1,
                      "below_one_reading": below_one}, rulebook)["result"]
        assert out["below_one_reading"] == below_one
        return out["outcomes"]
    assert outcomes("fumbbl")["fumble"]["exact"] == "5/6"    # 1, 2, 3, 4 and the 5 that makes 1
    assert outcomes("rulebook")["fumble"]["exact"] == "1/3"  # the natural 1 and the total of exactly 1
    default = handle({"kind": "pass", "edition": "bb2025", "pa": 4, "range": "long-bomb"}, rulebook)["result"]
    assert default["below_one_reading"] == "fumbbl"


def test_the_readings_differ_only_for_a_pa_one_plus_thrower(rulebook):
    for pa in range(1, 7):
        for band in RANGE_MODIFIER:
            a, b = (handle({"kind": "agility", "edition": "bb2025", "action": "pass", "pa": pa, "range": band,
                            "pass_reading": r}, rulebook)["result"]["without_reroll"] for r in PASS_READINGS)
            assert (a != b) == (pa == 1 and band != "quick"), (pa, band)


def test_exact_values_for_a_pa_one_plus_short_pass(rulebook):
    def fumble(reading):
        out = handle({"kind": "agility", "edition": "bb2025", "action": "pass", "pa": 1, "range": "short",
                      "pass_reading": reading}, rulebook)
        return out["result"]["without_reroll"]["fumble"]["exact"]
    assert fumble("rulebook") == "1/3"   # a rolled 1, and a 2 that the -1 brings to 1
    assert fumble("fumbbl") == "1/6"     # only the rolled 1: a modified 1 reaches PA 1+


def test_rulebook_is_the_default_and_the_whole_pass_action_follows_the_reading(rulebook):
    base = {"kind": "pass", "edition": "bb2025", "pa": 1, "range": "long"}
    default = handle(base, rulebook)["result"]
    assert default["pass_reading"] == "rulebook"
    assert default["outcomes"]["fumble"]["exact"] == "1/2"
    fumbbl = handle({**base, "pass_reading": "fumbbl"}, rulebook)["result"]
    assert fumbbl["pass_reading"] == "fumbbl"
    assert fumbbl["outcomes"]["fumble"]["exact"] == "1/3"


@pytest.mark.parametrize("request_", [
    {"kind": "agility", "edition": "bb2020", "action": "pass", "pa": 1, "range": "short", "pass_reading": "fumbbl"},
    {"kind": "agility", "edition": "classic", "action": "pass", "ag": 3, "range": "short", "pass_reading": "rulebook"},
    {"kind": "pass", "edition": "bb2020", "pa": 3, "range": "short", "pass_reading": "fumbbl"},
    {"kind": "agility", "edition": "bb2025", "action": "pass", "pa": 1, "range": "short", "pass_reading": "naf"},
    {"kind": "agility", "edition": "bb2020", "action": "pass", "pa": 3, "range": "short", "below_one_reading": "rulebook"},
    {"kind": "agility", "edition": "bb2025", "action": "dodge", "ag": 3, "below_one_reading": "rulebook"},
    {"kind": "pass", "edition": "bb2025", "pa": 3, "range": "short", "below_one_reading": "naf"},
])
def test_a_reading_where_it_does_not_apply_is_an_error_naming_the_field(rulebook, request_):
    out = handle(request_, rulebook)
    assert not out["ok"]
    field = "below_one_reading" if "below_one_reading" in request_ else "pass_reading"
    assert out["error"]["field"] == field


def test_success_first_only_changes_results_that_reach_the_target():
    for target in range(1, 7):
        for modifier in range(-4, 3):
            plain = D6Test(target, modifier, natural_one="fumble", fumble_at_or_below=1)
            first = D6Test(target, modifier, natural_one="fumble", fumble_at_or_below=1, success_first=True)
            for face in range(1, 7):
                if plain.outcome(face) != first.outcome(face):
                    assert face + modifier >= target and face + modifier <= 1 and face != 1


def _position_readings(repo, ruling_id: str) -> list[str]:
    return [p["body"] for p in repo[ruling_id]["positions"]]


@pytest.mark.parametrize("form, field, ruling, readings", [
    ({"for": "pass", "edition": "bb2025"}, "pass_reading", "ruling:pa-one-plus-modified-one", PASS_READINGS),
    ({"for": "agility", "edition": "bb2025", "action": "pass"}, "pass_reading", "ruling:pa-one-plus-modified-one",
     PASS_READINGS),
    ({"for": "chain", "edition": "bb2025"}, "reading", "ruling:loner-team-re-roll", LONER_READINGS),
    ({"for": "pass", "edition": "bb2025"}, "below_one_reading", "ruling:pass-total-below-one-bb2025",
     BELOW_ONE_READINGS),
    ({"for": "agility", "edition": "bb2025", "action": "pass"}, "below_one_reading",
     "ruling:pass-total-below-one-bb2025", BELOW_ONE_READINGS),
    ({"for": "armour", "edition": "classic"}, "claws_reading", "ruling:claws-mighty-blow-stacking", CLAWS_READINGS),
    ({"for": "armour", "edition": "bb2016"}, "claws_reading", "ruling:claws-mighty-blow-stacking", CLAWS_READINGS),
])
def test_every_calculator_that_depends_on_a_disputed_ruling_exposes_its_readings(repo, rulebook, form, field,
                                                                                 ruling, readings):
    assert repo[ruling]["status"] == "disputed"
    # the readings are named after the ruling's positions, and the form offers each of them
    assert set(readings) <= set(_position_readings(repo, ruling))
    out = handle({"kind": "form", **form}, rulebook)
    assert out["ok"], out
    spec = {f["name"]: f for f in out["result"]["fields"]}[field]
    assert list(spec["allowed"]) == list(readings)
    assert spec["default"] == readings[0]


def test_bb2020_pa_one_plus_total_of_one_is_accurate(rulebook):
    """BB2020 DC May 2025, the p. 29 question (BBBase faq_290525.md): a PA 1+ thrower whose test comes to 1
    after modifiers makes an Accurate Pass; a total below 1 on a die that is not a 1 is wildly inaccurate."""
    short = handle({"kind": "agility", "edition": "bb2020", "action": "pass", "pa": 1, "range": "short"},
                   rulebook)["result"]["without_reroll"]
    assert short["success"]["exact"] == "5/6" and short["wildly_inaccurate"]["exact"] == "0"
    bomb = handle({"kind": "agility", "edition": "bb2020", "action": "pass", "pa": 1, "range": "long-bomb"},
                  rulebook)["result"]["without_reroll"]
    # faces 2 and 3 come to -1 and 0 (wildly inaccurate), 4 comes to 1 (accurate), 5 and 6 accurate
    assert bomb["success"]["exact"] == "1/2" and bomb["wildly_inaccurate"]["exact"] == "1/3"
    assert bomb["fumble"]["exact"] == "1/6"
    pa2 = handle({"kind": "agility", "edition": "bb2020", "action": "pass", "pa": 2, "range": "short"},
                 rulebook)["result"]["without_reroll"]
    assert pa2["wildly_inaccurate"]["exact"] == "1/6"  # face 2 comes to 1, short of PA 2+


# ------------------------------------------------------------------ classic Claw with Mighty Blow

def _classic_claw_break(av: int, modifier: int, mighty_blow: bool, reading: str) -> Fraction:
    """P(armour broken) with classic Claw, counted over the 36 dice pairs from each reading's rule:
    the rulebook's 8 counts the roll after modifiers (Mighty Blow included), FUMBBL's the dice alone."""
    broken = 0
    for a in range(1, 7):
        for b in range(1, 7):
            total = a + b + modifier + (1 if mighty_blow else 0)
            claw_roll = total if reading == "rulebook" else a + b
            broken += total > av or claw_roll >= 8
    return Fraction(broken, 36)


@pytest.mark.parametrize("edition", ["classic", "bb2016"])
@pytest.mark.parametrize("reading", CLAWS_READINGS)
@pytest.mark.parametrize("av", range(3, 13))
@pytest.mark.parametrize("modifier", [-2, 0, 1, 3])
@pytest.mark.parametrize("mighty_blow", [False, True])
def test_classic_claws_matches_brute_force_under_each_reading(edition, reading, av, modifier, mighty_blow):
    out = handle({"kind": "armour", "edition": edition, "av": av, "armour_modifier": modifier, "claws": True,
                  "mighty_blow": mighty_blow, "claws_reading": reading}, None)
    assert out["ok"], out
    assert Fraction(out["result"]["armour_broken"]["exact"]) == _classic_claw_break(av, modifier, mighty_blow, reading)
    assert out["result"]["claws_reading"] == reading


def test_exact_values_for_claws_and_mighty_blow_against_av_9():
    def broken(reading):
        return handle({"kind": "armour", "edition": "classic", "av": 9, "claws": True, "mighty_blow": True,
                       "claws_reading": reading}, None)["result"]["armour_broken"]["exact"]
    assert broken("rulebook") == "7/12"  # a 7 plus 1 reaches the 8: 21 of 36
    assert broken("fumbbl") == "5/12"    # 8 or more on the dice: 15 of 36
    default = handle({"kind": "armour", "edition": "classic", "av": 9, "claws": True, "mighty_blow": True}, None)
    assert default["result"]["claws_reading"] == "rulebook"
    # without Claws no reading was used, and the result names none
    assert "claws_reading" not in handle({"kind": "armour", "edition": "classic", "av": 9, "mighty_blow": True},
                                         None)["result"]


def test_the_claws_readings_differ_only_with_a_modifier():
    for av in range(3, 13):
        a, b = (handle({"kind": "armour", "edition": "classic", "av": av, "claws": True, "claws_reading": r}, None)
                ["result"]["armour_broken"] for r in CLAWS_READINGS)
        assert a == b, av  # Claw alone: nothing to count after modifiers


@pytest.mark.parametrize("edition", ["bb2020", "bb2025"])
def test_a_claws_reading_outside_classic_is_an_error_naming_the_field(edition):
    out = handle({"kind": "armour", "edition": edition, "av": 9, "claws": True, "claws_reading": "fumbbl"}, None)
    assert not out["ok"]
    assert out["error"]["field"] == "claws_reading" and out["error"]["details"]["reason"] == "classic-only"
    assert "claws_reading" not in {f["name"] for f in handle({"kind": "form", "for": "armour", "edition": edition},
                                                            None)["result"]["fields"]}
