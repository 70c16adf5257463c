"""Argue the Call's numbers, read from the data (``data/tables/argue-the-call-<edition>.yml``, BB2020 and BB2025).

Each row of the table carries a machine ``outcome``: ``not-sent-off`` (the player stays: the call is won),
``sent-off`` (the call stands) or ``coach-ejected`` (the coach is sent off too). The target a coach rolls for is
the lowest face of the ``not-sent-off`` rows, which must run to the die's top (an N+ roll); the chance the coach
is ejected is the share of ``coach-ejected`` faces. BBBase "ARGUE THE CALL" tables (BB2020
``docs/bb2020/core_rules/the_rules_of_blood_bowl.md``, BB2025 ``docs/bb2025/core_rules/the_game_of_blood_bowl.md``,
87cb594); FFB ``DiceInterpreter.isArgueTheCallSuccessful`` and ``isCoachBanned`` (ac2f6d3) agree.

FUMBBL's BB2016 ruleset has the roll behind a game option, with no table in the data: there the chain's
``calculators.chain.APPEAL_TARGETS`` (FFB's 6) and a natural 1 stand (:func:`argue_the_call` returns None).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .errors import RulesError
from .rules import DICE_FACES, RuleBook

__all__ = ["ArgueTheCall", "argue_the_call"]

TABLE = "argue-the-call"


@dataclass(frozen=True)
class ArgueTheCall:
    """Argue the Call in one edition: ``target`` (the face the call is won on, or more: an int 2..6) and
    ``ejects`` (the chance one roll ejects the coach, a Fraction in [0, 1])."""

    slug: str
    target: int
    ejects: Fraction


def argue_the_call(rules: RuleBook | None, edition: str) -> ArgueTheCall | None:
    """The edition's Argue the Call numbers from the rules data, or None when the rules have no such table for it
    (no rules given, classic, FUMBBL's BB2016).

    Raises:
        RulesError: on the table when its ``not-sent-off`` faces are not a top band of the die (no N+ target) or
            its die is not a D6.
    """
    if rules is None:
        return None
    try:
        table = rules.dice_table(TABLE, edition)
    except RulesError:
        return None
    field = f"rules.tables.{table.slug}"
    if table.dice != "d6":
        raise RulesError(f"{field}.dice", "Argue the Call is a D6 roll")
    faces = DICE_FACES[table.dice]
    won = [f for f in faces if table.row_for(f).outcome == "not-sent-off"]
    if not won or won != list(range(won[0], faces[-1] + 1)) or won[0] < 2:
        raise RulesError(f"{field}.rows", "the not-sent-off faces must run from a target of 2 to 6 up to 6")
    ejected = sum(1 for f in faces if table.row_for(f).outcome == "coach-ejected")
    return ArgueTheCall(table.slug, won[0], Fraction(ejected, len(faces)))
