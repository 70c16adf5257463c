"""Chains of rolls: hand-worked values, per-edition re-roll limits, and an enumeration oracle."""

from __future__ import annotations

import random
from fractions import Fraction as F
from functools import lru_cache
from itertools import product

import pytest

from calculators.chain import (ArmourStep, BlockStep, Chain, Player, Step, policy, sent_off_by_rerolls, solve,
                               success_by_rerolls, summary)
from calculators.errors import CalcError
from calculators.notation import format_chain, parse_chain


#: every edition, and both BB2025 readings of the Loner ruling
RULESETS = [("classic", None), ("bb2016", None), ("bb2020", None), ("bb2025", "rulebook"),
            ("bb2025", "designers-commentary")]


def P(text, edition="classic", reading=None):
    return parse_chain(text, edition, reading).chain


def test_dodge_rush_pickup_no_reroll():
    # (4/6)(5/6)(4/6) = 80/216 = 10/27
    assert solve(P("D3,R2,P3")) == F(10, 27)


def test_dodge_rush_pickup_one_team_reroll():
    # a=2/3, b=5/6, c=2/3.  One re-roll, spent on the first failure:
    # abc + (1-a)abc + a(1-b)bc + ab(1-c)c = 30/81 + 10/81 + 5/81 + 10/81 = 55/81
    assert solve(P("D3,R2,P3"), 1) == F(55, 81)


def test_classic_allows_one_team_reroll_per_turn():
    # N4,N4 with two team re-rolls: classic uses one (1/4 + 1/8 + 1/8 = 1/2); BB2020 both ((3/4)^2)
    assert success_by_rerolls(P("N4,N4", "classic"), 2) == (F(1, 4), F(1, 2), F(1, 2))
    assert success_by_rerolls(P("N4,N4", "bb2020"), 2) == (F(1, 4), F(1, 2), F(9, 16))
    assert solve(P("N4,N4", "bb2025"), 2) == F(9, 16)


def test_skills_reroll_their_own_steps():
    # Dodge on the dodge, Sure Feet on the rush: (8/9)(35/36) = 70/81 with no team re-roll
    assert solve(P("D3d,R2f")) == F(70, 81)


def test_dodge_once_per_turn():
    # two 4+ dodges with Dodge: both pass 1/4; first fails, Dodge passes, second passes 1/8;
    # first passes, second fails, Dodge passes 1/8 -> 1/2 (not (3/4)^2 = 9/16)
    assert solve(P("D4d,D4d")) == F(1, 2)
    # Sure Hands has no such limit: (3/4)^2
    assert solve(P("P4h,P4h")) == F(9, 16)


def test_dodge_is_per_player():
    # the catcher's Catch is unlimited; two different players' Dodge are separate
    assert solve(P("D4d/D4d")) == F(9, 16)


def test_loner_gates_team_rerolls():
    # 4+ with one team re-roll, Loner 4+: 1/2 + 1/2 · 1/2 · 1/2 = 5/8
    assert solve(P("[loner=4]N4"), 1) == F(5, 8)
    assert solve(P("[loner=2]N4"), 1) == F(1, 2) + F(1, 2) * F(5, 6) * F(1, 2)


def test_pro_per_edition():
    # classic Pro on 4+: 1/2 + 1/2 · 1/2 · 1/2 = 5/8; BB2020 and BB2025 on 3+: 1/2 + 1/2 · 2/3 · 1/2 = 2/3
    assert solve(P("[pro]N4", "classic")) == F(5, 8)
    assert solve(P("[pro]N4", "bb2020")) == F(2, 3)
    assert solve(P("[pro]N4", "bb2025")) == F(2, 3)


def test_pro_failure_blocks_other_rerolls_so_skill_first():
    # with Dodge and Pro on one dodge, the skill is used: 1/2 + 1/2 · 1/2 = 3/4;
    # Pro is kept for the second roll (a plain 4+): 3/4 · (1/2 + 1/2 · 2/3 · 1/2) in BB2020
    c = P("[pro]D4d,N4", "bb2020")
    assert solve(c) == F(3, 4) * F(2, 3)
    assert policy(c) == ("skill", "pro")


# --------------------------------------------------------------------- Loner roll re-rolled (BB2025 as written)

def test_a_failed_loner_roll_is_team_rerolled_only_in_bb2025_as_written():
    # [loner=4]N4 with two team re-rolls; a = P(4+) = 1/2, q = P(Loner 4+) = 1/2.
    # No re-roll of the Loner roll (classic: the lost re-roll was the turn's only one; BB2020: DC May 2025
    # p. 85; BB2025 read as BB2020's answer): a + (1-a)·q·a = 1/2 + 1/2·1/2·1/2 = 5/8, as with one re-roll.
    # BB2025 as written: the first re-roll is lost on a failed Loner roll, a second one re-rolls the Loner
    # die (no Loner roll of its own): a + (1-a)·(q·a + (1-q)·q·a) = 1/2 + 1/2·(1/4 + 1/8) = 11/16.
    chain = "[loner=4]N4"
    for edition in ("classic", "bb2016", "bb2020"):
        assert solve(P(chain, edition), 2) == F(5, 8), edition
    assert solve(P(chain, "bb2025", "designers-commentary"), 2) == F(5, 8)
    assert solve(P(chain, "bb2025", "rulebook"), 2) == F(11, 16)
    assert solve(P(chain, "bb2025"), 2) == F(11, 16)  # the default reading is the rulebook as written
    # with one team re-roll there is nothing left for the Loner die: 5/8 in every reading
    assert solve(P(chain, "bb2025", "rulebook"), 1) == F(5, 8)
    assert policy(P(chain, "bb2025"), 2) == ("team+team",)
    assert policy(P(chain, "bb2025"), 1) == ("team",)
    assert policy(P(chain, "bb2025", "designers-commentary"), 2) == ("team",)


