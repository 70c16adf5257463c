"""The `scatter` and `deviate` request kinds: hand-counted values and a brute-force oracle over every die.

Random Direction Template and distances as in :mod:`calculators.ballmove` (D8 direction; deviate: D6 squares,
Kick: classic/BB2020 half the D6 rounded down, BB2025 a D3).
"""

from __future__ import annotations

import itertools
from fractions import Fraction as F

import pytest

from calculators.api import handle

D8 = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)]


def _on(x: int, y: int) -> bool:
    return 0 <= x <= 25 and 0 <= y <= 14


def _result(**req) -> dict:
    r = handle(req)
    assert r["ok"], r
    return r["result"]


def _landing(res: dict) -> dict:
    return {("out" if x["square"] == "out" else tuple(x["square"])): F(x["p"]["exact"]) for x in res["landing"]}


def test_scatter_hand_counted():
    # a bounce from the corner (0, 0): only directions 5, 7, 8 stay on the pitch -> out 5/8
    res = _result(kind="scatter", square=[0, 0])
    assert F(res["out"]["exact"]) == F(5, 8)
    assert _landing(res) == {"out": F(5, 8), (1, 0): F(1, 8), (0, 1): F(1, 8), (1, 1): F(1, 8)}
    # Scatter (3) in the middle: back on its square with 24 of the 512 walks (test_ballmove.test_scatter_three)
    res = _result(kind="scatter", square=[10, 7], n=3)
    assert F(res["distance"]["0"]["exact"]) == F(24, 512) and F(res["out"]["exact"]) == 0


@pytest.mark.parametrize("square,n", [((0, 0), 2), ((12, 0), 3), ((25, 7), 1), ((5, 13), 2), ((10, 7), 4)])
def test_scatter_oracle(square, n):
    # every sequence of n D8 rolls; once off the pitch the ball stays out
    expected: dict = {}
    for walk in itertools.product(D8, repeat=n):
        x, y = square
        end = None
        for dx, dy in walk:
            x, y = x + dx, y + dy
            if not _on(x, y):
                end = "out"
                break
        end = end or (x, y)
        expected[end] = expected.get(end, F(0)) + F(1, 8 ** n)
    res = _result(kind="scatter", square=list(square), n=n)
    assert _landing(res) == expected
    dist: dict = {}
    for sq, p in expected.items():
        if sq != "out":
            d = max(abs(sq[0] - square[0]), abs(sq[1] - square[1]))
            dist[str(d)] = dist.get(str(d), F(0)) + p
    assert {k: F(v["exact"]) for k, v in res["distance"].items()} == dist


@pytest.mark.parametrize("edition", ["classic", "bb2016", "bb2020", "bb2025"])
@pytest.mark.parametrize("kick", [False, True])
@pytest.mark.parametrize("square", [(13, 7), (25, 0), (20, 2), (3, 12)])
def test_deviate_oracle(edition, kick, square):
    # every D8 direction and every face of the distance die
    if kick and edition == "bb2025":
        faces = [(d, F(1, 3)) for d in (1, 2, 3)]
    elif kick:
        faces = [(d // 2, F(1, 6)) for d in range(1, 7)]
    else:
        faces = [(d, F(1, 6)) for d in range(1, 7)]
    expected: dict = {}
    for (dx, dy), (d, p) in itertools.product(D8, faces):
        x, y = square[0] + dx * d, square[1] + dy * d
        key = (x, y) if _on(x, y) else "out"
        expected[key] = expected.get(key, F(0)) + p / 8
    res = _result(kind="deviate", edition=edition, square=list(square), kick=kick)
    assert _landing(res) == expected


def test_deviate_hand_counted():
    # from (19, 7) a D6 deviation never leaves the pitch: 48 squares, 1/48 each; distance d for 8 of them
    res = _result(kind="deviate", square=[19, 7])
    assert F(res["out"]["exact"]) == 0 and len(res["landing"]) == 48
    assert {k: F(v["exact"]) for k, v in res["distance"].items()} == {str(d): F(1, 6) for d in range(1, 7)}


def test_refused_fields():
    assert handle({"kind": "scatter", "square": [26, 0]})["error"]["field"] == "square"
    r = handle({"kind": "scatter", "square": [3, 3], "n": 7})
    assert r["error"]["field"] == "n" and r["error"]["allowed"] == [1, 6]
    assert handle({"kind": "deviate", "square": [3, 3], "edition": "bb2030"})["error"]["field"] == "edition"
    assert handle({"kind": "scatter", "square": [3, 3], "edition": "bb2020"})["error"]["field"] == "edition"
