"""Chains of rolls, hand-worked: D6 tests and their re-rolls (skills, Loner, Pro per edition, the Loner and Pro
rolls re-rolled, interceptions, the policy), what more re-rolls or another reading may never do, and blocks in
chains (faces, Dodge and Tackle, who chooses, goals, Brawler, Pro per edition, a Blitz's re-roll; against the
block calculator).

Armour rolls and fouls: test_chain_armour.py; the enumeration oracle (chain_oracle.py) against the solver:
test_chain_oracle.py; branching chains: test_chain_branches.py."""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest
from chain_cases import RULESETS, P, random_chain

from calculators.chain import BlockStep, Chain, Player, Step, policy, solve, success_by_rerolls
from calculators.errors import CalcError
from calculators.notation import format_chain, parse_chain


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
