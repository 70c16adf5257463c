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
  "NIGGLING INJURY") and +1 for Decay (BBBase DECAY in both editions; FFB ``skill/mixed/Decay``
  registers a casualty modifier of 1 for BB2020 and BB2025); both are the table's ``modifiers``
  in the data, read here, never written in code.  A total above 16 reads as 16 (FFB maps 15
  and more to Dead).  Classic Decay is another rule (two rolls, both applied: the
  ``knocked-down-classic`` sequence): the classic table has no modifier, so the casualty request
  has no Decay field in classic.
  A Lasting Injury rolls a D6 on the lasting injury table for the characteristic
  (BB2020 5: Neck Injury, BB2025 5: Dislocated Hip, both −1 AG).

Characteristic outcome codes in the data: ``ma``, ``st``, ``ag``, ``pa``, ``av``.

What may still save the player (:func:`aftermath`; the ``knocked-down-<edition>`` sequences cite the sources):

* the apothecary, once per game: the casualty table is rolled a second time and the player's coach
  keeps either result; a kept Badly Hurt sends the player to the Reserves box (classic: botbowl
  ``procedure.Apothecary``; BB2020 and BB2025: BBBase "APOTHECARIES").  The coach is taken to keep
  the lower row, the tables running from the least to the most severe result: a reading for the
  classic characteristic rows (53–58), whose order is the table's, not a coach's preference.  A
  Lasting Injury kept reads its D6 once, as without the apothecary.
