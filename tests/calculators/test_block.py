"""Block: hand-worked values of the block calculator (faces, skills, re-rolls, Frenzy, Pro, Brawler, pushes).

The Dauntless, Horns, Stand Firm and Fend values are in test_block_dauntless.py; the agreement with the
brute-force oracle of block_oracle.py in test_block_oracle.py; the request kind in test_block_api.py.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from block_cases import fs

from calculators.block import PUSH_EFFECTS, Block, dice_for_strength, push_effect, resolve_block, totals
from calculators.errors import CalcError


def test_one_die_no_skills():
    # faces: Attacker Down, Both Down, Push, Push, Defender Stumbles (no Dodge: down), POW
    assert resolve_block(Block()) == {"defender_down": F(2, 6), "both_down": F(1, 6), "both_prone": 0, "push": F(2, 6),
                                      "nothing": 0, "attacker_down": F(1, 6)}


def test_two_dice_with_block():
    # Both Down, Stumble and POW all knock the defender down: 1 - (3/6)^2 = 3/4; attacker falls only on two skulls
    d = resolve_block(Block(dice=2, attacker=fs("block")))
    assert d["defender_down"] == F(3, 4) and d["attacker_down"] == F(1, 36) and d["push"] == F(2, 9)


def test_two_dice_defender_chooses():
    # the defender takes a skull if any (1 - (5/6)^2 = 11/36), else a push if any; both dice in {BD, Stumble, POW}
    # with a Both Down gives both down: (3/6)^2 - (2/6)^2 = 5/36; only Stumble/POW: (2/6)^2 = 1/9
    d = resolve_block(Block(dice=-2))
    assert (d["attacker_down"], d["both_down"], d["defender_down"], d["push"]) == (F(11, 36), F(5, 36), F(1, 9), F(4, 9))


def test_dodge_and_tackle():
    # one die: Defender Stumbles becomes a push against Dodge, unless the attacker has Tackle
    assert resolve_block(Block(defender=fs("dodge")))["defender_down"] == F(1, 6)
    assert resolve_block(Block(defender=fs("dodge"), attacker=fs("tackle")))["defender_down"] == F(2, 6)


def test_wrestle_and_block_on_both_down():
    assert resolve_block(Block(attacker=fs("block"), defender=fs("block")))["nothing"] == F(1, 6)
    # the defender's Wrestle turns the attacker's Block into both Placed Prone
    d = resolve_block(Block(attacker=fs("block"), defender=fs("wrestle")))
    assert d["both_prone"] == F(1, 6) and d["defender_down"] == F(2, 6)
    # ...but not against Juggernaut on a Blitz: the attacker takes the Block result (defender down)
    d = resolve_block(Block(attacker=fs("block", "juggernaut"), defender=fs("wrestle"), blitz=True))
    assert d["both_prone"] == 0 and d["defender_down"] == F(3, 6)
    # Juggernaut without Block on a Blitz: Both Down may be a push; knock_down goal keeps Both Down (defender falls)
    d = resolve_block(Block(attacker=fs("juggernaut"), blitz=True))
    assert d["both_down"] == F(1, 6)
    d = resolve_block(Block(attacker=fs("juggernaut"), blitz=True, goal="safe"))
    assert d["both_down"] == 0 and d["push"] == F(3, 6)


def test_team_reroll_policy_one_die():
    # knock_down: keep POW, Stumble and Both Down (3/6), re-roll a skull or a push (3/6):
    # defender knocked down 1/2 + 1/2 · 1/2 = 3/4
    d = resolve_block(Block(team_rerolls=1))
    assert totals(d)["defender_knocked_down"] == F(3, 4)
    # safe: keep only POW and Stumble (2/6): defender down 1/3 + 2/3 · 1/3 = 5/9
    assert resolve_block(Block(team_rerolls=1, goal="safe"))["defender_down"] == F(5, 9)


def test_frenzy_two_blocks():
    # one die each; the second block only after a push (2/6): P(knocked down) = 1/2 + 2/6 · 1/2 = 2/3
    d = resolve_block(Block(attacker=fs("frenzy")))
    assert totals(d)["defender_knocked_down"] == F(2, 3)
    assert d["push"] == F(2, 6) * F(2, 6)
    # classic: one team re-roll per turn, shared by the two blocks; BB2020: one per roll
    c = resolve_block(Block("classic", attacker=fs("frenzy"), team_rerolls=2))
    b = resolve_block(Block("bb2020", attacker=fs("frenzy"), team_rerolls=2))
    assert totals(b)["defender_knocked_down"] > totals(c)["defender_knocked_down"]
    assert c == resolve_block(Block("classic", attacker=fs("frenzy"), team_rerolls=1))


def test_pro_single_die_vs_whole_roll():
    # BB2020 Pro re-rolls one die (3+); classic Pro the whole roll (4+): both beat no Pro
    base = totals(resolve_block(Block("bb2020", dice=2)))["defender_knocked_down"]
    assert totals(resolve_block(Block("bb2020", dice=2, attacker=fs("pro"))))["defender_knocked_down"] > base
    # one die: classic Pro = a team re-roll that works half the time: 1/2 + 1/2 · 1/2 · 1/2 = 5/8
    assert totals(resolve_block(Block("classic", attacker=fs("pro"))))["defender_knocked_down"] == F(5, 8)


def test_brawler():
    # one die, BB2025 Block action: re-roll a Both Down only if it helps: knock_down keeps it, safe re-rolls it
    assert resolve_block(Block("bb2025", attacker=fs("brawler"))) == resolve_block(Block("bb2025"))
    d = resolve_block(Block("bb2025", attacker=fs("brawler"), goal="safe"))
    assert d["both_down"] == F(1, 36) and d["defender_down"] == F(2, 6) + F(1, 6) * F(2, 6)
    # not on a Blitz
    assert resolve_block(Block("bb2025", attacker=fs("brawler"), goal="safe", blitz=True))["both_down"] == F(1, 6)
    with pytest.raises(CalcError) as e:
        resolve_block(Block("classic", attacker=fs("brawler")))
    assert e.value.field == "attacker"


def test_dice_for_strength():
    assert [dice_for_strength(a, d) for a, d in [(3, 3), (4, 3), (6, 3), (7, 3), (3, 4), (2, 4), (2, 5), (1, 8)]] == \
        [1, 2, 2, 3, -2, -2, -3, -3]


def test_push_effect():
    assert push_effect() == "pushed"
    assert push_effect(defender=fs("stand_firm")) == "stand_firm"
    assert push_effect(defender=fs("fend", "dodge")) == "fend"
    assert push_effect(defender=fs("fend", "stand_firm")) == "stand_firm_or_fend"
    # Juggernaut cancels both, but only on a Blitz
    assert push_effect(fs("juggernaut"), fs("fend", "stand_firm"), blitz=True) == "pushed"
    assert push_effect(fs("juggernaut"), fs("stand_firm"), blitz=False) == "stand_firm"
    assert set(PUSH_EFFECTS) == {"pushed", "fend", "stand_firm", "stand_firm_or_fend"}
