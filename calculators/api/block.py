"""Request kind ``block``: block dice from strength and assists, and the result with skills and re-rolls.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import CalcError
from ..block import DEFENDER_SKILLS, GOALS, Block, push_effect, resolve_block, strength_dice
from ..block import totals as block_totals
from ..fields import Reader
from ..rules import RuleBook
from .edition import read_edition
from .answers import prob, probs


_BLOCK_ATTACKER = ("block", "wrestle", "tackle", "juggernaut", "frenzy", "pro")


_STRENGTH_FIELDS = ("attacker_st", "defender_st", "attacker_assists", "defender_assists")


def answer_block(req: Mapping[str, Any], rules: RuleBook | None) -> dict[str, Any]:
    rd = Reader(req)
    ed = read_edition(rd, in_messages=True)
    edition = ed.name
    att_st = rd.int("attacker_st", 1, 10, 3)
    def_st = rd.int("defender_st", 1, 10, 3)
    att_as = rd.int("attacker_assists", 0, 8, 0)
    def_as = rd.int("defender_assists", 0, 8, 0)
    dice = rd.choice("dice", [1, 2, 3, -2, -3], None)
    blitz = rd.bool("blitz", False)
    att_skills = list(_BLOCK_ATTACKER) + ([] if ed.classic else ["brawler"])
    attacker = frozenset(k for k in att_skills if rd.bool(f"attacker_{k}", False))
    dauntless = rd.bool("attacker_dauntless", False)
    horns = rd.bool("attacker_horns", False)
    defender = frozenset(k for k in DEFENDER_SKILLS if rd.bool(f"defender_{k}", False))
    # Frenzy's second block with its own dice, after the Push (calculators.block.Block.second_dice)
    second = rd.choice("frenzy_dice", [1, 2, 3, -2, -3], None)
    rd.only_with("frenzy_dice", "attacker_frenzy")
    team = rd.int("team_rerolls", 0, 8, 0)
    goal = rd.choice("goal", list(GOALS), "knock_down")
    rd.finish()
    if rd.given("dice"):
        for f in _STRENGTH_FIELDS:
            if rd.given(f):
                raise CalcError(f, f"give either dice or the strengths and assists, not both ({f} and dice){rd.context}", reason="dice-or-strengths")
        for f, on in (("attacker_dauntless", dauntless), ("attacker_horns", horns)):
            if on:
                raise CalcError(f, f"{f} changes the strengths: give attacker_st and defender_st instead of dice"
                                f"{rd.context}", [False], reason="dice-or-strengths")
    strength = roll = None
    if not rd.given("dice"):
        s = strength_dice(ed, att_st, def_st, att_as, def_as, horns=horns and blitz, dauntless=dauntless)
        dice, roll = s.dice, s.dauntless
        strength = {"attacker": s.attacker, "defender": s.defender}
    if second is not None and "frenzy" not in attacker:
        raise CalcError("frenzy_dice", f"frenzy_dice is the dice of Frenzy's second block: set attacker_frenzy"
                        f"{rd.context}", None, reason="needs-other")
    dist = resolve_block(Block(ed, dice, blitz, attacker, defender, team, goal,
                               roll.needed if roll else None, roll.dice if roll else None, second))
    chooser = lambda n: "defender" if n < 0 else "attacker"  # noqa: E731
    return {
        "edition": edition,
        "dice": abs(dice),
        "chooser": chooser(dice),
        "strength": strength,
        "dauntless": None if roll is None else {
            "needed": f"{roll.needed}+" if roll.needed <= 6 else "impossible", "single": prob(roll.chance),
            "dice": abs(roll.dice), "chooser": chooser(roll.dice),
            "strength": {"attacker": roll.attacker, "defender": strength["defender"]}},
        "push_effect": push_effect(attacker, defender, blitz),
        "goal": goal,
        "outcomes": probs(dist),
        "totals": probs(block_totals(dist)),
    }