def test_the_second_team_reroll_is_gone_for_the_next_roll():
    # [loner=4]N4,N4 with two team re-rolls in BB2025; a = q = 1/2.  For the second roll with k re-rolls:
    # V2(0) = 1/2, V2(1) = a + (1-a)·q·a = 5/8, as written V2(2) = a + (1-a)·(q·a + (1-q)·q·a) = 11/16.
    # As written: a·V2(2) + (1-a)·(q·a·V2(1) + (1-q)·q·a·V2(0))
    #   = 1/2·11/16 + 1/2·(1/4·5/8 + 1/8·1/2) = 11/32 + 1/2·(5/32 + 2/32) = 22/64 + 7/64 = 29/64.
    # BB2020's answer: V2(2) = V2(1) = 5/8; a·5/8 + (1-a)·q·a·5/8 = 5/16 + 5/64 = 25/64.
    assert solve(P("[loner=4]N4,N4", "bb2025", "rulebook"), 2) == F(29, 64)
    assert solve(P("[loner=4]N4,N4", "bb2025", "designers-commentary"), 2) == F(25, 64)
    assert solve(P("[loner=4]N4,N4", "bb2020"), 2) == F(25, 64)


# --------------------------------------------------------------------- Pro roll re-rolled (classic)

def test_a_failed_pro_roll_is_team_rerolled_only_in_classic():
    # [pro,loner=4]N4 with one team re-roll; a = 1/2, q = P(Loner 4+) = 1/2.
    # Classic (LRB6 Pro 4+, and a team re-roll may re-roll the Pro roll, behind the Loner roll):
    #   Pro then team on the Pro roll: 1/2·a + 1/2·q·1/2·a = 1/4 + 1/16 = 5/16;
    #   team alone: q·a = 1/4; Pro alone: 1/4.  P = a + (1-a)·5/16 = 1/2 + 5/32 = 21/32.
    # BB2020 and BB2025 (Pro 3+, a failed Pro roll is final): Pro 2/3·a = 1/3 beats team 1/4:
    #   P = 1/2 + 1/2·1/3 = 2/3.
    chain = "[pro,loner=4]N4"
    assert solve(P(chain, "classic"), 1) == F(21, 32)
    assert solve(P(chain, "bb2016"), 1) == F(21, 32)
    assert policy(P(chain, "classic"), 1) == ("pro+team",)
    assert policy(P(chain, "classic"), 0) == ("pro",)
    assert solve(P(chain, "bb2020"), 1) == F(2, 3)
    for reading in ("rulebook", "designers-commentary"):
        assert solve(P(chain, "bb2025", reading), 1) == F(2, 3)
        assert policy(P(chain, "bb2025", reading), 1) == ("pro",)
    # BB2025 as written with two team re-rolls: team, then team on the Loner roll: q·a + (1-q)·q·a = 3/8
    # beats Pro's 1/3: 1/2 + 1/2·3/8 = 11/16; BB2020's answer keeps 2/3
    assert solve(P(chain, "bb2025", "rulebook"), 2) == F(11, 16)
    assert solve(P(chain, "bb2025", "designers-commentary"), 2) == F(2, 3)


def test_pro_then_team_can_beat_the_team_reroll_without_loner():
    # classic [pro]N4/N6, one team re-roll.  The catcher (6+, no skill): V2(1) = 1/6 + 5/6·1/6 = 11/36,
    # V2(0) = 1/6.  If the 4+ fails: Pro then team on the Pro roll = 1/2·1/2·V2(1) + 1/2·1/2·1/2·V2(0)
    # = 11/144 + 1/48 = 14/144; the team re-roll alone = 1/2·V2(0) = 12/144; Pro alone = 11/144.
    # P = 1/2·V2(1) + 1/2·14/144 = 1/2·44/144 + 7/144 = 22/144 + 7/144 = 29/144
    assert solve(P("[pro]N4/N6"), 1) == F(29, 144)
    assert policy(P("[pro]N4/N6"), 1) == ("pro+team", "team")
    # without Loner a plain 4+ prefers the sure team re-roll (1/2) to Pro then team (3/8): 3/4
    assert solve(P("[pro]N4"), 1) == F(3, 4) and policy(P("[pro]N4"), 1) == ("team",)


def test_the_team_reroll_spent_on_the_pro_roll_is_the_turns_only_one():
    # classic [pro,loner=4]N4/N4 with TWO team re-rolls (classic uses one per turn); a = q = 1/2.
    # The catcher: 3/4 while the turn's team re-roll is unused, 1/2 once it is used.
    # If the first 4+ fails: Pro alone 1/2·a·3/4 = 3/16; Pro then team on the Pro roll
    # 3/16 + 1/2·q·1/2·a·1/2 = 3/16 + 1/32 = 7/32; team alone q·a·1/2 = 1/8.
    # P = a·3/4 + (1-a)·7/32 = 3/8 + 7/64 = 31/64 (63/128 if the Pro roll's re-roll left one for the catcher).
    chain = P("[pro,loner=4]N4/N4")
    assert solve(chain, 2) == solve(chain, 1) == F(31, 64)
    assert policy(chain, 2) == ("pro+team", "team")


def test_interception_is_not_rerolled():
    # thrower passes 4+ with a team re-roll (3/4), interceptor needs 5+ (fails 2/3), catch 3+ (2/3)
    # the re-roll is best kept... one re-roll for two of our rolls: compute by hand:
    # P = p_T·q·(c + (1-c)c) + (1-p_T)·p_T·q·c  with p_T=1/2, q=2/3, c=2/3
    pT, q, c = F(1, 2), F(2, 3), F(2, 3)
    expected = pT * q * (c + (1 - c) * c) + (1 - pT) * pT * q * c
    assert solve(P("T4,I5,C3", "bb2020"), 1) == expected
    assert policy(P("T4,I5,C3"), 1) == ("team", "opponent", "team")


def test_policy_prefers_the_free_source():
    assert policy(P("D3d,R2"), 1) == ("skill", "team")
    assert policy(P("D3,R2"), 0) == ("none", "none")


