"""Chain notation from plain choices: the roll-by-roll form of the action-sequence calculator.

A coach picks rolls one by one (a dodge, a rush, a pick-up, a pass, a catch, …), each with the player's
characteristic, the roll's modifiers as the rules data defines them (tackle zones, range, …) and whether the
player has the skill that re-rolls it; then the team re-rolls, Pro and Loner.  The weather is not a roll's
choice here: it is the game's, one field of the whole chain (the ``chain`` request's ``weather``,
:mod:`calculators.weather`), so a form never counts it twice.  This module turns those choices
into the ``chain`` notation of :mod:`calculators.notation`, so the result is computed by the one resolver of
chains (:mod:`calculators.chain`), and the reader sees the notation the choices stand for.

Die faces come from the rules data through :func:`calculators.rolls.test_from_rules` (classic: the AG table
plus the modifiers; BB2020 and BB2025: the AG or PA as N+ plus the modifiers; the Rush: its fixed 2+), the
same as the Agility calculator's.  The page's script cannot run Python before the runtime has loaded, so
:func:`menu` also gives, for every characteristic value and modifier total, the face that Python computes;
the script only adds the modifiers the reader chose and looks the face up.

Functions:

* ``menu(rules, edition) -> list[dict]``: the rolls of an edition a form offers, with everything the page
  needs to write a token without Python.
* ``needed_face(rules, edition, action, value, total) -> int | None``: the die face that roll needs.
* ``row_token(rules, edition, row) -> str`` and ``write_chain(rules, edition, rows, …) -> str``: the
  notation of one chosen roll, and of the whole list.

Errors are :class:`~calculators.errors.CalcError` naming the field at fault (``rows[2].action``, …).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from .errors import CalcError
from .notation import LETTERS, ROLL_MARKS, SKILL_MARKS
from .rules import RollSpec, RuleBook
from .rolls import test_from_rules
from .weather import WEATHER_GROUP

__all__ = ["EXCLUDED", "MODIFIER_TOTALS", "RECEIVER_ACTIONS", "menu", "needed_face", "row_token", "write_chain"]

#: roll kind -> notation letter; a roll the notation has no letter for is a plain ``N`` test.  Classic's
#: ``leap`` roll (the Leap skill) is the chain's ``jump`` kind (``V``); opponents' and coaches' rolls are not offered
_LETTER: dict[str, str] = {**{kind: letter for letter, kind in LETTERS.items() if letter not in "NBAFIESKQU"},
                           "leap": next(letter for letter, kind in LETTERS.items() if kind == "jump")}
#: rolls another player makes (the receiver, the thrown player): they start a new player in the notation
RECEIVER_ACTIONS: frozenset[str] = frozenset({"catch", "hand-off", "landing"})
#: rolls the form does not offer: an interception is the opponent's roll (the pass calculator handles it)
EXCLUDED: frozenset[str] = frozenset({"interception"})
#: the modifier totals :func:`menu` gives faces for (inclusive); a total outside is clamped (same face)
MODIFIER_TOTALS: tuple[int, int] = (-10, 6)


def _action(spec: RollSpec) -> str:
    return spec.slug.rsplit("-", 1)[0]


def _groups(spec: RollSpec) -> dict:
    """The roll's exclusive modifier groups a row chooses from: every one but the weather (the chain's own field)."""
    return {g: mods for g, mods in spec.groups().items() if g != WEATHER_GROUP}


def _spec(rules: RuleBook, edition: str, action: str, field: str) -> RollSpec:
    for spec in rules.rolls.values():
        if _action(spec) == action and edition in spec.editions and action not in EXCLUDED:
            return spec
    raise CalcError(field, f"no roll {action!r} for {edition}", sorted(
        _action(s) for s in rules.rolls.values() if edition in s.editions and _action(s) not in EXCLUDED), reason="choice")


def _values(rules: RuleBook, spec: RollSpec) -> tuple[str | None, list[int]]:
    """The characteristic field name and its values (None, [None-less]) for a fixed N+ such as the Rush."""
    if spec.fixed is not None:
        return None, []
    table = rules.table_for(spec)
    if table is None:
        return spec.characteristic or ("pa" if _action(spec) == "pass" else "ag"), list(range(1, 7))
    lo, hi = table.values
    return table.characteristic, list(range(lo, hi + 1))


def needed_face(rules: RuleBook, edition: str, action: str, value: int | None, total: int) -> int | None:
    """The die face (2..6) roll ``action`` needs in ``edition`` for characteristic ``value`` and modifier ``total``.

    Args:
        rules: the rule numbers exported from ``data/``.
        edition: ``classic`` | ``bb2016`` | ``bb2020`` | ``bb2025``.
        action: a roll kind of that edition (``dodge``, ``rush``, ``pick-up``, ``pass``, ``catch``, …).
        value: the characteristic (classic AG from the AG table, BB2020+ the N of N+); None for a fixed N+.
        total: the sum of every modifier applied (the roll's own, such as classic's +1 to dodge, included).

    Returns:
        The lowest face that succeeds (a natural 6 always does), or None when none does.

    Raises:
        CalcError: on an unknown roll or characteristic value.
    """
    spec = _spec(rules, edition, action, "action")
    first = {group: mods[0].key for group, mods in spec.groups().items()}  # the weather that changes nothing too
    test, _ = test_from_rules(rules, spec.slug, value if value is not None else 0, first, {}, edition)
    return dataclasses.replace(test, modifier=total).needed().face


def menu(rules: RuleBook, edition: str) -> list[dict[str, Any]]:
    """The rolls of ``edition`` the form offers, in the data's order, as JSON-ready dicts.

    Each: ``action``, ``slug``, ``letter`` (the notation letter, ``N`` for a plain test), ``mark`` (the skill mark
    of the re-rolling skill, or null), ``receiver`` (the roll starts a new player), ``characteristic`` (``ag`` |
    ``pa`` | null for a fixed N+), ``values`` (its values), ``groups`` (``[{"name", "options": [{"key",
    "value"}]}]``, exclusive modifiers), ``counts`` (``[{"name", "value"}]``, a value per unit counted),
    ``always`` (the total of the modifiers that always apply), ``totals`` (:data:`MODIFIER_TOTALS`) and
    ``faces`` (``{value or "-": [face or null for each total from low to high]}``, from :func:`needed_face`) and
    ``suffix`` (``"!"`` when nothing may re-roll the roll, such as a KO recovery, else ``""``).
    """
    out = []
    low, high = MODIFIER_TOTALS
    for spec in rules.rolls.values():
        action = _action(spec)
        if edition not in spec.editions or action in EXCLUDED:
            continue
        name, values = _values(rules, spec)
        faces = {str(v) if v is not None else "-": [needed_face(rules, edition, action, v, t)
                                                    for t in range(low, high + 1)] for v in (values or [None])}
        out.append({
            "action": action, "slug": spec.slug, "letter": _LETTER.get(action, "N"),
            "mark": SKILL_MARKS.get(action) if action in _LETTER else None,
            "receiver": action in RECEIVER_ACTIONS, "characteristic": name, "values": values,
            "groups": [{"name": g, "options": [{"key": m.key, "value": m.value} for m in mods]}
                       for g, mods in _groups(spec).items()],
            "counts": [{"name": m.per, "value": m.value} for m in spec.modifiers if m.per is not None],
            "always": sum(m.value for m in spec.always()), "totals": [low, high], "faces": faces,
            "suffix": _suffix(spec),
        })
    return out


def _suffix(spec: RollSpec) -> str:
    """The notation's no-re-roll mark for a roll the rules let nothing re-roll (a KO recovery), else ``""``."""
    return next(mark for mark, name in ROLL_MARKS.items() if name == "no_reroll") if spec.no_reroll else ""


