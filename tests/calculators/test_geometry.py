"""Range Ruler bands and the squares under the ruler: hand-worked cases and whole-chart checks."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from calculators.api import handle
from calculators.errors import CalcError
from calculators.geometry import (BAND_LIMITS, BANDS, RULER_WIDTH, THROWER, band_limits, interception_squares, pass_band,
                                  range_map, under_ruler)


def chart_cell(rows, dx, dy):
    """Read the chart row dy directly (no symmetry used)."""
    if dy >= len(rows) or dx >= len(rows):
        return "out_of_range"
    for band, limit in zip(BANDS, rows[dy]):
        if dx <= limit:
            return band
    return "out_of_range"


@pytest.mark.parametrize("edition", ["classic", "bb2020", "bb2025"])
def test_chart_is_symmetric_and_read_both_ways(edition):
    rows = band_limits(edition)
    for dx in range(26):
        for dy in range(15):
            if (dx, dy) == (0, 0):
                continue
            assert chart_cell(rows, dx, dy) == chart_cell(rows, dy, dx), (dx, dy)
            assert pass_band((0, 0), (dx, dy), edition) == chart_cell(rows, dx, dy)


def test_straight_line_bands():
    # Quick 1-3, Short 4-6, Long 7-10, Long Bomb 11-13 squares (rules-facts §6a)
    want = ["quick"] * 3 + ["short"] * 3 + ["long"] * 4 + ["long-bomb"] * 3 + ["out_of_range"] * 3
    assert [pass_band((5, 7), (5 + k, 7)) for k in range(1, 17)] == want
    assert [pass_band((5, 0), (5, k)) for k in range(1, 15)] == want[:14]


def test_chart_rows_are_monotone():
    for row in BAND_LIMITS:
        assert list(row) == sorted(row)
    for dy in range(1, len(BAND_LIMITS)):  # a band never reaches further on a farther row
        assert all(a <= b for a, b in zip(BAND_LIMITS[dy], BAND_LIMITS[dy - 1]))


def test_classic_differs_in_two_cells_only():
    diffs = [(dx, dy) for dx in range(14) for dy in range(14) if (dx, dy) != (0, 0)
             and pass_band((0, 0), (dx, dy), "classic") != pass_band((0, 0), (dx, dy), "bb2025")]
    assert diffs == [(2, 13), (13, 2)]
    assert pass_band((0, 0), (13, 2), "bb2020") == "long-bomb"
    assert pass_band((0, 0), (13, 2), "classic") == "out_of_range"


def test_diagonals_and_knight_offsets():
    assert pass_band((0, 0), (2, 2)) == "quick" and pass_band((0, 0), (3, 3)) == "short"
    assert pass_band((0, 0), (3, 2)) == "short" and pass_band((0, 0), (1, 3)) == "quick"
    # diagonals follow the straight-line distance: 7·√2 ≈ 9.9 Long, 8·√2 and 9·√2 Long Bomb, 10·√2 ≈ 14.1 out
    assert [pass_band((0, 0), (k, k)) for k in (7, 8, 9, 10)] == ["long", "long-bomb", "long-bomb", "out_of_range"]
    assert pass_band((10, 10), (4, 4), "bb2020") == pass_band((4, 4), (10, 10), "bb2020") == "long"


def test_band_errors():
    with pytest.raises(CalcError) as e:
        pass_band((26, 3), (3, 3))
    assert e.value.field == "thrower"


# ---------------------------------------------------------------- squares under the ruler


def test_straight_pass_covers_three_rows():
    # ruler half-width 0.87: rows y = 6, 7, 8 (their edges at 6.5 / 7.5 are within 0.87 of y = 7), x strictly between
    assert interception_squares((0, 7), (5, 7)) == [(x, y) for x in range(1, 5) for y in (6, 7, 8)]
    # the same with any length n: 3 (n - 1) squares
    for n in range(1, 14):
        assert len(interception_squares((5, 7), (5 + n, 7))) == 3 * (n - 1)


def test_adjacent_pass_has_nothing_between():
    assert interception_squares((5, 5), (6, 5)) == [] and interception_squares((5, 5), (5, 4)) == []


def test_adjacent_diagonal_pass():
    # d = (1, 1): centres strictly between the ends satisfy 0 < x + y < 2 (relative), i.e. (1, 0) and (0, 1);
    # the ruler's centre line runs through their shared corner
    assert interception_squares((5, 5), (6, 6)) == [(5, 6), (6, 5)]


def test_diagonal_pass_three_squares():
    # (0,0) -> (3,3): on the line (1,1), (2,2); touching it at a corner: (1,0), (0,1), (2,1), (1,2), (3,2), (2,3);
    # nearest corner 0.71 squares away (< 0.87): (2,0), (0,2), (3,1), (1,3); (3,0) is 1.41 away; (4,3) is past the end
    want = sorted([(1, 1), (2, 2), (1, 0), (0, 1), (2, 1), (1, 2), (3, 2), (2, 3), (2, 0), (0, 2), (3, 1), (1, 3)])
    assert interception_squares((0, 0), (3, 3)) == want
    assert not under_ruler((3, 0), (0, 0), (3, 3)) and not under_ruler((4, 3), (0, 0), (3, 3))


def test_knight_offset():
    # (5,5) -> (7,6), d = (2,1), |d| = sqrt 5, half-width · |d| = 0.87 sqrt 5 ≈ 1.95.
    # Between the ends (0 < 2 cx + cy < 5): (6,5) and (6,6) straddle the line; (5,6) nearest corner cross 0.5;
    # (7,5) -0.5; (6,4) -1.5; (6,7) 1.5; all inside ±1.95.  (5,4) and (4,6) are behind the thrower, (7,7) past the end.
    assert interception_squares((5, 5), (7, 6)) == [(5, 6), (6, 4), (6, 5), (6, 6), (6, 7), (7, 5)]


def test_width_matters_exactly():
    # square (1, 1) for the straight ruler (0,0) -> (4,0): its near edge is 1/2 from the line, so it is under a ruler
    # wider than 1 and not under one of width exactly 1 (the overlap must have an interior)
    assert under_ruler((1, 1), (0, 0), (4, 0), F(1001, 1000))
    assert not under_ruler((1, 1), (0, 0), (4, 0), F(1))
    assert RULER_WIDTH == F(87, 50)


def test_edge_of_the_pitch():
    # along the sideline y = 0 the row y = -1 does not exist: 2 rows only
    assert interception_squares((0, 0), (5, 0)) == [(x, y) for x in range(1, 5) for y in (0, 1)]


def test_symmetry_of_the_ruler():
    for a, b in [((3, 4), (9, 8)), ((20, 2), (14, 12)), ((0, 14), (6, 9))]:
        assert interception_squares(a, b) == interception_squares(b, a)


def test_range_map():
    m = range_map((12, 7), "bb2020")
    assert m[(13, 7)] == "quick" and m[(25, 7)] == "long-bomb" and (12, 7) not in m
    assert set(m.values()) == set(BANDS)


# ---------------------------------------------------------------- API


def test_range_kind_classic(classic_rules):
    r = handle({"kind": "range", "thrower": [0, 0], "target": [3, 3]}, classic_rules)
    assert r["ok"], r
    res = r["result"]
    assert (res["band"], res["modifier"], res["modifier_source"]) == ("short", 0, "rules")
    assert res["modifiers"] == {"quick": 1, "short": 0, "long": -1, "long-bomb": -2}
    assert len(res["interception_squares"]) == 12 and res["ruler_end"] == [3, 3]


def test_range_kind_modern_defaults_and_landing():
    r = handle({"kind": "range", "edition": "bb2025", "thrower": [5, 7], "target": [15, 7], "landing": [16, 8]})
    res = r["result"]
    assert (res["band"], res["modifier"], res["modifier_source"]) == ("long", -2, "default")
    assert res["ruler_end"] == [16, 8]
    assert res["interception_squares"] == [list(s) for s in interception_squares((5, 7), (16, 8))]


def test_range_kind_out_of_range_and_map():
    r = handle({"kind": "range", "thrower": [0, 0], "target": [20, 0]})
    assert r["result"]["band"] == "out_of_range" and r["result"]["modifier"] is None
    assert r["result"]["interception_squares"] == []
    r = handle({"kind": "range", "thrower": [12, 7], "map": True})
    assert len(r["result"]["map"]) == len(range_map((12, 7)))


@pytest.mark.parametrize("req, field", [
    ({"kind": "range", "thrower": [0, 0]}, "target"),
    ({"kind": "range", "thrower": [0, 15], "target": [1, 1]}, "thrower"),
    ({"kind": "range", "thrower": [0, 0], "target": [3, 3], "landing": [4, 4]}, "landing"),  # classic: no landing
    ({"kind": "range", "edition": "bb2020", "thrower": [0, 0], "target": [3, 3], "landing": [4, 40]}, "landing"),
])
def test_range_kind_errors(req, field):
    r = handle(req)
    assert r["ok"] is False and r["error"]["field"] == field, r


@pytest.mark.parametrize("edition", ["classic", "bb2016", "bb2020", "bb2025"])
def test_the_thrower_s_own_square_is_measured_not_refused(edition):
    """The ruler's circle sits on the thrower's square: no band, no modifier, no pass target (FFB 'T', Jervis
    PASSING_PLAYER), in every edition; it was refused as an error before (issue 23)."""
    for sq in [(0, 0), (12, 7), (25, 14)]:
        assert pass_band(sq, sq, edition) == THROWER
    r = handle({"kind": "range", "edition": edition, "thrower": [12, 7], "target": [12, 7]})
    assert r["ok"], r
    res = r["result"]
    assert (res["band"], res["modifier"], res["dx"], res["dy"]) == ("thrower", None, 0, 0)
    assert res["interception_squares"] == [] and res["ruler_end"] == [12, 7]
    assert (12, 7) not in range_map((12, 7), edition)  # the map lists pass targets only
