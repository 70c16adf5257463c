"""Whether the reading of a disputed rule an answer used changed its chances (issue 26, item 1).

A request kind that lets the reader pick the reading of a disputed rule names, in its result, the reading it used,
under the request field that picks it (``reading``, ``savage_blow_reading``, ``claws_reading``, ``pass_reading``,
``below_one_reading``: :data:`READINGS`). A page shows that name only where it matters: where another choice of
that field, the rest of the request unchanged, gives other chances. :func:`changed_by` decides it by answering the
request again with each other choice, so the rule and its reading are computed by the one resolver, never guessed
from a list of cases; :func:`calculators.api.handle` adds its answer to the result as ``changed_by``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..armour import CLAWS_READINGS
from ..errors import CalcError
from ..rerolls import LONER_READINGS, SAVAGE_BLOW_READINGS
from ..rolls import BELOW_ONE_READINGS, PASS_READINGS
from ..rules import RuleBook

#: The request fields that pick a reading of a disputed rule, each with its choices (the first the default). A
#: result names the reading it used under the same key (``calculators/API.md``).
READINGS: dict[str, tuple[str, ...]] = {
    "reading": LONER_READINGS,                   # chain, dave: a team re-roll on a failed Loner roll (BB2025)
    "savage_blow_reading": SAVAGE_BLOW_READINGS,  # chain: Savage Blow on a Blitz's block (BB2020, BB2025)
    "claws_reading": CLAWS_READINGS,             # armour: Claw(s) with Mighty Blow (classic, BB2016)
    "pass_reading": PASS_READINGS,               # agility, pass: a modified 1 reaching a PA 1+ (BB2025)
    "below_one_reading": BELOW_ONE_READINGS,     # agility, pass: a pass total of 0 or less (BB2025)
}


def _reads_loner(result: Mapping[str, Any]) -> bool:
    """False when `result` lists its players and none has Loner: the Loner reading then has no roll to read, and
    answering the request again under the other reading would only double its cost (every BB2025 chain names the
    reading it used, Loner or not)."""
    players = result.get("players")
    if not isinstance(players, list):
        return True
    return any(isinstance(p, dict) and p.get("loner") for p in players)


#: For a reading field, a test of the result that is False when no choice of that reading can be read by the
#: computation (so none can change its chances); a field not listed is answered again each time.
_MAY_READ: dict[str, Callable[[Mapping[str, Any]], bool]] = {"reading": _reads_loner}


def chances(result: Any, path: str = "", out: dict[str, str] | None = None) -> dict[str, str]:
    """Every probability of a result (a ``{"exact": "n/d", "float": x}`` value, :func:`~calculators.api.prob`) by
    its dotted path (list items by index), as its exact text: ``{"outcomes.ko": "1/12", ...}``; {} when it has
    none."""
    if out is None:
        out = {}
    if isinstance(result, dict):
        if isinstance(result.get("exact"), str) and "float" in result:
            out[path] = result["exact"]
            return out
        items = result.items()
    elif isinstance(result, list):
        items = enumerate(result)
    else:
        return out
    for key, value in items:
        chances(value, f"{path}.{key}" if path else str(key), out)
    return out


def changed_by(answer: Callable[[Mapping[str, Any], RuleBook | None], dict[str, Any]], request: Mapping[str, Any],
               rules: RuleBook | None, result: Mapping[str, Any]) -> dict[str, bool]:
    """For each reading `result` names (a key of :data:`READINGS` whose value is one of that field's choices),
    whether another choice of it changes the chances: ``{"claws_reading": True}``; {} when it names none.

    `answer` is the request kind's adapter (:data:`calculators.api.KINDS`), `result` its answer to `request`.
    Each other choice is answered by `answer` with `request` otherwise unchanged; the reading changed the chances
    when some probability of that answer (:func:`chances`) differs from the same path's in `result`, or is in one
    answer only. A choice the kind refuses (a CalcError) gives no other chances. Any other exception propagates
    (``handle`` answers it as an internal error). Costs one more answer per other choice of a named reading."""
    marks: dict[str, bool] = {}
    own = None
    for field, choices in READINGS.items():
        used = result.get(field)
        if used not in choices:
            continue
        if field in _MAY_READ and not _MAY_READ[field](result):
            marks[field] = False
            continue
        if own is None:
            own = chances(result)
        changed = False
        for other in choices:
            if other == used:
                continue
            try:
                theirs = chances(answer({**request, field: other}, rules))
            except CalcError:
                continue
            if theirs != own:
                changed = True
                break
        marks[field] = changed
    return marks
