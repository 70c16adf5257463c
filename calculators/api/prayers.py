"""Request kind ``prayers``: Prayers to Nuffle before kick-off (:mod:`calculators.prayers`; fields in API.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..editions import EDITIONS, resolve
from ..errors import CalcError, shown
from ..fields import Reader
from ..prayers import TABLE, prayer_count, prayer_odds, prayer_table
from ..rules import RuleBook
from .answers import prob

#: the highest team value a request may give, in gold pieces (no team comes near it)
MAX_TEAM_VALUE = 10_000_000


def answer_prayers(req: Mapping[str, Any], rules: RuleBook | None) -> dict[str, Any]:
    """Answer a ``prayers`` request: the chance the prayers bring any wanted result, each result's chance.

    Fields: ``edition`` (an edition whose rules data has a prayers table: BB2020, BB2025), ``play``
    (``league`` | ``exhibition``, only where the data has exhibition rows), ``prayers`` (0..the data's most, or
    the table's size) or ``team_value`` and ``opponent_value`` (gold pieces, 0..10,000,000, where the data counts
    prayers from them), ``wanted`` (a row key or a list of them), ``already`` (a list of row keys the team has).

    Raises:
        CalcError: naming the field (``rules`` without rules data, ``edition`` for an edition without the table).
    """
    rd = Reader(req)
    if rules is None:
        rd.choice("edition", EDITIONS, "bb2020")
        raise CalcError("rules", "this request kind needs the rules data exported from data/", reason="rules")
    offered = [e for e in EDITIONS if any(t.slug.startswith(TABLE + "-") and e in t.editions
                                          for t in rules.tables.values())]
    if not offered:
        raise CalcError("rules", "the rules data has no Prayers to Nuffle table", reason="rules")
    ed = resolve(rd.choice("edition", offered, offered[0]))
    rd.context = f" ({ed.name})"
    table = prayer_table(rules, ed.name)
    draws = table.draws
    play = rd.choice("play", ["league", "exhibition"], "league") if draws.exhibition_faces is not None else "league"
    exhibition = play == "exhibition"
    rolled = [r.key for r in (table.rows[:draws.exhibition_faces] if exhibition else table.rows)]
    prayers, underdog = _count(rd, draws, len(rolled))
    wanted = _keys(rd, "wanted", rolled, single=True)
    already = _keys(rd, "already", rolled, single=False)
    rd.finish()
    both = wanted & already
    if both:
        raise CalcError("wanted", f"wanted: {sorted(both)[0]!r} is already in effect for the team, so it is rolled "
                        f"again, never gained{rd.context}", sorted(set(rolled) - already), reason="choice")
    odds = prayer_odds(table, prayers, wanted, already, exhibition)
    answer: dict[str, Any] = {
        "edition": ed.name, "table": table.slug, "dice": f"d{len(rolled)}",
        "play": "exhibition" if exhibition else "league", "duplicates": draws.duplicates,
        "asked": prayers, "prayers": odds.prayers, "wasted": odds.wasted,
        "wanted": [k for k in rolled if k in wanted], "already": [k for k in rolled if k in already],
        "results": {k: prob(p) for k, p in odds.results.items()},
    }
    if underdog is not None or rd.given("team_value"):
        answer["underdog"] = underdog
    if wanted:
        answer["chance"] = prob(odds.any_wanted)
        answer["wanted_count"] = {str(j): prob(p) for j, p in odds.wanted_count.items()}
    return answer


def _count(rd: Reader, draws, faces: int) -> tuple[int, str | None]:
    """``(prayers, underdog)``: field ``prayers``, or the two team values where the data counts prayers so. The
    team values are for the API only: a form lists ``prayers`` (a form's fields may all be given at once)."""
    if draws.per_value_difference is not None and not rd.describing:
        mine, theirs = _team_value(rd, "team_value"), _team_value(rd, "opponent_value")
        if (mine is None) != (theirs is None):
            missing = "opponent_value" if theirs is None else "team_value"
            raise CalcError(missing, f"{missing} is needed with the other team's value{rd.context}",
                            [0, MAX_TEAM_VALUE], reason="needs-other")
        if mine is not None and theirs is not None:
            if rd.given("prayers"):
                raise CalcError("prayers", "give the number of prayers or the two team values, not both"
                                f"{rd.context}", reason="choice")
            rd.read.add("prayers")
            return prayer_count(draws, mine, theirs)
    return rd.int("prayers", 0, draws.most or faces, 1), None


def _team_value(rd: Reader, name: str) -> int | None:
    """Field ``name``: a team value in gold pieces, 0..:data:`MAX_TEAM_VALUE`, or None when absent (not listed in a
    form).

    Raises:
        CalcError: on ``name`` for anything but such an integer (reason ``range``).
    """
    rd.read.add(name)
    value = rd.request.get(name)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_TEAM_VALUE:
        raise CalcError(name, f"{name} must be an integer from 0 to {MAX_TEAM_VALUE} (gold pieces){rd.context}, got "
                        f"{shown(value)}", [0, MAX_TEAM_VALUE], reason="range")
    return value


def _keys(rd: Reader, name: str, rolled: list[str], single: bool) -> frozenset[str]:
    """Field ``name``: row keys of the table (a list; ``single``: one key alone is read as a list of one, and the
    form offers one). Empty when absent.

    Raises:
        CalcError: on ``name`` for a value that is not such a list, an unknown key or a key given twice.
    """
    value = rd.request.get(name)
    if single and not isinstance(value, list):
        one = rd.choice(name, rolled, None)
        return frozenset() if one is None else frozenset([one])
    rd.read.add(name)
    if value is None:
        return frozenset()
    if not isinstance(value, list) or not all(isinstance(k, str) and k in rolled for k in value):
        raise CalcError(name, f"{name} must be a list of results of the table{rd.context}, got {shown(value)}",
                        rolled, reason="choice")
    if len(set(value)) != len(value):
        raise CalcError(name, f"{name} names a result twice{rd.context}, got {shown(value)}", rolled, reason="choice")
    return frozenset(value)
