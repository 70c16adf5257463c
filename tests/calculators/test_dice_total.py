"""The dice-total request kind: exact totals of NdM, checked against counting by hand and by enumeration."""

from __future__ import annotations

from fractions import Fraction as F
from itertools import product

import pytest

from calculators.api import handle
from calculators.dice import DICE_EXPRESSIONS, dice_total, normalise_dice


def exact(d):
    return {k: F(v["exact"]) for k, v in d.items()}


def test_2d6_rows():
    # the 36 ordered pairs: 7 comes up 6 ways, 2 and 12 one way each
    r = handle({"kind": "dice-total", "dice": "2d6"})
    assert r["ok"], r
    dist = exact(r["result"]["distribution"])
    assert dist["7"] == F(6, 36) and dist["2"] == dist["12"] == F(1, 36) and dist["10"] == F(3, 36)
    assert list(dist) == [str(t) for t in range(2, 13)]
    assert sum(dist.values()) == 1
    assert F(r["result"]["mean"]["exact"]) == 7
    # kick-off rows 10-12 cover 3 + 2 + 1 = 6 of 36
    assert F(r["result"]["at_least"]["10"]["exact"]) == F(6, 36)
    assert F(r["result"]["at_least"]["2"]["exact"]) == 1


def test_d16_and_3d6():
    assert exact(handle({"kind": "dice-total", "dice": "d16"})["result"]["distribution"]) == {
        str(t): F(1, 16) for t in range(1, 17)}
    # 3d6 = 10: 27 of the 216 ordered triples
    assert F(handle({"kind": "dice-total", "dice": "3d6"})["result"]["distribution"]["10"]["exact"]) == F(27, 216)


@pytest.mark.parametrize("expr", DICE_EXPRESSIONS)
def test_every_expression_matches_enumeration(expr):
    n = int(expr.split("d")[0] or 1)
    m = int(expr.split("d")[1])
    counts: dict[int, int] = {}
    for roll in product(range(1, m + 1), repeat=n):
        counts[sum(roll)] = counts.get(sum(roll), 0) + 1
    assert dice_total(expr) == {t: F(c, m ** n) for t, c in sorted(counts.items())}


def test_spelling_is_normalised():
    assert normalise_dice(" 2D6 ") == "2d6" and normalise_dice("1d8") == "d8"
    r = handle({"kind": "dice-total", "dice": "1D3"})
    assert r["ok"] and r["result"]["dice"] == "d3"


@pytest.mark.parametrize("bad", ["5d6", "2d7", "d", "", 6, None, "2d6+1"])
def test_errors_name_the_field(bad):
    r = handle({"kind": "dice-total", "dice": bad})
    assert r["ok"] is False and r["error"]["field"] == "dice"
    assert r["error"]["allowed"] == list(DICE_EXPRESSIONS)


def test_unknown_field():
    assert handle({"kind": "dice-total", "dice": "d6", "sides": 6})["error"]["field"] == "sides"