@pytest.mark.parametrize("edition, reading", RULESETS)
def test_more_rerolls_never_hurt(edition, reading):
    rng = random.Random(7)
    for k in range(40):
        c = random_chain(rng, edition, reading, flag_rate=0.5, rich=k % 2 == 1)
        values = success_by_rerolls(c, 5)
        assert all(a <= b for a, b in zip(values, values[1:])), format_chain(c)
        assert all(0 <= v <= 1 for v in values)
        if edition in ("classic", "bb2016"):  # one team re-roll per turn, wherever it is spent
            assert len(set(values[1:])) == 1, format_chain(c)


def test_the_rulebook_reading_never_gives_less():
    # it only adds a choice (a second team re-roll on a failed Loner roll)
    rng = random.Random(11)
    for _ in range(30):
        c = random_chain(rng, "bb2025", "rulebook", flag_rate=0.6)
        dc = Chain(c.steps, c.players, "bb2025", "designers-commentary")
        for tr in range(5):
            assert solve(c, tr) >= solve(dc, tr), (format_chain(c), tr)


def test_invalid_chain_errors():
    with pytest.raises(CalcError) as e:
        solve(Chain((Step("dodge", 7),)))
    assert e.value.field == "steps[0].target"
    with pytest.raises(CalcError) as e:
        solve(Chain((Step("landing", 3, skill=True),)))
    assert e.value.field == "steps[0].skill"
    with pytest.raises(CalcError) as e:
        solve(P("D3"), 9)
    assert e.value.field == "team_rerolls"
    # the Loner reading exists only in BB2025
    for edition in ("classic", "bb2016", "bb2020"):
        with pytest.raises(CalcError) as e:
            solve(Chain((Step("dodge", 3),), edition=edition, reading="rulebook"))
        assert e.value.field == "reading" and "BB2025" in str(e.value)
    with pytest.raises(CalcError) as e:
        parse_chain("D3", "bb2025", "as-written")
    assert e.value.field == "reading" and e.value.allowed == ["rulebook", "designers-commentary"]


# --------------------------------------------------------------------- blocks

# Block die faces: 1 Attacker Down, 2 Both Down, 3-4 Push, 5 Defender Stumbles, 6 POW (rules-facts §8).

def test_two_dice_block_with_block_against_no_skill():
    # attacker with Block, defender without skill, knock-down goal: per die Both Down (the defender falls, the
    # attacker keeps its feet), Stumbles, POW succeed: 3/6 = 1/2.  At least one of two dice: 1 - (1/2)^2 = 3/4;
    # with a team re-roll of both dice after a failure: 3/4 + 1/4 · 3/4 = 15/16.  Same in every edition.
    for edition, reading in RULESETS:
        assert success_by_rerolls(P("B2b", edition, reading), 1) == (F(3, 4), F(15, 16))
    assert policy(P("B2b"), 1) == ("team",)


def test_dodge_and_tackle():
    # defender Dodge, attacker without Tackle: Stumbles is only a push -> Both Down, POW: 2/6 per die,
    # 1 - (2/3)^2 = 5/9.  Tackle cancels Dodge: 3/4 again.
    assert solve(P("B2b:d")) == F(5, 9)
    assert solve(P("B2bt:d")) == F(3, 4)


def test_the_defender_chooses():
    # B-2b: the defender picks, so both dice must succeed: (1/2)^2 = 1/4
    assert solve(P("B-2b")) == F(1, 4)


def test_the_standing_goal_and_wrestle():
    # =s: the attacker only needs to stay standing.  One die, no skill: Push (2), Stumbles, POW = 4/6.  With Block,
    # Both Down too: 5/6.  A defender with Wrestle turns Both Down into both Placed Prone: 4/6 again.
    assert solve(P("B1=s")) == F(2, 3)
    assert solve(P("B1b=s")) == F(5, 6)
    assert solve(P("B1b:w=s")) == F(2, 3)
    # knock-down goal with Block against Block: Both Down leaves both standing, no knock-down: Stumbles, POW
    assert solve(P("B1b:b")) == F(1, 3)


def test_brawler_rerolls_one_both_down():
    # BB2020 B1r (no Block): Stumbles, POW = 1/3; a Both Down (1/6) is re-rolled by Brawler: 1/3 + 1/6 · 1/3 = 7/18
    assert solve(P("B1r", "bb2020")) == F(7, 18)
    # B-2r: both dice must succeed, (1/3)^2 = 1/9; exactly one failing die showing Both Down, 2 · 1/6 · 1/3 = 1/9,
    # re-rolled by Brawler (1/3): 1/9 + 1/27 = 4/27
    assert solve(P("B-2r", "bb2025")) == F(4, 27)
    assert policy(P("B-2r", "bb2025"))[0] == {"both_down": "skill", "one_die": "none", "all_dice": "none"}
    # Brawler needs a Block action (no other roll of that player but armour rolls) and BB2020 or BB2025
    with pytest.raises(CalcError) as e:
        parse_chain("R2,B2r", "bb2020")
    assert "token 2" in e.value.message and "Block action" in e.value.message
    with pytest.raises(CalcError) as e:
        parse_chain("B2r", "classic")
    assert "BB2020 and BB2025 only" in e.value.message
    assert solve(P("B2r,A9m", "bb2020")) > 0


def test_pro_on_a_block_per_edition():
    # [pro]B1: 1/3 (Stumbles, POW).  Classic Pro 4+ re-rolls the roll: 1/3 + 2/3 · 1/2 · 1/3 = 4/9;
    # BB2020 Pro 3+: 1/3 + 2/3 · 2/3 · 1/3 = 13/27
    assert solve(P("[pro]B1")) == F(4, 9)
    assert solve(P("[pro]B1", "bb2020")) == F(13, 27)
    # [pro]B-2: both dice must succeed, 1/9.  BB2020 Pro re-rolls ONE die: it saves only a roll with one failing
    # die (2 · 1/3 · 2/3 = 4/9), 2/3 · 1/3: 1/9 + 4/9 · 2/9 = 17/81.  Classic Pro re-rolls both dice after any
    # failure (8/9): 1/9 + 8/9 · 1/2 · 1/9 = 13/81.
    assert solve(P("[pro]B-2", "bb2020")) == F(17, 81)
    assert solve(P("[pro]B-2", "classic")) == F(13, 81)
    assert policy(P("[pro]B-2", "bb2020"))[0] == {"both_down": "pro", "one_die": "pro", "all_dice": "none"}


