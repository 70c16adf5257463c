"""Request kind ``range``: the pass range between two squares, or the range map from a thrower.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import CalcError
from ..fields import Reader
from ..geometry import THROWER, band_modifiers, interception_squares, pass_band, range_map
from ..rules import RuleBook
from .rolls import find_roll
from .edition import read_edition


def _range_modifiers(rules: RuleBook | None, edition: str) -> tuple[dict[str, int], str]:
    if rules is not None:
        try:
            spec = find_roll(rules, "pass", edition)
        except CalcError:
            spec = None
        group = spec.groups().get("range") if spec else None
        if group:
            return band_modifiers(edition, {m.key: m.value for m in group}), "rules"
    return band_modifiers(edition), "default"


def answer_range(req: Mapping[str, Any], rules: RuleBook | None) -> dict[str, Any]:
    rd = Reader(req)
    ed = read_edition(rd, in_messages=True)
    edition = ed.name
    thrower = rd.square("thrower")
    whole = rd.bool("map", False)
    modifiers, source = _range_modifiers(rules, edition)
    if whole:
        rd.finish()
        m = range_map(thrower, ed)
        return {"edition": edition, "thrower": list(thrower), "modifiers": modifiers, "modifier_source": source,
                "map": [{"square": list(sq), "band": b} for sq, b in m.items()]}
    target = rd.square("target")
    landing = rd.square("landing", None) if not ed.classic else None
    rd.finish()
    band = pass_band(thrower, target, ed)
    end = landing if landing is not None else target
    squares = [] if band in ("out_of_range", THROWER) or end == thrower else interception_squares(thrower, end)
    return {
        "edition": edition,
        "thrower": list(thrower),
        "target": list(target),
        "dx": abs(target[0] - thrower[0]),
        "dy": abs(target[1] - thrower[1]),
        "band": band,
        "modifier": modifiers.get(band),
        "modifiers": modifiers,
        "modifier_source": source,
        "ruler_end": list(end),
        "interception_squares": [list(sq) for sq in squares],
    }
