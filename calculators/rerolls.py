"""Re-roll sources for a chain of D6 tests, and the per-edition limits on them.

What each source may re-roll (one re-roll per die: no die is ever re-rolled twice,
LRB6 and BB2020/BB2025 "never re-roll a re-roll"):

====================  ===============================  ===========================================
source                re-rolls                          limit (edition, source)
====================  ===============================  ===========================================
team re-roll          any of the chain's D6 tests      classic: one per team turn (LRB6);
                      except an opponent's              BB2020, BB2025: any number per turn, one
                      interception attempt              per roll (rules-facts §8, team re-rolls)
Dodge                 a failed dodge                    once per team turn in every edition (LRB6
                                                        Dodge; BB2020 Dodge; BB2025 Dodge p.~"Once
                                                        per Turn")
Sure Feet             a failed rush (Go For It)         once per team turn in every edition
Sure Hands            a failed pick-up                  no limit (LRB6, BB2020, BB2025 text)
Catch                 a failed catch, including the     no limit
                      catch of a hand-off
Pass                  a failed pass roll                no limit (one Pass action per turn anyway)
Pro                   any one die of the player         classic: 4+ on a D6, once per turn;
                                                        BB2020: 3+, once per turn; BB2025: 3+, once
                                                        per activation.  If the Pro roll fails the
                                                        die stands: no other source may re-roll it
                                                        (BB2025 Pro text; classic LRB6 Pro).  The
                                                        classic option of re-rolling the Pro roll
                                                        itself with a team re-roll is not modelled.
Loner (X+)            gates the player's team           roll a D6 before using a team re-roll; below
                      re-rolls                          X the team re-roll is lost and the die
                                                        stands (classic Loner is 4+; BB2020/BB2025
                                                        Loner (X+))
====================  ===============================  ===========================================

In a chain every player has a single activation, so "once per activation" (BB2025
Pro) and "once per team turn" coincide; the difference is documented, not modelled.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .editions import mechanics

__all__ = ["ONCE_PER_TURN", "SKILL_FOR_KIND", "SKILLS", "RerollRules", "d6_at_least", "reroll_rules"]

#: skill id -> display name
SKILLS: dict[str, str] = {
    "dodge": "Dodge",
    "sure-feet": "Sure Feet",
    "sure-hands": "Sure Hands",
    "catch": "Catch",
    "pass": "Pass",
}

#: chain step kind -> the skill that re-rolls it
SKILL_FOR_KIND: dict[str, str] = {
    "dodge": "dodge",
    "rush": "sure-feet",
    "pick-up": "sure-hands",
    "catch": "catch",
    "hand-off": "catch",
    "pass": "pass",
}

#: skills limited to one use per team turn, in every edition
ONCE_PER_TURN: frozenset[str] = frozenset({"dodge", "sure-feet"})


def d6_at_least(n: int) -> Fraction:
    """Return P(D6 >= n) for n in 1..7 (an unmodified roll: the Pro and Loner rolls)."""
    return Fraction(max(0, min(6, 7 - n)), 6)


@dataclass(frozen=True)
class RerollRules:
    """Re-roll limits of one edition (see the module table)."""

    edition: str
    team_rerolls_per_turn: int | None
    pro_target: int
    pro_per: str


def reroll_rules(edition: str) -> RerollRules:
    """Return the :class:`RerollRules` of ``edition``.

    Raises:
        CalcError: on an unknown edition.
    """
    m = mechanics(edition)
    return RerollRules(edition, m.team_rerolls_per_turn, m.pro_target, m.pro_per)