def test_a_blitz_shares_the_turns_team_reroll():
    # classic R2,B2 (no skills) with one team re-roll for the turn: r = 5/6, b = 1 - (2/3)^2 = 5/9.
    # P = r·(b + (1-b)·b) + (1-r)·r·b = 5/6 · 65/81 + 1/6 · 5/6 · 5/9 = 650/972 + 75/972 = 725/972
    assert solve(P("R2,B2"), 1) == F(725, 972)
    # BB2020: a team re-roll for each: (5/6 + 1/6 · 5/6)(5/9 + 4/9 · 5/9) = 35/36 · 65/81
    assert solve(P("R2,B2", "bb2020"), 2) == F(35, 36) * F(65, 81)


def test_a_single_block_agrees_with_the_block_calculator():
    # calculators.block is a separate implementation (outcome distributions, both coaches' choices): with goal
    # "safe" its P(defender_down) is the knock-down goal's chance, for the same dice, skills and re-rolls
    from calculators.block import Block, resolve_block

    rng = random.Random(21)
    for edition in ("classic", "bb2020", "bb2025"):
        for dice in (1, 2, 3, -2, -3):
            for _ in range(3):
                att = {k for k in ("block", "tackle") if rng.random() < 0.5}
                if edition != "classic" and rng.random() < 0.4:
                    att.add("brawler")
                dfd = {k for k in ("block", "dodge", "wrestle") if rng.random() < 0.4}
                pro = rng.random() < 0.5
                tr = rng.randint(0, 2)
                chain = Chain((BlockStep(dice, frozenset(att), frozenset(dfd)),), (Player(pro),), edition)
                block = Block(edition, dice, False, frozenset(att | ({"pro"} if pro else set())), frozenset(dfd), tr,
                              "safe")
                assert solve(chain, tr) == resolve_block(block)["defender_down"], (edition, dice, att, dfd, pro, tr)


def test_block_properties():
    rng = random.Random(8)
    for _ in range(40):
        dice = rng.choice([1, 2, 3])
        att = frozenset(k for k in ("block", "tackle") if rng.random() < 0.5)
        dfd = frozenset(k for k in ("block", "dodge", "wrestle") if rng.random() < 0.5)
        edition = rng.choice(["classic", "bb2020", "bb2025"])
        tr = rng.randint(0, 2)

        def p(d=dice, a=att, f=dfd, goal="down"):
            return solve(Chain((BlockStep(d, a, f, goal),), edition=edition), tr)

        assert p(goal="standing") >= p()                       # standing is easier than a knock-down
        assert p(a=att | {"block"}) >= p()                      # the attacker's skills never hurt it
        assert p(f=dfd - {"dodge", "block", "wrestle"}) >= p()  # the defender's never help it
        if dice > 1:
            assert p(d=-dice) <= p()                            # the defender choosing never helps
            assert p(d=dice - 1) <= p()                         # nor fewer dice for the attacker
        if "tackle" in att:
            assert p() == p(f=dfd - {"dodge"})                  # Tackle cancels Dodge


# --------------------------------------------------------------------- armour rolls and fouls

def test_armour_rolls_are_never_rerolled():
    # classic AV 8 breaks on 9+ (exceeds AV), BB2020 AV 9+ on 9+: 10/36 = 5/18, whatever the team re-rolls
    assert success_by_rerolls(P("A8"), 2) == (F(5, 18),) * 3
    assert success_by_rerolls(P("[pro]A9", "bb2020"), 2) == (F(5, 18),) * 3
    assert policy(P("A8"), 1) == ("none",)
    # Mighty Blow +1 where it breaks: 8+ = 15/36
    assert solve(P("A9m", "bb2020")) == F(5, 12)
    # Claws: BB2025 an unmodified 8+ breaks AV 10+: 15/36.  Classic Claw counts the 8 after modifiers (LRB6/CRP;
    # data/skills/claws.yml), so with Mighty Blow a natural 7 reaches it: 21/36; BB2020 AV 11+ with both: natural
    # 8+ by Claws, natural 10+ with Mighty Blow: still 15/36
    assert solve(P("A10c", "bb2025")) == F(5, 12)
    assert solve(P("A10mc")) == F(7, 12)
    assert solve(P("A11mc", "bb2020")) == F(5, 12)
    # classic AV 12 cannot be exceeded by 2D6
    assert solve(P("A12")) == 0


def test_a_block_then_its_armour_roll():
    # B2b then A8 with Mighty Blow (classic: 8+ = 15/36): 3/4 · 5/12 = 5/16; the team re-roll goes on the block
    # (armour rolls are never re-rolled): 15/16 · 5/12 = 25/64
    assert success_by_rerolls(P("B2b,A8m"), 1) == (F(5, 16), F(25, 64))


def test_a_foul_and_its_send_off():
    # classic F8 (AV 8, no assist): breaks on 9+, 10/36.  Sent off: a double on the armour roll (6/36), or a
    # break without a double (9+ without 5-5, 6-6: 8/36) then a double on the injury roll (1/6): 6/36 + 8/216 = 11/54
    c = P("F8")
    assert solve(c) == F(5, 18) and sent_off_by_rerolls(c, 0) == (F(11, 54),)
    # a later step needs the fouler NOT sent off (a send-off is a turnover): breaks and stays = 10/36 - (2/36 +
    # 8/216) = 40/216 = 5/27, then N2 (5/6): 25/162; the chance of a send-off is the same 11/54
    c = P("F8,N2")
    assert solve(c) == F(25, 162) and sent_off_by_rerolls(c, 0) == (F(11, 54),)
    # assists and Dirty Player: BB2020 F9+1d breaks on natural 7+ (21/36); sent off 6/36 + 18/36 · 1/6 = 1/4
    c = P("F9+1d", "bb2020")
    assert solve(c) == F(7, 12) and sent_off_by_rerolls(c, 0) == (F(1, 4),)


