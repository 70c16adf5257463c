"""Casualty and lasting-injury rolls per edition, exact, from the data's dice tables.

The tables are data (``data/tables/casualty-<edition>.yml``, ``lasting-injury-<edition>.yml``),
exported with the rules (:class:`calculators.rules.DiceTable`); only the dice live here.
Each row of those files is checked against public sources (its ``checked`` records):

* classic (LRB6/CRP, BB2016): a D68 (a D6 for tens, a D8 for units: 48 results, 11..68).
  11–38 Badly Hurt, 41–48 Miss Next Game, 51–52 Niggling Injury, 53–58 a characteristic
  (53–54 MA, 55–56 AV, 57 AG, 58 ST), 61–68 Dead (FUMBBL FFB
  ``server/mechanic/bb2016/RollMechanic.interpretSeriousInjuryRoll``; botbowl
  ``core/table.py`` ``Rules.casualty_effect``).  No modifier applies to this roll here.
* BB2020: a D16, 1–6 Badly Hurt, 7–9 Seriously Hurt, 10–12 Serious Injury, 13–14 Lasting
  Injury, 15–16 Dead; BB2025: 1–8, 9–10, 11–12, 13–14, 15–16 (BBBase "CASUALTY TABLE" of
  each edition; FFB ``server/mechanic/bb2020|bb2025/RollMechanic.mapCasualtyRoll``).  The
  roll takes +1 per Niggling Injury the player has (BBBase "NI (NIGGLING INJURY)" /
  "NIGGLING INJURY"); a total above 16 reads as 16 (FFB maps 15 and more to Dead).
  A Lasting Injury rolls a D6 on the lasting injury table for the characteristic
  (BB2020 5: Neck Injury, BB2025 5: Dislocated Hip, both −1 AG).

Characteristic outcome codes in the data: ``ma``, ``st``, ``ag``, ``pa``, ``av``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from .dice import d68, die, two_d6
from .editions import Edition, resolve
from .errors import CalcError
from .rules import DiceTable, RuleBook

__all__ = ["CHARACTERISTICS", "CasualtyRoll", "MAX_NIGGLING", "casualty_roll", "dice_distribution", "grouped",
           "rows_roll", "table_roll"]

#: the characteristic codes of the data's casualty and lasting-injury rows
CHARACTERISTICS: tuple[str, ...] = ("ma", "st", "ag", "pa", "av")
#: the most Niggling Injuries a request may give (each +1 on a BB2020/BB2025 casualty roll)
MAX_NIGGLING = 5

_F0 = Fraction(0)


def dice_distribution(dice: str) -> dict[int, Fraction]:
    """Return the distribution of a table's dice: ``d3``, ``d6``, ``d8``, ``d16`` (one die), ``2d6``, ``d68``.

    Raises:
        CalcError: on another expression (field ``dice``).
    """
    if dice == "2d6":
        return two_d6()
    if dice == "d68":
        return d68()
    if dice in ("d3", "d6", "d8", "d16"):
        return die(int(dice[1:]))
    raise CalcError("dice", f"unknown table dice {dice!r}", ["d3", "d6", "d8", "d16", "2d6", "d68"], reason="rules")


def rows_roll(dice: str, rows: Iterable[tuple[int, int, str]], modifier: int = 0) -> dict[str, Fraction]:
    """Return ``{label: probability}`` for a roll of ``dice`` plus ``modifier`` read on ``rows`` (low, high, label).

    A modified result beyond the dice's range reads as its highest (or lowest) result.  The one
    implementation of reading a dice table: :func:`table_roll` and :func:`calculators.armour.casualty`
    call it.

    Raises:
        CalcError: on field ``ranges`` when a result is covered by no row or by several.
    """
    dist = dice_distribution(dice)
    top, bottom = max(dist), min(dist)
    rows = tuple(rows)
    out: dict[str, Fraction] = {}
    for face, p in dist.items():
        v = max(bottom, min(face + modifier, top))
        match = [label for lo, hi, label in rows if lo <= v <= hi]
        if len(match) != 1:
            raise CalcError("ranges", f"table rows must cover each result once; {v} is covered {len(match)} times", reason="rules")
        out[match[0]] = out.get(match[0], _F0) + p
    return out


def table_roll(table: DiceTable, modifier: int = 0) -> dict[str, Fraction]:
    """Return ``{row key: probability}`` for one roll on ``table`` (``modifier`` added, capped at the dice's range)."""
    return rows_roll(table.dice, ((r.low, r.high, r.key) for r in table.rows), modifier)


def grouped(table: DiceTable, by_key: dict[str, Fraction]) -> dict[str, Fraction]:
    """Return ``{outcome: probability}`` from :func:`table_roll`'s result, in row order (outcome codes as in the data,
    ``-`` written ``_``; a characteristic code of a classic row counts as ``characteristic_loss``)."""
    out: dict[str, Fraction] = {}
    for row in table.rows:
        code = "characteristic_loss" if row.outcome in CHARACTERISTICS else row.outcome.replace("-", "_")
        out[code] = out.get(code, _F0) + by_key.get(row.key, _F0)
    return out


@dataclass(frozen=True)
class CasualtyRoll:
    """A casualty roll's exact distribution.

    Attributes:
        table: the casualty table read.
        niggling: the Niggling Injuries counted (+1 each; 0 in classic).
        rows: ``{row key: P}``.
        outcomes: ``{outcome: P}`` (:func:`grouped`).
        characteristics: ``{ma|st|ag|pa|av: P(the roll costs the player that characteristic)}``, overall, for
            the characteristics the edition's tables can reduce (no ``pa`` in classic).
        lasting: the lasting-injury table (BB2020, BB2025) or None (classic).
        lasting_rows: ``{row key: P | a Lasting Injury result}`` (empty in classic).
    """

    table: DiceTable
    niggling: int
    rows: dict[str, Fraction]
    outcomes: dict[str, Fraction]
    characteristics: dict[str, Fraction]
    lasting: DiceTable | None
    lasting_rows: dict[str, Fraction]


def casualty_roll(rules: RuleBook, edition: str | Edition, niggling: int = 0) -> CasualtyRoll:
    """Return the casualty roll of ``edition`` read on the data's tables (module docstring).

    Args:
        rules: the exported rules, with the ``casualty-…`` (and, BB2020/BB2025, ``lasting-injury-…``) tables.
        edition: the door's :class:`~calculators.editions.Edition`, or its id (``classic``, ``bb2016``, ``bb2020``,
            ``bb2025``).
        niggling: Niggling Injuries of the player, 0..:data:`MAX_NIGGLING`, +1 each on the BB2020/BB2025
            D16; must be 0 in classic.

    Raises:
        CalcError: on an unknown edition, ``niggling`` out of range (or not 0 in classic), or rules without
        the tables (field ``rules.tables``).
    """
    ed = edition if isinstance(edition, Edition) else resolve(edition)
    edition, classic = ed.name, ed.classic
    hi = 0 if classic else MAX_NIGGLING
    if not (isinstance(niggling, int) and not isinstance(niggling, bool) and 0 <= niggling <= hi):
        raise CalcError("niggling", f"niggling must be an integer from 0 to {hi} ({edition}), got {niggling!r}", [0, hi], reason="range")
    table = rules.dice_table("casualty", edition)
    rows = table_roll(table, niggling)
    outcomes = grouped(table, rows)
    chars = {c: _F0 for c in CHARACTERISTICS}
    lasting = None
    lasting_rows: dict[str, Fraction] = {}
    present = {row.outcome for row in table.rows}
    for row in table.rows:
        if row.outcome in CHARACTERISTICS:
            chars[row.outcome] += rows[row.key]
    if not classic:
        lasting = rules.dice_table("lasting-injury", edition)
        lasting_rows = table_roll(lasting)
        p_lasting = outcomes.get("lasting_injury", _F0)
        for row in lasting.rows:
            chars[row.outcome] += p_lasting * lasting_rows[row.key]
            present.add(row.outcome)
    chars = {c: p for c, p in chars.items() if c in present}
    return CasualtyRoll(table, niggling, rows, outcomes, chars, lasting, lasting_rows)
