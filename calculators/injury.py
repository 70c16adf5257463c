"""The injury roll (2D6 + modifiers), read on the data's injury tables: the one module that rolls injuries.

Every injury table, the plain one and each variant an edition has, is data (``data/tables/``), exported
with the rules (:class:`calculators.rules.DiceTable`) and read here; no band is written in this module:

* the plain table of an edition, ``injury-<edition>`` (``injury-classic`` serves BB2016 too);
* the variants, each a table of its own whose ``skills`` name the player's skills it is read for:
  Stunty (``injury-stunty-<edition>``), Thick Skull (``injury-thick-skull-<edition>``) and a Stunty
  player with Thick Skull (``injury-stunty-thick-skull-<edition>``).  Classic and BB2016 print no such
  table: their rows follow the two skills' texts, which each change their own results (a Stunty player
  with Thick Skull is KO'd on a 7 and Stunned on an 8); BB2020 and BB2025 print the Stunty table, and
  Thick Skull's text moves its bands (Stunned on a 7, KO on an 8).  Each file's ``checked`` records name
  the sources.

:func:`injury_table` picks the table for a player; :class:`InjuryTable` reads a total on it (a total
beyond the dice reads as the nearest end: 13 as 12, 1 as 2).  Without rules data only the plain table's
bands are known (:data:`PLAIN`, the same rows as ``injury-<edition>``: ``tests/calculators/test_casualty.py``
compares them), and a variant is refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from .editions import Edition, resolve
from .errors import CalcError
from .rules import DiceTable, RuleBook

__all__ = ["APOTHECARY_KO", "INJURY_NEEDS", "InjuryTable", "PLAIN", "apothecary_on_ko", "injury", "injury_counts",
           "injury_reaches", "injury_table"]

_F0 = Fraction(0)
_PAIRS = [(a, b) for a in range(1, 7) for b in range(1, 7)]  # the 36 ordered 2D6 results
#: the outcome codes a total can give (the data's outcome codes, ``-`` written ``_``)
OUTCOMES: tuple[str, ...] = ("stunned", "ko", "badly_hurt", "casualty")

#: the plain injury table's rows when no rules data is given (``data/tables/injury-<edition>.yml``: every edition
#: has the same plain bands; ``tests/calculators/test_casualty.py`` checks that against the data)
PLAIN: tuple[tuple[int, int, str], ...] = ((2, 7, "stunned"), (8, 9, "ko"), (10, 12, "casualty"))


@dataclass(frozen=True)
class InjuryTable:
    """An injury table's rows ``(low, high, outcome)`` over the 2D6 results 2..12, and the data slug read."""

    rows: tuple[tuple[int, int, str], ...] = PLAIN
    slug: str = "injury"

    def result(self, total: int) -> str:
        """Return ``stunned``, ``ko``, ``badly_hurt`` or ``casualty`` for an injury total (modifiers included)."""
        v = max(2, min(total, 12))
        for low, high, outcome in self.rows:
            if low <= v <= high:
                return outcome
        raise CalcError(f"rules.tables.{self.slug}", f"no row covers {v}", reason="rules")

    @classmethod
    def of(cls, table: DiceTable) -> InjuryTable:
        """The injury table read from the data's table (outcome codes ``badly-hurt`` -> ``badly_hurt``).

        Raises:
            CalcError: on field ``rules.tables.<slug>`` when the table is not a 2D6 table of injury outcomes.
        """
        rows = tuple((r.low, r.high, r.outcome.replace("-", "_")) for r in table.rows)
        if table.dice != "2d6" or any(o not in OUTCOMES for _, _, o in rows):
            raise CalcError(f"rules.tables.{table.slug}", f"an injury table is a 2D6 table of {', '.join(OUTCOMES)}",
                            reason="rules")
        return cls(rows, table.slug)