def test_a_hopeless_chain_is_not_chased_into_a_send_off():
    # classic [pro]N4,F8,A12: AV 12 can never break, so success is 0 whatever is done; playing on after a failed
    # N4 could only add send-offs, so the coach accepts it: P(sent off) = 1/2 · 11/54 = 11/108
    c = P("[pro]N4,F8,A12")
    assert solve(c, 1) == 0
    assert sent_off_by_rerolls(c, 1)[1] == F(11, 108)
    assert policy(c, 1) == ("none", "none", "none")


def test_armour_steps_agree_with_the_armour_and_foul_calculators():
    from calculators.armour import armour_injury, foul

    for edition in ("classic", "bb2020", "bb2025"):
        hi = 12 if edition == "classic" else 13
        for av in range(3, hi + 1):
            for mod in (-2, 0, 1, 3):
                for mb in (False, True):
                    c = Chain((ArmourStep(av, mod, mighty_blow=mb),), edition=edition)
                    assert solve(c) == 1 - armour_injury(edition, av, mod, mighty_blow=mb)["no_break"]
                    outcomes, sent = foul(edition, av, mod, dirty_player=mb)
                    c = Chain((ArmourStep(av, mod, foul=True, dirty_player=mb),), edition=edition)
                    assert solve(c) == 1 - outcomes["no_break"]
                    assert sent_off_by_rerolls(c, 0) == (sent,)


def test_armour_step_errors():
    for text, fragment in [("A13", "3 to 12"), ("A14", "3 to 13"), ("A9+6", "-5 to 5"), ("F9+9", "-8 to 8"),
                           ("A9d", "unknown armour skill mark 'd'"), ("F9m", "unknown foul skill mark 'm'")]:
        with pytest.raises(CalcError) as e:
            parse_chain(text, "classic" if text == "A13" else "bb2020")
        assert fragment in e.value.message and "token 1" in e.value.message, (text, e.value.message)
    with pytest.raises(CalcError) as e:
        solve(Chain((ArmourStep(9, foul=True, mighty_blow=True),), edition="bb2020"))
    assert e.value.field == "steps[0].mighty_blow"


# --------------------------------------------------------------------- the oracle

FAMILY = {"classic": "classic", "bb2016": "classic", "bb2020": "bb2020", "bb2025": "bb2025"}
PRO_NEEDS = {"classic": 4, "bb2020": 3, "bb2025": 3}  # LRB6 Pro 4+; BB2020 / BB2025 Pro 3+
TEAM_CAP = {"classic": 1, "bb2020": 99, "bb2025": 99}  # classic: one team re-roll per turn
# LRB6/CRP Pro: a failed Pro roll may itself be re-rolled with a team re-roll; BB2020 and BB2025 Pro: once
# Pro was tried, no other re-roll for that die (and no such permission)
TEAM_ON_PRO_ROLL = {"classic": True, "bb2020": False, "bb2025": False}
ONCE = {"dodge", "rush"}  # Dodge and Sure Feet: once per turn
OPPONENT = {"interception", "tentacles", "shadowing"}  # an opponent rolls: we go on when it fails (issue 9)
COACH_ONLY = {"bribe", "argue-the-call"}  # the coach's rolls: no team re-roll, no Pro, no skill (issue 9)
FACES = range(1, 7)


def oracle(chain: Chain, team_rerolls: int) -> F:
    """P(success) by :func:`oracle_full`."""
    return oracle_full(chain, team_rerolls)[0]


# a value is a pair (P(success), P(a fouler is sent off)); the coach plays for success, then for no send-off
NOTHING = (F(0), F(0))


def _add(a, b):
    return (a[0] + b[0], a[1] + b[1])


def _times(c, a):
    return (c * a[0], c * a[1])


def _mean(values):
    values = list(values)
    total = NOTHING
    for v in values:
        total = _add(total, v)
    return _times(F(1, len(values)), total)


def _best(*values):
    return max(values, key=lambda v: (v[0], -v[1]))


def block_face_ok(face: int, step, goal_down: bool) -> bool:
    """Whether block die face `face` (1 Attacker Down, 2 Both Down, 3-4 Push, 5 Defender Stumbles, 6 POW) meets
    the step's goal, from the rules (LRB6, BB2020, BB2025 block results): the defender uses Wrestle on Both Down
    when that is worse for us."""
    att, dfd = step.attacker, step.defender

    def meets(attacker_standing, defender_knocked_down):
        return attacker_standing and (defender_knocked_down or not goal_down)

    if face == 1:
        return meets(False, False)
    if face == 2:
        results = [meets("block" in att, "block" not in dfd)]  # whoever lacks Block is Knocked Down
        if "wrestle" in dfd:
            results.append(meets(False, False))  # both Placed Prone: nobody Knocked Down, the attacker on the ground
        return min(results)
    if face in (3, 4):
        return meets(True, False)
    if face == 5:
        return meets(True, not ("dodge" in dfd and "tackle" not in att))
    return meets(True, True)