* Regeneration, a D6 read from ``data/rolls/regeneration-<edition>.yml`` (4+): after the casualty
  roll and the apothecary in classic and BB2020, before the casualty roll in BB2025 (BBBase
  REGENERATION of each edition; the roll's ``before_casualty_roll`` in ``data/``).  On a success the
  player goes to the Reserves box.  The two orders give the same chance of the Reserves box: the
  Regeneration roll does not depend on the casualty roll, and either way the player ends there when
  one of the two saves it.  Which of the two saved the player follows the order: rolled first,
  Regeneration saves every casualty it succeeds on, and the apothecary only those it leaves.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from .dice import d68, die, two_d6
from .editions import Edition, resolve
from .errors import CalcError
from .rolls import test_from_rules
from .rules import DiceTable, RuleBook

__all__ = ["Aftermath", "CHARACTERISTICS", "CasualtyRoll", "MAX_NIGGLING", "REGENERATION_READINGS", "aftermath",
           "casualty_roll", "casualty_skills", "dice_distribution", "grouped", "kept_of_two", "rows_roll", "table_roll"]

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


def casualty_skills(rules: RuleBook, edition: str | Edition) -> tuple[str, ...]:
    """The skills that change ``edition``'s casualty roll (the table's ``skill`` modifiers in the data), in data order."""
    ed = edition if isinstance(edition, Edition) else resolve(edition)
    table = rules.dice_table("casualty", ed.name)
    return tuple(dict.fromkeys(m.skill for m in table.modifiers if m.skill is not None))


def _roll_modifier(table: DiceTable, niggling: int, skills: Iterable[str], edition: str) -> int:
    """The modifier of a casualty roll: the table's ``per: niggling`` modifiers times ``niggling``, plus each
    ``skill`` modifier of a skill in ``skills``.

    Raises:
        CalcError: on field ``niggling`` when it is out of 0..:data:`MAX_NIGGLING`, or not 0 where the table counts
        no Niggling Injury (classic).
    """
    per = [m.value for m in table.modifiers if m.per == "niggling"]
    hi = MAX_NIGGLING if per else 0
    if not (isinstance(niggling, int) and not isinstance(niggling, bool) and 0 <= niggling <= hi):
        raise CalcError("niggling", f"niggling must be an integer from 0 to {hi} ({edition}), got {niggling!r}", [0, hi],
                        reason="range")
    have = set(skills)
    return sum(per) * niggling + sum(m.value for m in table.modifiers if m.skill is not None and m.skill in have)


def casualty_roll(rules: RuleBook, edition: str | Edition, niggling: int = 0, skills: Iterable[str] = ()) -> CasualtyRoll:
    """Return the casualty roll of ``edition`` read on the data's tables (module docstring).

    Args:
        rules: the exported rules, with the ``casualty-…`` (and, BB2020/BB2025, ``lasting-injury-…``) tables.
        edition: the door's :class:`~calculators.editions.Edition`, or its id (``classic``, ``bb2016``, ``bb2020``,
            ``bb2025``).
        niggling: Niggling Injuries of the player, 0..:data:`MAX_NIGGLING`, each adding the table's ``per:
            niggling`` modifier (+1 on the BB2020/BB2025 D16); must be 0 where the table has none (classic).
        skills: the player's skill slugs; those the table's ``skill`` modifiers name add their value (Decay).

    Raises:
        CalcError: on an unknown edition, ``niggling`` out of range (or not 0 in classic), or rules without
        the tables (field ``rules.tables``).
    """
    ed = edition if isinstance(edition, Edition) else resolve(edition)
    edition, classic = ed.name, ed.classic
    table = rules.dice_table("casualty", edition)
    modifier = _roll_modifier(table, niggling, skills, edition)
    rows = table_roll(table, modifier)
    lasting = None if classic else rules.dice_table("lasting-injury", edition)
    return _casualty_result(table, niggling, rows, lasting)


def _casualty_result(table: DiceTable, niggling: int, rows: dict[str, Fraction], lasting: DiceTable | None) -> CasualtyRoll:
    """The :class:`CasualtyRoll` of ``rows`` (``{row key: P}`` on ``table``), a Lasting Injury read on ``lasting``."""
    outcomes = grouped(table, rows)
    chars = {c: _F0 for c in CHARACTERISTICS}
    lasting_rows: dict[str, Fraction] = {}
    present = {row.outcome for row in table.rows}
    for row in table.rows:
        if row.outcome in CHARACTERISTICS:
            chars[row.outcome] += rows.get(row.key, _F0)
    if lasting is not None:
        lasting_rows = table_roll(lasting)
        p_lasting = outcomes.get("lasting_injury", _F0)
        for row in lasting.rows:
            chars[row.outcome] += p_lasting * lasting_rows[row.key]
            present.add(row.outcome)
    chars = {c: p for c, p in chars.items() if c in present}
    return CasualtyRoll(table, niggling, rows, outcomes, chars, lasting, lasting_rows)


def kept_of_two(table: DiceTable, rows: dict[str, Fraction]) -> dict[str, Fraction]:
    """Return ``{row key: P}`` of the lower row of two independent rolls each distributed as ``rows``: what the
    coach keeps with the apothecary (module docstring: the rows run from the least to the most severe)."""
    out: dict[str, Fraction] = {}
    above = Fraction(1)  # P(one roll reads this row or a later one)
    for row in table.rows:
        p = rows.get(row.key, _F0)
        out[row.key] = above * above - (above - p) * (above - p)  # min of two is this row
        above -= p
    return out


#: When Regeneration is rolled where the sources' orders differ, by edition: the rulebook's order is the data's
#: (``before_casualty_roll``, BBBase BB2025 "REGENERATION"), FUMBBL's is ``fumbbl`` here: its BB2025 apothecary step
#: rolls Regeneration on the casualty the casualty roll gave, and offers the apothecary only if it fails (FFB
#: ``ffb-server/src/main/java/com/fumbbl/ffb/server/step/bb2025/shared/StepApothecary.java`` ``executeStep``,
#: ``isPreRegeneration``, ac2f6d3). Not after the apothecary: both orders roll Regeneration first, on a roll that
#: does not depend on the casualty roll, so every chance of :class:`Aftermath` is the same in both.
REGENERATION_READINGS: dict[str, dict[str, str]] = {
    "bb2025": {"rulebook": "before-casualty-roll", "fumbbl": "after-casualty-roll"}}


@dataclass(frozen=True)
class Aftermath:
    """Where a casualty ends once the apothecary and Regeneration have had their say (module docstring).

    Attributes:
        reserves: P(the player goes to the Reserves box: a kept Badly Hurt with the apothecary, or Regeneration).
        regenerated: P(Regeneration sends the player to the Reserves box), 0 without it: when rolled after the
            apothecary (classic, BB2020), only the casualties the apothecary left; rolled first (BB2025), all it
            succeeds on.
        regeneration: P(one Regeneration roll succeeds), read from the data's roll (None without Regeneration).
        roll: the casualty result that stands when neither saves the player: its ``rows``, ``outcomes``,
            ``characteristics``, ``lasting_rows`` are overall chances (they sum to 1 - ``reserves`` with the
            kept Badly Hurt removed).
    """

    reserves: Fraction
    regenerated: Fraction
    regeneration: Fraction | None
    roll: CasualtyRoll


def aftermath(rules: RuleBook, edition: str | Edition, roll: CasualtyRoll, apothecary: bool = False,
              regeneration: bool = False) -> Aftermath:
    """Return what stands of ``roll`` (:func:`casualty_roll`) after the apothecary and Regeneration.

    Raises:
        CalcError: on field ``rules.rolls`` when Regeneration is asked and the rules have no Regeneration roll for
        ``edition``.
    """
    ed = edition if isinstance(edition, Edition) else resolve(edition)
    rows = kept_of_two(roll.table, roll.rows) if apothecary else dict(roll.rows)
    patched = _F0
    if apothecary:  # a kept Badly Hurt goes to the Reserves box
        for row in roll.table.rows:
            if row.outcome == "badly-hurt":
                patched += rows.get(row.key, _F0)
                rows[row.key] = _F0
    regen, first = None, False  # first: Regeneration is rolled before the casualty roll (BB2025)
    if regeneration:
        spec = rules.roll_of("regeneration", ed.name)
        if spec is None:
            raise CalcError("rules.rolls", f"the rules data has no Regeneration roll for {ed.name}", reason="rules")
        regen = test_from_rules(rules, spec.slug, None, edition=ed.name)[0].distribution().get("success", _F0)
        first = spec.before_casualty_roll
    saves = regen or _F0  # P(Regeneration saves a player), 0 without it
    rows = {k: p * (1 - saves) for k, p in rows.items()}
    standing = _casualty_result(roll.table, roll.niggling, rows, roll.lasting)
    regenerated = saves if first else (1 - patched) * saves
    return Aftermath(patched + (1 - patched) * saves, regenerated, regen, standing)
