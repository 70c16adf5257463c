"""The rolls a coach makes on declaring an action or after one (issue 19 item 5): Bone Head, Really Stupid, Wild
Animal, Animal Savagery, Unchannelled Fury, Bloodlust, Take Root, Always Hungry, Regeneration, KO recovery.

Each is a fixed N+ roll in ``data/rolls/`` written in the chain notation as a plain ``N`` test, so the builder
(the action-sequence calculator's roll form) and the chain resolver compute "Bone Head passes, then the dodge".
The numbers below are worked out by hand, not taken from the resolver.
"""
from __future__ import annotations

import copy
from fractions import Fraction

import pytest

from calculators.api import handle
from calculators.builder import menu, write_chain
from calculators.rules import RuleBook

#: roll kind -> the editions it exists in (its data files), and its target with no modifier
NEW_ROLLS: dict[str, tuple[tuple[str, ...], int]] = {
    "bone-head": (("classic", "bb2016", "bb2020", "bb2025"), 2),
    "really-stupid": (("classic", "bb2016", "bb2020", "bb2025"), 4),
    "wild-animal": (("classic", "bb2016"), 4),
    "animal-savagery": (("bb2020", "bb2025"), 4),
    "unchannelled-fury": (("bb2020", "bb2025"), 4),
    "bloodlust": (("classic", "bb2016", "bb2020", "bb2025"), 2),
    "take-root": (("classic", "bb2016", "bb2020", "bb2025"), 2),
    "always-hungry": (("classic", "bb2016", "bb2020", "bb2025"), 2),
    "regeneration": (("classic", "bb2016", "bb2020", "bb2025"), 4),
    "ko-recovery": (("classic", "bb2016", "bb2020", "bb2025"), 4),
}
#: rolls nothing may re-roll, per edition (classic: FFB's Regeneration "may not be re-rolled"; BB2020: the May
#: 2025 commentary; a KO recovery is never re-rolled by a team re-roll)
NO_REROLL = {("regeneration", "classic"), ("regeneration", "bb2020"), ("ko-recovery", "classic"),
             ("ko-recovery", "bb2020"), ("ko-recovery", "bb2025")}
EDITIONS = ("classic", "bb2020", "bb2025")


@pytest.fixture(scope="module")
def book(rulebook):
    return RuleBook.from_dict(rulebook)


def _chance(rulebook, notation: str, edition: str) -> Fraction:
    response = handle({"kind": "chain", "chain": notation, "edition": edition}, rulebook)
    assert response["ok"], response
    return Fraction(response["result"]["success"]["exact"])


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_new_roll_is_offered_for_its_editions_as_a_plain_test(book, edition):
    offered = {r["action"]: r for r in menu(book, edition)}
    for action, (editions, target) in NEW_ROLLS.items():
        if edition not in editions:
            assert action not in offered, action
            continue
        roll = offered[action]
        assert roll["letter"] == "N" and roll["mark"] is None and roll["characteristic"] is None, action
        assert roll["faces"]["-"][-roll["totals"][0]] == target, action  # the face at a modifier total of 0
        assert roll["suffix"] == ("!" if (action, edition) in NO_REROLL else ""), action


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_2_plus_roll_with_one_team_re_roll_is_35_in_36(book, rulebook, edition):
    notation = write_chain(book, edition, [{"action": "bone-head"}], team_rerolls=1)
    assert notation == "N2;tr=1"
    assert _chance(rulebook, notation, edition) == Fraction(5, 6) + Fraction(1, 6) * Fraction(5, 6) == Fraction(35, 36)


@pytest.mark.parametrize("edition", EDITIONS)
def test_really_stupid_is_4_plus_alone_and_2_plus_with_a_team_mate(book, rulebook, edition):
    alone = write_chain(book, edition, [{"action": "really-stupid"}])
    helped = write_chain(book, edition, [{"action": "really-stupid", "choices": {"helped": "team-mate"}}])
    assert (alone, helped) == ("N4", "N2")
    assert _chance(rulebook, alone, edition) == Fraction(1, 2)
    assert _chance(rulebook, helped, edition) == Fraction(5, 6)