def oracle_full(chain: Chain, team_rerolls: int) -> tuple[F, F]:
    """Expectimax over every die face, written from the rules independently of calculators.chain.

    Every die (the test die, its re-roll, the Pro roll and its team re-roll, the Loner roll and, in
    BB2025 read as written, its team re-roll; every block die, ordered, and each die Pro or Brawler might
    re-roll; both dice of an armour roll and of a foul's injury roll; after a send-off, the die of each Bribe
    and Argue the Call written after the foul) is enumerated face by face, and at every choice the coach takes
    the best of accepting (the chain ends) and each re-roll the rules leave; a D6 test passes on "6, or not 1 and at least the target".  Values are pairs (P(success), P(a fouler is
    sent off)), compared on success first, then on fewer send-offs.  States are memoised only for speed.
    """
    fam = FAMILY[chain.edition]
    # BB2025 as written (the default reading): a team re-roll may re-roll a failed Loner roll
    team_on_loner_roll = fam == "bb2025" and chain.reading in (None, "rulebook")
    steps = chain.steps

    def passes(face, target):
        return face == 6 or (face != 1 and face >= target)

    def team_available(tr, team_used):
        return tr > 0 and team_used < TEAM_CAP[fam]

    @lru_cache(maxsize=None)
    def go(i, tr, team_used, used, pros):
        if i == len(steps):
            return (F(1), F(0))
        s = steps[i]
        if s.kind == "block":
            n = abs(s.dice)
            return _mean(block_rolled(i, faces, tr, team_used, used, pros) for faces in product(FACES, repeat=n))
        if s.kind in ("armour", "foul"):
            return _mean(armour_rolled(i, a, b, tr, team_used, used, pros) for a in FACES for b in FACES)
        if s.kind in COACH_ONLY:  # a Bribe or Argue the Call is rolled only when the foul before sends off
            return go(i + 1, tr, team_used, used, pros)
        total = NOTHING
        for face in FACES:
            if s.kind in OPPONENT:
                v = NOTHING if passes(face, s.target) else go(i + 1, tr, team_used, used, pros)
            elif passes(face, s.target):
                v = go(i + 1, tr, team_used, used, pros)
            else:
                v = _best(after_fail(i, face, tr, team_used, used, pros), break_tackle(i, face, tr, team_used, used, pros))
            total = _add(total, _times(F(1, 6), v))
        return total

    def break_tackle(i, face, tr, team_used, used, pros):
        """Break Tackle on a failed die (BB2020/BB2025 dodge): the bonus added once per turn, if it makes the die
        pass (a natural 1 still fails); NOTHING when it cannot."""
        s = steps[i]
        bonus = getattr(s, "break_tackle", 0)
        mark = (s.player, "break-tackle")
        if bonus and mark not in used and face != 1 and face + bonus >= s.target:
            return go(i + 1, tr, team_used, used | {mark}, pros)
        return NOTHING

    # ---- armour rolls and fouls: never re-rolled (no team re-roll, Pro or skill on an armour roll)

    def breaks(s, a, b):
        natural = a + b
        for bonus in ([0, 1] if (s.mighty_blow or s.dirty_player) else [0]):  # +1 where it helps
            total = natural + s.modifier + bonus
            if (total > s.av) if fam == "classic" else (total >= s.av):  # LRB6 exceeds AV; BB2020+ AV target
                return True
            if s.claws and (total if fam == "classic" else natural) >= 8:  # LRB6 Claw after modifiers
                return True
        return False

    @lru_cache(maxsize=None)
    def sent_off(i, broke, tr, team_used, used, pros):
        """The fouler of steps[i] sent off (``broke``: the armour broke): the Bribes and Argue the Call written
        right after the foul, each die face by face, in the order written.  A send-off, or a turnover with the
        fouler kept (Argue the Call), ends the chain: it counts as a success only when nothing follows and the
        armour broke.  A Bribe on 2+ keeps the fouler and the turn goes on; a natural 1 on Argue the Call ejects
        the coach, and in BB2020 no Bribe may follow it."""
        group = []
        while i + 1 + len(group) < len(steps) and steps[i + 1 + len(group)].kind in COACH_ONLY:
            group.append(steps[i + 1 + len(group)])
        after = i + 1 + len(group)
        ends = F(1) if broke and after == len(steps) else F(0)  # a send-off is a turnover: later steps never come

        def appeal(g, ejected):
            if g == len(group):
                return (ends, F(1))
            s = group[g]
            if s.kind == "bribe" and ejected and fam == "bb2020":
                return appeal(g + 1, ejected)
            total = NOTHING
            for face in FACES:
                if s.kind == "bribe":
                    ok = go(after, tr, team_used, used, pros) if broke else NOTHING
                    v = ok if passes(face, s.target) else appeal(g + 1, ejected)
                else:
                    # a natural 1 ejects the coach, except with a BB2020 Biased Referee (the mark r)
                    v = (ends, F(0)) if passes(face, s.target) else appeal(g + 1, ejected or (face == 1 and not s.skill))
                total = _add(total, _times(F(1, 6), v))
            return total

        return appeal(0, False)

    def armour_rolled(i, a, b, tr, team_used, used, pros):
        s = steps[i]
        going_on = go(i + 1, tr, team_used, used, pros)
        if not s.foul:
            return going_on if breaks(s, a, b) else NOTHING
        if a == b:  # a double on the armour roll
            return sent_off(i, breaks(s, a, b), tr, team_used, used, pros)
        if not breaks(s, a, b):
            return NOTHING
        sent = sent_off(i, True, tr, team_used, used, pros)
        return _mean(sent if c == d else going_on for c in FACES for d in FACES)  # the injury roll

    # ---- blocks

    @lru_cache(maxsize=None)
    def block_ok(s, faces):
        ok = [block_face_ok(f, s, s.goal == "down") for f in faces]
        return any(ok) if s.dice > 0 else all(ok)  # the choosing coach picks the die

    def block_final(i, faces, tr, team_used, used, pros):
        return go(i + 1, tr, team_used, used, pros) if block_ok(steps[i], faces) else NOTHING

    def one_die_again(i, faces, j, tr, team_used, used, pros):
        return _mean(block_final(i, faces[:j] + (f,) + faces[j + 1:], tr, team_used, used, pros) for f in FACES)

    @lru_cache(maxsize=None)
    def all_dice_again(i, tr, team_used, used, pros):
        n = abs(steps[i].dice)
        return _mean(block_final(i, faces, tr, team_used, used, pros) for faces in product(FACES, repeat=n))

    @lru_cache(maxsize=None)
    def block_rolled(i, faces, tr, team_used, used, pros):
        s = steps[i]
        pl = chain.players[s.player]
        if block_ok(s, faces):
            return go(i + 1, tr, team_used, used, pros)
        best = NOTHING
        if "brawler" in s.attacker and fam != "classic":  # one Both Down die, BB2020/BB2025
            for j, f in enumerate(faces):
                if f == 2:
                    best = _best(best, one_die_again(i, faces, j, tr, team_used, used, pros))
        if pl.pro and s.player not in pros:
            after = pros | {s.player}

            def pro_reroll(tr2, used2):
                if fam == "classic":  # LRB6 Pro: the whole roll
                    return all_dice_again(i, tr2, used2, used, after)
                return _best(*(one_die_again(i, faces, j, tr2, used2, used, after) for j in range(len(faces))))

            best = _best(best, pro_attempt(pl, tr, team_used, pro_reroll))
        if team_available(tr, team_used):
            best = _best(best, team_reroll(pl, tr, team_used, lambda tr2, used2: all_dice_again(i, tr2, used2, used,
                                                                                                pros)))
        return best

    # ---- D6 tests

    @lru_cache(maxsize=None)
    def reroll_value(i, tr, team_used, used, pros):
        s = steps[i]
        return _mean(go(i + 1, tr, team_used, used, pros) if passes(f, s.target)
                     else break_tackle(i, f, tr, team_used, used, pros) for f in FACES)

    def team_reroll(pl, tr, team_used, goes_ahead, stands=None):
        """Spend a team re-roll for player `pl`: the Loner roll face by face, and on a failed one the best of
        accepting (nothing) and, where allowed, a second team re-roll on that Loner die (no Loner roll for it, and
        that die is never re-rolled again).  `goes_ahead(tr, team_used)`: the value once the re-roll happens;
        `stands(tr, team_used)`: the value of the failed die left as it is (Break Tackle may still save it)."""
        stands = stands or (lambda tr2, used2: NOTHING)
        tr, team_used = tr - 1, team_used + 1  # spent, even if the Loner roll fails
        if pl.loner is None:
            return goes_ahead(tr, team_used)
        total = NOTHING
        for g in FACES:
            if g >= pl.loner:
                v = goes_ahead(tr, team_used)
            else:
                v = stands(tr, team_used)
                if team_on_loner_roll and team_available(tr, team_used):
                    again = _mean(goes_ahead(tr - 1, team_used + 1) if h >= pl.loner else stands(tr - 1, team_used + 1)
                                  for h in FACES)
                    v = _best(v, again)
            total = _add(total, _times(F(1, 6), v))
        return total

    def pro_attempt(pl, tr, team_used, reroll, stands=None):
        """The Pro roll face by face; `reroll(tr, team_used)`: the value once it passes; `stands(tr, team_used)`:
        the value of the failed die left as it is (Break Tackle may still save it)."""
        stands = stands or (lambda tr2, used2: NOTHING)
        total = NOTHING
        for g in FACES:
            if g >= PRO_NEEDS[fam]:
                v = reroll(tr, team_used)
            else:
                v = stands(tr, team_used)  # the die stands
                if TEAM_ON_PRO_ROLL[fam] and team_available(tr, team_used):
                    def pro_again(tr2, used2):  # the Pro roll re-rolled by the team re-roll
                        return _mean(reroll(tr2, used2) if h >= PRO_NEEDS[fam] else stands(tr2, used2) for h in FACES)
                    v = _best(v, team_reroll(pl, tr, team_used, pro_again, stands))
            total = _add(total, _times(F(1, 6), v))
        return total

    @lru_cache(maxsize=None)
    def after_fail(i, face, tr, team_used, used, pros):
        s = steps[i]
        pl = chain.players[s.player]
        best = NOTHING
        if s.kind in COACH_ONLY:
            return best
        if s.skill:
            mark = (s.player, s.kind if s.kind in ONCE else None)
            if s.kind not in ONCE or mark not in used:
                best = _best(best, reroll_value(i, tr, team_used, used | {mark} if s.kind in ONCE else used, pros))
        if pl.pro and s.player not in pros:
            after = pros | {s.player}
            best = _best(best, pro_attempt(pl, tr, team_used,
                                           lambda tr2, used2: reroll_value(i, tr2, used2, used, after),
                                           lambda tr2, used2: break_tackle(i, face, tr2, used2, used, after)))
        if team_available(tr, team_used):
            best = _best(best, team_reroll(pl, tr, team_used,
                                           lambda tr2, used2: reroll_value(i, tr2, used2, used, pros),
                                           lambda tr2, used2: break_tackle(i, face, tr2, used2, used, pros)))
        return best

    return go(0, team_rerolls, 0, frozenset(), frozenset())


