"""Request kind ``dice-total``: the distribution of a dice expression (``3D6``, ``2D6+1``).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ..dice import DICE_EXPRESSIONS, dice_total, normalise_dice
from ..fields import Reader
from ..rules import RuleBook
from .answers import prob


def answer_dice_total(req: Mapping[str, Any], rules: RuleBook | None) -> dict[str, Any]:
    rd = Reader(req)
    expr = rd.choice("dice", DICE_EXPRESSIONS, normalise=normalise_dice)
    rd.finish()
    dist = dice_total(expr)
    at_least: dict[str, Any] = {}
    acc = Fraction(0)
    for total in sorted(dist, reverse=True):
        acc += dist[total]
        at_least[str(total)] = acc
    return {
        "dice": expr,
        "min": min(dist),
        "max": max(dist),
        "distribution": {str(t): prob(p) for t, p in dist.items()},
        "at_least": {t: prob(at_least[t]) for t in (str(x) for x in sorted(dist))},
        "mean": prob(sum((t * p for t, p in dist.items()), Fraction(0))),
    }