@pytest.mark.parametrize("edition, action", [("classic", "wild-animal"), ("bb2020", "animal-savagery"),
                                             ("bb2025", "animal-savagery"), ("bb2020", "unchannelled-fury"),
                                             ("bb2025", "unchannelled-fury")])
def test_a_block_or_a_blitz_makes_the_4_plus_a_2_plus(book, edition, action):
    assert write_chain(book, edition, [{"action": action}]) == "N4"
    assert write_chain(book, edition, [{"action": action, "choices": {"declared": "block-or-blitz"}}]) == "N2"


@pytest.mark.parametrize("edition", ["bb2020", "bb2025"])
def test_bloodlust_3_plus_needs_3_unless_blitzing_and_a_natural_1_always_fails(book, rulebook, edition):
    three = {"bloodlust": "bloodlust-3"}
    assert write_chain(book, edition, [{"action": "bloodlust", "choices": three}]) == "N3"
    blitz = write_chain(book, edition, [{"action": "bloodlust", "choices": {**three, "declared": "block-or-blitz"}}])
    assert blitz == "N2"
    # Bloodlust (2+) on a Blitz: 1 + 1 reaches 2, but a natural 1 fails, so still 5/6
    two = write_chain(book, edition, [{"action": "bloodlust", "choices": {"declared": "block-or-blitz"}}])
    assert two == "N2" and _chance(rulebook, two, edition) == Fraction(5, 6)


def test_classic_blood_lust_is_a_plain_2_plus(book):
    assert write_chain(book, "classic", [{"action": "bloodlust"}]) == "N2"


@pytest.mark.parametrize("edition", EDITIONS)
def test_bone_head_then_a_dodge_share_one_team_re_roll(book, rulebook, edition):
    # Bone Head 2+ (5/6), then an AG 3 dodge into an empty square: classic 7-3 = 4+, +1 dodge, so 3+;
    # BB2020 and BB2025 AG 3+ unmodified: 3+ (2/3). One team re-roll, on whichever fails first.
    notation = write_chain(book, edition, [{"action": "bone-head"}, {"action": "dodge", "value": 3}], team_rerolls=1)
    assert notation == "N2,D3;tr=1"
    p1, p2 = Fraction(5, 6), Fraction(2, 3)
    assert _chance(rulebook, notation, edition) == p1 * p2 * (1 + (1 - p1) + (1 - p2)) == Fraction(5, 6)


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_ko_recovery_is_never_re_rolled_and_a_natural_1_stays_out(book, rulebook, edition):
    plain = write_chain(book, edition, [{"action": "ko-recovery"}], team_rerolls=2)
    assert plain == "N4!;tr=2"
    assert _chance(rulebook, plain, edition) == Fraction(1, 2)  # the team re-rolls do not apply
    kegs = write_chain(book, edition, [{"action": "ko-recovery", "choices": {"kegs": "two-kegs"}}])
    assert kegs == "N2!" and _chance(rulebook, kegs, edition) == Fraction(5, 6)


def test_bb2025_josef_bugman_adds_one_to_the_ko_recovery(book):
    assert write_chain(book, "bb2025", [{"action": "ko-recovery", "choices": {"bugman": "bugman"}}]) == "N3!"
    everything = {"kegs": "two-kegs", "bugman": "bugman"}
    assert write_chain(book, "bb2025", [{"action": "ko-recovery", "choices": everything}]) == "N2!"


@pytest.mark.parametrize("edition", ["bb2025"])
def test_bb2025_regeneration_may_take_a_team_re_roll_the_others_may_not(book, rulebook, edition):
    assert write_chain(book, edition, [{"action": "regeneration"}], team_rerolls=1) == "N4;tr=1"
    assert write_chain(book, "bb2020", [{"action": "regeneration"}], team_rerolls=1) == "N4!;tr=1"
    assert _chance(rulebook, "N4;tr=1", edition) == Fraction(3, 4)


def test_the_target_is_read_from_the_data_not_from_code(rulebook):
    changed = copy.deepcopy(rulebook)
    changed["rolls"]["bone-head-bb2020"]["target_number"] = 3
    changed["rolls"]["ko-recovery-bb2020"]["no_reroll"] = False
    book = RuleBook.from_dict(changed)
    assert write_chain(book, "bb2020", [{"action": "bone-head"}, {"action": "ko-recovery"}]) == "N3,N4"
