"""Throw-in: the template's directions, the per-edition distance count, corners, and repeated throw-ins (exact)."""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest

from calculators.api import handle
from calculators.ballmove import on_pitch, throw_in, throw_in_directions, throw_in_once
from calculators.errors import CalcError


def p2d6(total):
    return F(6 - abs(total - 7), 36) if 2 <= total <= 12 else F(0)


def test_directions_from_a_sideline():
    # y = 0: straight in is +y, diagonals (±1, +1), one third each
    assert throw_in_directions((12, 0)) == {(-1, 1): F(1, 3), (0, 1): F(1, 3), (1, 1): F(1, 3)}
    assert throw_in_directions((25, 7)) == {(-1, -1): F(1, 3), (-1, 0): F(1, 3), (-1, 1): F(1, 3)}


def test_corner_rule_per_edition():
    # BB2020/BB2025: a D3 over the three directions facing the pitch; classic: the end-zone template
    assert throw_in_directions((0, 0), "bb2025") == {(1, 0): F(1, 3), (1, 1): F(1, 3), (0, 1): F(1, 3)}
    assert throw_in_directions((25, 14), "bb2020") == {(-1, 0): F(1, 3), (-1, -1): F(1, 3), (0, -1): F(1, 3)}
    assert throw_in_directions((0, 0), "classic") == {(1, -1): F(1, 3), (1, 0): F(1, 3), (1, 1): F(1, 3)}


def test_distance_counting_per_edition():
    # straight in from (12, 0): classic and BB2025 count the template square as 1 (ball ends 2D6 - 1 away);
    # BB2020 ends 2D6 away
    for k in range(1, 12):
        assert throw_in((12, 0), "classic").landing.get((12, k), 0) == F(1, 3) * p2d6(k + 1)
        assert throw_in((12, 0), "bb2025").landing.get((12, k), 0) == F(1, 3) * p2d6(k + 1)
        assert throw_in((12, 0), "bb2020").landing.get((12, k), 0) == F(1, 3) * p2d6(k)
    assert (12, 12) not in throw_in((12, 0), "classic").landing
    assert throw_in((12, 0), "bb2020").landing[(12, 12)] == F(1, 3) * F(1, 36)


def test_out_again_by_hand():
    # from (0, 7) classic: a diagonal leaves the pitch when the ball flies 8+ squares (2D6 - 1 >= 8: 2D6 >= 9,
    # 10/36), two diagonals of three: 2/3 · 10/36 = 5/27
    t = throw_in((0, 7), "classic")
    assert t.out_again == F(5, 27)
    assert sum(t.landing.values()) == 1 and all(on_pitch(sq) for sq in t.landing)
    # a classic corner throws off the pitch at once one time in three (the outward diagonal), from the same square
    lands, again = throw_in_once((0, 0), "classic")
    assert again == {(0, 0): F(1, 3)}
    # so the corner's landing distribution is the other two directions, rescaled by 1 / (1 - 1/3)
    t = throw_in((0, 0), "classic")
    assert t.landing == {sq: p * F(3, 2) for sq, p in lands.items()} and t.rethrows == F(1, 2)


def test_last_square_before_leaving():
    # from (2, 0) the up-left diagonal (-1, +1) leaves the pitch after (0, 2): the next throw-in is from (0, 2)
    lands, again = throw_in_once((2, 0), "bb2025")
    assert set(again) == {(0, 2)}
    assert again[(0, 2)] == F(1, 3) * sum(p2d6(t) for t in range(4, 13))  # 2D6 - 1 >= 3


def _simulate(square, edition, rng):
    while True:
        dirs = list(throw_in_directions(square, edition))
        dx, dy = rng.choice(dirs)
        k = rng.randint(1, 6) + rng.randint(1, 6) - (0 if edition == "bb2020" else 1)
        path = [(square[0] + dx * j, square[1] + dy * j) for j in range(k + 1)]
        if on_pitch(path[-1]):
            return path[-1]
        square = [p for p in path if on_pitch(p)][-1]


def test_exact_solution_against_the_equations():
    # the landing distribution L(s) must satisfy L(s) = R(s) + sum_t Q(s, t) L(t) for every edge square visited
    for edition in ("classic", "bb2020", "bb2025"):
        for sq in [(0, 7), (3, 0), (25, 13), (0, 0)]:
            lands, again = throw_in_once(sq, edition)
            rhs = dict(lands)
            for t, q in again.items():
                for s2, p in throw_in(t, edition).landing.items():
                    rhs[s2] = rhs.get(s2, F(0)) + q * p
            assert throw_in(sq, edition).landing == rhs


def test_simulation_is_close():
    rng = random.Random(7)
    n = 4000
    hits = sum(_simulate((1, 0), "bb2025", rng)[1] >= 7 for _ in range(n))
    exact = sum(p for sq, p in throw_in((1, 0), "bb2025").landing.items() if sq[1] >= 7)
    assert abs(hits / n - float(exact)) < 0.03


def test_not_an_edge_square():
    with pytest.raises(CalcError) as e:
        throw_in((5, 5))
    assert e.value.field == "square"


def test_throw_in_kind():
    r = handle({"kind": "throw-in", "square": [12, 14], "edition": "bb2020"})
    assert r["ok"], r
    res = r["result"]
    assert sum(F(x["p"]["exact"]) for x in res["landing"]) == 1
    assert F(res["out_again"]["exact"]) == 0
    got = {tuple(x["square"]): F(x["p"]["exact"]) for x in res["landing"]}
    assert got[(12, 7)] == F(1, 3) * p2d6(7)
    assert handle({"kind": "throw-in", "square": [5, 5]})["error"]["field"] == "square"
    assert handle({"kind": "throw-in"})["error"] == {
        "field": "square", "message": "square is required (classic)", "allowed": [[0, 0], [25, 14]],
        "details": {"reason": "required"}}
