"""Prayers to Nuffle (BB2020, BB2025): what a team's prayers bring, before kick-off.

The table and how it is rolled are data (``data/tables/prayers-to-nuffle-<edition>.yml``: its rows and its
``draws``, :class:`calculators.rules.Draws`), read through the exported rules:

* BB2020: in league play the Underdog rolls once per full ``per_value_difference`` (50,000) gold pieces of CTV
  difference, on a D16, re-rolling a result it already has (BBBase ``docs/bb2020/core_rules/
  the_rules_of_blood_bowl.md`` "5. THE PRAYERS TO NUFFLE TABLE", 87cb594; FFB ``ffb-server/src/main/java/com/
  fumbbl/ffb/server/step/bb2020/StepPrayers.java``, ac2f6d3; Jervis ``rules/bb2020/procedures/PreGame.kt`` and
  ``PrayersToNuffleRoll.kt``, 64b4b144). The Cheering Fans kick-off result gives one roll, a result still in
  effect re-rolled, on the first ``exhibition_faces`` (8) rows in exhibition play (FFB
  ``inducement/bb2020/Prayers.java``).
* BB2025: a team buys up to ``most`` (3) prayers and rolls once for each, re-rolling a result it has already
  rolled (BBBase ``docs/bb2025/core_rules/inducements.md`` "0-3 PRAYERS TO NUFFLE", 87cb594).

The sources agree on duplicates: BBBase and Jervis roll again until the result is new; FFB draws each prayer
from the results not yet in effect (``PrayerFactory.availablePrayerRolls``), the same odds. Rolling again until
a new face comes up makes every new face equally likely, so ``n`` prayers are a uniformly random set of ``n`` of
the ``N`` results left: each result comes with chance ``n / N``, and the number of wanted results among them is
hypergeometric. ``duplicates: stand`` in the data (no source reads it so) would spend a duplicate: ``n``
independent rolls. Prayers beyond the results left are wasted (FFB caps the count at the results left).
FUMBBL's BB2025 also gives the Underdog free prayers by team value, behind a game option
(``data/engine-options/inducement-prayers-available-for-underdog.yml``): a league setting, not modelled.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from .errors import RulesError
from .rules import DiceTable, Draws, RuleBook

__all__ = ["PrayerOdds", "prayer_count", "prayer_odds", "prayer_table"]

TABLE = "prayers-to-nuffle"


@dataclass(frozen=True)
class PrayerOdds:
    """The odds of one team's prayers.

    ``rolled``: the rows the die can show (all, or the exhibition rows), in table order. ``prayers``: the prayers
    that give a result (the asked count less ``wasted``). ``results``: ``{row key: P(the team gets it)}`` for every
    rolled row, a Fraction in [0, 1] (0 for a result it already has). ``wanted_count``: ``{j: P(exactly j of the
    wanted results come)}``, summing to 1.
    """

    table: DiceTable
    rolled: tuple[str, ...]
    prayers: int
    wasted: int
    results: dict[str, Fraction]
    wanted_count: dict[int, Fraction]

    @property
    def any_wanted(self) -> Fraction:
        """P(at least one wanted result comes), a Fraction in [0, 1] (0 when nothing is wanted)."""
        return 1 - self.wanted_count[0]


def prayer_table(rules: RuleBook, edition: str) -> DiceTable:
    """The edition's Prayers to Nuffle table from the rules data, with its ``draws``.

    Raises:
        RulesError: on ``rules.tables`` when the rules have no such table (classic has none), or it has no
            ``draws`` or a row spanning several faces (each face is one result here).
    """
    table = rules.dice_table(TABLE, edition)
    if table.draws is None or any(r.low != r.high for r in table.rows):
        raise RulesError(f"rules.tables.{table.slug}", "a prayers table has one result per face and its draws")
    return table


def prayer_count(draws: Draws, team_value: int, opponent_value: int) -> tuple[int, str | None]:
    """``(prayers, underdog)`` from the two team values (gold pieces): one prayer per full
    ``draws.per_value_difference`` of difference, for the lower team (``"team"`` or ``"opponent"``; None when
    they are equal). BB2020's pre-game step (module docstring).

    Raises:
        RulesError: when the data gives no ``per_value_difference`` (the edition does not count prayers so).
    """
    if draws.per_value_difference is None:
        raise RulesError("rules.tables", "this edition's prayers are not counted from team values")
    count = abs(team_value - opponent_value) // draws.per_value_difference
    underdog = None if team_value == opponent_value else ("team" if team_value < opponent_value else "opponent")
    return count, underdog


def prayer_odds(table: DiceTable, prayers: int, wanted: frozenset[str] = frozenset(),
                already: frozenset[str] = frozenset(), exhibition: bool = False) -> PrayerOdds:
    """The odds of ``prayers`` rolls (an int >= 0) on ``table`` for a team that already has the results
    ``already`` (row keys), wanting any of ``wanted`` (row keys). ``exhibition``: only the first
    ``draws.exhibition_faces`` rows are rolled. Duplicates as ``table.draws.duplicates`` says (module docstring).

    Raises:
        ValueError: on a key that is not a rolled row, or wanted and already had at once (the adapter checks
            these first, naming the field).
    """
    draws = table.draws
    assert draws is not None  # prayer_table checks it
    rows = table.rows[:draws.exhibition_faces] if exhibition and draws.exhibition_faces else table.rows
    rolled = tuple(r.key for r in rows)
    if not (wanted | already) <= set(rolled) or wanted & already:
        raise ValueError(f"wanted {sorted(wanted)} and already {sorted(already)} must be distinct rolled rows")
    if draws.duplicates == "reroll":
        return _rerolled(table, rolled, prayers, wanted, already)
    return _spent(table, rolled, prayers, wanted, already)


def _rerolled(table: DiceTable, rolled: tuple[str, ...], prayers: int, wanted: frozenset[str],
              already: frozenset[str]) -> PrayerOdds:
    """A duplicate rolled again: a uniformly random set of the results left (hypergeometric)."""
    left = len(rolled) - len(already)
    n = min(prayers, left)
    k = len(wanted)
    results = {key: (Fraction(0) if key in already else Fraction(n, left)) for key in rolled}
    dist = {j: Fraction(comb(k, j) * comb(left - k, n - j), comb(left, n)) for j in range(min(k, n) + 1)}
    return PrayerOdds(table, rolled, n, prayers - n, results, {j: p for j, p in dist.items() if p or j == 0})


def _spent(table: DiceTable, rolled: tuple[str, ...], prayers: int, wanted: frozenset[str],
           already: frozenset[str]) -> PrayerOdds:
    """A duplicate spent: ``prayers`` independent rolls of the die."""
    faces = len(rolled)
    miss = Fraction(faces - 1, faces) ** prayers
    results = {key: (Fraction(0) if key in already else 1 - miss) for key in rolled}
    dist = {0: Fraction(1)}
    for _ in range(prayers):  # j distinct wanted results so far: a roll brings a new one with chance (k - j) / faces
        step: dict[int, Fraction] = {}
        for j, p in dist.items():
            new = Fraction(len(wanted) - j, faces)
            step[j] = step.get(j, Fraction(0)) + p * (1 - new)
            if new:
                step[j + 1] = step.get(j + 1, Fraction(0)) + p * new
        dist = step
    return PrayerOdds(table, rolled, prayers, 0, results, dist)
