"""Block: Dauntless, Horns, Stand Firm and Fend, hand-worked, and the Dauntless roll face by face against the
rule texts (block_oracle.dauntless_faces)."""

from __future__ import annotations

from fractions import Fraction as F
from itertools import product

import pytest
from block_cases import block_of, fs
from block_oracle import dauntless_faces

from calculators.api import handle
from calculators.block import Block, resolve_block, strength_dice, totals


# ---------------------------------------------------------------- Dauntless, Horns, Stand Firm, Fend (hand-worked)


def test_dauntless_st3_against_st4():
    # Without Dauntless: 3 against 4, two dice, the defender chooses.  Dauntless: D6 + 3 must be higher than 4,
    # so 2+: P = 5/6, and then 4 against 4, one die.
    s = strength_dice("classic", 3, 4, dauntless=True)
    assert (s.dice, s.dauntless.needed, s.dauntless.chance, s.dauntless.dice) == (-2, 2, F(5, 6), 1)
    d = resolve_block(block_of("classic", 3, 4))
    # one die: 1/6 skull, 1/6 Both Down, 2/6 push, 2/6 defender down (Stumble, POW);
    # two dice, defender's choice: 11/36 skull, 5/36 Both Down, 16/36 push, 4/36 defender down
    # (test_two_dice_defender_chooses).  Mixed 5/6 : 1/6:
    assert d["attacker_down"] == F(5, 6) * F(1, 6) + F(1, 6) * F(11, 36) == F(41, 216)
    assert d["both_down"] == F(5, 6) * F(1, 6) + F(1, 6) * F(5, 36) == F(35, 216)
    assert d["push"] == F(5, 6) * F(2, 6) + F(1, 6) * F(16, 36) == F(19, 54)
    assert d["defender_down"] == F(5, 6) * F(2, 6) + F(1, 6) * F(4, 36) == F(8, 27)
    # P(defender Knocked Down) = 5/6 · 1/2 + 1/6 · 1/4 = 11/24; turnover = 41/216 + 35/216 = 19/54
    assert totals(d)["defender_knocked_down"] == F(11, 24)
    assert totals(d)["attacker_knocked_down"] == F(19, 54)


def test_dauntless_cannot_reach():
    # ST 2 against ST 8: D6 + 2 is at most 8, never higher: the roll is made (no natural-6 rule) and always fails
    s = strength_dice("bb2020", 2, 8, dauntless=True)
    assert (s.dauntless.needed, s.dauntless.chance, s.dice) == (7, 0, -3)
    assert resolve_block(block_of("bb2020", 2, 8)) == resolve_block(Block("bb2020", -3))
    # not stronger: no roll at all
    assert strength_dice("bb2025", 4, 4, dauntless=True).dauntless is None
    assert strength_dice("bb2025", 5, 4, dauntless=True).dauntless is None


def test_horns_and_dauntless_order_per_edition():
    # ST 3 with Horns on a Blitz against ST 4.
    # BB2020 (and classic, played the same): Horns first, 4 against 4 is not weaker: no Dauntless, one die.
    for edition in ("classic", "bb2020"):
        s = strength_dice(edition, 3, 4, horns=True, dauntless=True)
        assert (s.dice, s.attacker, s.dauntless) == (1, 4, None)
    # BB2025: unmodified 3 against 4 rolls Dauntless, 2+ (5/6); a success sets ST 4, then Horns makes it 5:
    # two dice for the attacker.  A failure leaves 3 + 1 = 4 against 4: one die.
    s = strength_dice("bb2025", 3, 4, horns=True, dauntless=True)
    assert (s.dice, s.dauntless.needed, s.dauntless.dice, s.dauntless.attacker) == (1, 2, 2, 5)
    # P(knocked down): two dice 1 - (1/2)^2 = 3/4, one die 1/2: 5/6 · 3/4 + 1/6 · 1/2 = 17/24
    d = resolve_block(block_of("bb2025", 3, 4, blitz=True, horns=True))
    assert totals(d)["defender_knocked_down"] == F(17, 24)
    assert totals(resolve_block(block_of("bb2020", 3, 4, blitz=True, horns=True)))["defender_knocked_down"] == F(1, 2)
    # Horns only on a Blitz
    assert strength_dice("bb2020", 3, 3, horns=False).dice == 1 and strength_dice("bb2020", 3, 3, horns=True).dice == 2
    r = handle({"kind": "block", "edition": "bb2020", "attacker_st": 3, "defender_st": 3, "attacker_horns": True})
    assert r["result"]["dice"] == 1 and r["result"]["strength"] == {"attacker": 3, "defender": 3}
    r = handle({"kind": "block", "edition": "bb2020", "attacker_st": 3, "defender_st": 3, "attacker_horns": True,
                "blitz": True})
    assert r["result"]["dice"] == 2 and r["result"]["strength"] == {"attacker": 4, "defender": 3}


