"""One D6 test: exact values worked by hand, and a brute-force oracle over every die pair."""

from __future__ import annotations

import itertools
from fractions import Fraction as F

import pytest

from calculators.rolls import (
    FAILURE, FUMBLE, SUCCESS, WILD, D6Test, characteristic_test, reroll, test_from_rules,
)
from calculators.rules import RuleBook


def test_two_plus_with_one_reroll():
    # 5/6 first time, else 1/6 · 5/6 on the re-roll: 30/36 + 5/36 = 35/36
    t = D6Test(2)
    assert t.success() == F(5, 6)
    assert t.with_reroll()[SUCCESS] == F(35, 36)
    assert t.needed().face == 2


def test_classic_long_pass_ag3_one_tackle_zone(classic_rules):
    # AG 3 -> 4+ (AG table); long -1, one tackle zone -1 -> modifier -2, so the die needs 6.
    # Faces: 6 -> 4 >= 4 success (also a natural 6); 5 -> 3 inaccurate; 4 -> 2 inaccurate;
    # 3 -> 1 <= 1 fumble; 2 -> 0 fumble; 1 natural fumble.  So 1/6, 2/6, 3/6.
    # (Die 3 counts: a modified result of 1 is a fumble in classic, rules-facts §6a.)
    book = RuleBook.from_dict(classic_rules)
    t, applied = test_from_rules(book, "pass-classic", 3, {"range": "long"}, {"tackle_zones": 1})
    assert (t.target, t.modifier) == (4, -2)
    assert dict(applied) == {"long": -1, "tackle-zone": -1}
    assert t.needed().face == 6 and not t.needed().natural_six_only
    assert t.distribution() == {SUCCESS: F(1, 6), FAILURE: F(1, 3), FUMBLE: F(1, 2)}
    # one re-roll on anything but success: success 1/6 + 5/6·1/6 = 11/36;
    # failure 5/6·1/3 = 5/18; fumble 5/6·1/2 = 5/12
    assert t.with_reroll() == {SUCCESS: F(11, 36), FAILURE: F(5, 18), FUMBLE: F(5, 12)}


def test_natural_six_only(classic_rules):
    # AG 1 -> 6+; long bomb -2 and two tackle zones -2: needs a 10 on a D6, so only a natural 6.
    # Faces 1..5 give 5-4 = 1 at most: all fumbles.
    book = RuleBook.from_dict(classic_rules)
    t, _ = test_from_rules(book, "pass-classic", 1, {"range": "long-bomb"}, {"tackle_zones": 2})
    n = t.needed()
    assert (n.face, n.raw, n.natural_six_only, n.impossible) == (6, 10, True, False)
    assert t.distribution() == {SUCCESS: F(1, 6), FUMBLE: F(5, 6)}


def test_easy_roll_is_still_two_plus(classic_rules):
    # AG 6 -> 1+; quick +1: a natural 1 still fumbles, so the die needs 2+ (clamped).
    book = RuleBook.from_dict(classic_rules)
    t, _ = test_from_rules(book, "pass-classic", 6, {"range": "quick"})
    assert t.needed().face == 2 and t.needed().raw == 0
    assert t.distribution() == {SUCCESS: F(5, 6), FUMBLE: F(1, 6)}


def test_impossible_without_natural_six():
    t = D6Test(7, 0, natural_six=False)
    assert t.needed().impossible and t.needed().label() == "impossible"
    assert t.success() == 0


def test_bb2020_pass_long_bomb():
    # PA 4+, long bomb -3: 1 natural fumble; 2 -> -1, 3 -> 0, 4 -> 1 wildly inaccurate;
    # 5 -> 2 inaccurate; 6 accurate (natural 6).
    t = characteristic_test("bb2020", 4, -3, pass_roll=True)
    assert t.distribution() == {SUCCESS: F(1, 6), FAILURE: F(1, 6), WILD: F(1, 2), FUMBLE: F(1, 6)}


def test_bb2025_pass_long_bomb():
    # Same roll in BB2025: a modified 1 or less is a fumble, no wildly inaccurate: 1..4 fumble.
    t = characteristic_test("bb2025", 4, -3, pass_roll=True)
    assert t.distribution() == {SUCCESS: F(1, 6), FAILURE: F(1, 6), FUMBLE: F(2, 3)}


def test_plain_modern_test():
    # AG 3+ dodge into two markers (-2): 5+ -> 1/3; a natural 1 fails, a natural 6 succeeds.
    t = characteristic_test("bb2025", 3, -2)
    assert t.distribution() == {SUCCESS: F(1, 3), FAILURE: F(2, 3)}
    assert t.needed().label() == "5+"


# ------------------------------------------------------------------ brute-force oracle

def oracle_face(face, target, modifier, nat_one, nat_six, fumble_le, wild_le):
    """The outcome of one face, written straight from the rule text (independent of D6Test.outcome)."""
    natural_one = face == 1
    natural_six = face == 6
    result = face + modifier
    if nat_six and natural_six:
        return SUCCESS
    if natural_one:
        return FUMBLE if nat_one == "fumble" else FAILURE
    if fumble_le is not None and result <= fumble_le:
        return FUMBLE
    if wild_le is not None and result <= wild_le:
        return WILD
    if result >= target:
        return SUCCESS
    return FAILURE


CASES = list(itertools.product(
    range(1, 7), range(-5, 4), ["fail", "fumble"], [True, False], [None, 1], [None, 1]))


@pytest.mark.parametrize("target, modifier, nat_one, nat_six, fumble_le, wild_le", CASES)
def test_oracle_every_die_pair(target, modifier, nat_one, nat_six, fumble_le, wild_le):
    t = D6Test(target, modifier, nat_one, nat_six, fumble_le, wild_le)
    single: dict = {}
    twice: dict = {}
    for a in range(1, 7):
        oa = oracle_face(a, target, modifier, nat_one, nat_six, fumble_le, wild_le)
        single[oa] = single.get(oa, 0) + F(1, 6)
        for b in range(1, 7):  # a re-roll is taken whenever the first die is not a success
            ob = oracle_face(b, target, modifier, nat_one, nat_six, fumble_le, wild_le)
            final = oa if oa == SUCCESS else ob
            twice[final] = twice.get(final, 0) + F(1, 36)
    got = t.distribution()
    assert got == single
    assert sum(got.values()) == 1
    rr = {k: v for k, v in t.with_reroll().items() if v}
    assert rr == twice
    assert sum(t.with_reroll().values()) == 1
    # the needed face is the lowest face the oracle counts as a success
    faces = [f for f in range(1, 7) if oracle_face(f, target, modifier, nat_one, nat_six, fumble_le, wild_le) == SUCCESS]
    assert t.needed().face == (faces[0] if faces else None)


def test_reroll_only_on_chosen_outcomes():
    # re-roll a failure but keep a fumble: P(fumble) stays 1/6 (no second chance), 
    # P(success) = 3/6 + 2/6 · 3/6 = 2/3 for a 4+ with natural-1 fumbles
    d = D6Test(4, 0, natural_one="fumble").distribution()
    assert d == {SUCCESS: F(1, 2), FAILURE: F(1, 3), FUMBLE: F(1, 6)}
    r = reroll(d, on={FAILURE})
    assert r == {SUCCESS: F(2, 3), FAILURE: F(1, 9), FUMBLE: F(1, 6) + F(1, 18)}