def random_block(rng: random.Random, brawler: bool = False) -> str:
    dice = rng.choice([1, 2, 2, -2, 3, -3])
    attacker = "".join(m for m in "bt" if rng.random() < 0.4) + ("r" if brawler else "")
    defender = "".join(m for m in "bdw" if rng.random() < 0.3)
    return f"B{dice}{attacker}" + (f":{defender}" if defender else "") + ("=s" if rng.random() < 0.3 else "")


def random_armour(rng: random.Random, edition: str, foul: bool) -> str:
    # AV 12 in classic (and 13 in BB2020+) with no modifier can never break: a chain that cannot succeed
    av = rng.randint(6, 12 if FAMILY[edition] == "classic" else 13)
    modifier = rng.choice([0, 0, 1, 2, -1]) if foul else rng.choice([0, 0, 0, 1, -1])
    marks = ("d" if rng.random() < 0.5 else "") if foul else "".join(m for m in "mc" if rng.random() < 0.4)
    return f"{'F' if foul else 'A'}{av}{f'{modifier:+d}' if modifier else ''}{marks}"


def random_chain(rng: random.Random, edition: str, reading: str | None = None, flag_rate: float = 0.3,
                 rich: bool = False) -> Chain:
    """A random chain of D6 tests; `rich` adds blocks, armour rolls, fouls and (BB2020+) Brawler's Block actions."""
    letters = "DRPTCHLIN" + ("BBBAF" if rich else "")
    marks = {"D": "d", "R": "f", "P": "h", "T": "p", "C": "c", "H": "c"}
    n_players = rng.choice([1, 1, 2])
    parts = []
    for p in range(n_players):
        flags = []
        if rng.random() < flag_rate:
            flags.append("pro")
        if rng.random() < flag_rate:
            flags.append(f"loner={rng.randint(2, 6)}")
        toks = []
        if rich and FAMILY[edition] != "classic" and rng.random() < 0.25:
            # a Block action with Brawler: the block, perhaps its armour roll, nothing else
            toks.append(random_block(rng, brawler=True))
            if rng.random() < 0.5:
                toks.append(random_armour(rng, edition, foul=False))
        else:
            for _ in range(rng.randint(1, 3 if rich else 4)):
                letter = rng.choice(letters)
                if letter == "B":
                    toks.append(random_block(rng))
                elif letter in "AF":
                    toks.append(random_armour(rng, edition, foul=letter == "F"))
                else:
                    mark = marks.get(letter, "") if rng.random() < 0.4 else ""
                    toks.append(f"{letter}{rng.randint(2, 6)}{mark}")
        parts.append((f"[{','.join(flags)}]" if flags else "") + ",".join(toks))
    return parse_chain("/".join(parts), edition, reading).chain