def row_token(rules: RuleBook, edition: str, row: Mapping[str, Any], field: str = "row") -> str:
    """The notation token of one chosen roll, e.g. ``D4d`` (``N4!`` for a roll nothing may re-roll).

    ``row``: ``{"action", "value" (the characteristic; absent for a fixed N+), "choices": {group: key},
    "counts": {count: n}, "skill": bool}``; groups left out take their first option.

    Raises:
        CalcError: naming ``<field>.action``, ``<field>.<group>``, … when a choice is not the roll's, or
        ``<field>`` when no face succeeds (the notation cannot say "impossible").
    """
    action = row.get("action")
    spec = _spec(rules, edition, action, f"{field}.action")
    chosen = row.get("choices") or {}
    if WEATHER_GROUP in chosen:
        raise CalcError(f"{field}.choices.{WEATHER_GROUP}", "the weather is the chain's own field, not a roll's",
                        None, reason="choice")
    choices = {g: chosen.get(g, mods[0].key) for g, mods in spec.groups().items()}
    try:
        test, _ = test_from_rules(rules, spec.slug, row.get("value", 0) if spec.fixed is None else 0, choices,
                                  row.get("counts") or {}, edition)
    except CalcError as e:
        e.field = f"{field}.{e.field}"  # the same error, named by the row it came from
        raise e from None
    face = test.needed().face
    if face is None:
        raise CalcError(field, f"no die face succeeds for this {action}", None, reason="impossible")
    letter = _LETTER.get(action, "N")
    mark = SKILL_MARKS.get(action, "") if row.get("skill") and letter != "N" else ""
    return f"{letter}{face}{mark}{_suffix(spec)}"


def write_chain(rules: RuleBook, edition: str, rows: Sequence[Mapping[str, Any]], team_rerolls: int | None = None,
                pro: bool = False, loner: int | None = None) -> str:
    """The chain notation of ``rows`` (see :func:`row_token`), e.g. ``[pro]D4d,P3;tr=1``.

    The moving player (the first) carries the ``pro`` and ``loner`` (2..6, Loner X+) flags; a catch, a
    hand-off's catch or a landing starts a new player (``/``), the receiver, who has neither.
    ``team_rerolls`` (0..8) becomes ``;tr=N``.

    Raises:
        CalcError: on field ``rows`` when there are none, or as :func:`row_token` does.
    """
    if not rows:
        raise CalcError("rows", "add at least one roll", None, reason="required")
    flags = (["pro"] if pro else []) + ([f"loner={loner}"] if loner is not None else [])
    out = f"[{','.join(flags)}]" if flags else ""
    for i, row in enumerate(rows):
        token = row_token(rules, edition, row, f"rows[{i}]")
        if i == 0:
            out += token
        else:
            out += ("/" if row.get("action") in RECEIVER_ACTIONS else ",") + token
    if team_rerolls is not None:
        out += f";tr={team_rerolls}"
    return out