def injury_table(rules: RuleBook | None = None, edition: str | Edition = "classic", stunty: bool = False,
                 thick_skull: bool = False) -> InjuryTable:
    """Return the injury table for a player of ``edition``, with or without Stunty and Thick Skull (module docstring).

    Raises:
        CalcError: on field ``rules`` when a variant is asked without rules data, or on ``rules.tables`` when the
        rules have no table for that edition and those skills.
    """
    edition = (edition if isinstance(edition, Edition) else resolve(edition)).name  # an id or the door's Edition
    skills = frozenset(name for name, has in (("stunty", stunty), ("thick-skull", thick_skull)) if has)
    if rules is None or not any(slug.startswith("injury-") for slug in rules.tables):
        if skills:
            raise CalcError("rules", "Stunty and Thick Skull read their injury tables from the rules data exported "
                            "from data/", reason="rules")
        return InjuryTable()
    return InjuryTable.of(rules.variant_table("injury", edition, skills))  # RulesError (a CalcError) if absent


def injury(modifier: int = 0, table: InjuryTable | None = None) -> dict[str, Fraction]:
    """Return the injury-roll distribution (2D6 + ``modifier``) over stunned / ko / badly_hurt / casualty."""
    return {outcome: Fraction(n, 36) for outcome, n in injury_counts(modifier, table or InjuryTable())}


@lru_cache(maxsize=512, typed=True)  # armour and foul distributions ask the same few pairs many times
def injury_counts(modifier: int, table: InjuryTable) -> tuple[tuple[str, int], ...]:
    """Return ``((outcome, n), ...)`` in :data:`OUTCOMES` order: n of the 36 ordered 2D6 results + ``modifier`` give it.

    Raises:
        CalcError: as :meth:`InjuryTable.result`, when no row of ``table`` covers a total.
    """
    counts = dict.fromkeys(OUTCOMES, 0)
    for a, b in _PAIRS:
        counts[table.result(a + b + modifier)] += 1
    return tuple(counts.items())


#: what an injury step may need (:func:`injury_reaches`): KO or worse, or a casualty (Badly Hurt included)
INJURY_NEEDS: tuple[str, ...] = ("ko", "casualty")
_AT_LEAST = {"ko": ("ko", "badly_hurt", "casualty"), "casualty": ("badly_hurt", "casualty")}


def injury_reaches(total: int, need: str | int, table: InjuryTable | None = None) -> bool:
    """Return whether an injury total (2D6 + modifiers) meets ``need``.

    ``need``: ``"ko"`` (KO or worse on ``table``), ``"casualty"`` (Badly Hurt or a Casualty: the player goes
    to the Casualty box, a Stunty's Badly Hurt included), or an integer n: the total is n or more
    (BloodBowlDave's "Injury n+", read on no table).
    """
    if isinstance(need, int) and not isinstance(need, bool):
        return total >= need
    return (table or InjuryTable()).result(total) in _AT_LEAST[need]


#: where a Knocked-out player on the pitch goes when the team's apothecary patches them up, by edition family:
#: every edition keeps them in their square, Stunned, instead of the KO'd box (BB2020: BBBase
#: ``docs/bb2020/core_rules/the_rules_of_blood_bowl.md`` "PATCHING-UP KNOCKED-OUT PLAYERS"; BB2025: BBBase
#: ``docs/bb2025/core_rules/the_game_of_blood_bowl.md`` on patching up a Knocked-out player, 87cb594; classic as
#: FUMBBL's and botbowl's BB2016 engines play it, FFB ``step/bb2016/StepApothecary.rollApothecary``, ac2f6d3, the
#: CRP wording unchecked: ``data/sequences/knocked-down-classic.yml`` note ``apothecary-ko-state``). A player
#: KO'd by the crowd goes to the Reserves box instead; a Knocked Down player on the pitch never is.
APOTHECARY_KO: dict[str, str] = {"classic": "stunned", "bb2020": "stunned", "bb2025": "stunned"}


def apothecary_on_ko(outcomes: dict[str, Fraction], edition: str | Edition) -> dict[str, Fraction]:
    """The injury outcomes (``{outcome: P}``, Fractions in [0, 1] summing to 1, with a ``ko`` key) when the team uses
    its apothecary on a KO'd result: the ``ko`` chance moves to :data:`APOTHECARY_KO` of the edition (Stunned), the
    other outcomes are unchanged; a new dict, keys in the same order.

    Raises:
        CalcError: on ``edition`` for an unknown edition id.
    """
    to = APOTHECARY_KO[(edition if isinstance(edition, Edition) else resolve(edition)).family]
    out = dict(outcomes)
    out[to] = out.get(to, _F0) + out.get("ko", _F0)
    out["ko"] = _F0
    return out