def test_dauntless_with_assists_counts_them_after():
    # ST 3 + 2 assists against ST 4 + 1: Dauntless compares 3 with 4 (assists aside): 2+.  Success: 4 + 2 = 6
    # against 5, two dice for the attacker; failure: 5 against 5, one die.
    s = strength_dice("bb2025", 3, 4, 2, 1, dauntless=True)
    assert (s.dice, s.dauntless.needed, s.dauntless.dice, s.dauntless.attacker) == (1, 2, 2, 6)


def test_team_reroll_on_the_dauntless_roll_or_on_the_dice():
    # BB2020, ST 3 against ST 5: Dauntless needs 3+ (4/6); success 5 against 5, one die; failure 3 against 5,
    # two dice for the defender.  One die with k team re-rolls: P(down) = 1 - (1/2)^(k+1) (re-roll skulls and
    # pushes).  Defender's two dice: 1/4 with none; with one: 1/4 + 3/4 · 1/4 = 7/16.
    # One team re-roll: after a failed Dauntless roll, keeping it for the dice gives 7/16, spending it on the
    # Dauntless roll 4/6 · 1/2 + 2/6 · 1/4 = 5/12 < 7/16: kept.  Total 4/6 · 3/4 + 2/6 · 7/16 = 31/48.
    one = resolve_block(block_of("bb2020", 3, 5, team_rerolls=1))
    assert totals(one)["defender_knocked_down"] == F(31, 48)
    # Two: a block roll is re-rolled at most once (no die twice), so a second team re-roll adds nothing to the
    # dice (one die 3/4, two dice 7/16) and goes on the Dauntless roll: 4/6 · 3/4 + 2/6 · 7/16 = 31/48 after a
    # failure.  Total 4/6 · 3/4 + 2/6 · 31/48 = 103/144.
    two = resolve_block(block_of("bb2020", 3, 5, team_rerolls=2))
    assert totals(two)["defender_knocked_down"] == F(103, 144)
    # Classic: one team re-roll per turn, shared by the Dauntless roll and the dice: two are worth one
    assert resolve_block(block_of("classic", 3, 5, team_rerolls=2)) == resolve_block(block_of("classic", 3, 5, team_rerolls=1))
    assert totals(resolve_block(block_of("classic", 3, 5, team_rerolls=1)))["defender_knocked_down"] == F(31, 48)


def test_pro_on_the_dauntless_roll_or_on_the_dice():
    # Classic, ST 3 against ST 5, Pro (4+, re-roll the whole roll).  Success (4/6): one die with Pro:
    # 1/2 + 1/2 · 1/2 · 1/2 = 5/8.  Failure (2/6): Pro kept for the defender's two dice: 1/4 + 3/4 · 1/2 · 1/4
    # = 11/32; Pro on the Dauntless roll: 1/2 · (4/6 · 1/2 + 2/6 · 1/4) + 1/2 · 1/4 = 1/3 < 11/32: kept.
    # Total 4/6 · 5/8 + 2/6 · 11/32 = 17/32.
    d = resolve_block(block_of("classic", 3, 5, attacker=fs("pro")))
    assert totals(d)["defender_knocked_down"] == F(17, 32)