@pytest.mark.parametrize("edition, reading", RULESETS)
@pytest.mark.parametrize("seed", range(16))
def test_dp_agrees_with_oracle_on_random_chains(seed, edition, reading):
    rng = random.Random(seed)
    chain = random_chain(rng, edition, reading)
    for tr in range(0, 5):
        assert solve(chain, tr) == oracle(chain, tr), (format_chain(chain), edition, reading, tr)


@pytest.mark.parametrize("edition, reading", RULESETS)
@pytest.mark.parametrize("seed", range(8))
def test_dp_agrees_with_oracle_when_pro_and_loner_are_common(seed, edition, reading):
    # most players carry Pro and Loner, so the Pro roll's and the Loner roll's team re-rolls are in play
    rng = random.Random(1000 + seed)
    chain = random_chain(rng, edition, reading, flag_rate=0.8)
    for tr in range(0, 5):
        assert solve(chain, tr) == oracle(chain, tr), (format_chain(chain), edition, reading, tr)


@pytest.mark.parametrize("edition, reading", RULESETS)
@pytest.mark.parametrize("seed", range(24))
def test_dp_agrees_with_oracle_on_chains_with_blocks_armour_and_fouls(seed, edition, reading):
    # success and the chance of a send-off, with Pro and Loner common
    rng = random.Random(5000 + seed)
    chain = random_chain(rng, edition, reading, flag_rate=0.5, rich=True)
    sent = sent_off_by_rerolls(chain, 3)
    for tr in range(0, 4):
        assert (solve(chain, tr), sent[tr]) == oracle_full(chain, tr), (format_chain(chain), edition, reading, tr)


def test_the_oracle_sees_the_new_choices():
    # the oracle is not a copy of the old rules: it finds the values worked by hand above
    assert oracle(P("[loner=4]N4", "bb2025", "rulebook"), 2) == F(11, 16)
    assert oracle(P("[loner=4]N4", "bb2025", "designers-commentary"), 2) == F(5, 8)
    assert oracle(P("[pro,loner=4]N4", "classic"), 1) == F(21, 32)
    assert oracle(P("[pro,loner=4]N4", "bb2020"), 1) == F(2, 3)
    assert oracle(P("[pro,loner=4]N4/N4", "classic"), 2) == F(31, 64)
    # and the block, armour and foul values worked by hand above
    assert oracle(P("B2b"), 1) == F(15, 16)
    assert oracle(P("[pro]B-2", "bb2020"), 0) == F(17, 81)
    assert oracle(P("B-2r", "bb2025"), 0) == F(4, 27)
    assert oracle(P("A10mc"), 0) == F(7, 12)
    assert oracle_full(P("F8,N2"), 0) == (F(25, 162), F(11, 54))
    assert oracle_full(P("[pro]N4,F8,A12"), 1) == (F(0), F(11, 108))


def test_summary_is_what_the_separate_functions_give():
    # the chain request reads everything from one solver; the separate entry points build their own
    for text, edition in [("[pro]R2,B-2bt:d,D3/[loner=4]B3br,A9m/F9+1d", "bb2025"), ("[pro,loner=4]N4/N4", "classic"),
                          ("D3,R2,P3", "bb2020")]:
        c = P(text, edition)
        rows = summary(c, 3)
        assert [r.success for r in rows] == list(success_by_rerolls(c, 3))
        assert [r.policy for r in rows] == [policy(c, k) for k in range(4)]
        fouls = any(s.kind == "foul" for s in c.steps)
        assert [r.sent_off for r in rows] == (list(sent_off_by_rerolls(c, 3)) if fouls else [None] * 4)


def test_no_choice_chain_matches_full_enumeration():
    # without any re-roll the chain succeeds on exactly the die sequences where every die passes
    import itertools
    chain = P("D3,R2,I4,C5")
    hits = 0
    for dice in itertools.product(FACES, repeat=4):
        ok = all((d == 6 or (d != 1 and d >= s.target)) != (s.kind == "interception")
                 for d, s in zip(dice, chain.steps))
        hits += ok
    assert solve(chain) == F(hits, 6 ** 4)


def test_memo_forgets_what_no_later_step_can_use():
    # Issue 12, defect 3: D6d/D6d/... remembered every player's Dodge use, so the states (and time, memory)
    # doubled with each player.  A player's once-per-turn skills and Pro matter only up to its last step.
    from calculators.chain import _solver

    for edition in ("classic", "bb2020", "bb2025"):
        for players in (4, 8, 11):
            chain = Chain(tuple(Step("dodge", 6, True, k) for k in range(players)),
                          tuple(Player(pro=True, loner=4) for _ in range(players)), edition)
            value = _solver(chain)[0]
            value(0, 3, 0, frozenset(), frozenset())
            # at most (steps + 1) x (team re-rolls 0..3) x (used this turn 0..3) x (Dodge used) x (Pro used)
            assert value.cache_info().currsize <= (players + 1) * 4 * 4 * 2 * 2, (edition, players)