def test_frenzy_rolls_dauntless_again():
    # Classic, ST 3 against 4, Frenzy, no re-roll.  Each block: 5/6 one die, 1/6 the defender's two dice.
    # First block: defender down 1/2 (one die) or 1/4 (two dice); push 2/6 or 16/36 leads to a second block.
    one_kd, two_kd = F(1, 2), F(1, 4)
    each_kd = F(5, 6) * one_kd + F(1, 6) * two_kd            # 11/24
    each_push = F(5, 6) * F(2, 6) + F(1, 6) * F(16, 36)     # 19/54
    d = resolve_block(block_of("classic", 3, 4, attacker=fs("frenzy")))
    assert totals(d)["defender_knocked_down"] == each_kd + each_push * each_kd
    assert d["push"] == each_push * each_push


def test_fend_stops_the_second_frenzy_block():
    # One die, Frenzy: 1/2 + 2/6 · 1/2 = 2/3 (test_frenzy_two_blocks).  Against Fend the pushed target is out
    # of reach: no follow-up, no second block, so the single block's 1/2, and a push stays a push (2/6).
    frenzy = resolve_block(Block(attacker=fs("frenzy")))
    fend = resolve_block(Block(attacker=fs("frenzy"), defender=fs("fend")))
    assert totals(frenzy)["defender_knocked_down"] == F(2, 3)
    assert fend == resolve_block(Block()) and fend["push"] == F(2, 6)
    # Juggernaut on a Blitz cancels Fend: the second block happens again
    jugg = resolve_block(Block(attacker=fs("frenzy", "juggernaut"), defender=fs("fend"), blitz=True))
    assert jugg == resolve_block(Block(attacker=fs("frenzy", "juggernaut"), blitz=True))
    assert totals(jugg)["defender_knocked_down"] == F(2, 3)
    # Stand Firm does not stop it (the target stays next to the attacker)
    assert resolve_block(Block(attacker=fs("frenzy"), defender=fs("stand_firm"))) == frenzy


@pytest.mark.parametrize("edition", ["classic", "bb2020", "bb2025"])
@pytest.mark.parametrize("dice", [1, 2, -2, 3])
def test_stand_firm_and_fend_change_no_chance_without_frenzy(edition, dice):
    for dfd in (fs("stand_firm"), fs("fend"), fs("stand_firm", "fend", "dodge")):
        plain = dfd - {"stand_firm", "fend"}
        for att, blitz in ((fs("block"), False), (fs("juggernaut", "pro"), True)):
            assert resolve_block(Block(edition, dice, blitz, att, dfd, 1)) == resolve_block(Block(edition, dice, blitz, att, plain, 1))


@pytest.mark.parametrize("edition", ["classic", "bb2016", "bb2020", "bb2025"])
def test_strength_dice_agrees_with_the_rule_texts_face_by_face(edition):
    for att_st, def_st, att_as, def_as in product(range(1, 8), range(1, 9), range(3), range(3)):
        for blitz, horns in ((False, False), (True, False), (True, True)):
            s = strength_dice(edition, att_st, def_st, att_as, def_as, horns=horns and blitz, dauntless=True)
            plain, faces = dauntless_faces("classic" if edition == "bb2016" else edition, att_st, def_st, att_as,
                                           def_as, blitz, horns)
            assert s.dice == plain
            if faces is None:
                assert s.dauntless is None
                continue
            got = {face: s.dauntless.dice if face >= s.dauntless.needed else s.dice for face in range(1, 7)}
            assert got == faces, (att_st, def_st, att_as, def_as, blitz, horns)
            assert s.dauntless.chance == F(sum(1 for f in range(1, 7) if faces[f] != plain or f >= s.dauntless.needed), 6)
